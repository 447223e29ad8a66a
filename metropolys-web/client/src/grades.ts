// What a review says of each seat and decision, read with what the
// player knew: accuracy and errors per seat, the graded decisions with
// the bot's suggestion.

import type { Review, ReviewDecision, ReviewGrade, Variant } from "../engine/metropolys_wasm.js";
import { t, texts } from "./i18n.js";
import { percent } from "./graph.js";
import { el } from "./setup.js";
import type { Seats } from "./words.js";

/** The grades a review marks. */
export const ERRORS: readonly ReviewGrade[] = ["inaccuracy", "mistake", "blunder"];

/** `v` as a review, when it has a review's shape (it comes from a worker or the server). */
export function asReview(v: unknown): Review {
  if (typeof v !== "object" || v === null || typeof (v as { players?: unknown }).players !== "number") {
    throw new Error("the review does not match the record");
  }
  return v as Review;
}

/** A grade in the catalogue's words. */
export function gradeTag(grade: ReviewGrade): HTMLSpanElement {
  const g = el("span", texts().grade(grade), `grade grade-${grade}`);
  g.setAttribute("data-grade", grade);
  return g;
}

/** The bot's suggestion for decision `d` in the catalogue's words. */
export function suggestion(variant: Variant, d: ReviewDecision): string {
  return texts().reviewSuggestion(variant, d.best, Math.max(-1, Math.min(1, d.known.drop)));
}

/** Each seat of review `r` with its accuracy and errors (`seats`: a Seats). */
export function seatList(r: Pick<Review, "seats">, seats: Seats): HTMLUListElement {
  const list = el("ul", null, "review-seats");
  const fact = (label: string, value: string, cls: string): HTMLSpanElement => {
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

/** What `gradedList` needs besides the decisions. */
export interface GradedListOptions {
  /** How the page names the seats. */
  seats: Seats;
  /** The game's variant (the actions' words). */
  variant: Variant;
  /** The decisions (0-based) that were turning points. */
  turns: ReadonlySet<number>;
  /** Told the step (decision index + 1) of the decision chosen. */
  choose(step: number): void;
}

/**
 * The `graded` decisions as a list, each a button that calls
 * `choose(step)` (`turns`: the decisions that were turning points).
 */
export function gradedList(graded: readonly ReviewDecision[], { seats, variant, turns, choose }: GradedListOptions): HTMLOListElement {
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
    b.append(el("span", t("review-decision-n", { n: k }), "review-n"), seats.chip(d.seat, `${seats.name(d.seat)}: `),
      document.createTextNode(texts().action(variant, d.played)), " ", gradeTag(d.grade));
    if (turns.has(d.index)) b.append(" ", el("span", t("review-turning-point"), "review-turn-tag"));
    b.addEventListener("click", () => choose(k));
    li.append(b, el("p", suggestion(variant, d), "review-suggestion"));
    moves.append(li);
  }
  return moves;
}

/**
 * The marks the game's log puts on the `graded` decisions: each decision's
 * index and its grade, titled with the bot's suggestion (what the player knew).
 */
export function logMarks(graded: readonly ReviewDecision[], variant: Variant): [number, HTMLSpanElement][] {
  return graded.map((d) => {
    const tag = gradeTag(d.grade);
    tag.title = t("review-label", { label: t("review-known"), value: suggestion(variant, d) });
    return [d.index, tag];
  });
}

/** Where a review's ghost goes: the bid the bot would have chosen, by the seat that decided. */
export interface Ghost {
  neighborhood: number;
  building: number;
  seat: number;
}

/** Seat `seat`'s win chance `p` in words. */
export function chance(seats: Seats, seat: number, p: number): string {
  return t("review-chance", { who: seats.name(seat), chance: percent(p) });
}

/** What the review needs of the board (a `BoardView`): where the ghosts go, and its frame. */
export interface ReviewBoard {
  ghost(bid: Ghost | null): void;
  readonly wrap: HTMLElement;
}

/**
 * What review `r` says of step `shown` (0 the setup, i after decision i),
 * `where` in words: each seat's win chance there (`win`), then what was decided there
 * (the move, a turning point's tag), its grade with what the player knew,
 * and for an error the bot's suggestion and its bid, the board's ghost.
 */
export function stepLines(r: Review, shown: number, where: string, win: readonly number[], seats: Seats, variant: Variant): { lines: HTMLParagraphElement[]; ghost: Ghost | null } {
  const lines = [el("p", where, "review-where")];
  const line = el("p", null, "review-chances");
  win.forEach((p, seat) => line.append(seats.chip(seat, chance(seats, seat, p))));
  lines.push(line);
  let ghost: Ghost | null = null;
  const d = shown > 0 ? r.decisions[shown - 1] : null;
  if (d) {
    const move = el("p", null, "review-decided");
    move.append(seats.chip(d.seat, `${seats.name(d.seat)}: `), texts().action(variant, d.played));
    if ((r.turning_points ?? []).includes(d.index)) move.append(" ", el("span", t("review-turning-point"), "review-turn-tag"));
    lines.push(move);
    const known = el("p", null, "review-grade-line");
    known.append(`${t("review-known")}: `, gradeTag(d.grade));
    lines.push(known);
    if (ERRORS.includes(d.grade)) {
      lines.push(el("p", suggestion(variant, d), "review-suggestion"));
      if (d.best !== "pass" && d.best?.bid) ghost = { ...d.best.bid, seat: d.seat };
    }
  }
  return { lines, ghost };
}
