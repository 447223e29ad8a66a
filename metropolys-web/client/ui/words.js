// How the pages name seats and neighborhoods, in the page's language. The
// words are the engine's catalogues' (ui/i18n.js); the facts (colours,
// kinds, districts) are the engine's too: nothing here is worded twice.

import { t, texts } from "./i18n.js";

/** `word` with a capital first letter. */
export function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * How the pages name seats: `names[p]` (a person's name or a bot's kind)
 * when known, else the seat's colour; `me` is the seat of this page, or
 * null.
 */
export class Seats {
  constructor(E, players, names = [], me = null) {
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
    return { lang: texts().lang, names: this.names.slice(0, 4).map((n) => n || null), me: this.me };
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

/** Neighborhood `n` in words: `12 (center, mall)`. */
export function place(E, n) {
  return texts().place(n);
}

/**
 * The label of each neighborhood where a seat may bid (`dests`: moves.js's
 * bids by neighborhood): the place and how many buildings it may bid there.
 */
export function bidHere(E, dests) {
  return (n) => t("ui-bid-here", { place: place(E, n), choices: texts().message("buildings-count", { count: dests.get(n)?.length ?? 0 }) });
}

/** Who won, in words: `Black wins`, `You win`, `Blue and Black share the victory`. */
export function winnersText(seats, winners) {
  const names = winners.map((p) => seats.who(p));
  const me = winners.length === 1 && winners[0] === seats.me ? "yes" : "no";
  return t("ui-winners", { names: texts().list(names), count: winners.length, me });
}
