// The offline page's words around the turn: who is to act (a person, a
// hot-seat player, a bot thinking), the headline, the hand-over screen
// between two people at one screen, and the guided game's lessons.

import type { Game } from "../engine/metropolys_wasm.js";
import { byId } from "./dom.js";
import { t, texts } from "./i18n.js";
import type { SeatKind } from "./offlinesetup.js";
import { el } from "./setup.js";
import { type Seats, winnersText } from "./words.js";

/** What `showTurn` says of the turn besides the game. */
export interface TurnShown {
  /** Each seat's "human" or bot kind. */
  kinds: readonly SeatKind[];
  /** The person shown is to act. */
  mine: boolean;
  /** Several people share the screen. */
  hotseat: boolean;
  /** Whether passing is legal. */
  pass: boolean;
}

/**
 * Says whose turn it is in game `g` (`seats`: a Seats; `kinds`: each
 * seat's "human" or bot kind; `mine`: the person shown is to act;
 * `hotseat`: several people share the screen; `pass`: whether passing is
 * legal), and the game's place in the headline.
 */
export function showTurn(g: Game, seats: Seats, { kinds, mine, hotseat, pass }: TurnShown): void {
  const turn = byId("turn");
  turn.parentElement?.classList.toggle("mine", mine);
  const can = pass ? "yes" : "no";
  // A game not over has a seat to act.
  const toAct = g.toAct ?? 0;
  turn.textContent = g.isOver
    ? t("ui-game-over", { winners: winnersText(seats, g.winners) })
    : mine
      ? hotseat ? t("ui-your-turn-seat", { who: seats.color(toAct), pass: can }) : t("ui-your-turn", { pass: can })
      : kinds[toAct] === "human"
        ? t("ui-to-play", { who: seats.color(toAct) })
        : t("ui-thinking", { who: seats.who(toAct), bot: kinds[toAct] ?? "" });
  byId("headline").textContent = t("ui-offline-status", {
    variant: texts().variant(g.variant),
    players: t("ui-players-count", { count: g.players }),
    call: t("ui-call", { call: g.callNumber }),
    decision: t("ui-decision", { n: g.decisions }),
  });
}

/** Hot-seat: the screen that hides the board's private parts until `seat` (of `seats`) says they are ready. */
export function handOver(seats: Seats, seat: number): void {
  byId("handoff").hidden = false;
  byId("handoff-title").textContent = t("ui-to-play", { who: seats.color(seat) });
  const ready = byId<HTMLButtonElement>("handoff-ready");
  ready.textContent = t("ui-show-my-cards", { who: seats.color(seat) });
  ready.focus();
}

/** The guided game's lessons, shown beside the board until "Go on". */
export function teach(lessons: readonly string[]): void {
  if (!lessons.length) return;
  byId("guide-text").replaceChildren(...lessons.map((l) => el("p", l)));
  byId("guide").hidden = false;
}
