// Built from client/src/pages/rules.ts by scripts/build-web (esbuild). Do not edit.
import { byId } from "./ui/dom.js";
import { loadEngine } from "./ui/engine.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { renderHowTo, renderLegend, renderRules } from "./ui/panel.js";
function callPicture(E, variant) {
  const g = E.Game.fromConfig({ players: 3, variant, seed: 2008 });
  const bids = [];
  while (g.bids.length < 3 && !g.isOver) {
    const ids = [...g.legalActionIds()].filter((id2) => E.actionFromId(id2) !== "pass");
    const id = ids[Math.floor(ids.length / 2)];
    g.apply(id);
    bids.push(texts().action(variant, id));
  }
  const last = g.bids.at(-1);
  byId("call-board").innerHTML = g.toSvg({ highlight: last.neighborhood, hideIds: false });
  byId("call-caption").textContent = t("ui-rules-picture", {
    bids: texts().list(bids),
    place: texts().place(last.neighborhood)
  });
  g.free();
}
function render(E) {
  const variant = byId("variant").value;
  const metropolys = byId("metropolys-cards").checked;
  renderHowTo(byId("howto"), variant);
  renderRules(E, byId("rules"), variant, metropolys);
  renderLegend(E, byId("legend"), variant, metropolys);
  callPicture(E, variant);
}
async function main() {
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId("language"));
  byId("variant").addEventListener("change", () => render(E));
  byId("metropolys-cards").addEventListener("change", () => render(E));
  document.body.dataset.page = "rules";
  byId("loading").hidden = true;
  byId("rules-page").hidden = false;
  render(E);
}
void main();
