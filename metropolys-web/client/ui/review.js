// Built from client/src/review.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { WinGraph, graphKey, stepButtons } from "./graph.js";
import { ERRORS, asReview, chance, gradedList, logMarks, seatList, stepLines } from "./grades.js";
const REVIEW_PRESETS = ["beginner", "casual", "strong"];
function stepPieces(D, k) {
  const s = D.steps[k];
  return { buildings: s[3], tokens: s[4], bids: s[5], highlight: s[6] };
}
class ReviewPanel {
  /**
   * @param E the engine
   * @param box the section to fill (its id prefixes the ids inside)
   * @param options the board the ghosts go on, and the log whose lines the grades mark
   */
  constructor(E, box, { board, log = null }) {
    __publicField(this, "E");
    __publicField(this, "box");
    __publicField(this, "board");
    __publicField(this, "log");
    __publicField(this, "game", null);
    __publicField(this, "review", null);
    __publicField(this, "D", null);
    /** The step shown, null: the final position. */
    __publicField(this, "step", null);
    __publicField(this, "pending", null);
    __publicField(this, "preset");
    __publicField(this, "start");
    __publicField(this, "status");
    __publicField(this, "body");
    /** The id of the part `name` of this panel. */
    __publicField(this, "ids");
    __publicField(this, "graph", null);
    __publicField(this, "now", null);
    this.E = E;
    this.box = box;
    this.board = board;
    this.log = log;
    const id = (name) => `${box.id}-${name}`;
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
  offer(game) {
    if (this.game?.key === game.key)
      return;
    this.withdraw();
    this.game = { ...game };
    this.box.hidden = false;
    this.box.dataset.state = "offered";
  }
  /** No review: the game is not over, or the page moves on to another (which redraws its board). */
  withdraw() {
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
  async ask() {
    const game = this.game;
    if (!game)
      return;
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
    const onProgress = (done, total) => {
      bar.max = total;
      bar.value = done;
    };
    try {
      const [text, review] = await Promise.all([game.record(), game.request(preset, onProgress, control.signal)]);
      if (this.pending !== control || this.game !== game)
        return;
      const D = this.E.replayData(text, game.seats.narration());
      this.render(asReview(review), D);
      this.status.replaceChildren();
      this.box.dataset.state = "ready";
    } catch (e) {
      if (this.pending !== control || this.game !== game || e?.name === "AbortError")
        return;
      this.status.replaceChildren(el("p", t("review-failed", { error: e instanceof Error ? e.message : String(e) }), "note"));
      this.box.dataset.state = "failed";
    } finally {
      if (this.pending === control)
        this.pending = null;
      this.start.disabled = false;
    }
  }
  /** Draws review `r` of the game whose replay data is `D`. */
  render(r, D) {
    const decisions = r.decisions ?? [];
    const readings = decisions.map((d) => d.revealed);
    if (!r.start || decisions.length + 1 !== D.steps.length || !readings.every((x) => !!x)) {
      throw new Error("the review does not match the record");
    }
    const game = this.game;
    if (!game)
      throw new Error("no game is offered for review");
    this.review = r;
    this.D = D;
    const { seats, variant } = game;
    const players = r.players;
    const C = this.E.constants();
    const body = this.body;
    body.replaceChildren();
    body.append(el("p", t("review-by", { preset: texts().preset(r.reviewer)?.label ?? r.reviewer }), "note"));
    const graphTitle = el("h3", `${t("review-win-chance")} \xB7 ${t("review-revealed")}`);
    graphTitle.id = this.ids("graph-title");
    const key = graphKey(players, seats, (r.turning_points ?? []).length > 0);
    body.append(graphTitle, key);
    const series = [r.start.win, ...readings.map((x) => x.played.win)];
    const n = series.length - 1;
    const turns = new Set(r.turning_points ?? []);
    this.graph = new WinGraph({
      series,
      players,
      turns,
      C,
      labelledBy: graphTitle.id,
      describedBy: this.ids("hint"),
      current: () => this.step,
      onSelect: (k, options) => this.select(k, options)
    });
    body.append(this.graph.node);
    const hint = el("p", t("review-graph-hint"), "note");
    hint.id = this.ids("hint");
    body.append(hint);
    const nav = stepButtons(n, () => this.step, (k) => this.select(k));
    this.now = el("div", null, "review-now");
    this.now.setAttribute("aria-live", "polite");
    body.append(nav, this.now);
    body.append(el("h3", t("review-known")));
    body.append(seatList(r, seats));
    const graded = decisions.filter((d) => ERRORS.includes(d.grade));
    body.append(gradedList(graded, { seats, variant, turns, choose: (k) => this.select(k, { reveal: true }) }));
    body.hidden = false;
    this.log?.mark(logMarks(graded, variant));
    this.select(null);
  }
  /**
   * Follows the board to step `k` when something else moved it (the
   * replay's own controls): the graph's cursor and what was decided there.
   */
  follow(k) {
    if (!this.review || !this.D || !Number.isInteger(k) || k < 0 || k >= this.D.steps.length)
      return;
    if (String(k) === this.box.dataset.step)
      return;
    this.select(k, { board: false });
  }
  /**
   * Shows step `k` (0 the setup, i after decision i) on the board and in
   * the panel; null: the final position. `reveal`: on a narrow screen the
   * board is scrolled into view (it is above the panel there); `board:
   * false`: the board is there already.
   */
  select(k, { reveal = false, board = true } = {}) {
    const r = this.review;
    const D = this.D;
    const graph = this.graph;
    const now = this.now;
    if (!r || !this.game || !D || !graph || !now)
      return;
    const n = D.steps.length - 1;
    const { seats, variant } = this.game;
    const shown = k === null ? n : k;
    const latest = k === null || k === n ? null : k;
    this.step = latest;
    this.box.dataset.step = String(shown);
    const win = graph.series[shown];
    const chances = win.map((p, seat) => chance(seats, seat, p));
    graph.show(shown, `${D.where[shown]}: ${chances.join(", ")}`);
    if (board && latest === null)
      this.game.show(null, null);
    else if (board)
      this.game.show(shown, stepPieces(D, shown));
    const decided = stepLines(r, shown, D.where[shown], win, seats, variant);
    now.replaceChildren(...decided.lines);
    now.setAttribute("data-step", String(shown));
    this.board?.ghost(decided.ghost);
    for (const b of this.body.querySelectorAll(".review-move")) {
      b.setAttribute("aria-current", String(Number(b.dataset.step) === shown && latest !== null));
    }
    if (reveal && window.matchMedia("(max-width: 820px)").matches) {
      this.board?.wrap.scrollIntoView({ block: "start", behavior: "instant" });
    }
  }
}
export {
  REVIEW_PRESETS,
  ReviewPanel,
  stepPieces
};
