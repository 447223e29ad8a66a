// Built from client/src/offlineturn.ts by scripts/build-web (esbuild). Do not edit.
import { byId } from "./dom.js";
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { winnersText } from "./words.js";
function showTurn(g, seats, { kinds, mine, hotseat, pass }) {
  const turn = byId("turn");
  turn.parentElement?.classList.toggle("mine", mine);
  const can = pass ? "yes" : "no";
  const toAct = g.toAct ?? 0;
  turn.textContent = g.isOver ? t("ui-game-over", { winners: winnersText(seats, g.winners) }) : mine ? hotseat ? t("ui-your-turn-seat", { who: seats.color(toAct), pass: can }) : t("ui-your-turn", { pass: can }) : kinds[toAct] === "human" ? t("ui-to-play", { who: seats.color(toAct) }) : t("ui-thinking", { who: seats.who(toAct), bot: kinds[toAct] ?? "" });
  byId("headline").textContent = t("ui-offline-status", {
    variant: texts().variant(g.variant),
    players: t("ui-players-count", { count: g.players }),
    call: t("ui-call", { call: g.callNumber }),
    decision: t("ui-decision", { n: g.decisions })
  });
}
function handOver(seats, seat) {
  byId("handoff").hidden = false;
  byId("handoff-title").textContent = t("ui-to-play", { who: seats.color(seat) });
  const ready = byId("handoff-ready");
  ready.textContent = t("ui-show-my-cards", { who: seats.color(seat) });
  ready.focus();
}
function teach(lessons) {
  if (!lessons.length)
    return;
  byId("guide-text").replaceChildren(...lessons.map((l) => el("p", l)));
  byId("guide").hidden = false;
}
export {
  handOver,
  showTurn,
  teach
};
