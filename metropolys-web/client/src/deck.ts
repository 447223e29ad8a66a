// The Metropolys deck of a new game: the rulebook does not print
// which four of the ten possible cards (core's METROPOLYS_CARDS, every
// three different kinds) the deck holds, so whoever sets the game up
// chooses them — the page proposes four at random, to be changed to the
// cards of one's own copy.

import type { MetropolysCard } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";

/** A card's kinds in the page's language: `industry, park and housing`. */
function label(card: MetropolysCard): string {
  return texts().list(card.map((k) => texts().message(`kind-${k}`)));
}

/** Four different cards of `all`, drawn at random. */
function draw(all: readonly unknown[]): number[] {
  const order = all.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, 4);
}

/**
 * Fills `box` with four selects of the cards; returns `value()`, the deck
 * chosen, or throws an Error when two selects name one card.
 */
export function deckPicker(E: Engine, box: HTMLElement): () => MetropolysCard[] {
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
