// The table's event log: the engine's Narrator tells each event once, in
// the page's language; a review's marks on the decisions it graded.

import type { Game, GameEvent, Narrator, Variant } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { el } from "./setup.js";
import type { Seats } from "./words.js";

/** What `Log.retell` reads of a game: its variant, its configuration and its decisions (an engine `Game`). */
export type RetoldGame = Pick<Game, "variant" | "config" | "history">;

/**
 * The event log, told by the engine's narrator (the lines of the terminal
 * and the replays, in the page's language): a heading line per call, a
 * line per bid, pass, construction, token or card, the losing bids that go
 * back together, the game's end with its reason and its winners.
 */
export class Log {
  /** The list the lines go in. */
  readonly list: HTMLElement;
  /** The narrator telling this log's game, if one does. */
  narrator: Narrator | null;
  /** The decisions told so far. */
  decided: number;

  constructor(list: HTMLElement) {
    this.list = list;
    this.narrator = null;
    // The decisions told so far: each line is tagged with the decision it
    // follows, so that a review can mark it.
    this.decided = 0;
  }

  /** Empties the log; the next events are told by a narrator for `variant` with `seats` (a Seats). */
  clear(): void;
  clear(E: Engine, variant: Variant, seats: Seats): void;
  clear(E?: Engine, variant?: Variant, seats?: Seats): void {
    this.list.replaceChildren();
    this.narrator?.free();
    this.narrator = E && variant && seats ? new E.Narrator(variant, seats.narration()) : null;
    this.decided = 0;
  }

  /** Starts the narrator for a game of `variant` with `seats` (a Seats), unless one tells this log already. */
  start(E: Engine, variant: Variant, seats: Seats): void {
    if (!this.narrator) {
      this.narrator = new E.Narrator(variant, seats.narration());
      this.decided = 0;
    }
  }

  /** A line of the table's own (not an event of the game). */
  note(text: string): void {
    const li = el("li", text, "note-line");
    this.list.append(li);
  }

  /** Appends what `events` tell; `fresh` lines flash. */
  add(_E: Engine, _seats: Seats, events: readonly GameEvent[], fresh: boolean): void {
    if (!this.narrator) return;
    // A decision is a bid or a pass the player chose (a forced pass is none).
    const decisions = events.filter((e) => e.type === "bid_placed" || (e.type === "passed" && !e.forced)).length;
    this.decided += decisions;
    for (const told of this.narrator.feed(events)) {
      const li = el("li", told.text, told.kind === "line" ? "" : "call");
      li.setAttribute("data-told", told.kind);
      if (decisions) li.setAttribute("data-decision", String(this.decided - 1));
      if (fresh) li.classList.add("fresh");
      this.list.append(li);
    }
    while (this.list.children.length > 2000) this.list.firstChild?.remove();
    const frame = this.list.closest(".tabpanel");
    if (frame) frame.scrollTop = frame.scrollHeight;
  }

  /**
   * Tells `game` again from its start (its configuration and the decisions
   * of its history), as a saved game is opened or a decision taken back.
   */
  retell(E: Engine, game: RetoldGame, seats: Seats): void {
    this.clear(E, game.variant, seats);
    if (game.config === undefined) throw new Error("a game without its configuration cannot be told again");
    const replay = E.Game.fromConfig(game.config);
    try {
      this.add(E, seats, replay.events, false);
      for (const a of game.history ?? []) this.add(E, seats, replay.applyFor(a.player, a.action), false);
    } finally {
      replay.free();
    }
  }

  /**
   * Marks the lines of the decisions a review graded (`marks`: a decision
   * index and the element to add), after the first line each told.
   */
  mark(marks: Iterable<readonly [number, Element]>): void {
    this.unmark();
    for (const [index, tag] of marks) {
      const line = this.list.querySelector(`li[data-decision="${index}"]`);
      if (!line) continue;
      tag.classList.add("log-grade");
      line.append(" ", tag);
    }
  }

  /** Takes a review's marks away. */
  unmark(): void {
    for (const tag of this.list.querySelectorAll(".log-grade")) tag.remove();
  }
}

// ----- the review of a finished game ----------------------------------------
