// Built from client/src/board.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { t } from "./i18n.js";
const NS = "http://www.w3.org/2000/svg";
function piecesOf(E, view, highlight = -1) {
  const tokens = E.constants().TOKENS;
  return {
    buildings: view.constructed.map((c) => [c.neighborhood, c.player, c.building]),
    // A token missing from the map (none is) has index -1, as indexOf gives.
    tokens: Object.entries(view.tokens).map(([n, t2]) => [Number(n), t2 === void 0 ? -1 : tokens.indexOf(t2)]),
    bids: view.bids.map((b) => [b.neighborhood, b.player, b.building]),
    highlight
  };
}
function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs))
    e.setAttribute(k, String(v));
  return e;
}
const INSTANT = "instant";
class BoardView {
  /**
   * @param host where the picture goes
   * @param wrap its scrolling frame (zoom)
   * @param options onChoose: hears of a legal neighborhood chosen
   */
  constructor(host, wrap, options = {}) {
    this.host = host;
    this.wrap = wrap;
    this.options = options;
    /** The neighborhoods' centres on the picture, by id (after `draw`). */
    __publicField(this, "points", []);
    /** The zoom (1 fits the picture in its frame). */
    __publicField(this, "zoomLevel", 1);
    __publicField(this, "svg", null);
    __publicField(this, "before", /* @__PURE__ */ new Set());
    /** The picture's layers (after `draw`): the pieces, the marks, the groups that scored, the ghosts. */
    __publicField(this, "layers", null);
  }
  /** Draws the picture (engine SVG text) and reads the centres off it. */
  draw(svgText) {
    this.host.innerHTML = svgText;
    const svg = this.host.querySelector("svg");
    if (!svg)
      throw new Error("the board's picture has no <svg>");
    this.svg = svg;
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("ui-board"));
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    this.points = [];
    for (const g of svg.querySelectorAll("g.neighborhood")) {
      const n = Number(g.id.slice(1));
      const c = g.querySelector("circle");
      this.points[n] = [Number(c?.getAttribute("cx")), Number(c?.getAttribute("cy"))];
      g.setAttribute("data-n", String(n));
    }
    const pieces = svg.querySelector("#pieces");
    if (!pieces)
      throw new Error("the board's picture has no #pieces");
    const marks = svgEl("g", { id: "marks", "aria-hidden": "true" });
    pieces.before(marks);
    const groups = svgEl("g", { id: "groups", "aria-hidden": "true" });
    pieces.before(groups);
    const ghosts = svgEl("g", { id: "ghosts", "aria-hidden": "true" });
    pieces.after(ghosts);
    this.layers = { pieces, marks, groups, ghosts };
    this.before = /* @__PURE__ */ new Set();
    svg.addEventListener("click", (ev) => {
      const g = ev.target instanceof Element ? ev.target.closest("g.neighborhood.legal") : null;
      if (g)
        this.options.onChoose?.(Number(g.getAttribute("data-n")));
    });
    svg.addEventListener("keydown", (ev) => {
      const g = ev.target instanceof Element ? ev.target.closest("g.neighborhood.legal") : null;
      if (g && (ev.key === "Enter" || ev.key === " ")) {
        ev.preventDefault();
        this.options.onChoose?.(Number(g.getAttribute("data-n")));
      }
    });
  }
  /** The group of neighborhood `n`. */
  neighborhood(n) {
    return this.svg?.querySelector(`#n${n}`) ?? null;
  }
  /** Places `pieces` (see piecesOf); new ones pop in when `animate`. */
  place(pieces, animate = false) {
    if (!this.svg || !this.layers)
      return;
    globalThis.MetropolysPieces.place(this.layers.pieces, this.points, pieces);
    const now = /* @__PURE__ */ new Set();
    for (const u of this.layers.pieces.querySelectorAll("use")) {
      const key = `${u.getAttribute("href")}@${u.getAttribute("data-n")}`;
      now.add(key);
      if (animate && !this.before.has(key) && !u.classList.contains("highlight")) {
        u.style.transformOrigin = `${u.getAttribute("x")}px ${u.getAttribute("y")}px`;
        u.classList.add("new");
      }
    }
    this.before = now;
  }
  /**
   * Makes the neighborhoods of `dests` (moves.js's: neighborhood -> its
   * legal bids) buttons, each labelled by `label(n)`; the others plain.
   * The board is given the moves as data and never decodes an action.
   */
  offer(dests, label) {
    this.setLegal(dests, label);
  }
  /** Makes the neighborhoods in `legal` buttons, each labelled by `label(n)`; the others plain. */
  setLegal(legal, label) {
    if (!this.svg)
      return;
    for (const g of this.svg.querySelectorAll("g.neighborhood")) {
      const n = Number(g.getAttribute("data-n"));
      const on = legal.has(n);
      g.classList.toggle("legal", on);
      g.classList.remove("chosen");
      if (on) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-haspopup", "dialog");
        g.setAttribute("aria-label", label(n));
      } else {
        for (const a of ["tabindex", "role", "aria-haspopup", "aria-label"])
          g.removeAttribute(a);
      }
    }
  }
  /** Marks neighborhood `n` as chosen (the picker is open on it) or not. */
  choose(n) {
    for (const g of this.svg?.querySelectorAll(".chosen") ?? [])
      g.classList.remove("chosen");
    if (n !== null)
      this.neighborhood(n)?.classList.add("chosen");
  }
  /** Rings neighborhood `n` as the hint's, or none. */
  hint(n) {
    for (const g of this.svg?.querySelectorAll(".hinted") ?? [])
      g.classList.remove("hinted");
    if (n !== null)
      this.neighborhood(n)?.classList.add("hinted");
  }
  /** Dashed rings around `neighborhoods` (where this seat's cards score). */
  mark(neighborhoods) {
    const marks = this.layers?.marks;
    if (!marks)
      return;
    marks.replaceChildren();
    for (const n of neighborhoods) {
      const [x, y] = this.points[n];
      marks.append(svgEl("circle", { cx: x, cy: y, r: 33, class: "mine-mark", "data-n": n }));
    }
  }
  /**
   * Draws `bid` ({neighborhood, building, seat}: the bid a review's bot
   * would have made) as a ghost of the seat's piece in a dashed ring (beside
   * the piece already on that neighborhood, if any); null removes it.
   */
  ghost(bid) {
    if (!this.layers)
      return;
    const { pieces, ghosts } = this.layers;
    ghosts.replaceChildren();
    if (!bid || !this.points[bid.neighborhood])
      return;
    const n = bid.neighborhood;
    const taken = pieces.querySelector(`use[data-n="${n}"]:not(.token)`);
    const [x, y] = taken ? [this.points[n][0] + 26, this.points[n][1] - 26] : this.points[n];
    ghosts.append(svgEl("circle", { cx: x, cy: y, r: taken ? 24 : 34, class: "ghost-ring", "data-n": n }));
    const at = [];
    at[n] = [x, y];
    const u = globalThis.MetropolysPieces.put(ghosts, at, `d${bid.seat}_${bid.building}`, n, "ghost");
    u.setAttribute("data-building", String(bid.building));
    u.setAttribute("data-seat", String(bid.seat));
  }
  /**
   * Draws the groups that scored: `sets` is a list of {seat, color, ink,
   * groups: [[n, ...]]}; each group a star from its centre to its
   * buildings, in the seat's colour outlined in its ink.
   */
  showGroups(sets) {
    const layer = this.layers?.groups;
    if (!layer)
      return;
    layer.replaceChildren();
    for (const { color, ink, groups, seat } of sets) {
      for (const group of groups) {
        const pts = group.map((n) => this.points[n]);
        const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
        const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
        const d = pts.length === 1 ? `M${pts[0][0] - 20},${pts[0][1] + 30} h40` : pts.map((p) => `M${cx.toFixed(1)},${cy.toFixed(1)} L${p[0]},${p[1]}`).join(" ");
        layer.append(svgEl("path", { d, class: "group-halo", stroke: ink ?? "#fff" }));
        layer.append(svgEl("path", { d, class: "group-line", stroke: color, "data-seat": seat, "data-group": group.join(",") }));
      }
    }
  }
  /** Zooms the picture inside its frame (1 fits it). */
  zoom(level) {
    this.zoomLevel = Math.max(1, Math.min(4, level));
    this.wrap.classList.toggle("zoomed", this.zoomLevel > 1);
    this.wrap.style.setProperty("--zoom", String(this.zoomLevel));
  }
  /** The zoom at which a neighborhood is at least `px` pixels across. */
  zoomFor(px) {
    if (!this.svg)
      return 1;
    const box = this.svg.viewBox.baseVal;
    const width = this.wrap.clientWidth || 1;
    const diameter = 54 * (width / box.width);
    return diameter >= px ? 1 : Math.ceil(px / diameter * 10) / 10;
  }
  /**
   * Pans a zoomed frame to the neighborhoods `ns`: centred on them all
   * when they fit in it, else so that the first (the one that matters
   * most: the latest bid) is in view, the others as near as can be.
   */
  show(ns) {
    if (!this.svg || !this.wrap.classList.contains("zoomed"))
      return;
    const boxes = ns.map((n) => this.neighborhood(n)?.getBoundingClientRect()).filter((b) => b !== void 0);
    if (!boxes.length)
      return;
    const w = this.wrap.getBoundingClientRect();
    const union = {
      left: Math.min(...boxes.map((b) => b.left)),
      right: Math.max(...boxes.map((b) => b.right)),
      top: Math.min(...boxes.map((b) => b.top)),
      bottom: Math.max(...boxes.map((b) => b.bottom))
    };
    const first = boxes[0];
    const margin = 8;
    const axis = (lo, hi, flo, fhi, wlo, whi) => {
      let d = (lo + hi) / 2 - (wlo + whi) / 2;
      d = Math.min(d, flo - wlo - margin);
      d = Math.max(d, fhi - whi + margin);
      return d;
    };
    this.scrollBy(
      axis(union.left, union.right, first.left, first.right, w.left, w.left + this.wrap.clientWidth),
      axis(union.top, union.bottom, first.top, first.bottom, w.top, w.top + this.wrap.clientHeight)
    );
  }
  /**
   * Pans a zoomed frame to neighborhoods `ns` (moves.js's `inPlay`: those
   * of the districts in play), centred on their mean, where the game
   * happens.
   */
  showInPlay(ns) {
    if (!this.svg || !this.wrap.classList.contains("zoomed"))
      return;
    const w = this.wrap.getBoundingClientRect();
    const boxes = ns.map((n) => this.neighborhood(n)?.getBoundingClientRect()).filter((b) => b !== void 0);
    if (!boxes.length)
      return;
    const cx = boxes.reduce((a, b) => a + b.left + b.width / 2, 0) / boxes.length;
    const cy = boxes.reduce((a, b) => a + b.top + b.height / 2, 0) / boxes.length;
    this.scrollBy(cx - (w.left + this.wrap.clientWidth / 2), cy - (w.top + this.wrap.clientHeight / 2));
  }
  /** Scrolls the frame so that neighborhood `n` is in view. */
  reveal(n) {
    const g = this.neighborhood(n);
    if (!g || !this.wrap.classList.contains("zoomed"))
      return;
    const r = g.getBoundingClientRect();
    const w = this.wrap.getBoundingClientRect();
    const margin = 60;
    if (r.left < w.left + margin || r.right > w.right - margin || r.top < w.top + margin || r.bottom > w.bottom - margin) {
      this.scrollBy(r.left + r.width / 2 - (w.left + w.width / 2), r.top + r.height / 2 - (w.top + w.height / 2));
    }
  }
  /** Scrolls the frame by `left` and `top` pixels, at once. */
  scrollBy(left, top) {
    this.wrap.scrollBy({ left, top, behavior: INSTANT });
  }
}
export {
  BoardView,
  piecesOf
};
