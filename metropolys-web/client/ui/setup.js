// Built from client/src/setup.ts by scripts/build-web (esbuild). Do not edit.
import { deckPicker } from "./deck.js";
import { t, texts } from "./i18n.js";
import { Seats } from "./words.js";
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== void 0 && text !== null)
    e.textContent = String(text);
  if (cls)
    e.className = cls;
  return e;
}
function botChoices(kinds) {
  const presets = ["beginner", "casual", "strong", "expert"];
  return [...presets.filter((k) => kinds.includes(k)), ...kinds.filter((k) => !presets.includes(k))];
}
function seatInputs(E, box, players, bots, person, fallback) {
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  while (box.children.length > 1)
    box.lastChild?.remove();
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
      if (preset)
        o.title = preset.about;
      o.value = k;
      s.append(o);
    }
    s.value = old[i] ?? fallback(i);
    label.append(s);
    box.append(label);
  }
}
function deckToggle(E, checkbox, box) {
  let read = null;
  const changed = () => {
    box.hidden = !checkbox.checked;
    if (checkbox.checked && !read)
      read = deckPicker(E, box);
  };
  checkbox.addEventListener("change", changed);
  changed();
  return () => {
    if (read === null)
      throw new Error("the Metropolys deck was never shown");
    return read();
  };
}
export {
  botChoices,
  deckToggle,
  el,
  seatInputs
};
