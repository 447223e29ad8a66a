// The legal moves as data for the board (as chessground is given
// `movable.dests`): the board never decodes an action, and never reads the
// rules. The engine decodes (`actionFromId`), these functions group.

import type { Action } from "../engine/metropolys_wasm.js";

/** One legal bid in a neighborhood: its action id and the building it places. */
export interface Offer {
  id: number;
  building: number;
}

/** The legal moves of a turn: the bids by neighborhood, and the pass's id (null: no pass). */
export interface LegalMoves {
  dests: Map<number, Offer[]>;
  pass: number | null;
}

/** `ids` (legal action ids), decoded by `decode` (the engine's `actionFromId`), grouped by neighborhood in order. */
export function legalMoves(ids: Iterable<number>, decode: (id: number) => Action): LegalMoves {
  const dests = new Map<number, Offer[]>();
  let pass: number | null = null;
  for (const id of ids) {
    const a = decode(id);
    if (a === "pass") {
      pass = id;
      continue;
    }
    const n = a.bid.neighborhood;
    const offers = dests.get(n) ?? [];
    offers.push({ id, building: a.bid.building });
    dests.set(n, offers);
  }
  return { dests, pass };
}

/**
 * The neighborhoods (`board`'s, the engine's `board().neighborhoods`) outside
 * the districts of `outOfPlay` (districts as the engine names them: `north`).
 */
export function inPlay<D>(neighborhoods: ReadonlyArray<{ id: number; district: D }>, outOfPlay: ReadonlyArray<D> | null | undefined): number[] {
  const out = new Set(outOfPlay ?? []);
  return neighborhoods.filter((h) => !out.has(h.district)).map((h) => h.id);
}
