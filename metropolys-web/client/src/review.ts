// The bots' review of a finished game: its presets, the win-chance graph
// that moves the board, the graded decisions and the suggestions.

import type { ReplayData, Review, ReviewReading, Variant } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { WinGraph, graphKey, stepButtons } from "./graph.js";
import type { SelectOptions } from "./graph.js";
import { ERRORS, asReview, chance, gradedList, logMarks, seatList, stepLines } from "./grades.js";
import type { ReviewBoard } from "./grades.js";
import type { Log } from "./log.js";
import type { Seats } from "./words.js";

/** The reviewers offered (the server's; `expert` takes minutes in a page). */
export const REVIEW_PRESETS = ["beginner", "casual", "strong"] as const;
/** A reviewer offered. */
export type ReviewPreset = (typeof REVIEW_PRESETS)[number];

/** The pieces of one step of a replay, as the board places them. */
export interface StepPieces {
  buildings: ReplayData["steps"][number][3];
  tokens: ReplayData["steps"][number][4];
  bids: ReplayData["steps"][number][5];
  highlight: ReplayData["steps"][number][6];
}

/** Step `k` of replay data `D` (0 the setup, i after i decisions) as the board places it. */
export function stepPieces(D: ReplayData, k: number): StepPieces {
  const s = D.steps[k];
  return { buildings: s[3], tokens: s[4], bids: s[5], highlight: s[6] };
}

/** A finished game as `ReviewPanel.offer` takes it. */
export interface ReviewGame {
  /** The game's key: the same key keeps a review shown. */
  key: unknown;
  /** Its record's JSON text, or a promise of it. */
  record(): string | Promise<string>;
  /** How the page names its seats. */
  seats: Seats;
  /** Its variant. */
  variant: Variant;
  /** A promise of the review by `preset` (a `Review`; checked as it comes). */
  request(preset: ReviewPreset, onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<unknown>;
  /** Shows the board at step `step` of the replay, its `pieces`; the final position when `step` is null. */
  show(step: number | null, pieces: StepPieces | null): void;
}

/**
 * The bots' review of a finished game (the engine's `review()`, computed
 * in a worker offline, by the server online): a preset to choose and a
 * button to ask for it, then each seat's win chance decision by decision
 * as a graph (one line per seat in its colour; the turning points marked;
 * read with every card revealed), where a click, a tap or the arrow keys
 * show the board at that decision; per seat its accuracy and errors, and
 * the decisions graded inaccuracy, mistake or blunder (read with what the
 * player knew), each with the move the bot would have chosen, drawn on the
 * board as a ghost. Nothing of it is offered before the game is over.
 */
export class ReviewPanel {
  readonly E: Engine;
  readonly box: HTMLElement;
  readonly board: ReviewBoard | null;
  readonly log: Log | null;
  game: ReviewGame | null = null;
  review: Review | null = null;
  D: ReplayData | null = null;
  /** The step shown, null: the final position. */
  step: number | null = null;
  pending: AbortController | null = null;
  readonly preset: HTMLSelectElement;
  readonly start: HTMLButtonElement;
  readonly status: HTMLDivElement;
  readonly body: HTMLDivElement;
  /** The id of the part `name` of this panel. */
  readonly ids: (name: string) => string;
  graph: WinGraph | null = null;
  now: HTMLDivElement | null = null;

  /**
   * @param E the engine
   * @param box the section to fill (its id prefixes the ids inside)
   * @param options the board the ghosts go on, and the log whose lines the grades mark
   */
  constructor(E: Engine, box: HTMLElement, { board, log = null }: { board: ReviewBoard | null; log?: Log | null }) {
    this.E = E;
    this.box = box;
    this.board = board;
    this.log = log;
    const id = (name: string): string => `${box.id}-${name}`;
    box.classList.add("review");
    box.setAttribute("aria-labelledby", id("title"));
    box.replaceChildren();
    const title = el("h2", t("review-title"));
    box.append(title);
    title.id = id("title");
    const ask = el("div", null, "review-ask");
    const label = el("label");
    label.append(el("span", t("review-preset")));
    this.preset = el("select");
    this.preset.id = id("preset");
    for (const name of REVIEW_PRESETS) {
      const o = el("option", texts().preset(name)?.label ?? name);
      o.value = name;
      this.preset.append(o);
    }
    this.preset.value = "strong";
    label.append(this.preset);
    this.start = el("button", t("review-start"));
    this.start.type = "button";
    this.start.id = id("start");
    this.start.addEventListener("click", () => this.ask());
    ask.append(label, this.start);
    this.status = el("div", null, "review-status");
    this.status.setAttribute("role", "status");
    this.status.id = id("status");
    this.body = el("div", null, "review-body");
    this.body.hidden = true;
    box.append(ask, this.status, this.body);
    this.ids = id;
  }

  /**
   * Offers the review of a finished game: `game` is {key (the same key
   * keeps a review shown), record() (its record's JSON text, or a promise
   * of it), seats (a Seats), variant, request(preset, onProgress, signal)
   * (a promise of the review), show(step, pieces) (the board at step
   * `step` of the replay, its `pieces`; the final position when `step` is
   * null)}.
   */
  offer(game: ReviewGame): void {
    // The same game again (the page redraws its end): what is shown stays.
    if (this.game?.key === game.key) return;
    this.withdraw();
    this.game = { ...game };
    this.box.hidden = false;
    this.box.dataset.state = "offered";
  }

  /** No review: the game is not over, or the page moves on to another (which redraws its board). */
  withdraw(): void {
    this.pending?.abort();
    this.pending = null;
    this.game = null;
    this.review = null;
    this.D = null;
    this.step = null;
    this.box.hidden = true;
    this.box.dataset.state = "none";
    delete this.box.dataset.step;
    this.status.replaceChildren();
    this.body.hidden = true;
    this.body.replaceChildren();
    this.board?.ghost(null);
    this.log?.unmark();
  }

  /** Asks for the review with the chosen preset (offline: computed in a worker; online: the server's). */
  async ask(): Promise<void> {
    const game = this.game;
    if (!game) return;
    this.pending?.abort();
    const control = new AbortController();
    this.pending = control;
    const preset = REVIEW_PRESETS.find((p) => p === this.preset.value) ?? "strong";
    this.box.dataset.state = "computing";
    this.start.disabled = true;
    const bar = el("progress");
    bar.id = this.ids("progress");
    const words = el("span", t("review-computing"));
    words.id = this.ids("computing");
    bar.setAttribute("aria-labelledby", words.id);
    this.status.replaceChildren(words, bar);
    const onProgress = (done: number, total: number): void => {
      bar.max = total;
      bar.value = done;
    };
    try {
      const [text, review] = await Promise.all([game.record(), game.request(preset, onProgress, control.signal)]);
      if (this.pending !== control || this.game !== game) return;
      const D = this.E.replayData(text, game.seats.narration());
      this.render(asReview(review), D);
      this.status.replaceChildren();
      this.box.dataset.state = "ready";
    } catch (e) {
      if (this.pending !== control || this.game !== game || (e as { name?: unknown } | null)?.name === "AbortError") return;
      this.status.replaceChildren(el("p", t("review-failed", { error: e instanceof Error ? e.message : String(e) }), "note"));
      this.box.dataset.state = "failed";
    } finally {
      if (this.pending === control) this.pending = null;
      this.start.disabled = false;
    }
  }

  /** Draws review `r` of the game whose replay data is `D`. */
  render(r: Review, D: ReplayData): void {
    const decisions = r.decisions ?? [];
    const readings = decisions.map((d) => d.revealed);
    if (!r.start || decisions.length + 1 !== D.steps.length || !readings.every((x): x is ReviewReading => !!x)) {
      throw new Error("the review does not match the record");
    }
    const game = this.game;
    if (!game) throw new Error("no game is offered for review");
    this.review = r;
    this.D = D;
    const { seats, variant } = game;
    const players = r.players;
    const C = this.E.constants();
    const body = this.body;
    body.replaceChildren();
    body.append(el("p", t("review-by", { preset: texts().preset(r.reviewer)?.label ?? r.reviewer }), "note"));

    // The graph: with every card revealed.
    const graphTitle = el("h3", `${t("review-win-chance")} · ${t("review-revealed")}`);
    graphTitle.id = this.ids("graph-title");
    const key = graphKey(players, seats, (r.turning_points ?? []).length > 0);
    body.append(graphTitle, key);
    const series = [r.start.win, ...readings.map((x) => x.played.win)];
    const n = series.length - 1;
    const turns = new Set(r.turning_points ?? []);
    this.graph = new WinGraph({
      series, players, turns, C, labelledBy: graphTitle.id, describedBy: this.ids("hint"),
      current: () => this.step,
      onSelect: (k, options) => this.select(k, options),
    });
    body.append(this.graph.node);
    const hint = el("p", t("review-graph-hint"), "note");
    hint.id = this.ids("hint");
    body.append(hint);

    // Where the board is, and what was decided there.
    const nav = stepButtons(n, () => this.step, (k) => this.select(k));
    this.now = el("div", null, "review-now");
    this.now.setAttribute("aria-live", "polite");
    body.append(nav, this.now);

    // With what the player knew: accuracy, errors, the graded decisions.
    body.append(el("h3", t("review-known")));
    body.append(seatList(r, seats));
    const graded = decisions.filter((d) => ERRORS.includes(d.grade));
    body.append(gradedList(graded, { seats, variant, turns, choose: (k) => this.select(k, { reveal: true }) }));
    body.hidden = false;
    // The game's log marks the same decisions, with what the player knew.
    this.log?.mark(logMarks(graded, variant));
    this.select(null);
  }

  /**
   * Follows the board to step `k` when something else moved it (the
   * replay's own controls): the graph's cursor and what was decided there.
   */
  follow(k: number): void {
    if (!this.review || !this.D || !Number.isInteger(k) || k < 0 || k >= this.D.steps.length) return;
    if (String(k) === this.box.dataset.step) return;
    this.select(k, { board: false });
  }

  /**
   * Shows step `k` (0 the setup, i after decision i) on the board and in
   * the panel; null: the final position. `reveal`: on a narrow screen the
   * board is scrolled into view (it is above the panel there); `board:
   * false`: the board is there already.
   */
  select(k: number | null, { reveal = false, board = true }: SelectOptions & { board?: boolean } = {}): void {
    const r = this.review;
    const D = this.D;
    const graph = this.graph;
    const now = this.now;
    if (!r || !this.game || !D || !graph || !now) return;
    const n = D.steps.length - 1;
    const { seats, variant } = this.game;
    const shown = k === null ? n : k;
    const latest = k === null || k === n ? null : k;
    this.step = latest;
    this.box.dataset.step = String(shown);
    const win = graph.series[shown];
    const chances = win.map((p, seat) => chance(seats, seat, p));
    graph.show(shown, `${D.where[shown]}: ${chances.join(", ")}`);
    // The board.
    if (board && latest === null) this.game.show(null, null);
    else if (board) this.game.show(shown, stepPieces(D, shown));
    // What was decided.
    const decided = stepLines(r, shown, D.where[shown], win, seats, variant);
    now.replaceChildren(...decided.lines);
    now.setAttribute("data-step", String(shown));
    this.board?.ghost(decided.ghost);
    for (const b of this.body.querySelectorAll<HTMLElement>(".review-move")) {
      b.setAttribute("aria-current", String(Number(b.dataset.step) === shown && latest !== null));
    }
    if (reveal && window.matchMedia("(max-width: 820px)").matches) {
      // TypeScript 4.8's DOM library lacks CSSOM View's "instant" behaviour.
      this.board?.wrap.scrollIntoView({ block: "start", behavior: "instant" as unknown as ScrollBehavior });
    }
  }
}
