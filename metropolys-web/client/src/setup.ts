// What the lobby and the offline page share to set a game up: an element
// maker, who plays each seat (a person or a bot, the friendliest bots
// first) and the Metropolys deck shown when its box is ticked.

import type { MetropolysCard } from "../engine/metropolys_wasm.js";
import { deckPicker } from "./deck.js";
import type { Engine } from "./engine.js";
import { t, texts } from "./i18n.js";
import { Seats } from "./words.js";

/** A new element with its text and class. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string | number | null, cls?: string | null): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

/** `kinds` (bot kinds), the difficulty presets first. */
export function botChoices(kinds: readonly string[]): string[] {
  const presets = ["beginner", "casual", "strong", "expert"];
  return [...presets.filter((k) => kinds.includes(k)), ...kinds.filter((k) => !presets.includes(k))];
}

/**
 * One select per seat in `box` (a fieldset whose legend stays): a person
 * (`human`, labelled `person`) or one of `bots`; a seat keeps its choice
 * when the number of players changes, a new one gets `fallback(i)`.
 */
export function seatInputs(E: Engine, box: HTMLElement, players: number, bots: readonly string[], person: string, fallback: (seat: number) => string): void {
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  while (box.children.length > 1) box.lastChild?.remove();
  const seats = new Seats(E, players, [], null);
  for (let i = 0; i < players; i++) {
    const label = el("label");
    label.append(seats.chip(i, t("ui-seat-of", { color: seats.color(i) })));
    const s = el("select");
    s.name = `seat${i}`;
    const human = el("option", person);
    human.value = "human";
    s.append(human);
    for (const k of bots) {
      const preset = texts().preset(k);
      const o = el("option", t("ui-bot-option", { name: preset ? preset.label : k }));
      if (preset) o.title = preset.about;
      o.value = k;
      s.append(o);
    }
    s.value = old[i] ?? fallback(i);
    label.append(s);
    box.append(label);
  }
}

/**
 * Shows the deck's four cards while `checkbox` is ticked (with the Family
 * or the Expert game, §9); returns `deck()`, the cards chosen.
 */
export function deckToggle(E: Engine, checkbox: HTMLInputElement, box: HTMLElement): () => MetropolysCard[] {
  let read: (() => MetropolysCard[]) | null = null;
  const changed = () => {
    box.hidden = !checkbox.checked;
    if (checkbox.checked && !read) read = deckPicker(E, box);
  };
  checkbox.addEventListener("change", changed);
  changed();
  return () => {
    // Read before the box was ever ticked: the caller asked for no deck.
    if (read === null) throw new Error("the Metropolys deck was never shown");
    return read();
  };
}
