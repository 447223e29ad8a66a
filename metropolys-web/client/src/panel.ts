// The table's side panel, for the online and the offline page alike: a
// seat's cards (what they are, what they score, where), its supply by
// building size, the players with what is known of their scores, the
// score sheet, the legend and the scoring rules (the event log is log.js,
// the review of a finished game review.js). Every fact comes from the engine
// (`E`, the WebAssembly package) and the game in the page (a `Game`: a
// seat's view online, the whole game offline).

import type { Game, NeighborhoodId, ScoreSheet, SecretCard, Variant } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { capital } from "./words.js";
import type { Seats } from "./words.js";

/** What a secret card is (`area`, `neighborhood` or `metropolys`), from core's SecretCard. */
function cardKind(card: SecretCard): string {
  return Object.keys(card)[0];
}

/** The key the page (and its tests) give a secret card: `area:lakes`, `kind:park`, `metropolys:park,mall,housing`. */
export function cardKey(card: SecretCard): string {
  if ("area" in card) return `area:${card.area}`;
  if ("neighborhood" in card) return `kind:${card.neighborhood}`;
  return `metropolys:${card.metropolys.join(",")}`;
}

/**
 * Seat `seat`'s cards in `box` (only when `game` knows them, R-21), each
 * with core's label and text, and a button each: `onShow(neighborhoods)`
 * marks where the chosen card scores (first the card with the fewest
 * places, the most telling). Returns the neighborhoods first shown.
 */
export function renderCards(_E: Engine, box: HTMLElement, game: Game, seat: number | null | undefined,
  onShow: (neighborhoods: NeighborhoodId[]) => void = () => {}): NeighborhoodId[] {
  const chosen = box.dataset.chosen;
  box.replaceChildren();
  if (seat === null || seat === undefined || !game.objective(seat)) return [];
  const places = game.whereCardsScore(seat);
  const buttons: HTMLButtonElement[] = [];
  for (const place of places) {
    const c = el("button", null, `card ${cardKind(place.card)}`);
    c.type = "button";
    c.setAttribute("data-card", cardKey(place.card));
    c.setAttribute("aria-pressed", "false");
    c.title = t("ui-show-where", { places: texts().message("neighborhoods-count", { count: place.neighborhoods.length }) });
    c.append(el("b", `${texts().cardLabel(place.card)}: `), document.createTextNode(texts().cardText(game.variant, place.card)));
    c.addEventListener("click", () => {
      for (const b of buttons) b.setAttribute("aria-pressed", String(b === c));
      box.dataset.chosen = cardKey(place.card);
      onShow(place.neighborhoods);
    });
    buttons.push(c);
    box.append(c);
  }
  let first = places.findIndex((p) => cardKey(p.card) === chosen);
  if (first < 0) {
    first = 0;
    places.forEach((p, i) => {
      if (p.neighborhoods.length < places[first].neighborhoods.length) first = i;
    });
  }
  buttons[first]?.setAttribute("aria-pressed", "true");
  return places[first]?.neighborhoods ?? [];
}

/** Seat `seat`'s supply, by building size in the Expert game. */
export function renderSupply(E: Engine, box: HTMLElement, game: Game, seat: number | null | undefined): void {
  box.replaceChildren();
  if (seat === null || seat === undefined) return;
  const supply = [...game.supply(seat)];
  box.className = "supply";
  box.setAttribute("data-supply", supply.join(","));
  if (game.variant !== "expert") {
    box.textContent = `${t("ui-your-buildings")} ${supply.join(" ") || t("ui-none-left")}`;
    return;
  }
  const sizes = E.constants().BUILDING_SIZES;
  box.append(document.createTextNode(`${t("ui-your-buildings")} `));
  for (const size of ["small", "medium", "tall"] as const) {
    const mine = supply.filter((b) => sizes[b] === size);
    const s = el("span", `${texts().size(size)} ${mine.join(" ") || "–"}`, "size");
    box.append(s);
  }
}

/** A seat as the players' table shows it: its presence, and the bot that plays it. */
export interface SeatPresence {
  /** Whether a socket of the seat is open. */
  connected: boolean;
  /** Whether a person holds the seat. */
  taken?: boolean;
  /** The bot playing the seat (its spec), or none. */
  bot?: string | null;
}

/**
 * The players: presence, name, buildings, supply, tokens, special cards,
 * and the score as far as this game knows it (the others' cards stay
 * secret until the end, R-21).
 * `status`: per seat {connected, bot} or null (offline).
 */
export function renderPlayers(E: Engine, table: HTMLElement, game: Game, seats: Seats,
  status: readonly (SeatPresence | null | undefined)[] | null | undefined): void {
  table.replaceChildren();
  const head = el("tr");
  const T = texts();
  const cols = [t("ui-col-player"), t("ui-col-built"), t("ui-col-left"), "T", "S", "A", t("ui-col-score")];
  const titles = ["", t("ui-col-built-title"), t("ui-col-left-title"), T.category("trendy"), T.category("subway"),
    T.category("archaeology"), t("ui-col-score-title")];
  cols.forEach((h, i) => {
    const th = el("th", h);
    th.scope = "col";
    if (titles[i]) th.title = titles[i];
    head.append(th);
  });
  table.append(head);
  const running = game.runningScores();
  const toAct = game.toAct;
  for (let p = 0; p < game.players; p++) {
    const tr = el("tr");
    tr.setAttribute("data-seat", String(p));
    if (toAct === p) tr.className = "to-act";
    const who = el("td", null, "who");
    const st = status?.[p];
    if (st) {
      const dot = el("span", null, `dot${st.connected ? " on" : ""}`);
      const what = t(st.bot ? "ui-status-bot" : st.connected ? "ui-status-connected" : st.taken ? "ui-status-away" : "ui-status-free");
      dot.title = what;
      dot.setAttribute("role", "img");
      dot.setAttribute("aria-label", what);
      who.append(dot, " ");
    }
    let name = seats.name(p);
    if (p === seats.me) name = t("ui-you-mark", { name });
    if (st?.bot && st.bot !== name) name += ` · ${T.preset(st.bot)?.label ?? st.bot}`;
    who.append(seats.chip(p, name));
    // The special cards this seat holds.
    for (const c of E.constants().CARDS.filter((c) => game.cardHolder(c) === p)) {
      const tag = el("span", T.message(`card-${c}`), "card-tag held");
      tag.setAttribute("data-held", c);
      who.append(tag);
    }
    tr.append(who);
    tr.append(el("td", String(game.constructed(p).length)));
    tr.append(el("td", String(game.supply(p).length)));
    const taken = game.tokensTaken(p);
    tr.append(el("td", String(taken.trendy)), el("td", String(taken.subway)), el("td", String(taken.archaeology)));
    const r = running[p];
    const score = el("td", r.complete ? String(r.known_total) : `${r.known_total}+?`);
    score.setAttribute("data-known", String(r.known_total));
    score.title = r.categories.filter((c) => c.value !== null && c.value !== 0 && c.category !== "total" && c.category !== "constructed")
      .map((c) => `${T.category(c.category)} ${c.value}`).join(", ") || t("ui-nothing-yet");
    if (!r.complete) score.title += `; ${t("ui-not-known", { what: r.unknown.map((u) => T.category(u)).join(", ") })}`;
    tr.append(score);
    table.append(tr);
  }
}

/** What `renderSheet` shows. */
export interface SheetOptions {
  /** Core's score sheets, one per seat. */
  scores: readonly ScoreSheet[];
  /** The winning seats. */
  winners: readonly number[];
  /** How the page names the seats. */
  seats: Seats;
  /** Told the seat whose column was clicked. */
  onSeat?: ((seat: number) => void) | null;
  /** The game's variant. */
  variant: Variant;
  /** Whether the game uses the Metropolys cards. */
  metropolys?: boolean;
}

/** Category `name`'s value on score sheet `s` (core's field of that name). */
function categoryValue(s: ScoreSheet, name: string): unknown {
  return (s as unknown as Record<string, unknown>)[name];
}

/**
 * The score sheet: core's sheets, the rows of this kind of game in core's
 * order with core's labels; clicking a seat's column shows the groups
 * that seat scored (`onSeat`).
 */
export function renderSheet(E: Engine, box: HTMLElement, { scores, winners, seats, onSeat, variant, metropolys }: SheetOptions): void {
  box.replaceChildren();
  const table = el("table", null, "sheet");
  table.append(el("caption", t("ui-final-score"), "visually-hidden"));
  const head = el("tr");
  head.append(el("th", ""));
  for (const s of scores) {
    const th = el("th");
    th.scope = "col";
    const b = el("button", `${seats.name(s.player)}${winners.includes(s.player) ? " ★" : ""}`);
    b.type = "button";
    b.setAttribute("aria-pressed", "false");
    b.setAttribute("data-seat", String(s.player));
    b.title = t("ui-show-seat-scored");
    if (winners.includes(s.player)) b.classList.add("winner");
    b.addEventListener("click", () => {
      for (const x of head.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
      onSeat?.(s.player);
    });
    th.append(b);
    head.append(th);
  }
  table.append(head);
  for (const { name } of E.scoreCategories(variant, metropolys)) {
    const row = el("tr", null, name === "total" ? "total" : "");
    row.setAttribute("data-category", name);
    row.append(el("td", capital(texts().category(name))));
    for (const s of scores) row.append(el("td", String(categoryValue(s, name))));
    table.append(row);
  }
  // A frame of its own that scrolls sideways when names are long: no column is ever cut off.
  const frame = el("div", null, "sheet-frame");
  frame.append(table);
  box.append(frame);
}

/** Every seat's cards, as the end reveals them, with core's labels. */
export function renderRevealed(_E: Engine, box: HTMLElement, game: Game, seats: Seats): void {
  for (let p = 0; p < game.players; p++) {
    if (!game.objective(p)) continue;
    const line = el("p", null, "revealed");
    line.append(seats.chip(p, `${seats.name(p)}: `));
    for (const place of game.whereCardsScore(p)) {
      const c = el("span", texts().cardLabel(place.card), `card-tag ${cardKind(place.card)}`);
      c.setAttribute("data-card", cardKey(place.card));
      c.title = texts().cardText(game.variant, place.card);
      line.append(c);
    }
    box.append(line);
  }
}

/** The legend of the board's symbols (core's pictures and words). */
export function renderLegend(_E: Engine, box: HTMLElement, variant: Variant, metropolys?: boolean): void {
  box.replaceChildren();
  const list = el("ul", null, "legend-list");
  for (const item of texts().legend(variant, metropolys)) {
    const pic = el("li");
    pic.innerHTML = item.svg; // drawn by the engine
    pic.setAttribute("aria-hidden", "true");
    const words = el("li");
    words.append(el("b", `${capital(item.label)}: `), document.createTextNode(item.meaning));
    list.append(pic, words);
  }
  box.append(list);
}

/** How to play, one paragraph each (the catalogue's words), in `box`. */
export function renderHowTo(box: HTMLElement, variant: Variant): void {
  box.replaceChildren(...texts().howToPlay(variant).map((p) => el("p", p)));
}

/** The scoring in words (the catalogue's, for this variant and module). */
export function renderRules(_E: Engine, list: HTMLElement, variant: Variant, metropolys?: boolean): void {
  list.replaceChildren();
  for (const r of texts().scoringRules(variant, metropolys)) {
    const li = el("li");
    li.append(el("b", `${r.label}: `), document.createTextNode(r.text));
    list.append(li);
  }
}
