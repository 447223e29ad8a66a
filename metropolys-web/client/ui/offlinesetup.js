// The offline page's setup: the form for a new game (seats, variant,
// seed, deck), the guided game, the saved game to resume, and the
// question asked before a new game replaces a saved one.

import { t } from "./i18n.js";
import { botChoices, deckToggle, seatInputs } from "./setup.js";

const $ = (id) => document.getElementById(id);
const SAVE = "metropolys-offline";

/** The game saved in this browser ({record, seats}), or null (none, or not readable). */
export function savedGame() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVE) ?? "null");
    return v && v.record && Array.isArray(v.seats) ? v : null;
  } catch {
    return null;
  }
}

/** Saves `record` (the game so far) with its `seats`; a finished game (`over`) is forgotten. */
export function saveGame(record, seats, over) {
  try {
    if (over) localStorage.removeItem(SAVE);
    else localStorage.setItem(SAVE, JSON.stringify({ record, seats }));
  } catch {
    // Not saved (a private window): the game goes on.
  }
}

/**
 * The setup form (`E`: the engine): `start(game, seats, guided)` is
 * called with the game it describes, the guided game or the saved game,
 * and `leave()` when the player goes back to it from a game.
 */
export class OfflineSetup {
  constructor(E, { start, leave }) {
    const C = E.constants();
    /** The new game waiting for the player's answer to "replace the saved game?". */
    this.replacing = null;
    this.seats = () => seatInputs(E, $("seats"), Number($("players").value), botChoices(C.BOT_KINDS),
      t("ui-a-person-here"), (i) => (i === 0 ? "human" : "casual"));
    $("players").addEventListener("change", this.seats);
    const deck = deckToggle(E, $("metropolys-cards"), $("deck"));
    // Leaving a game for the setup loses nothing: it stays saved, and Start
    // asks before a new game replaces it.
    $("new-game-link").addEventListener("click", (ev) => {
      ev.preventDefault();
      leave();
    });
    /** Starts the game the setup form describes. */
    const begin = () => {
      const f = $("offline-form");
      const players = Number(f.players.value);
      const text = f.seed.value.trim();
      if (text && !/^[0-9]{1,15}$/.test(text)) {
        $("setup-error").textContent = t("ui-seed-bad");
        return;
      }
      const seed = text ? Number(text) : Math.floor(Math.random() * 2 ** 32);
      const config = { players, variant: f.variant.value, seed };
      const seats = Array.from({ length: players }, (_, i) => f[`seat${i}`].value);
      try {
        if (f.metropolys.checked) config.metropolys_deck = deck();
        start(E.Game.fromConfig(config), seats);
      } catch (e) {
        $("setup-error").textContent = e.message;
      }
    };
    $("offline-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.replaceSaved(begin);
    });
    $("discard-yes").addEventListener("click", () => {
      const go = this.replacing;
      this.replacing = null;
      $("discard").hidden = true;
      go?.();
    });
    $("discard-no").addEventListener("click", () => {
      this.replacing = null;
      $("discard").hidden = true;
      $("resume").focus();
    });
    $("guided").addEventListener("click", () => {
      // A short game against the gentlest bot: two players, the Family game.
      this.replaceSaved(() => start(E.Game.fromConfig({ players: 2, variant: "family", seed: 2008 }), ["human", "beginner"], true));
    });
    $("resume").addEventListener("click", () => {
      const v = savedGame();
      try {
        start(E.Game.fromRecord(v.record), v.seats);
      } catch (e) {
        $("setup-error").textContent = t("ui-saved-bad", { error: e.message });
      }
    });
  }

  /** Shows the form afresh (the page shows the setup). */
  show() {
    $("headline").textContent = t("ui-offline-headline");
    this.seats();
    $("resume").hidden = !savedGame();
    $("discard").hidden = true;
    this.replacing = null;
  }

  /** Runs `begin` (a new game), once the player agrees when it replaces a saved game in progress. */
  replaceSaved(begin) {
    if (!savedGame()) {
      begin();
      return;
    }
    this.replacing = begin;
    $("discard").hidden = false;
    $("discard-no").focus();
  }
}
