// What the online table and the offline page share around a bid: the
// board fitted to a phone, the picker opened on a neighborhood, the hint
// shown.

import type { District, Variant } from "../engine/metropolys_wasm.js";
import type { BoardView } from "./board.js";
import { byId } from "./dom.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";
import { inPlay } from "./moves.js";
import type { Offer } from "./moves.js";
import type { Picker } from "./picker.js";
import { place } from "./words.js";

/** A phone's board opens zoomed, on the districts in play of `game` (two of five are out of play with two players). */
export function fitBoard(E: Engine, board: BoardView, game: { readonly outOfPlay: readonly District[] }): void {
  board.zoom(window.innerWidth <= 820 ? board.zoomFor(46) : 1);
  board.showInPlay(inPlay(E.board().neighborhoods, game.outOfPlay));
}

/**
 * Opens `picker` beside neighborhood `n` of `board` with the bids
 * `choices` (legal ones: {id, building}) in a game of `variant`; the
 * Expert game's buildings show their sizes.
 */
export function pickOn(E: Engine, { board, picker }: { board: BoardView; picker: Picker }, n: number, choices: readonly Offer[], variant: Variant): void {
  const sizes = variant === "expert" ? E.constants().BUILDING_SIZES : null;
  board.reveal(n);
  board.choose(n);
  picker.open(n, board.neighborhood(n), t("ui-bid-on", { place: place(E, n) }),
    choices.map((c) => ({
      id: c.id,
      building: c.building,
      size: sizes ? sizes[c.building] : null,
      label: texts().action(variant, c.id),
    })));
}

/** Shows the hint, action `id` of a game of `variant`, in words and on `board`. */
export function showHint(E: Engine, board: BoardView, variant: Variant, id: number): void {
  const a = E.actionFromId(id);
  byId("hint-text").textContent = t("ui-hint-is", { action: texts().action(variant, id) });
  byId("hint-text").setAttribute("data-action", String(id));
  board.hint(a === "pass" ? null : a.bid.neighborhood);
}
