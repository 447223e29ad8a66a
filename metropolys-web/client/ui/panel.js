// Built from client/src/panel.ts by scripts/build-web (esbuild). Do not edit.
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { capital } from "./words.js";
function cardKind(card) {
  return Object.keys(card)[0];
}
function cardKey(card) {
  if ("area" in card)
    return `area:${card.area}`;
  if ("neighborhood" in card)
    return `kind:${card.neighborhood}`;
  return `metropolys:${card.metropolys.join(",")}`;
}
function renderCards(_E, box, game, seat, onShow = () => {
}) {
  const chosen = box.dataset.chosen;
  box.replaceChildren();
  if (seat === null || seat === void 0 || !game.objective(seat))
    return [];
  const places = game.whereCardsScore(seat);
  const buttons = [];
  for (const place of places) {
    const c = el("button", null, `card ${cardKind(place.card)}`);
    c.type = "button";
    c.setAttribute("data-card", cardKey(place.card));
    c.setAttribute("aria-pressed", "false");
    c.title = t("ui-show-where", { places: texts().message("neighborhoods-count", { count: place.neighborhoods.length }) });
    c.append(el("b", `${texts().cardLabel(place.card)}: `), document.createTextNode(texts().cardText(game.variant, place.card)));
    c.addEventListener("click", () => {
      for (const b of buttons)
        b.setAttribute("aria-pressed", String(b === c));
      box.dataset.chosen = cardKey(place.card);
      onShow(place.neighborhoods);
    });
    buttons.push(c);
    box.append(c);
  }
  let first = places.findIndex((p) => cardKey(p.card) === chosen);
  if (first < 0) {
    first = 0;
    places.forEach((p, i) => {
      if (p.neighborhoods.length < places[first].neighborhoods.length)
        first = i;
    });
  }
  buttons[first]?.setAttribute("aria-pressed", "true");
  return places[first]?.neighborhoods ?? [];
}
function renderSupply(E, box, game, seat) {
  box.replaceChildren();
  if (seat === null || seat === void 0)
    return;
  const supply = [...game.supply(seat)];
  box.className = "supply";
  box.setAttribute("data-supply", supply.join(","));
  if (game.variant !== "expert") {
    box.textContent = `${t("ui-your-buildings")} ${supply.join(" ") || t("ui-none-left")}`;
    return;
  }
  const sizes = E.constants().BUILDING_SIZES;
  box.append(document.createTextNode(`${t("ui-your-buildings")} `));
  for (const size of ["small", "medium", "tall"]) {
    const mine = supply.filter((b) => sizes[b] === size);
    const s = el("span", `${texts().size(size)} ${mine.join(" ") || "\u2013"}`, "size");
    box.append(s);
  }
}
function renderPlayers(E, table, game, seats, status) {
  table.replaceChildren();
  const head = el("tr");
  const T = texts();
  const cols = [t("ui-col-player"), t("ui-col-built"), t("ui-col-left"), "T", "S", "A", t("ui-col-score")];
  const titles = [
    "",
    t("ui-col-built-title"),
    t("ui-col-left-title"),
    T.category("trendy"),
    T.category("subway"),
    T.category("archaeology"),
    t("ui-col-score-title")
  ];
  cols.forEach((h, i) => {
    const th = el("th", h);
    th.scope = "col";
    if (titles[i])
      th.title = titles[i];
    head.append(th);
  });
  table.append(head);
  const running = game.runningScores();
  const toAct = game.toAct;
  for (let p = 0; p < game.players; p++) {
    const tr = el("tr");
    tr.setAttribute("data-seat", String(p));
    if (toAct === p)
      tr.className = "to-act";
    const who = el("td", null, "who");
    const st = status?.[p];
    if (st) {
      const dot = el("span", null, `dot${st.connected ? " on" : ""}`);
      const what = t(st.bot ? "ui-status-bot" : st.connected ? "ui-status-connected" : st.taken ? "ui-status-away" : "ui-status-free");
      dot.title = what;
      dot.setAttribute("role", "img");
      dot.setAttribute("aria-label", what);
      who.append(dot, " ");
    }
    let name = seats.name(p);
    if (p === seats.me)
      name = t("ui-you-mark", { name });
    if (st?.bot && st.bot !== name)
      name += ` \xB7 ${T.preset(st.bot)?.label ?? st.bot}`;
    who.append(seats.chip(p, name));
    for (const c of E.constants().CARDS.filter((c2) => game.cardHolder(c2) === p)) {
      const tag = el("span", T.message(`card-${c}`), "card-tag held");
      tag.setAttribute("data-held", c);
      who.append(tag);
    }
    tr.append(who);
    tr.append(el("td", String(game.constructed(p).length)));
    tr.append(el("td", String(game.supply(p).length)));
    const taken = game.tokensTaken(p);
    tr.append(el("td", String(taken.trendy)), el("td", String(taken.subway)), el("td", String(taken.archaeology)));
    const r = running[p];
    const score = el("td", r.complete ? String(r.known_total) : `${r.known_total}+?`);
    score.setAttribute("data-known", String(r.known_total));
    score.title = r.categories.filter((c) => c.value !== null && c.value !== 0 && c.category !== "total" && c.category !== "constructed").map((c) => `${T.category(c.category)} ${c.value}`).join(", ") || t("ui-nothing-yet");
    if (!r.complete)
      score.title += `; ${t("ui-not-known", { what: r.unknown.map((u) => T.category(u)).join(", ") })}`;
    tr.append(score);
    table.append(tr);
  }
}
function categoryValue(s, name) {
  return s[name];
}
function renderSheet(E, box, { scores, winners, seats, onSeat, variant, metropolys }) {
  box.replaceChildren();
  const table = el("table", null, "sheet");
  table.append(el("caption", t("ui-final-score"), "visually-hidden"));
  const head = el("tr");
  head.append(el("th", ""));
  for (const s of scores) {
    const th = el("th");
    th.scope = "col";
    const b = el("button", `${seats.name(s.player)}${winners.includes(s.player) ? " \u2605" : ""}`);
    b.type = "button";
    b.setAttribute("aria-pressed", "false");
    b.setAttribute("data-seat", String(s.player));
    b.title = t("ui-show-seat-scored");
    if (winners.includes(s.player))
      b.classList.add("winner");
    b.addEventListener("click", () => {
      for (const x of head.querySelectorAll("button"))
        x.setAttribute("aria-pressed", String(x === b));
      onSeat?.(s.player);
    });
    th.append(b);
    head.append(th);
  }
  table.append(head);
  for (const { name } of E.scoreCategories(variant, metropolys)) {
    const row = el("tr", null, name === "total" ? "total" : "");
    row.setAttribute("data-category", name);
    row.append(el("td", capital(texts().category(name))));
    for (const s of scores)
      row.append(el("td", String(categoryValue(s, name))));
    table.append(row);
  }
  const frame = el("div", null, "sheet-frame");
  frame.append(table);
  box.append(frame);
}
function renderRevealed(_E, box, game, seats) {
  for (let p = 0; p < game.players; p++) {
    if (!game.objective(p))
      continue;
    const line = el("p", null, "revealed");
    line.append(seats.chip(p, `${seats.name(p)}: `));
    for (const place of game.whereCardsScore(p)) {
      const c = el("span", texts().cardLabel(place.card), `card-tag ${cardKind(place.card)}`);
      c.setAttribute("data-card", cardKey(place.card));
      c.title = texts().cardText(game.variant, place.card);
      line.append(c);
    }
    box.append(line);
  }
}
function renderLegend(_E, box, variant, metropolys) {
  box.replaceChildren();
  const list = el("ul", null, "legend-list");
  for (const item of texts().legend(variant, metropolys)) {
    const pic = el("li");
    pic.innerHTML = item.svg;
    pic.setAttribute("aria-hidden", "true");
    const words = el("li");
    words.append(el("b", `${capital(item.label)}: `), document.createTextNode(item.meaning));
    list.append(pic, words);
  }
  box.append(list);
}
function renderHowTo(box, variant) {
  box.replaceChildren(...texts().howToPlay(variant).map((p) => el("p", p)));
}
function renderRules(_E, list, variant, metropolys) {
  list.replaceChildren();
  for (const r of texts().scoringRules(variant, metropolys)) {
    const li = el("li");
    li.append(el("b", `${r.label}: `), document.createTextNode(r.text));
    list.append(li);
  }
}
export {
  cardKey,
  renderCards,
  renderHowTo,
  renderLegend,
  renderPlayers,
  renderRevealed,
  renderRules,
  renderSheet,
  renderSupply
};
