// The rules page: how a call works and how the game ends, with a board in
// the middle of a call (the engine's picture), the scoring rules and the
// legend of the board's symbols (the engine's own pictures), in the
// page's language. Nothing here is worded by the page: every sentence is
// the engine's catalogues'.

import { loadEngine } from "./ui/engine.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { renderHowTo, renderLegend, renderRules } from "./ui/panel.js";

const $ = (id) => document.getElementById(id);
const E = await loadEngine();
setUpLanguage(E);
languageMenu($("language"));
/** A game of `variant` in the middle of a call: two bids and an outbid, drawn by the engine. */
function callPicture(variant) {
  const g = E.Game.fromConfig({ players: 3, variant, seed: 2008 });
  const bids = [];
  // The first legal moves until the call holds three bids.
  while (g.bids.length < 3 && !g.isOver) {
    const ids = [...g.legalActionIds()].filter((id) => E.actionFromId(id) !== "pass");
    const id = ids[Math.floor(ids.length / 2)];
    g.apply(id);
    bids.push(texts().action(variant, id));
  }
  const last = g.bids.at(-1);
  $("call-board").innerHTML = g.toSvg({ highlight: last.neighborhood, hideIds: false });
  $("call-caption").textContent = t("ui-rules-picture", {
    bids: texts().list(bids),
    place: texts().place(last.neighborhood),
  });
  g.free();
}

function render() {
  const variant = $("variant").value;
  const metropolys = $("metropolys-cards").checked;
  renderHowTo($("howto"), variant);
  renderRules(E, $("rules"), variant, metropolys);
  renderLegend(E, $("legend"), variant, metropolys);
  callPicture(variant);
}

$("variant").addEventListener("change", render);
$("metropolys-cards").addEventListener("change", render);
document.body.dataset.page = "rules";
$("loading").hidden = true;
$("rules-page").hidden = false;
render();
