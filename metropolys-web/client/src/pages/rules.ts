// The rules page: how a call works and how the game ends, with a board in
// the middle of a call (the engine's picture), the scoring rules and the
// legend of the board's symbols (the engine's own pictures), in the
// page's language. Nothing here is worded by the page: every sentence is
// the engine's catalogues'.

import type { Variant } from "./engine/metropolys_wasm.js";
import { byId } from "./ui/dom.js";
import { type Engine, loadEngine } from "./ui/engine.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { renderHowTo, renderLegend, renderRules } from "./ui/panel.js";

/** A game of `variant` in the middle of a call: two bids and an outbid, drawn by the engine. */
function callPicture(E: Engine, variant: Variant): void {
  const g = E.Game.fromConfig({ players: 3, variant, seed: 2008 });
  const bids: string[] = [];
  // The first legal moves until the call holds three bids.
  while (g.bids.length < 3 && !g.isOver) {
    const ids = [...g.legalActionIds()].filter((id) => E.actionFromId(id) !== "pass");
    const id = ids[Math.floor(ids.length / 2)]!;
    g.apply(id);
    bids.push(texts().action(variant, id));
  }
  const last = g.bids.at(-1)!;
  byId("call-board").innerHTML = g.toSvg({ highlight: last.neighborhood, hideIds: false });
  byId("call-caption").textContent = t("ui-rules-picture", {
    bids: texts().list(bids),
    place: texts().place(last.neighborhood),
  });
  g.free();
}

function render(E: Engine): void {
  const variant = byId<HTMLSelectElement>("variant").value as Variant;
  const metropolys = byId<HTMLInputElement>("metropolys-cards").checked;
  renderHowTo(byId("howto"), variant);
  renderRules(E, byId("rules"), variant, metropolys);
  renderLegend(E, byId("legend"), variant, metropolys);
  callPicture(E, variant);
}

// The page runs once the engine is loaded (the pages' scripts are built
// for ES2020, which has no top-level await).
async function main(): Promise<void> {
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId<HTMLSelectElement>("language"));
  byId("variant").addEventListener("change", () => render(E));
  byId("metropolys-cards").addEventListener("change", () => render(E));
  document.body.dataset.page = "rules";
  byId("loading").hidden = true;
  byId("rules-page").hidden = false;
  render(E);
}

void main();
