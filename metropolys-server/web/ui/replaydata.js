// A finished game's record as the shared replay script reads it (the `D`
// of replay.js, which the command line writes in Rust): the engine in the
// page replays the record decision by decision, and the calls are told
// with the pages' words.

import { piecesOf } from "./board.js";
import { eventText } from "./words.js";

/**
 * The replay data of a game record given as its JSON text (read by the
 * engine: a seed above 2^53 − 1 stays exact), with the neighborhoods'
 * centres `points` and the seats named by `seats` (a Seats). Stops before
 * an action the engine refuses (and says so in `error`).
 */
export function replayData(E, recordText, points, seats) {
  const whole = E.Game.fromRecord(recordText);
  const config = whole.config;
  const actions = whole.history ?? [];
  whole.free();
  const game = E.Game.fromConfig(config);
  const totals = () => game.totals();
  const steps = [[-1, 0, 0, ...parts(E, game, -1), totals()]];
  const calls = [];
  let current = -1;
  let error = null;
  const tell = (events) => {
    for (const e of events) {
      if (e.type === "call_started") {
        calls.push({ call: e.call, title: eventText(E, seats, e), lines: [] });
        current = calls.length - 1;
      } else {
        calls[current].lines.push(eventText(E, seats, e));
      }
    }
  };
  tell(game.events);
  const setup = game.text();
  for (const a of actions) {
    const call = current;
    const before = calls[call].lines.length;
    let events;
    try {
      events = game.applyFor(a.player, a.action);
    } catch (e) {
      error = e.message;
      break;
    }
    tell(events);
    const built = events.find((e) => e.type === "constructed");
    steps.push([call, calls[call].lines.length, before + 1, ...parts(E, game, built ? built.neighborhood : -1), totals()]);
  }
  const over = game.isOver;
  const result = {
    points,
    seats: Array.from({ length: game.players }, (_, p) => seats.name(p)),
    setup,
    calls,
    steps,
    over,
    error,
    scores: over ? game.scores() : null,
    winners: over ? game.winners : null,
  };
  game.free();
  return result;
}

function parts(E, game, highlight) {
  const p = piecesOf(E, game.toJSON(), highlight);
  return [p.buildings, p.tokens, p.bids, p.highlight];
}
