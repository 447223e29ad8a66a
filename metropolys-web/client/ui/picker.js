// The bid picker: the buildings a seat may bid on a neighborhood, opened
// beside that neighborhood (never over it) and kept inside the window.
// Keys: Tab and arrows move between buildings, Enter bids, 1–9, 0 (10),
// - (11), = (12) and + (13) bid that building, Escape closes it.

/** The building a number key picks: 1–9, 0 for 10, - = + for 11–13. */
const KEY_BUILDING = { 0: 10, "-": 11, "=": 12, "+": 13 };

const GAP = 10;

/** Where a box of `w`×`h` goes beside `a` (a DOMRect) within the window. */
export function placeBeside(a, w, h, vw, vh) {
  const fits = (x, y) => x >= 4 && y >= 4 && x + w <= vw - 4 && y + h <= vh - 4;
  const clampY = (y) => Math.max(4, Math.min(vh - h - 4, y));
  const clampX = (x) => Math.max(4, Math.min(vw - w - 4, x));
  const candidates = [
    [a.right + GAP, clampY(a.top + a.height / 2 - h / 2)],
    [a.left - GAP - w, clampY(a.top + a.height / 2 - h / 2)],
    [clampX(a.left + a.width / 2 - w / 2), a.bottom + GAP],
    [clampX(a.left + a.width / 2 - w / 2), a.top - GAP - h],
  ];
  const overlaps = (x, y) => !(x + w <= a.left || x >= a.right || y + h <= a.top || y >= a.bottom);
  for (const [x, y] of candidates) if (fits(x, y) && !overlaps(x, y)) return [x, y];
  // No side has room: the side with the most, clamped.
  const room = [vw - a.right, a.left, vh - a.bottom, a.top];
  const best = room.indexOf(Math.max(...room));
  const [x, y] = candidates[best];
  return [clampX(x), clampY(y)];
}

export class Picker {
  /**
   * @param {HTMLElement} el the picker element (title, buttons, cancel)
   * @param {{onPick: (id: number) => void, onClose: () => void}} options
   */
  constructor(el, options) {
    this.el = el;
    this.title = el.querySelector("#picker-title");
    this.box = el.querySelector("#picker-buttons");
    this.onPick = options.onPick;
    this.onClose = options.onClose;
    this.byNumber = new Map();
    this.n = null;
    this.returnTo = null;
    el.querySelector("#picker-cancel").addEventListener("click", () => this.close(true));
    el.addEventListener("keydown", (ev) => this.key(ev));
  }

  get isOpen() {
    return !this.el.hidden;
  }

  /**
   * Opens on neighborhood `n` (its element `anchor`) with `choices`:
   * [{id, building, label}] in building order.
   */
  open(n, anchor, title, choices) {
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
  position() {
    if (!this.isOpen || !this.returnTo) return;
    const a = this.returnTo.getBoundingClientRect();
    const [x, y] = placeBeside(a, this.el.offsetWidth, this.el.offsetHeight, window.innerWidth, window.innerHeight);
    this.el.style.left = `${Math.round(x)}px`;
    this.el.style.top = `${Math.round(y)}px`;
  }

  pick(id) {
    this.close(false);
    this.onPick(id);
  }

  /** Closes it; `refocus` returns the focus to the neighborhood. */
  close(refocus) {
    if (!this.isOpen) return;
    this.el.hidden = true;
    const back = this.returnTo;
    this.n = null;
    this.returnTo = null;
    this.onClose();
    if (refocus && back?.isConnected && back.getAttribute("tabindex") === "0") back.focus({ preventScroll: true });
  }

  key(ev) {
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
    const i = buttons.indexOf(document.activeElement);
    if (i >= 0 && (ev.key === "ArrowRight" || ev.key === "ArrowDown")) {
      ev.preventDefault();
      buttons[(i + 1) % buttons.length].focus();
    } else if (i >= 0 && (ev.key === "ArrowLeft" || ev.key === "ArrowUp")) {
      ev.preventDefault();
      buttons[(i - 1 + buttons.length) % buttons.length].focus();
    }
  }
}
