// Built from client/src/grades.ts by scripts/build-web (esbuild). Do not edit.
import { t, texts } from "./i18n.js";
import { percent } from "./graph.js";
import { el } from "./setup.js";
const ERRORS = ["inaccuracy", "mistake", "blunder"];
function asReview(v) {
  if (typeof v !== "object" || v === null || typeof v.players !== "number") {
    throw new Error("the review does not match the record");
  }
  return v;
}
function gradeTag(grade) {
  const g = el("span", texts().grade(grade), `grade grade-${grade}`);
  g.setAttribute("data-grade", grade);
  return g;
}
function suggestion(variant, d) {
  return texts().reviewSuggestion(variant, d.best, Math.max(-1, Math.min(1, d.known.drop)));
}
function seatList(r, seats) {
  const list = el("ul", null, "review-seats");
  const fact = (label, value, cls) => {
    const f = el("span", null, `review-fact ${cls}`);
    f.append(`${label} `, el("b", value));
    return f;
  };
  for (const s of r.seats ?? []) {
    const li = el("li");
    li.setAttribute("data-seat", String(s.seat));
    li.append(seats.chip(s.seat));
    li.append(
      fact(t("review-accuracy"), s.accuracy === null || s.accuracy === void 0 ? "\u2013" : `${Math.round(s.accuracy)} %`, "accuracy"),
      fact(t("review-inaccuracies"), String(s.inaccuracies), "inaccuracies"),
      fact(t("review-mistakes"), String(s.mistakes), "mistakes"),
      fact(t("review-blunders"), String(s.blunders), "blunders")
    );
    list.append(li);
  }
  return list;
}
function gradedList(graded, { seats, variant, turns, choose }) {
  const moves = el("ol", null, "review-list");
  for (const d of graded) {
    const k = d.index + 1;
    const li = el("li");
    li.setAttribute("data-grade", d.grade);
    li.setAttribute("data-step", String(k));
    li.setAttribute("data-best", d.best !== "pass" && d.best?.bid ? String(d.best.bid.neighborhood) : "pass");
    const b = el("button", null, "review-move");
    b.type = "button";
    b.setAttribute("data-step", String(k));
    b.append(
      el("span", t("review-decision-n", { n: k }), "review-n"),
      seats.chip(d.seat, `${seats.name(d.seat)}: `),
      document.createTextNode(texts().action(variant, d.played)),
      " ",
      gradeTag(d.grade)
    );
    if (turns.has(d.index))
      b.append(" ", el("span", t("review-turning-point"), "review-turn-tag"));
    b.addEventListener("click", () => choose(k));
    li.append(b, el("p", suggestion(variant, d), "review-suggestion"));
    moves.append(li);
  }
  return moves;
}
function logMarks(graded, variant) {
  return graded.map((d) => {
    const tag = gradeTag(d.grade);
    tag.title = t("review-label", { label: t("review-known"), value: suggestion(variant, d) });
    return [d.index, tag];
  });
}
function chance(seats, seat, p) {
  return t("review-chance", { who: seats.name(seat), chance: percent(p) });
}
function stepLines(r, shown, where, win, seats, variant) {
  const lines = [el("p", where, "review-where")];
  const line = el("p", null, "review-chances");
  win.forEach((p, seat) => line.append(seats.chip(seat, chance(seats, seat, p))));
  lines.push(line);
  let ghost = null;
  const d = shown > 0 ? r.decisions[shown - 1] : null;
  if (d) {
    const move = el("p", null, "review-decided");
    move.append(seats.chip(d.seat, `${seats.name(d.seat)}: `), texts().action(variant, d.played));
    if ((r.turning_points ?? []).includes(d.index))
      move.append(" ", el("span", t("review-turning-point"), "review-turn-tag"));
    lines.push(move);
    const known = el("p", null, "review-grade-line");
    known.append(`${t("review-known")}: `, gradeTag(d.grade));
    lines.push(known);
    if (ERRORS.includes(d.grade)) {
      lines.push(el("p", suggestion(variant, d), "review-suggestion"));
      if (d.best !== "pass" && d.best?.bid)
        ghost = { ...d.best.bid, seat: d.seat };
    }
  }
  return { lines, ghost };
}
export {
  ERRORS,
  asReview,
  chance,
  gradeTag,
  gradedList,
  logMarks,
  seatList,
  stepLines,
  suggestion
};
