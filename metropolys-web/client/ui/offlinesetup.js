// Built from client/src/offlinesetup.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { BotWorker } from "../engine/worker.js";
import { byId } from "./dom.js";
import { t } from "./i18n.js";
import { botChoices, deckToggle, seatInputs } from "./setup.js";
const SAVE = "metropolys-offline";
function gameUnderWay(E, key, game, seats) {
  const humans = seats.filter((k) => k === "human").length;
  return {
    key,
    game,
    seats,
    // A seed above 2^53 − 1 (a BigInt) is not one this page deals: each bot's seed is a number.
    bots: seats.map((k, i) => k === "human" ? null : new BotWorker(k, { seed: Number(game.config?.seed ?? 0) + i + 1 })),
    hint: new E.Bot("strong", { seed: 1 }),
    shown: null,
    thinking: null,
    legal: /* @__PURE__ */ new Map(),
    pass: null,
    guide: null,
    waiting: null,
    names: seats.map(() => null),
    hotseat: humans > 1,
    panned: null,
    marked: []
  };
}
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}
function savedGame() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVE) ?? "null");
    return v && v.record && Array.isArray(v.seats) ? v : null;
  } catch {
    return null;
  }
}
function saveGame(record, seats, over) {
  try {
    if (over)
      localStorage.removeItem(SAVE);
    else
      localStorage.setItem(SAVE, JSON.stringify({ record, seats }));
  } catch {
  }
}
function field(form, name) {
  return form.elements.namedItem(name);
}
class OfflineSetup {
  constructor(E, { start, leave }) {
    /** The new game waiting for the player's answer to "replace the saved game?". */
    __publicField(this, "replacing", null);
    /** Draws the seats' choices for the number of players chosen. */
    __publicField(this, "seats");
    const C = E.constants();
    const players = byId("players");
    this.seats = () => seatInputs(
      E,
      byId("seats"),
      Number(players.value),
      botChoices(C.BOT_KINDS),
      t("ui-a-person-here"),
      (i) => i === 0 ? "human" : "casual"
    );
    players.addEventListener("change", this.seats);
    const deck = deckToggle(E, byId("metropolys-cards"), byId("deck"));
    byId("new-game-link").addEventListener("click", (ev) => {
      ev.preventDefault();
      leave();
    });
    const begin = () => {
      const f = byId("offline-form");
      const players2 = Number(field(f, "players").value);
      const text = field(f, "seed").value.trim();
      if (text && !/^[0-9]{1,15}$/.test(text)) {
        byId("setup-error").textContent = t("ui-seed-bad");
        return;
      }
      const seed = text ? Number(text) : Math.floor(Math.random() * 2 ** 32);
      const config = { players: players2, variant: field(f, "variant").value, seed };
      const seats = Array.from({ length: players2 }, (_, i) => field(f, `seat${i}`).value);
      try {
        if (field(f, "metropolys").checked)
          config.metropolys_deck = deck();
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
      this.replaceSaved(() => start(E.Game.fromConfig({ players: 2, variant: "family", seed: 2008 }), ["human", "beginner"], true));
    });
    byId("resume").addEventListener("click", () => {
      const v = savedGame();
      try {
        if (!v)
          throw new TypeError("no saved game");
        start(E.Game.fromRecord(v.record), v.seats);
      } catch (e) {
        byId("setup-error").textContent = t("ui-saved-bad", { error: errorText(e) });
      }
    });
  }
  /** Shows the form afresh (the page shows the setup). */
  show() {
    byId("headline").textContent = t("ui-offline-headline");
    this.seats();
    byId("resume").hidden = !savedGame();
    byId("discard").hidden = true;
    this.replacing = null;
  }
  /** Runs `begin` (a new game), once the player agrees when it replaces a saved game in progress. */
  replaceSaved(begin) {
    if (!savedGame()) {
      begin();
      return;
    }
    this.replacing = begin;
    byId("discard").hidden = false;
    byId("discard-no").focus();
  }
}
export {
  OfflineSetup,
  errorText,
  gameUnderWay,
  saveGame,
  savedGame
};
