// The board on the page: core's picture (the engine's `boardSvg()`: the
// board without pieces and every piece once as a definition), the pieces
// placed by core's MetropolysPieces (pieces.js) on the neighborhoods'
// centres as the picture draws them, the legal neighborhoods made buttons,
// the neighborhoods where a seat's cards score marked, and at the end the
// groups that scored drawn over the board.

import type { Snapshot } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { t } from "./i18n.js";
import type { GhostBid, Pieces, Point, ScoredGroups } from "./boardtypes.js";
import type { Offer } from "./moves.js";

const NS = "http://www.w3.org/2000/svg";

/** The pieces of a snapshot (core's state shape), as MetropolysPieces places them. */
export function piecesOf(E: Engine, view: Pick<Snapshot, "constructed" | "tokens" | "bids">, highlight = -1): Pieces {
  const tokens = E.constants().TOKENS;
  return {
    buildings: view.constructed.map((c) => [c.neighborhood, c.player, c.building]),
    // A token missing from the map (none is) has index -1, as indexOf gives.
    tokens: Object.entries(view.tokens).map(([n, t]) => [Number(n), t === undefined ? -1 : tokens.indexOf(t)]),
    bids: view.bids.map((b) => [b.neighborhood, b.player, b.building]),
    highlight,
  };
}

/** A new SVG element `tag` with the attributes `attrs`. */
function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Scrolls at once (CSSOM View's "instant", which TypeScript 4.8's DOM library lacks). */
const INSTANT = "instant" as string as ScrollBehavior;

/** The board on the page: its picture, its pieces, the neighborhoods a seat may bid on, the zoom. */
export class BoardView {
  /** The neighborhoods' centres on the picture, by id (after `draw`). */
  points: Point[] = [];
  /** The zoom (1 fits the picture in its frame). */
  zoomLevel = 1;
  private svg: SVGSVGElement | null = null;
  private before = new Set<string>();
  /** The picture's layers (after `draw`): the pieces, the marks, the groups that scored, the ghosts. */
  private layers: { pieces: SVGGElement; marks: SVGGElement; groups: SVGGElement; ghosts: SVGGElement } | null = null;

  /**
   * @param host where the picture goes
   * @param wrap its scrolling frame (zoom)
   * @param options onChoose: hears of a legal neighborhood chosen
   */
  constructor(private readonly host: HTMLElement, readonly wrap: HTMLElement, private readonly options: { onChoose?: (n: number) => void } = {}) {}

  /** Draws the picture (engine SVG text) and reads the centres off it. */
  draw(svgText: string): void {
    this.host.innerHTML = svgText;
    const svg = this.host.querySelector("svg");
    if (!svg) throw new Error("the board's picture has no <svg>");
    this.svg = svg;
    // Interactive neighborhoods inside: a group, not an image.
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
    const pieces = svg.querySelector<SVGGElement>("#pieces");
    if (!pieces) throw new Error("the board's picture has no #pieces");
    const marks = svgEl("g", { id: "marks", "aria-hidden": "true" });
    pieces.before(marks);
    // The groups that scored go under the pieces: the buildings' numbers stay readable.
    const groups = svgEl("g", { id: "groups", "aria-hidden": "true" });
    pieces.before(groups);
    // A review's suggestion goes over the pieces: the bid a bot would have made.
    const ghosts = svgEl("g", { id: "ghosts", "aria-hidden": "true" });
    pieces.after(ghosts);
    this.layers = { pieces, marks, groups, ghosts };
    this.before = new Set();
    svg.addEventListener("click", (ev) => {
      const g = ev.target instanceof Element ? ev.target.closest("g.neighborhood.legal") : null;
      if (g) this.options.onChoose?.(Number(g.getAttribute("data-n")));
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
  neighborhood(n: number): SVGGElement | null {
    return this.svg?.querySelector<SVGGElement>(`#n${n}`) ?? null;
  }

  /** Places `pieces` (see piecesOf); new ones pop in when `animate`. */
  place(pieces: Pieces, animate = false): void {
    if (!this.svg || !this.layers) return;
    globalThis.MetropolysPieces.place(this.layers.pieces, this.points, pieces);
    const now = new Set<string>();
    for (const u of this.layers.pieces.querySelectorAll("use")) {
      const key = `${u.getAttribute("href")}@${u.getAttribute("data-n")}`;
      now.add(key);
      if (animate && !this.before.has(key) && !u.classList.contains("highlight")) {
        // The pop scales the piece about its own place on the board: a
        // <use>'s box leaves out its x and y, so the origin is given in
        // the picture's coordinates.
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
  offer(dests: ReadonlyMap<number, readonly Offer[]>, label: (n: number) => string): void {
    this.setLegal(dests, label);
  }

  /** Makes the neighborhoods in `legal` buttons, each labelled by `label(n)`; the others plain. */
  setLegal(legal: { has(n: number): boolean }, label: (n: number) => string): void {
    if (!this.svg) return;
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
        for (const a of ["tabindex", "role", "aria-haspopup", "aria-label"]) g.removeAttribute(a);
      }
    }
  }

  /** Marks neighborhood `n` as chosen (the picker is open on it) or not. */
  choose(n: number | null): void {
    for (const g of this.svg?.querySelectorAll(".chosen") ?? []) g.classList.remove("chosen");
    if (n !== null) this.neighborhood(n)?.classList.add("chosen");
  }

  /** Rings neighborhood `n` as the hint's, or none. */
  hint(n: number | null): void {
    for (const g of this.svg?.querySelectorAll(".hinted") ?? []) g.classList.remove("hinted");
    if (n !== null) this.neighborhood(n)?.classList.add("hinted");
  }

  /** Dashed rings around `neighborhoods` (where this seat's cards score). */
  mark(neighborhoods: Iterable<number>): void {
    const marks = this.layers?.marks;
    if (!marks) return;
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
  ghost(bid: GhostBid | null): void {
    if (!this.layers) return;
    const { pieces, ghosts } = this.layers;
    ghosts.replaceChildren();
    if (!bid || !this.points[bid.neighborhood]) return;
    const n = bid.neighborhood;
    // Beside a piece already there (the bid played, a building), not over it.
    const taken = pieces.querySelector(`use[data-n="${n}"]:not(.token)`);
    const [x, y] = taken ? [this.points[n][0] + 26, this.points[n][1] - 26] : this.points[n];
    ghosts.append(svgEl("circle", { cx: x, cy: y, r: taken ? 24 : 34, class: "ghost-ring", "data-n": n }));
    const at: Point[] = [];
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
  showGroups(sets: readonly ScoredGroups[]): void {
    const layer = this.layers?.groups;
    if (!layer) return;
    layer.replaceChildren();
    for (const { color, ink, groups, seat } of sets) {
      for (const group of groups) {
        const pts = group.map((n) => this.points[n]);
        const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
        const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
        const d = pts.length === 1
          ? `M${pts[0][0] - 20},${pts[0][1] + 30} h40`
          : pts.map((p) => `M${cx.toFixed(1)},${cy.toFixed(1)} L${p[0]},${p[1]}`).join(" ");
        // Outlined in the ink that reads on the seat's colour (dark around white).
        layer.append(svgEl("path", { d, class: "group-halo", stroke: ink ?? "#fff" }));
        layer.append(svgEl("path", { d, class: "group-line", stroke: color, "data-seat": seat, "data-group": group.join(",") }));
      }
    }
  }

  /** Zooms the picture inside its frame (1 fits it). */
  zoom(level: number): void {
    this.zoomLevel = Math.max(1, Math.min(4, level));
    this.wrap.classList.toggle("zoomed", this.zoomLevel > 1);
    this.wrap.style.setProperty("--zoom", String(this.zoomLevel));
  }

  /** The zoom at which a neighborhood is at least `px` pixels across. */
  zoomFor(px: number): number {
    if (!this.svg) return 1;
    const box = this.svg.viewBox.baseVal;
    const width = this.wrap.clientWidth || 1;
    const diameter = 54 * (width / box.width);
    return diameter >= px ? 1 : Math.ceil((px / diameter) * 10) / 10;
  }

  /**
   * Pans a zoomed frame to the neighborhoods `ns`: centred on them all
   * when they fit in it, else so that the first (the one that matters
   * most: the latest bid) is in view, the others as near as can be.
   */
  show(ns: readonly number[]): void {
    if (!this.svg || !this.wrap.classList.contains("zoomed")) return;
    const boxes = ns.map((n) => this.neighborhood(n)?.getBoundingClientRect()).filter((b): b is DOMRect => b !== undefined);
    if (!boxes.length) return;
    const w = this.wrap.getBoundingClientRect();
    const union = {
      left: Math.min(...boxes.map((b) => b.left)),
      right: Math.max(...boxes.map((b) => b.right)),
      top: Math.min(...boxes.map((b) => b.top)),
      bottom: Math.max(...boxes.map((b) => b.bottom)),
    };
    const first = boxes[0];
    const margin = 8;
    // The shift that centres the union, then kept so that the first stays in the frame.
    const axis = (lo: number, hi: number, flo: number, fhi: number, wlo: number, whi: number) => {
      let d = (lo + hi) / 2 - (wlo + whi) / 2;
      d = Math.min(d, flo - wlo - margin);
      d = Math.max(d, fhi - whi + margin);
      return d;
    };
    this.scrollBy(
      axis(union.left, union.right, first.left, first.right, w.left, w.left + this.wrap.clientWidth),
      axis(union.top, union.bottom, first.top, first.bottom, w.top, w.top + this.wrap.clientHeight),
    );
  }

  /**
   * Pans a zoomed frame to neighborhoods `ns` (moves.js's `inPlay`: those
   * of the districts in play), centred on their mean, where the game
   * happens.
   */
  showInPlay(ns: readonly number[]): void {
    if (!this.svg || !this.wrap.classList.contains("zoomed")) return;
    const w = this.wrap.getBoundingClientRect();
    const boxes = ns.map((n) => this.neighborhood(n)?.getBoundingClientRect()).filter((b): b is DOMRect => b !== undefined);
    if (!boxes.length) return;
    // Their mean: the middle of where the neighborhoods in play lie thickest.
    const cx = boxes.reduce((a, b) => a + b.left + b.width / 2, 0) / boxes.length;
    const cy = boxes.reduce((a, b) => a + b.top + b.height / 2, 0) / boxes.length;
    this.scrollBy(cx - (w.left + this.wrap.clientWidth / 2), cy - (w.top + this.wrap.clientHeight / 2));
  }

  /** Scrolls the frame so that neighborhood `n` is in view. */
  reveal(n: number): void {
    const g = this.neighborhood(n);
    if (!g || !this.wrap.classList.contains("zoomed")) return;
    const r = g.getBoundingClientRect();
    const w = this.wrap.getBoundingClientRect();
    const margin = 60;
    if (r.left < w.left + margin || r.right > w.right - margin || r.top < w.top + margin || r.bottom > w.bottom - margin) {
      this.scrollBy(r.left + r.width / 2 - (w.left + w.width / 2), r.top + r.height / 2 - (w.top + w.height / 2));
    }
  }

  /** Scrolls the frame by `left` and `top` pixels, at once. */
  private scrollBy(left: number, top: number): void {
    this.wrap.scrollBy({ left, top, behavior: INSTANT });
  }
}
