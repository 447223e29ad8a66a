// A finished game's record as the shared replay script reads it (the `D`
// of replay.js): the engine's replay (metropolys-text's Replay, which the
// command line's HTML replay uses too: the same steps and the same words,
// in the page's language), with the neighborhoods' centres.

import type { ReplayData } from "../engine/metropolys_wasm.js";
import type { Point } from "./boardtypes.js";
import type { Engine } from "./engine.js";
import type { Seats } from "./words.js";

/** The replay script's data: the engine's replay and the neighborhoods' centres on the picture. */
export type PageReplay = ReplayData & { points: Point[] };

/**
 * The replay data of a game record given as its JSON text (read by the
 * engine: a seed above 2^53 − 1 stays exact), with the neighborhoods'
 * centres `points` and the seats named by `seats` (a Seats). Stops before
 * an action the engine refuses (and says so in `error`).
 */
export function replayData(E: Engine, recordText: string, points: Point[], seats: Seats): PageReplay {
  return { ...E.replayData(recordText, seats.narration()), points };
}
