// Built from client/src/log.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { el } from "./setup.js";
class Log {
  constructor(list) {
    /** The list the lines go in. */
    __publicField(this, "list");
    /** The narrator telling this log's game, if one does. */
    __publicField(this, "narrator");
    /** The decisions told so far. */
    __publicField(this, "decided");
    this.list = list;
    this.narrator = null;
    this.decided = 0;
  }
  clear(E, variant, seats) {
    this.list.replaceChildren();
    this.narrator?.free();
    this.narrator = E && variant && seats ? new E.Narrator(variant, seats.narration()) : null;
    this.decided = 0;
  }
  /** Starts the narrator for a game of `variant` with `seats` (a Seats), unless one tells this log already. */
  start(E, variant, seats) {
    if (!this.narrator) {
      this.narrator = new E.Narrator(variant, seats.narration());
      this.decided = 0;
    }
  }
  /** A line of the table's own (not an event of the game). */
  note(text) {
    const li = el("li", text, "note-line");
    this.list.append(li);
  }
  /** Appends what `events` tell; `fresh` lines flash. */
  add(_E, _seats, events, fresh) {
    if (!this.narrator)
      return;
    const decisions = events.filter((e) => e.type === "bid_placed" || e.type === "passed" && !e.forced).length;
    this.decided += decisions;
    for (const told of this.narrator.feed(events)) {
      const li = el("li", told.text, told.kind === "line" ? "" : "call");
      li.setAttribute("data-told", told.kind);
      if (decisions)
        li.setAttribute("data-decision", String(this.decided - 1));
      if (fresh)
        li.classList.add("fresh");
      this.list.append(li);
    }
    while (this.list.children.length > 2e3)
      this.list.firstChild?.remove();
    const frame = this.list.closest(".tabpanel");
    if (frame)
      frame.scrollTop = frame.scrollHeight;
  }
  /**
   * Tells `game` again from its start (its configuration and the decisions
   * of its history), as a saved game is opened or a decision taken back.
   */
  retell(E, game, seats) {
    this.clear(E, game.variant, seats);
    if (game.config === void 0)
      throw new Error("a game without its configuration cannot be told again");
    const replay = E.Game.fromConfig(game.config);
    try {
      this.add(E, seats, replay.events, false);
      for (const a of game.history ?? [])
        this.add(E, seats, replay.applyFor(a.player, a.action), false);
    } finally {
      replay.free();
    }
  }
  /**
   * Marks the lines of the decisions a review graded (`marks`: a decision
   * index and the element to add), after the first line each told.
   */
  mark(marks) {
    this.unmark();
    for (const [index, tag] of marks) {
      const line = this.list.querySelector(`li[data-decision="${index}"]`);
      if (!line)
        continue;
      tag.classList.add("log-grade");
      line.append(" ", tag);
    }
  }
  /** Takes a review's marks away. */
  unmark() {
    for (const tag of this.list.querySelectorAll(".log-grade"))
      tag.remove();
  }
}
export {
  Log
};
