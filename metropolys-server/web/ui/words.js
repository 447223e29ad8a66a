// What the pages write: seats by name or colour, neighborhoods by id,
// district and kind, and core's events as sentences. The facts (colours,
// kinds, districts, points, what an action is) are the engine's; only the
// wording is here.

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
    const c = E.constants();
    this.colors = c.PLAYER_COLORS;
    this.colorNames = c.PLAYER_COLOR_NAMES;
    this.players = players;
    this.names = names;
    this.me = me;
  }

  /** The seat's colour name, capitalised (`Black`). */
  color(p) {
    return capital(this.colorNames[p % this.colorNames.length]);
  }

  /** The seat's name, else its colour (`Alice`, `Black`). */
  name(p) {
    const n = this.names[p];
    return n ? n : this.color(p);
  }

  /** As the log writes a seat: `You`, `Alice (black)`, `Black`. */
  who(p) {
    if (p === this.me) return "You";
    const n = this.names[p];
    return n ? `${n} (${this.colorNames[p]})` : this.color(p);
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

/** Neighborhood `n` in words: `12 (center mall)`. */
export function place(E, n) {
  const info = E.board().neighborhoods[n];
  return info ? `${n} (${info.district} ${info.kind})` : String(n);
}

/** A signed number of points: `+3`, `−1`. */
export function points(n) {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** Core's event `e` as a sentence (seats named by `seats`). */
export function eventText(E, seats, e) {
  const c = E.constants();
  const who = (p) => seats.who(p);
  switch (e.type) {
    case "call_started":
      return `Call ${e.call}: ${who(e.player)} ${e.player === seats.me ? "open" : "opens"}`;
    case "bid_placed":
      return `${who(e.player)} ${e.player === seats.me ? "bid" : "bids"} ${e.building} on ${place(E, e.neighborhood)}`;
    case "passed": {
      const verb = e.player === seats.me ? "pass" : "passes";
      return e.forced
        ? `${who(e.player)} cannot outbid and ${verb} (R-11)`
        : `${who(e.player)} ${verb}`;
    }
    case "constructed":
      return `${who(e.player)} ${e.player === seats.me ? "construct" : "constructs"} building ${e.building} on ${place(E, e.neighborhood)}`;
    case "bid_returned":
      return `${e.player === seats.me ? "Your" : `${who(e.player)}’s`} ${e.building} returns from ${e.neighborhood}`;
    case "token_taken":
      return `${who(e.player)} ${e.player === seats.me ? "take" : "takes"} the ${e.token} token (${points(c.TOKEN_POINTS[e.token])})`;
    case "card_taken":
      return `${who(e.player)} ${e.player === seats.me ? "take" : "takes"} the ${e.card} card (${points(c.CARD_POINTS[e.card])})${e.from === null ? "" : ` from ${who(e.from)}`}`;
    case "game_ended":
      return `Game over: ${winnersText(seats, e.winners)}`;
    default:
      return e.type;
  }
}

/** Who won, in words. */
export function winnersText(seats, winners) {
  const names = winners.map((p) => seats.who(p));
  if (names.length === 1) return `${names[0]} ${winners[0] === seats.me ? "win" : "wins"}`;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} share the victory (R-20)`;
}
