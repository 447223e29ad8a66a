// Built from client/src/deck.ts by scripts/build-web (esbuild). Do not edit.
import { t, texts } from "./i18n.js";
function label(card) {
  return texts().list(card.map((k) => texts().message(`kind-${k}`)));
}
function draw(all) {
  const order = all.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, 4);
}
function deckPicker(E, box) {
  const all = E.constants().METROPOLYS_CARDS;
  box.replaceChildren();
  const legend = document.createElement("legend");
  legend.textContent = t("ui-deck-legend");
  box.append(legend);
  const selects = draw(all).map((pick, i) => {
    const l = document.createElement("label");
    l.textContent = `${t("ui-deck-card", { n: i + 1 })} `;
    const s = document.createElement("select");
    s.name = `deck${i}`;
    all.forEach((card, k) => {
      const o = document.createElement("option");
      o.value = String(k);
      o.textContent = label(card);
      s.append(o);
    });
    s.value = String(pick);
    l.append(s);
    box.append(l);
    return s;
  });
  return () => {
    const picks = selects.map((s) => Number(s.value));
    if (new Set(picks).size !== picks.length) {
      throw new Error(t("ui-deck-different"));
    }
    return picks.map((k) => all[k]);
  };
}
export {
  deckPicker
};
