// The offline page's words around the turn: who is to act (a person, a
// hot-seat player, a bot thinking), the headline, the hand-over screen
// between two people at one screen, and the guided game's lessons.

import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { winnersText } from "./words.js";

const $ = (id) => document.getElementById(id);

/**
 * Says whose turn it is in game `g` (`seats`: a Seats; `kinds`: each
 * seat's "human" or bot kind; `mine`: the person shown is to act;
 * `hotseat`: several people share the screen; `pass`: whether passing is
 * legal), and the game's place in the headline.
 */
export function showTurn(g, seats, { kinds, mine, hotseat, pass }) {
  $("turn").parentElement.classList.toggle("mine", mine);
  const can = pass ? "yes" : "no";
  $("turn").textContent = g.isOver
    ? t("ui-game-over", { winners: winnersText(seats, g.winners) })
    : mine
      ? hotseat ? t("ui-your-turn-seat", { who: seats.color(g.toAct), pass: can }) : t("ui-your-turn", { pass: can })
      : kinds[g.toAct] === "human"
        ? t("ui-to-play", { who: seats.color(g.toAct) })
        : t("ui-thinking", { who: seats.who(g.toAct), bot: kinds[g.toAct] });
  $("headline").textContent = t("ui-offline-status", {
    variant: texts().variant(g.variant),
    players: t("ui-players-count", { count: g.players }),
    call: t("ui-call", { call: g.callNumber }),
    decision: t("ui-decision", { n: g.decisions }),
  });
}

/** Hot-seat: the screen that hides the board's private parts until `seat` (of `seats`) says they are ready. */
export function handOver(seats, seat) {
  $("handoff").hidden = false;
  $("handoff-title").textContent = t("ui-to-play", { who: seats.color(seat) });
  $("handoff-ready").textContent = t("ui-show-my-cards", { who: seats.color(seat) });
  $("handoff-ready").focus();
}

/** The guided game's lessons, shown beside the board until "Go on". */
export function teach(lessons) {
  if (!lessons.length) return;
  $("guide-text").replaceChildren(...lessons.map((l) => el("p", l)));
  $("guide").hidden = false;
}
