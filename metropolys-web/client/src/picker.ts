// The bid picker: the buildings a seat may bid on a neighborhood, opened
// beside that neighborhood (never over it) and kept inside the window.
// Keys: Tab and arrows move between buildings, Enter bids, 1–9, 0 (10),
// - (11), = (12) and + (13) bid that building, Escape closes it.

import type { Size } from "../engine/metropolys_wasm.js";

/** The building a number key picks: 1–9, 0 for 10, - = + for 11–13. */
const KEY_BUILDING: Readonly<Partial<Record<string, number>>> = { 0: 10, "-": 11, "=": 12, "+": 13 };

const GAP = 10;

/** Where a box of `w`×`h` goes beside `a` (a DOMRect) within the window. */
export function placeBeside(a: Pick<DOMRect, "left" | "right" | "top" | "bottom" | "width" | "height">, w: number, h: number, vw: number, vh: number): [number, number] {
  const fits = (x: number, y: number) => x >= 4 && y >= 4 && x + w <= vw - 4 && y + h <= vh - 4;
  const clampY = (y: number) => Math.max(4, Math.min(vh - h - 4, y));
  const clampX = (x: number) => Math.max(4, Math.min(vw - w - 4, x));
  const candidates: [number, number][] = [
    [a.right + GAP, clampY(a.top + a.height / 2 - h / 2)],
    [a.left - GAP - w, clampY(a.top + a.height / 2 - h / 2)],
    [clampX(a.left + a.width / 2 - w / 2), a.bottom + GAP],
    [clampX(a.left + a.width / 2 - w / 2), a.top - GAP - h],
  ];
  const overlaps = (x: number, y: number) => !(x + w <= a.left || x >= a.right || y + h <= a.top || y >= a.bottom);
  for (const [x, y] of candidates) if (fits(x, y) && !overlaps(x, y)) return [x, y];
  // No side has room: the side with the most, clamped.
  const room = [vw - a.right, a.left, vh - a.bottom, a.top];
  const best = room.indexOf(Math.max(...room));
  const [x, y] = candidates[best];
  return [clampX(x), clampY(y)];
}

/** One building the picker offers: its action id, its number, its size's class (Expert) and its label. */
export interface PickerChoice {
  id: number;
  building: number;
  size?: Size | null;
  label: string;
}

/** What the picker tells: a bid picked (its action id), the picker closed. */
export interface PickerOptions {
  onPick: (id: number) => void;
  onClose: () => void;
}

/** The element of `root` with id `id`; throws when the picker's markup lacks it. */
function child<T extends HTMLElement>(root: HTMLElement, id: string): T {
  const found = root.querySelector<T>(`#${id}`);
  if (found === null) throw new Error(`the picker has no element #${id}`);
  return found;
}

/** The bid picker of a page: opened on a neighborhood with the bids a seat may make there. */
export class Picker {
  /** The neighborhood it is open on, or null. */
  n: number | null = null;
  private readonly title: HTMLElement;
  private readonly box: HTMLElement;
  private readonly onPick: (id: number) => void;
  private readonly onClose: () => void;
  private byNumber = new Map<number, number>();
  private returnTo: HTMLElement | SVGElement | null = null;

  /**
   * @param el the picker element (title, buttons, cancel)
   * @param options onPick and onClose
   */
  constructor(readonly el: HTMLElement, options: PickerOptions) {
    this.title = child(el, "picker-title");
    this.box = child(el, "picker-buttons");
    this.onPick = options.onPick;
    this.onClose = options.onClose;
    child(el, "picker-cancel").addEventListener("click", () => this.close(true));
    el.addEventListener("keydown", (ev) => this.key(ev));
  }

  /** Whether it is shown. */
  get isOpen(): boolean {
    return !this.el.hidden;
  }

  /**
   * Opens on neighborhood `n` (its element `anchor`) with `choices`:
   * [{id, building, label}] in building order.
   */
  open(n: number, anchor: HTMLElement | SVGElement | null, title: string, choices: readonly PickerChoice[]): void {
    this.n = n;
    this.returnTo = anchor;
    this.title.textContent = title;
    this.box.replaceChildren();
    this.byNumber = new Map();
    for (const c of choices) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `pick${c.size ? ` size-${c.size}` : ""}`;
      b.textContent = String(c.building);
      b.setAttribute("aria-label", c.label);
      b.title = c.label;
      b.setAttribute("data-action", String(c.id));
      b.setAttribute("data-building", String(c.building));
      b.addEventListener("click", () => this.pick(c.id));
      this.box.append(b);
      this.byNumber.set(c.building, c.id);
    }
    this.el.hidden = false;
    this.position();
    this.box.querySelector("button")?.focus({ preventScroll: true });
  }

  /** Puts the picker beside its neighborhood again (after a scroll or resize). */
  position(): void {
    if (!this.isOpen || !this.returnTo) return;
    const a = this.returnTo.getBoundingClientRect();
    const [x, y] = placeBeside(a, this.el.offsetWidth, this.el.offsetHeight, window.innerWidth, window.innerHeight);
    this.el.style.left = `${Math.round(x)}px`;
    this.el.style.top = `${Math.round(y)}px`;
  }

  /** Bids action `id`: closes, then tells. */
  pick(id: number): void {
    this.close(false);
    this.onPick(id);
  }

  /** Closes it; `refocus` returns the focus to the neighborhood. */
  close(refocus: boolean): void {
    if (!this.isOpen) return;
    this.el.hidden = true;
    const back = this.returnTo;
    this.n = null;
    this.returnTo = null;
    this.onClose();
    if (refocus && back?.isConnected && back.getAttribute("tabindex") === "0") back.focus({ preventScroll: true });
  }

  /** A key pressed in the picker. */
  key(ev: KeyboardEvent): void {
    if (ev.key === "Escape") {
      ev.preventDefault();
      this.close(true);
      return;
    }
    const building = KEY_BUILDING[ev.key] ?? (/^[1-9]$/.test(ev.key) ? Number(ev.key) : null);
    if (building !== null) {
      const id = this.byNumber.get(building);
      if (id !== undefined) {
        ev.preventDefault();
        this.pick(id);
      }
      return;
    }
    const buttons = [...this.box.querySelectorAll("button")];
    const i = buttons.findIndex((b) => b === document.activeElement);
    if (i >= 0 && (ev.key === "ArrowRight" || ev.key === "ArrowDown")) {
      ev.preventDefault();
      buttons[(i + 1) % buttons.length].focus();
    } else if (i >= 0 && (ev.key === "ArrowLeft" || ev.key === "ArrowUp")) {
      ev.preventDefault();
      buttons[(i - 1 + buttons.length) % buttons.length].focus();
    }
  }
}
