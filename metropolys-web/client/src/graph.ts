// The review's win-chance graph: one line per seat in its colour, the
// turning points marked, a cursor on the step shown; a click, a tap, a
// drag or the arrow keys choose a step.

import type { Constants } from "../engine/metropolys_wasm.js";
import { t } from "./i18n.js";
import { el } from "./setup.js";
import type { Seats } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// The graph's frame, in its own units: the plot from (L, T) to (W - R, H - B).
const W = 320;
const H = 136;
const L = 38;
const R = 6;
const T = 8;
const B = 18;

function svgNode<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** A win chance (0 to 1) in whole percent. */
export function percent(p: number): number {
  return Math.round(p * 100);
}

/** The graph's key: each of the `players` seats' chip, then the turning points' sign when there are some. */
export function graphKey(players: number, seats: Seats, turning: boolean): HTMLParagraphElement {
  const key = el("p", null, "review-key");
  for (let p = 0; p < players; p++) key.append(seats.chip(p));
  if (turning) {
    const mark = el("span", null, "review-turn-key");
    const sign = el("span", "▲", "review-turn-sign");
    mark.append(sign, ` ${t("review-turning-point")}`);
    sign.setAttribute("aria-hidden", "true");
    key.append(mark);
  }
  return key;
}

/**
 * The buttons that move through the `n` decisions: the one before and
 * the one after the step `current()` (null: the last), and the final
 * position; `select(k)` is told the step chosen (null: the final position).
 */
export function stepButtons(n: number, current: () => number | null, select: (k: number | null) => void): HTMLDivElement {
  const nav = el("div", null, "review-nav");
  const button = (text: string, label: string | null, to: () => number | null, cls = "tool"): HTMLButtonElement => {
    const b = el("button", text, cls);
    b.type = "button";
    if (label) {
      b.setAttribute("aria-label", label);
      b.title = label;
    }
    b.addEventListener("click", () => select(to()));
    return b;
  };
  nav.append(
    button("◀", t("ui-replay-prev"), () => Math.max(0, (current() ?? n) - 1)),
    button("▶", t("ui-replay-next"), () => Math.min(n, (current() ?? n) + 1)),
    button(t("ui-final-position"), null, () => null, "secondary"),
  );
  return nav;
}

/** How a step was chosen: `reveal` once a drag ends (the board is then scrolled into view on a narrow screen). */
export interface SelectOptions {
  reveal?: boolean;
}

/** What a `WinGraph` draws and whom it tells. */
export interface WinGraphOptions {
  /** Per step (0 the setup, i after decision i), each seat's win chance, 0 to 1. */
  series: number[][];
  /** Seats at the table. */
  players: number;
  /** The decisions (0-based) that were turning points. */
  turns: Iterable<number>;
  /** The engine's constants (the seats' colours). */
  C: Pick<Constants, "PLAYER_COLORS" | "PLAYER_INKS">;
  /** The id of the graph's title. */
  labelledBy: string;
  /** The id of the graph's hint. */
  describedBy: string;
  /** The step shown (null: the last). */
  current(): number | null;
  /** Told the step chosen. */
  onSelect(k: number, options: SelectOptions): void;
}

/**
 * The graph of `series` (per step, 0 the setup, each seat's win chance)
 * as an SVG slider (`node`): `turns` holds the decisions (0-based) that
 * were turning points, `C` the engine's constants (the seats' colours),
 * `labelledBy` and `describedBy` the ids of its title and hint;
 * `current()` is the step shown (null: the last), and `onSelect(k,
 * {reveal})` is told the step chosen (`reveal` once a drag ends).
 */
export class WinGraph {
  /** The seats' colours. */
  readonly C: Pick<Constants, "PLAYER_COLORS" | "PLAYER_INKS">;
  /** Per step, each seat's win chance. */
  readonly series: number[][];
  /** The abscissa of step `k`, in the graph's units. */
  readonly x: (k: number) => number;
  /** The ordinate of win chance `p`, in the graph's units. */
  readonly y: (p: number) => number;
  /** The graph, to put in the page. */
  readonly node: SVGSVGElement;
  /** The cursor on the step shown. */
  readonly cursor: SVGGElement;

  constructor({ series, players, turns, C, labelledBy, describedBy, current, onSelect }: WinGraphOptions) {
    this.C = C;
    this.series = series;
    const n = series.length - 1;
    const x = (k: number): number => L + ((W - L - R) * k) / Math.max(1, n);
    const y = (p: number): number => T + (H - T - B) * (1 - p);
    this.x = x;
    this.y = y;
    const svg = svgNode("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", role: "slider", tabindex: "0" });
    svg.setAttribute("aria-labelledby", labelledBy);
    svg.setAttribute("aria-valuemin", "0");
    svg.setAttribute("aria-valuemax", String(n));
    svg.setAttribute("aria-describedby", describedBy);
    svg.append(svgNode("rect", { x: L, y: T, width: W - L - R, height: H - T - B, class: "review-plot" }));
    for (const p of [0, 0.5, 1]) {
      svg.append(svgNode("line", { x1: L, x2: W - R, y1: y(p), y2: y(p), class: "review-grid" }));
      const label = svgNode("text", { x: L - 4, y: y(p) + 4, class: "review-axis", "text-anchor": "end" });
      label.textContent = `${percent(p)} %`;
      svg.append(label);
    }
    for (const i of turns) {
      const k = i + 1;
      const mark = svgNode("g", { class: "review-turn", "data-step": k });
      mark.append(svgNode("line", { x1: x(k), x2: x(k), y1: T, y2: H - B }));
      mark.append(svgNode("path", { d: `M${x(k) - 5},${H - B + 9} l5,-8 l5,8 z` }));
      const title = svgNode("title");
      title.textContent = `${t("review-turning-point")}: ${t("review-decision-n", { n: k })}`;
      mark.append(title);
      svg.append(mark);
    }
    for (let p = 0; p < players; p++) {
      const points = series.map((w, k) => `${x(k).toFixed(1)},${y(w[p]).toFixed(1)}`).join(" ");
      svg.append(svgNode("polyline", { points, class: "review-halo", stroke: C.PLAYER_INKS[p] }));
      svg.append(svgNode("polyline", { points, class: "review-line", stroke: C.PLAYER_COLORS[p], "data-seat": p }));
    }
    this.cursor = svgNode("g", { class: "review-cursor" });
    svg.append(this.cursor);
    // One column per step, to click or tap.
    const width = (W - L - R) / Math.max(1, n);
    for (let k = 0; k <= n; k++) {
      svg.append(svgNode("rect", {
        x: Math.max(L, x(k) - width / 2), y: T, width: Math.min(width, W - R - Math.max(L, x(k) - width / 2)),
        height: H - T - B + 12, class: "review-step", "data-step": k,
      }));
    }
    const stepAt = (ev: PointerEvent): number => {
      const box = svg.getBoundingClientRect();
      const u = ((ev.clientX - box.left) * W) / box.width;
      return Math.max(0, Math.min(n, Math.round(((u - L) * n) / (W - L - R))));
    };
    let scrubbing = false;
    svg.addEventListener("pointerdown", (ev) => {
      scrubbing = true;
      svg.setPointerCapture?.(ev.pointerId);
      onSelect(stepAt(ev), {});
    });
    svg.addEventListener("pointermove", (ev) => {
      if (scrubbing) onSelect(stepAt(ev), {});
    });
    const end = (ev: PointerEvent): void => {
      if (!scrubbing) return;
      scrubbing = false;
      onSelect(stepAt(ev), { reveal: true });
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", () => (scrubbing = false));
    svg.addEventListener("keydown", (ev) => {
      const k = current() ?? n;
      const keys: Partial<Record<string, number>> = { ArrowLeft: k - 1, ArrowDown: k - 1, ArrowRight: k + 1, ArrowUp: k + 1, PageDown: k - 10, PageUp: k + 10, Home: 0, End: n };
      const to = keys[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      // The replay's own keys (on the document) stay out of it.
      ev.stopPropagation();
      onSelect(Math.max(0, Math.min(n, to)), {});
    });
    this.node = svg;
  }

  /** Puts the cursor on step `k`, read out as `text`. */
  show(k: number, text: string): void {
    const C = this.C;
    this.node.setAttribute("aria-valuenow", String(k));
    this.node.setAttribute("aria-valuetext", text);
    this.cursor.replaceChildren(svgNode("line", { x1: this.x(k), x2: this.x(k), y1: T, y2: H - B }));
    this.series[k].forEach((p, seat) => {
      this.cursor.append(svgNode("circle", { cx: this.x(k), cy: this.y(p), r: 3.5, fill: C.PLAYER_COLORS[seat], stroke: C.PLAYER_INKS[seat] === "#ffffff" ? "#222" : C.PLAYER_INKS[seat] }));
    });
  }
}
