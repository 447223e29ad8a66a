// What the online table and the offline page share around a bid: the
// board fitted to a phone, the picker opened on a neighborhood, the hint
// shown.

import { t, texts } from "./i18n.js";
import { inPlay } from "./moves.js";
import { place } from "./words.js";

const $ = (id) => document.getElementById(id);

/** A phone's board opens zoomed, on the districts in play of `game` (two of five are out of play with two players). */
export function fitBoard(E, board, game) {
  board.zoom(window.innerWidth <= 820 ? board.zoomFor(46) : 1);
  board.showInPlay(inPlay(E.board().neighborhoods, game.outOfPlay));
}

/**
 * Opens `picker` beside neighborhood `n` of `board` with the bids
 * `choices` (legal ones: {id, building}) in a game of `variant`; the
 * Expert game's buildings show their sizes.
 */
export function pickOn(E, { board, picker }, n, choices, variant) {
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
export function showHint(E, board, variant, id) {
  const a = E.actionFromId(id);
  $("hint-text").textContent = t("ui-hint-is", { action: texts().action(variant, id) });
  $("hint-text").setAttribute("data-action", String(id));
  board.hint(a === "pass" ? null : a.bid.neighborhood);
}
