// Built from client/src/words.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { t, texts } from "./i18n.js";
function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
class Seats {
  constructor(E, players, names = [], me = null) {
    /** The seats' colours (CSS), by seat. */
    __publicField(this, "colors");
    /** How many seats the game has. */
    __publicField(this, "players");
    /** A name (or null: unknown) by seat. */
    __publicField(this, "names");
    /** This page's seat, or null. */
    __publicField(this, "me");
    this.colors = E.constants().PLAYER_COLORS;
    this.players = players;
    this.names = names;
    this.me = me;
  }
  /** The seat's colour name (`Black`, `Černý`). */
  color(p) {
    return texts().color(p);
  }
  /** The seat's name, else its colour (`Alice`, `Black`). */
  name(p) {
    const n = this.names[p];
    return n ? n : this.color(p);
  }
  /** As the log writes a seat: `You`, `Alice (Black)`, `Black`. */
  who(p) {
    return texts().seat(p, this.names[p] || null, this.me);
  }
  /** The narration's options for these seats (`new Narrator`, `narrateRecord`). */
  narration() {
    return { lang: texts().lang, names: this.names.slice(0, 4).map((n) => n || null), me: this.me ?? void 0 };
  }
  /** A colour swatch of seat `p`, then `text`. */
  chip(p, text) {
    const s = document.createElement("span");
    s.className = "seat-chip";
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = this.colors[p];
    sw.setAttribute("aria-hidden", "true");
    s.append(sw, document.createTextNode(text ?? this.name(p)));
    return s;
  }
}
function place(_E, n) {
  return texts().place(n);
}
function bidHere(E, dests) {
  return (n) => t("ui-bid-here", { place: place(E, n), choices: texts().message("buildings-count", { count: dests.get(n)?.length ?? 0 }) });
}
function winnersText(seats, winners) {
  const names = winners.map((p) => seats.who(p));
  const me = winners.length === 1 && winners[0] === seats.me ? "yes" : "no";
  return t("ui-winners", { names: texts().list(names), count: winners.length, me });
}
export {
  Seats,
  bidHere,
  capital,
  place,
  winnersText
};
