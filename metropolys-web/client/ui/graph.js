// Built from client/src/graph.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { t } from "./i18n.js";
import { el } from "./setup.js";
const SVG_NS = "http://www.w3.org/2000/svg";
const W = 320;
const H = 136;
const L = 38;
const R = 6;
const T = 8;
const B = 18;
function svgNode(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs))
    e.setAttribute(k, String(v));
  return e;
}
function percent(p) {
  return Math.round(p * 100);
}
function graphKey(players, seats, turning) {
  const key = el("p", null, "review-key");
  for (let p = 0; p < players; p++)
    key.append(seats.chip(p));
  if (turning) {
    const mark = el("span", null, "review-turn-key");
    const sign = el("span", "\u25B2", "review-turn-sign");
    mark.append(sign, ` ${t("review-turning-point")}`);
    sign.setAttribute("aria-hidden", "true");
    key.append(mark);
  }
  return key;
}
function stepButtons(n, current, select) {
  const nav = el("div", null, "review-nav");
  const button = (text, label, to, cls = "tool") => {
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
    button("\u25C0", t("ui-replay-prev"), () => Math.max(0, (current() ?? n) - 1)),
    button("\u25B6", t("ui-replay-next"), () => Math.min(n, (current() ?? n) + 1)),
    button(t("ui-final-position"), null, () => null, "secondary")
  );
  return nav;
}
class WinGraph {
  constructor({ series, players, turns, C, labelledBy, describedBy, current, onSelect }) {
    /** The seats' colours. */
    __publicField(this, "C");
    /** Per step, each seat's win chance. */
    __publicField(this, "series");
    /** The abscissa of step `k`, in the graph's units. */
    __publicField(this, "x");
    /** The ordinate of win chance `p`, in the graph's units. */
    __publicField(this, "y");
    /** The graph, to put in the page. */
    __publicField(this, "node");
    /** The cursor on the step shown. */
    __publicField(this, "cursor");
    this.C = C;
    this.series = series;
    const n = series.length - 1;
    const x = (k) => L + (W - L - R) * k / Math.max(1, n);
    const y = (p) => T + (H - T - B) * (1 - p);
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
    const width = (W - L - R) / Math.max(1, n);
    for (let k = 0; k <= n; k++) {
      svg.append(svgNode("rect", {
        x: Math.max(L, x(k) - width / 2),
        y: T,
        width: Math.min(width, W - R - Math.max(L, x(k) - width / 2)),
        height: H - T - B + 12,
        class: "review-step",
        "data-step": k
      }));
    }
    const stepAt = (ev) => {
      const box = svg.getBoundingClientRect();
      const u = (ev.clientX - box.left) * W / box.width;
      return Math.max(0, Math.min(n, Math.round((u - L) * n / (W - L - R))));
    };
    let scrubbing = false;
    svg.addEventListener("pointerdown", (ev) => {
      scrubbing = true;
      svg.setPointerCapture?.(ev.pointerId);
      onSelect(stepAt(ev), {});
    });
    svg.addEventListener("pointermove", (ev) => {
      if (scrubbing)
        onSelect(stepAt(ev), {});
    });
    const end = (ev) => {
      if (!scrubbing)
        return;
      scrubbing = false;
      onSelect(stepAt(ev), { reveal: true });
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", () => scrubbing = false);
    svg.addEventListener("keydown", (ev) => {
      const k = current() ?? n;
      const keys = { ArrowLeft: k - 1, ArrowDown: k - 1, ArrowRight: k + 1, ArrowUp: k + 1, PageDown: k - 10, PageUp: k + 10, Home: 0, End: n };
      const to = keys[ev.key];
      if (to === void 0)
        return;
      ev.preventDefault();
      ev.stopPropagation();
      onSelect(Math.max(0, Math.min(n, to)), {});
    });
    this.node = svg;
  }
  /** Puts the cursor on step `k`, read out as `text`. */
  show(k, text) {
    const C = this.C;
    this.node.setAttribute("aria-valuenow", String(k));
    this.node.setAttribute("aria-valuetext", text);
    this.cursor.replaceChildren(svgNode("line", { x1: this.x(k), x2: this.x(k), y1: T, y2: H - B }));
    this.series[k].forEach((p, seat) => {
      this.cursor.append(svgNode("circle", { cx: this.x(k), cy: this.y(p), r: 3.5, fill: C.PLAYER_COLORS[seat], stroke: C.PLAYER_INKS[seat] === "#ffffff" ? "#222" : C.PLAYER_INKS[seat] }));
    });
  }
}
export {
  WinGraph,
  graphKey,
  percent,
  stepButtons
};
