// What a review says of each seat and decision, read with what the
// player knew: accuracy and errors per seat, the graded decisions with
// the bot's suggestion.

import { t, texts } from "./i18n.js";
import { el } from "./setup.js";

/** The grades a review marks. */
export const ERRORS = ["inaccuracy", "mistake", "blunder"];

/** A grade in the catalogue's words. */
export function gradeTag(grade) {
  const g = el("span", texts().grade(grade), `grade grade-${grade}`);
  g.setAttribute("data-grade", grade);
  return g;
}

/** The bot's suggestion for decision `d` in the catalogue's words. */
export function suggestion(variant, d) {
  return texts().reviewSuggestion(variant, d.best, Math.max(-1, Math.min(1, d.known.drop)));
}

/** Each seat of review `r` with its accuracy and errors (`seats`: a Seats). */
export function seatList(r, seats) {
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
      fact(t("review-accuracy"), s.accuracy === null || s.accuracy === undefined ? "–" : `${Math.round(s.accuracy)} %`, "accuracy"),
      fact(t("review-inaccuracies"), String(s.inaccuracies), "inaccuracies"),
      fact(t("review-mistakes"), String(s.mistakes), "mistakes"),
      fact(t("review-blunders"), String(s.blunders), "blunders"),
    );
    list.append(li);
  }
  return list;
}

/**
 * The `graded` decisions as a list, each a button that calls
 * `choose(step)` (`turns`: the decisions that were turning points).
 */
export function gradedList(graded, { seats, variant, turns, choose }) {
  const moves = el("ol", null, "review-list");
  for (const d of graded) {
    const k = d.index + 1;
    const li = el("li");
    li.setAttribute("data-grade", d.grade);
    li.setAttribute("data-step", String(k));
    li.setAttribute("data-best", d.best?.bid ? String(d.best.bid.neighborhood) : "pass");
    const b = el("button", null, "review-move");
    b.type = "button";
    b.setAttribute("data-step", String(k));
    b.append(el("span", t("review-decision-n", { n: k }), "review-n"), seats.chip(d.seat, `${seats.name(d.seat)}: `),
      document.createTextNode(texts().action(variant, d.played)), " ", gradeTag(d.grade));
    if (turns.has(d.index)) b.append(" ", el("span", t("review-turning-point"), "review-turn-tag"));
    b.addEventListener("click", () => choose(k));
    li.append(b, el("p", suggestion(variant, d), "review-suggestion"));
    moves.append(li);
  }
  return moves;
}
