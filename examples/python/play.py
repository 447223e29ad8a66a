"""Plays one game of Metropolys with random players, prints its score sheet,
then simulates a batch of games in Rust and compares win rates by seat.

    python examples/python/play.py --players 4 --variant expert --games 10000
"""

from __future__ import annotations

import argparse
import time

import metropolys
from metropolys import Game, SplitMix64

CATEGORIES = metropolys.SCORE_CATEGORIES


def play_one(players: int, variant: str, seed: int) -> Game:
    """One game, narrated call by call."""
    game = Game(players=players, variant=variant, seed=seed)
    print(f"{game!r}: districts out of play {game.out_of_play or 'none'}")
    print(f"seat 0 sees its objective: {game.view(0)['objectives'][0]}")
    rng = SplitMix64(seed)  # the same draws as simulate(seed=seed) game 0
    decisions = 0
    while not game.is_over:
        game = game.apply(game.random_action(rng))
        decisions += 1
        for event in game.events:
            if event["type"] == "constructed":
                print(
                    f"  call {event['call']:2}: seat {event['player']} builds "
                    f"{event['building']:2} on neighborhood {event['neighborhood']:2} "
                    f"({metropolys.neighborhood_kind(event['neighborhood'])}, "
                    f"{metropolys.neighborhood_district(event['neighborhood'])})"
                )
            elif event["type"] in ("token_taken", "card_taken"):
                what = event.get("token") or f"the {event['card']} card"
                print(f"           seat {event['player']} takes {what}")
    print(f"{decisions} decisions, {game.call_number} calls")
    return game


def print_score_sheet(game: Game) -> None:
    sheets = game.scores()
    print()
    print(f"{'category':<18}" + "".join(f"{'seat ' + str(s['player']):>8}" for s in sheets))
    for category in CATEGORIES:
        print(f"{category:<18}" + "".join(f"{s[category]:>8}" for s in sheets))
    print(f"winners: {game.winners}")
    for s in sheets:
        if s["area_groups"]:
            print(f"  seat {s['player']} area card groups: {s['area_groups']}")


def compare_seats(games: int, players: int, variant: str, seed: int, threads: int) -> None:
    start = time.perf_counter()
    result = metropolys.simulate(games, seed=seed, players=players, variant=variant, threads=threads)
    elapsed = time.perf_counter() - start
    n = len(result["game"])
    print()
    print(f"{n} random {players}-player {variant} games in {elapsed:.2f} s "
          f"({n / max(elapsed, 1e-9):,.0f} games/s, {threads} thread(s))")
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None:
        df = pd.DataFrame(result)
        table = pd.DataFrame(
            {
                "win rate": [df[f"win_{p}"].mean() for p in range(players)],
                "sole win": [
                    (df[f"win_{p}"] & (df["winners"].map(len) == 1)).mean() for p in range(players)
                ],
                "mean total": [df[f"total_{p}"].mean() for p in range(players)],
                "mean trendy": [df[f"trendy_{p}"].mean() for p in range(players)],
            },
            index=pd.Index([f"seat {p}" for p in range(players)], name="seat"),
        )
        print(table.round(3).to_string())
        print(f"mean calls per game: {df['calls'].mean():.1f}")
    else:
        for p in range(players):
            wins = sum(result[f"win_{p}"])
            mean = sum(result[f"total_{p}"]) / max(n, 1)
            print(f"seat {p}: win rate {wins / max(n, 1):.3f}, mean total {mean:.1f}")
    # Each row can be replayed step by step: game i is seed + i.
    replay = Game(players=players, variant=variant, seed=result["seed"][0])
    rng = SplitMix64(result["seed"][0])
    while not replay.is_over:
        replay = replay.apply(replay.random_action(rng))
    assert replay.winners == result["winners"][0]
    assert replay.totals() == [result[f"total_{p}"][0] for p in range(players)]
    print("game 0 replayed step by step from Python: same winners and totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="expert", choices=["family", "expert"])
    parser.add_argument("--seed", type=int, default=2008)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    game = play_one(args.players, args.variant, args.seed)
    print_score_sheet(game)
    compare_seats(args.games, args.players, args.variant, args.seed, args.threads)


if __name__ == "__main__":
    main()
