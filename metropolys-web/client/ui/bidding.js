// Built from client/src/bidding.ts by scripts/build-web (esbuild). Do not edit.
import { byId } from "./dom.js";
import { t, texts } from "./i18n.js";
import { inPlay } from "./moves.js";
import { place } from "./words.js";
function fitBoard(E, board, game) {
  board.zoom(window.innerWidth <= 820 ? board.zoomFor(46) : 1);
  board.showInPlay(inPlay(E.board().neighborhoods, game.outOfPlay));
}
function pickOn(E, { board, picker }, n, choices, variant) {
  const sizes = variant === "expert" ? E.constants().BUILDING_SIZES : null;
  board.reveal(n);
  board.choose(n);
  picker.open(
    n,
    board.neighborhood(n),
    t("ui-bid-on", { place: place(E, n) }),
    choices.map((c) => ({
      id: c.id,
      building: c.building,
      size: sizes ? sizes[c.building] : null,
      label: texts().action(variant, c.id)
    }))
  );
}
function showHint(E, board, variant, id) {
  const a = E.actionFromId(id);
  byId("hint-text").textContent = t("ui-hint-is", { action: texts().action(variant, id) });
  byId("hint-text").setAttribute("data-action", String(id));
  board.hint(a === "pass" ? null : a.bid.neighborhood);
}
export {
  fitBoard,
  pickOn,
  showHint
};
