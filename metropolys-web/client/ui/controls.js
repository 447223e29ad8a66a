// Built from client/src/controls.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
const TYPING = /* @__PURE__ */ new Set(["INPUT", "SELECT", "TEXTAREA"]);
function keyAction(key, tag, state, modified = false) {
  if (!state.playing || modified || tag !== void 0 && TYPING.has(tag.toUpperCase()))
    return null;
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
function bindKeys(doc, h) {
  doc.addEventListener("keydown", (ev) => {
    const target = ev.target;
    const action = keyAction(ev.key, target?.tagName, h.state(), ev.ctrlKey || ev.metaKey || ev.altKey);
    if (action === null)
      return;
    ev.preventDefault();
    if (action === "pass")
      h.pass();
    else if (action === "hint")
      h.hint();
    else
      h.undo?.();
  });
}
function nextTab(i, n, key) {
  if (n <= 0)
    return null;
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
class Tabs {
  constructor(doc, onSelect = () => {
  }) {
    this.doc = doc;
    this.onSelect = onSelect;
    __publicField(this, "tabs");
    this.tabs = [...doc.querySelectorAll(".tabs [role=tab]")];
    this.tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => this.select(tab.id));
      tab.addEventListener("keydown", (ev) => {
        const j = nextTab(i, this.tabs.length, ev.key);
        if (j === null)
          return;
        ev.preventDefault();
        const next = this.tabs[j];
        if (!next)
          return;
        this.select(next.id);
        next.focus();
      });
    });
  }
  /** Shows tab `id`'s panel, and only it. */
  select(id) {
    for (const tab of this.tabs) {
      const on = tab.id === id;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = this.doc.getElementById(tab.getAttribute("aria-controls") ?? "");
      if (panel)
        panel.hidden = !on;
    }
    this.onSelect(id);
  }
}
function zoomed(level, button) {
  return button === "in" ? level + 0.5 : button === "out" ? level - 0.5 : 1;
}
function bindZoom(doc, board) {
  for (const button of ["in", "out", "fit"]) {
    doc.getElementById(`zoom-${button}`)?.addEventListener("click", () => board.zoom(zoomed(board.zoomLevel, button)));
  }
}
function followPicker(win, wrap, picker) {
  win.addEventListener("resize", () => picker.position());
  wrap.addEventListener("scroll", () => picker.position(), { passive: true });
}
export {
  Tabs,
  bindKeys,
  bindZoom,
  followPicker,
  keyAction,
  nextTab,
  zoomed
};
