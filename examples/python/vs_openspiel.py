"""Our native ISMCTS bot against OpenSpiel's own search, at the same wall time or the same simulations per decision.

    pip install "./metropolys-py[openspiel]"
    python examples/python/vs_openspiel.py --games 20 --seconds 0.1
    python examples/python/vs_openspiel.py --games 100 --simulations 300 --ours expert
    python examples/python/vs_openspiel.py --quick

Plays 2-player Expert games through the pyspiel adapter
(``metropolys.openspiel``): ``metropolys.bots.Ismcts(seconds=S)`` (it
decides from its seat's view, R-21) against

* ``open_spiel.python.algorithms.mcts.MCTSBot``, which searches the true
  state (it sees the opponent's secret objectives), and
* ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, which re-deals the
  hidden objectives through the adapter's ``state.resample_from_infostate``
  (uniformly, drawing from the game's seeded generator rather than
  OpenSpiel's system-seeded default sampler, so that games repeat).

Both OpenSpiel bots use uct_c 2 and one random rollout per simulation, as in
OpenSpiel's examples. Same wall time per decision: OpenSpiel's bots are
budgeted in simulations, so before each of its decisions a bot gets
``rate * S`` simulations, where ``rate`` is the simulations per second it
reached on its previous decision (a first decision of 20 simulations
calibrates it); our bot is given ``seconds=S`` (a wall-time budget, no
iteration limit, one thread). The measured mean time per decision of each
side is printed, so the match can be checked.

**Same simulations** (``--simulations N``): both OpenSpiel bots get ``N``
simulations per decision and ours ``iterations=N`` (``--ours`` names any
bot kind of ``metropolys.bots.from_spec``, such as ``expert`` or
``ismcts-v1``, whose iteration budget is then set to ``N``; the
parameters given with ``--params``, a JSON object, are added). This
measures the search per simulation, whatever the speed of each side.

``--jobs J`` plays J games at once in worker processes (at most four per
CPU); every game is
seeded by its index, so the results are the same as with one process (a
wall-time budget, without ``--simulations``, depends on the load, though).

Seats alternate from game to game; each game has its own public setup
(``seed``) and objectives dealt by the adapter's chance nodes. A shared
victory (R-20) counts as half a win. Prints each opponent's row: our wins,
the win rate and its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from typing import Any, Dict, List, Tuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import metropolys.openspiel  # noqa: F401  (registers python_metropolys)
from metropolys import bots


def wilson(wins: float, n: int) -> Tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (the engine's, as the
    arena reports it); no game says nothing: ``(0, 1)``."""
    return metropolys.wilson_interval(wins, n) or (0.0, 1.0)


def seeded_resampling(bot: Any, rng: np.random.RandomState) -> None:
    """Has ``ISMCTSBot`` re-deal the hidden objectives with the adapter's
    ``resample_from_infostate`` (uniform, as its default) drawing from
    ``rng``: by default it draws from a ``pyspiel.UniformProbabilitySampler``
    seeded by the system, so no two runs would play the same games."""
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng))


class Fixed:
    """An OpenSpiel bot with ``simulations`` simulations per decision."""

    def __init__(self, kind: str, game: Any, simulations: int, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        if kind == "mcts":
            self.bot: Any = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)
        else:
            self.bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
            seeded_resampling(self.bot, rng)
        self.time = 0.0
        self.decisions = 0

    def step(self, state: Any) -> int:
        start = time.perf_counter()
        action = int(self.bot.step(state))
        self.time += time.perf_counter() - start
        self.decisions += 1
        return action


class Timed:
    """An OpenSpiel bot whose simulation count is set before each decision
    from its simulations per second on the previous one, so that it spends
    about ``seconds`` per decision."""

    def __init__(self, kind: str, game: Any, seconds: float, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.kind, self.seconds, self.simulations = kind, seconds, 20
        if kind == "mcts":
            self.bot: Any = mcts.MCTSBot(game, 2.0, self.simulations, evaluator, random_state=rng, solve=False)
        else:
            self.bot = ismcts.ISMCTSBot(game, evaluator, 2.0, self.simulations, random_state=rng)
            seeded_resampling(self.bot, rng)
        self.time = 0.0
        self.decisions = 0

    def step(self, state: Any) -> int:
        if self.kind == "mcts":
            self.bot.max_simulations = self.simulations
        else:
            self.bot._max_simulations = self.simulations
        start = time.perf_counter()
        action = int(self.bot.step(state))
        spent = time.perf_counter() - start
        self.time += spent
        self.decisions += 1
        rate = self.simulations / max(spent, 1e-6)
        # OpenSpiel's MCTS expands the root on its second simulation: one
        # simulation leaves it without children (best_child fails), which a
        # slow decision on a loaded machine would otherwise ask for.
        self.simulations = max(2, int(rate * self.seconds))
        return action


class Ours:
    """``metropolys.bots.Ismcts`` with a wall-time budget, on the adapter's
    engine game (the bot builds the seat's view itself)."""

    def __init__(self, seconds: float, seed: int, bot: Any = None) -> None:
        self.bot = bot if bot is not None else bots.Ismcts(seconds=seconds, seed=seed)
        self.time = 0.0
        self.decisions = 0

    def step(self, state: Any) -> int:
        start = time.perf_counter()
        action = int(self.bot.choose(state.engine))
        self.time += time.perf_counter() - start
        self.decisions += 1
        return action


def play(opponent: str, index: int, args: argparse.Namespace, clock: Dict[str, List[float]]) -> float:
    """One game; our share of the win (1, 1/2 or 0)."""
    seed = args.seed + index
    game = pyspiel.load_game("python_metropolys", {"players": 2, "variant": "expert", "seed": seed})
    rng = np.random.RandomState(seed)
    ours_seat = index % 2
    theirs: Any
    if args.simulations:
        params = dict(args.params)
        params["iterations"] = args.simulations
        ours = Ours(0.0, seed, bots.from_spec(args.ours, params, seed=seed))
        theirs = Fixed(opponent, game, args.simulations, rng)
    else:
        ours = Ours(args.seconds, seed)
        theirs = Timed(opponent, game, args.seconds, rng)
    players = {ours_seat: ours, 1 - ours_seat: theirs}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(players[state.current_player()].step(state))
    for seat, p in players.items():
        side = "ours" if seat == ours_seat else "theirs"
        clock[side][0] += p.time
        clock[side][1] += p.decisions
    returns = state.returns()
    if returns[ours_seat] <= 0:
        return 0.0
    return 0.5 if returns[1 - ours_seat] > 0 else 1.0


def play_one(opponent: str, index: int, args: argparse.Namespace) -> Tuple[float, Dict[str, List[float]]]:
    """One game in a worker: our share and each side's time and decisions."""
    clock: Dict[str, List[float]] = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    return play(opponent, index, args, clock), clock


def main(argv: Any = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games against each opponent (default 20)")
    ap.add_argument("--seconds", type=float, default=0.1, help="wall time per decision (default 0.1)")
    ap.add_argument("--simulations", type=int, default=0,
                    help="same simulations per decision instead of the same time: N for every bot")
    ap.add_argument("--ours", default="ismcts",
                    help="with --simulations: our bot kind (ismcts, ismcts-v1, expert, ...; default ismcts)")
    ap.add_argument("--params", type=json.loads, default={},
                    help="with --simulations: more parameters of our bot, a JSON object")
    ap.add_argument("--opponents", default="mcts,ismcts", help="comma-separated: mcts, ismcts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1,
                    help="games played at once in worker processes (default 1); the results do not change")
    ap.add_argument("--quick", action="store_true", help="1 game against each, 0.01 s per decision")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.seconds = 1, 0.01
    most = 4 * (os.cpu_count() or 1)
    if not 1 <= args.jobs <= most:
        ap.error(f"--jobs must be from 1 to {most} (four per CPU of this machine), not {args.jobs}")
    names = {"mcts": "OpenSpiel MCTSBot", "ismcts": "OpenSpiel ISMCTSBot"}
    if args.simulations:
        budget = f"{args.ours} {json.dumps(args.params)}, {args.simulations} simulations/decision each"
    else:
        budget = f"ismcts, {args.seconds} s/decision each"
    print(f"ours (native {budget}) vs OpenSpiel, 2 players, expert, "
          f"{args.games} games each, seats alternated, seed {args.seed}")
    print(f"{'opponent':<22}{'games':>6}{'wins':>8}{'win rate':>10}{'95% CI':>18}"
          f"{'ours s/dec':>12}{'theirs s/dec':>14}")
    for opponent in args.opponents.split(","):
        if opponent not in names:
            ap.error(f"unknown opponent {opponent!r}: expected mcts or ismcts")
        clock: Dict[str, List[float]] = {"ours": [0.0, 0], "theirs": [0.0, 0]}
        jobs = [(opponent, i, args) for i in range(args.games)]
        if args.jobs > 1:
            # Each game is seeded by its index alone, so the results are
            # those of one process, whatever the order games finish in.
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                results = pool.starmap(play_one, jobs)
        else:
            results = [play_one(*job) for job in jobs]
        wins = 0.0
        for share, game_clock in results:
            wins += share
            for side, (spent, decisions) in game_clock.items():
                clock[side][0] += spent
                clock[side][1] += decisions
        lo, hi = wilson(wins, args.games)
        ours = clock["ours"][0] / max(clock["ours"][1], 1)
        theirs = clock["theirs"][0] / max(clock["theirs"][1], 1)
        print(f"{names[opponent]:<22}{args.games:>6}{wins:>8.1f}{100 * wins / args.games:>9.1f}%"
              f"{f'[{100 * lo:.1f}, {100 * hi:.1f}]%':>18}{ours:>12.3f}{theirs:>14.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
