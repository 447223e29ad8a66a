// The controls the online table and the offline page share: one set of
// keys (P passes, H asks for a hint, U undoes where the page can), the
// side panel's tabs (a click or the arrow keys, as WAI-ARIA's tabs
// pattern has it), the board's zoom buttons, and the bid picker kept
// beside its neighborhood while the page or the board scrolls. The
// decisions are pure functions (Node's test runner checks them:
// client/tests/); `bind*` wire them to the page.

/** What a key asks of a table. */
export type KeyAction = "pass" | "hint" | "undo";

/** What a table can do at the moment a key is pressed. */
export interface KeyState {
  /** A game is on screen and no dialog or picker has the keys. */
  playing: boolean;
  canPass: boolean;
  canHint: boolean;
  /** Whether this page undoes at all, and can now. */
  canUndo: boolean;
}

/** Elements whose keys are the player's typing, never a command. */
const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * The action key `key` asks for, typed in an element named `tag` (the
 * event's target), in `state`; null when it asks for none (or the player
 * is typing, or a modifier is held).
 */
export function keyAction(key: string, tag: string | undefined, state: KeyState, modified = false): KeyAction | null {
  if (!state.playing || modified || (tag !== undefined && TYPING.has(tag.toUpperCase()))) return null;
  switch (key.toLowerCase()) {
    case "p":
      return state.canPass ? "pass" : null;
    case "h":
      return state.canHint ? "hint" : null;
    case "u":
      return state.canUndo ? "undo" : null;
    default:
      return null;
  }
}

/** The table's handlers of the key actions, and its state when a key comes. */
export interface KeyHandlers {
  state(): KeyState;
  pass(): void;
  hint(): void;
  undo?(): void;
}

/** Wires the action keys of `doc` to `h`. */
export function bindKeys(doc: Document, h: KeyHandlers): void {
  doc.addEventListener("keydown", (ev) => {
    const target = ev.target as Element | null;
    const action = keyAction(ev.key, target?.tagName, h.state(), ev.ctrlKey || ev.metaKey || ev.altKey);
    if (action === null) return;
    ev.preventDefault();
    if (action === "pass") h.pass();
    else if (action === "hint") h.hint();
    else h.undo?.();
  });
}

/**
 * The tab that key `key` moves to from tab `i` of `n` (ArrowLeft and
 * ArrowRight round the ends, Home and End to the first and last), or null
 * when the key moves nowhere.
 */
export function nextTab(i: number, n: number, key: string): number | null {
  if (n <= 0) return null;
  switch (key) {
    case "ArrowRight":
      return (i + 1) % n;
    case "ArrowLeft":
      return (i - 1 + n) % n;
    case "Home":
      return 0;
    case "End":
      return n - 1;
    default:
      return null;
  }
}

/** The side panel's tabs: `select(id)` shows one; `onSelect` hears of each. */
export class Tabs {
  private readonly tabs: HTMLElement[];

  constructor(private readonly doc: Document, private readonly onSelect: (id: string) => void = () => {}) {
    this.tabs = [...doc.querySelectorAll<HTMLElement>(".tabs [role=tab]")];
    this.tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.select(tab.id));
      tab.addEventListener("keydown", (ev) => {
        const j = nextTab(i, this.tabs.length, ev.key);
        if (j === null) return;
        ev.preventDefault();
        const next = this.tabs[j];
        if (!next) return;
        this.select(next.id);
        next.focus();
      });
    });
  }

  /** Shows tab `id`'s panel, and only it. */
  select(id: string): void {
    for (const tab of this.tabs) {
      const on = tab.id === id;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = this.doc.getElementById(tab.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !on;
    }
    this.onSelect(id);
  }
}

/** The part of the board view the zoom buttons use. */
export interface Zoomable {
  readonly zoomLevel: number;
  zoom(level: number): void;
}

/** One press of the zoom buttons: half a step in or out; the whole board at 1. */
export function zoomed(level: number, button: "in" | "out" | "fit"): number {
  return button === "in" ? level + 0.5 : button === "out" ? level - 0.5 : 1;
}

/** Wires the zoom buttons (`zoom-in`, `zoom-out`, `zoom-fit`) of `doc` to `board`. */
export function bindZoom(doc: Document, board: Zoomable): void {
  for (const button of ["in", "out", "fit"] as const) {
    doc.getElementById(`zoom-${button}`)?.addEventListener("click", () => board.zoom(zoomed(board.zoomLevel, button)));
  }
}

/** Keeps `picker` beside its neighborhood while the window resizes or `wrap` (the board's frame) scrolls. */
export function followPicker(win: Window, wrap: HTMLElement, picker: { position(): void }): void {
  win.addEventListener("resize", () => picker.position());
  wrap.addEventListener("scroll", () => picker.position(), { passive: true });
}
