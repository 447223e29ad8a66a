// The offline page's setup: the form for a new game (seats, variant,
// seed, deck), the guided game, the saved game to resume, and the
// question asked before a new game replaces a saved one.

import type { Bot, BotKind, Config, Game, GameRecord, Guide, Variant } from "../engine/metropolys_wasm.js";
import { BotWorker } from "../engine/worker.js";
import { byId } from "./dom.js";
import type { Engine } from "./engine.js";
import { t } from "./i18n.js";
import type { Offer } from "./moves.js";
import { botChoices, deckToggle, seatInputs } from "./setup.js";

const SAVE = "metropolys-offline";

/** Who plays a seat of an offline game: a person at the screen ("human") or a bot kind. */
export type SeatKind = "human" | BotKind;

/** A game saved in this browser: its record so far and who plays each seat. */
export interface SavedGame {
  /** The game's record so far (with who played each seat). */
  record: GameRecord;
  /** Who plays each seat. */
  seats: SeatKind[];
}

/** The offline page's game under way: the whole game, its seats ("human" or a bot kind), the bots' workers. */
export interface OfflineGame {
  /** The game's own key (a review shown stays while the page redraws the game's end). */
  key: number;
  /** The whole game. */
  game: Game;
  /** Who plays each seat. */
  seats: SeatKind[];
  /** Each bot seat's worker (null: a person's seat). */
  bots: (BotWorker | null)[];
  /** The bot that gives the hint. */
  hint: Bot;
  /** The seat whose view is shown (null: none, between two people). */
  shown: number | null;
  /** The worker deciding now, if any. */
  thinking: BotWorker | null;
  /** The legal bids of the person shown, by neighborhood. */
  legal: Map<number, Offer[]>;
  /** The pass's action id, when passing is legal. */
  pass: number | null;
  /** The guided game's guide, in a guided game. */
  guide: Guide | null;
  /** The bot seat waiting for "Go on" after a lesson. */
  waiting: number | null;
  /** The seats' names (none offline: their colours name them). */
  names: (string | null)[];
  /** Several people share the screen. */
  hotseat: boolean;
  /** The decision at which the board last panned to the person to act. */
  panned: number | null;
  /** The neighborhoods marked where the shown card scores. */
  marked: number[];
}

/** A new game under way: `game` with `seats`, the bots' workers started (`key`: the game's own key). */
export function gameUnderWay(E: Engine, key: number, game: Game, seats: SeatKind[]): OfflineGame {
  const humans = seats.filter((k) => k === "human").length;
  return {
    key,
    game,
    seats,
    // A seed above 2^53 − 1 (a BigInt) is not one this page deals: each bot's seed is a number.
    bots: seats.map((k, i) => (k === "human" ? null : new BotWorker(k, { seed: Number(game.config?.seed ?? 0) + i + 1 }))),
    hint: new E.Bot("strong", { seed: 1 }),
    shown: null,
    thinking: null,
    legal: new Map(),
    pass: null,
    guide: null,
    waiting: null,
    names: seats.map(() => null),
    hotseat: humans > 1,
    panned: null,
    marked: [],
  };
}

/** What the setup form does with the game it describes. */
export interface SetupActions {
  /** Starts `game` with `seats` (`guided`: the guided game, with its lessons). */
  start(game: Game, seats: SeatKind[], guided?: boolean): void;
  /** The player goes back to the setup from a game. */
  leave(): void;
}

/** The message of `e`, thrown by the engine or the browser. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The game saved in this browser ({record, seats}), or null (none, or not readable). */
export function savedGame(): SavedGame | null {
  try {
    // What this page saved, checked as far as the page reads it (the engine
    // reads the record, and says when it is not one).
    const v = JSON.parse(localStorage.getItem(SAVE) ?? "null") as Partial<SavedGame> | null;
    return v && v.record && Array.isArray(v.seats) ? (v as SavedGame) : null;
  } catch {
    return null;
  }
}

/** Saves `record` (the game so far) with its `seats`; a finished game (`over`) is forgotten. */
export function saveGame(record: GameRecord, seats: readonly SeatKind[], over: boolean): void {
  try {
    if (over) localStorage.removeItem(SAVE);
    else localStorage.setItem(SAVE, JSON.stringify({ record, seats }));
  } catch {
    // Not saved (a private window): the game goes on.
  }
}

/** The form's control named `name` (an input or a select). */
function field<T extends HTMLInputElement | HTMLSelectElement>(form: HTMLFormElement, name: string): T {
  return form.elements.namedItem(name) as T;
}

/**
 * The setup form (`E`: the engine): `start(game, seats, guided)` is
 * called with the game it describes, the guided game or the saved game,
 * and `leave()` when the player goes back to it from a game.
 */
export class OfflineSetup {
  /** The new game waiting for the player's answer to "replace the saved game?". */
  replacing: (() => void) | null = null;
  /** Draws the seats' choices for the number of players chosen. */
  readonly seats: () => void;

  constructor(E: Engine, { start, leave }: SetupActions) {
    const C = E.constants();
    const players = byId<HTMLSelectElement>("players");
    this.seats = () => seatInputs(E, byId("seats"), Number(players.value), botChoices(C.BOT_KINDS),
      t("ui-a-person-here"), (i) => (i === 0 ? "human" : "casual"));
    players.addEventListener("change", this.seats);
    const deck = deckToggle(E, byId<HTMLInputElement>("metropolys-cards"), byId("deck"));
    // Leaving a game for the setup loses nothing: it stays saved, and Start
    // asks before a new game replaces it.
    byId("new-game-link").addEventListener("click", (ev) => {
      ev.preventDefault();
      leave();
    });
    /** Starts the game the setup form describes. */
    const begin = (): void => {
      const f = byId<HTMLFormElement>("offline-form");
      const players = Number(field(f, "players").value);
      const text = field(f, "seed").value.trim();
      if (text && !/^[0-9]{1,15}$/.test(text)) {
        byId("setup-error").textContent = t("ui-seed-bad");
        return;
      }
      const seed = text ? Number(text) : Math.floor(Math.random() * 2 ** 32);
      const config: Config = { players, variant: field(f, "variant").value as Variant, seed };
      // The seats' selects offer "human" and the engine's bot kinds.
      const seats = Array.from({ length: players }, (_, i) => field(f, `seat${i}`).value as SeatKind);
      try {
        if (field<HTMLInputElement>(f, "metropolys").checked) config.metropolys_deck = deck();
        start(E.Game.fromConfig(config), seats);
      } catch (e) {
        byId("setup-error").textContent = errorText(e);
      }
    };
    byId("offline-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.replaceSaved(begin);
    });
    byId("discard-yes").addEventListener("click", () => {
      const go = this.replacing;
      this.replacing = null;
      byId("discard").hidden = true;
      go?.();
    });
    byId("discard-no").addEventListener("click", () => {
      this.replacing = null;
      byId("discard").hidden = true;
      byId("resume").focus();
    });
    byId("guided").addEventListener("click", () => {
      // A short game against the gentlest bot: two players, the Family game.
      this.replaceSaved(() => start(E.Game.fromConfig({ players: 2, variant: "family", seed: 2008 }), ["human", "beginner"], true));
    });
    byId("resume").addEventListener("click", () => {
      const v = savedGame();
      try {
        // The button is shown only with a saved game; one gone since is said as an error.
        if (!v) throw new TypeError("no saved game");
        start(E.Game.fromRecord(v.record), v.seats);
      } catch (e) {
        byId("setup-error").textContent = t("ui-saved-bad", { error: errorText(e) });
      }
    });
  }

  /** Shows the form afresh (the page shows the setup). */
  show(): void {
    byId("headline").textContent = t("ui-offline-headline");
    this.seats();
    byId("resume").hidden = !savedGame();
    byId("discard").hidden = true;
    this.replacing = null;
  }

  /** Runs `begin` (a new game), once the player agrees when it replaces a saved game in progress. */
  replaceSaved(begin: () => void): void {
    if (!savedGame()) {
      begin();
      return;
    }
    this.replacing = begin;
    byId("discard").hidden = false;
    byId("discard-no").focus();
  }
}
