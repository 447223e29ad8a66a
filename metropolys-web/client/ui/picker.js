// Built from client/src/picker.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
const KEY_BUILDING = { 0: 10, "-": 11, "=": 12, "+": 13 };
const GAP = 10;
function placeBeside(a, w, h, vw, vh) {
  const fits = (x2, y2) => x2 >= 4 && y2 >= 4 && x2 + w <= vw - 4 && y2 + h <= vh - 4;
  const clampY = (y2) => Math.max(4, Math.min(vh - h - 4, y2));
  const clampX = (x2) => Math.max(4, Math.min(vw - w - 4, x2));
  const candidates = [
    [a.right + GAP, clampY(a.top + a.height / 2 - h / 2)],
    [a.left - GAP - w, clampY(a.top + a.height / 2 - h / 2)],
    [clampX(a.left + a.width / 2 - w / 2), a.bottom + GAP],
    [clampX(a.left + a.width / 2 - w / 2), a.top - GAP - h]
  ];
  const overlaps = (x2, y2) => !(x2 + w <= a.left || x2 >= a.right || y2 + h <= a.top || y2 >= a.bottom);
  for (const [x2, y2] of candidates)
    if (fits(x2, y2) && !overlaps(x2, y2))
      return [x2, y2];
  const room = [vw - a.right, a.left, vh - a.bottom, a.top];
  const best = room.indexOf(Math.max(...room));
  const [x, y] = candidates[best];
  return [clampX(x), clampY(y)];
}
function child(root, id) {
  const found = root.querySelector(`#${id}`);
  if (found === null)
    throw new Error(`the picker has no element #${id}`);
  return found;
}
class Picker {
  /**
   * @param el the picker element (title, buttons, cancel)
   * @param options onPick and onClose
   */
  constructor(el, options) {
    this.el = el;
    /** The neighborhood it is open on, or null. */
    __publicField(this, "n", null);
    __publicField(this, "title");
    __publicField(this, "box");
    __publicField(this, "onPick");
    __publicField(this, "onClose");
    __publicField(this, "byNumber", /* @__PURE__ */ new Map());
    __publicField(this, "returnTo", null);
    this.title = child(el, "picker-title");
    this.box = child(el, "picker-buttons");
    this.onPick = options.onPick;
    this.onClose = options.onClose;
    child(el, "picker-cancel").addEventListener("click", () => this.close(true));
    el.addEventListener("keydown", (ev) => this.key(ev));
  }
  /** Whether it is shown. */
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
    this.byNumber = /* @__PURE__ */ new Map();
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
    if (!this.isOpen || !this.returnTo)
      return;
    const a = this.returnTo.getBoundingClientRect();
    const [x, y] = placeBeside(a, this.el.offsetWidth, this.el.offsetHeight, window.innerWidth, window.innerHeight);
    this.el.style.left = `${Math.round(x)}px`;
    this.el.style.top = `${Math.round(y)}px`;
  }
  /** Bids action `id`: closes, then tells. */
  pick(id) {
    this.close(false);
    this.onPick(id);
  }
  /** Closes it; `refocus` returns the focus to the neighborhood. */
  close(refocus) {
    if (!this.isOpen)
      return;
    this.el.hidden = true;
    const back = this.returnTo;
    this.n = null;
    this.returnTo = null;
    this.onClose();
    if (refocus && back?.isConnected && back.getAttribute("tabindex") === "0")
      back.focus({ preventScroll: true });
  }
  /** A key pressed in the picker. */
  key(ev) {
    if (ev.key === "Escape") {
      ev.preventDefault();
      this.close(true);
      return;
    }
    const building = KEY_BUILDING[ev.key] ?? (/^[1-9]$/.test(ev.key) ? Number(ev.key) : null);
    if (building !== null) {
      const id = this.byNumber.get(building);
      if (id !== void 0) {
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
export {
  Picker,
  placeBeside
};
