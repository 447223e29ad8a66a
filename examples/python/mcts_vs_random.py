"""An OpenSpiel MCTS bot against uniform-random players in Metropolys.

    pip install "./metropolys-py[openspiel]"
    python examples/python/mcts_vs_random.py --players 2 --games 20 --simulations 100
    python examples/python/mcts_vs_random.py --quick

The MCTS bot sits in a rotating seat; the others pick uniformly among their
legal actions. Prints the MCTS bot's win rate (shared victories count as
wins, R-20) next to what a random player would expect (1 / players).

``--bot ismcts`` uses OpenSpiel's information-set MCTS with
``metropolys.openspiel.resample_from_infostate``, which re-deals the
opponents' secret objectives (R-21) instead of looking at them; the default
``mcts`` bot searches the true state, so it sees the opponents' objectives.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import metropolys.openspiel as mo


def make_bot(kind: str, game, simulations: int, rng: np.random.RandomState):
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "mcts":
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        2.0,
        simulations,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        use_observation_string=False,
        allow_inconsistent_action_sets=False,
    )
    bot.set_resampler(lambda state, player: mo.resample_from_infostate(state, player, rng))
    return bot


def play(game, bot, bot_seat: int, rng: np.random.RandomState) -> list:
    """Plays one game; returns the returns of every seat."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == bot_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="expert", choices=["family", "expert"])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--bot", default="mcts", choices=["mcts", "ismcts"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="4 games, 20 simulations")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.simulations = 4, 20

    wins = 0.0
    start = time.time()
    for i in range(args.games):
        # A new public setup (board tokens, districts) each game; the secret
        # objectives are dealt by the game's chance nodes.
        game = pyspiel.load_game(
            "python_metropolys",
            {"players": args.players, "variant": args.variant, "seed": args.seed + i},
        )
        rng = np.random.RandomState(args.seed + i)
        bot = make_bot(args.bot, game, args.simulations, rng)
        seat = i % args.players
        returns = play(game, bot, seat, rng)
        won = returns[seat] > 0
        wins += won
        print(f"game {i + 1}: {args.bot} in seat {seat} {'won' if won else 'lost'}")
    rate = wins / args.games
    print(
        f"{args.bot} ({args.simulations} simulations) won {int(wins)} of {args.games} games "
        f"against {args.players - 1} random player(s): win rate {rate:.2f} "
        f"(random would expect about {1 / args.players:.2f}); {time.time() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
