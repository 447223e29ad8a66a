// How the pages name seats and neighborhoods, in the page's language. The
// words are the engine's catalogues' (ui/i18n.js); the facts (colours,
// kinds, districts) are the engine's too: nothing here is worded twice.

import type { NarrationOptions } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";
import type { Offer } from "./moves.js";

/** `word` with a capital first letter. */
export function capital(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * How the pages name seats: `names[p]` (a person's name or a bot's kind)
 * when known, else the seat's colour; `me` is the seat of this page, or
 * null.
 */
export class Seats {
  /** The seats' colours (CSS), by seat. */
  readonly colors: readonly string[];
  /** How many seats the game has. */
  readonly players: number;
  /** A name (or null: unknown) by seat. */
  readonly names: ReadonlyArray<string | null>;
  /** This page's seat, or null. */
  readonly me: number | null;

  constructor(E: Engine, players: number, names: ReadonlyArray<string | null> = [], me: number | null = null) {
    this.colors = E.constants().PLAYER_COLORS;
    this.players = players;
    this.names = names;
    this.me = me;
  }

  /** The seat's colour name (`Black`, `Černý`). */
  color(p: number): string {
    return texts().color(p);
  }

  /** The seat's name, else its colour (`Alice`, `Black`). */
  name(p: number): string {
    const n = this.names[p];
    return n ? n : this.color(p);
  }

  /** As the log writes a seat: `You`, `Alice (Black)`, `Black`. */
  who(p: number): string {
    return texts().seat(p, this.names[p] || null, this.me);
  }

  /** The narration's options for these seats (`new Narrator`, `narrateRecord`). */
  narration(): NarrationOptions {
    // No seat of this page: `me` left out (the engine reads null and a missing `me` alike).
    return { lang: texts().lang, names: this.names.slice(0, 4).map((n) => n || null), me: this.me ?? undefined };
  }

  /** A colour swatch of seat `p`, then `text`. */
  chip(p: number, text?: string | null): HTMLSpanElement {
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
export function place(_E: Engine, n: number): string {
  return texts().place(n);
}

/**
 * The label of each neighborhood where a seat may bid (`dests`: moves.js's
 * bids by neighborhood): the place and how many buildings it may bid there.
 */
export function bidHere(E: Engine, dests: ReadonlyMap<number, readonly Offer[]>): (n: number) => string {
  return (n) => t("ui-bid-here", { place: place(E, n), choices: texts().message("buildings-count", { count: dests.get(n)?.length ?? 0 }) });
}

/** Who won, in words: `Black wins`, `You win`, `Blue and Black share the victory`. */
export function winnersText(seats: Seats, winners: readonly number[]): string {
  const names = winners.map((p) => seats.who(p));
  const me = winners.length === 1 && winners[0] === seats.me ? "yes" : "no";
  return t("ui-winners", { names: texts().list(names), count: winners.length, me });
}
