"""metropolys.bots and metropolys.arena: legal, reproducible decisions from
the seat's own view (R-21), arena rows and rotation, errors."""

from __future__ import annotations

import threading
from typing import Any, Dict, List, Optional

import pytest

import metropolys
from metropolys import Action, Game, bots

from conftest import METROPOLYS_DECK, SETUPS, play_out

FAST: List[Any] = [
    bots.Random(seed=1),
    bots.Greedy(seed=2),
    bots.Ismcts(iterations=40, seed=3),
]


def test_the_bots_module_names_the_native_classes() -> None:
    assert bots.Random is metropolys.RandomBot
    assert bots.Greedy is metropolys.GreedyBot
    assert bots.Ismcts is metropolys.IsmctsBot
    assert bots.arena is metropolys.arena
    assert [b.name for b in FAST] == ["random", "greedy", "ismcts"]
    assert repr(bots.Ismcts(iterations=40, seed=3)) == "IsmctsBot(iterations=40, seed=3)"


@pytest.mark.parametrize("players,variant", SETUPS)
def test_bots_choose_only_legal_actions(players: int, variant: str) -> None:
    _, path = play_out(Game(players=players, variant=variant, seed=players * 7), 11)
    for game in path[:-1:6]:
        for bot in FAST:
            action = bot.choose(game)
            assert isinstance(action, Action)
            assert game.is_legal(action), (bot, action)


def test_bots_choose_legal_actions_with_metropolys_cards() -> None:
    config = {"players": 3, "variant": "expert", "seed": 4, "metropolys_deck": METROPOLYS_DECK}
    _, path = play_out(Game.from_config(config), 5)
    for game in path[:-1:9]:
        for bot in FAST:
            assert game.is_legal(bot.choose(game))


def test_a_whole_game_between_bots() -> None:
    game = Game(players=3, variant="expert", seed=8)
    seats = [bots.Ismcts(iterations=30, seed=1), bots.Greedy(), bots.Random(seed=2)]
    while not game.is_over:
        assert game.to_act is not None
        game = game.apply(seats[game.to_act].choose(game))
    assert len(game.winners) >= 1


@pytest.mark.parametrize(
    "make",
    [
        lambda: bots.Random(seed=42),
        lambda: bots.Greedy(seed=42),
        lambda: bots.Ismcts(iterations=150, seed=42),
    ],
)
def test_seeded_decisions_are_reproducible(make: Any) -> None:
    _, path = play_out(Game(players=4, variant="expert", seed=3), 9)
    positions = path[:40:4]
    a, b = make(), make()
    assert [a.choose(g) for g in positions] == [b.choose(g) for g in positions]


def test_the_seed_changes_random_decisions() -> None:
    game = Game(players=2, variant="family", seed=1)
    choices = {bots.Random(seed=s).choose(game) for s in range(20)}
    assert len(choices) > 1


def _objectives(own: Dict[str, str], others: List[Dict[str, str]]) -> List[Dict[str, str]]:
    return [own, *others]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_see_only_their_seat_r21(seed: int) -> None:
    """Two games that differ only in the opponents' secret cards give the
    same decision for the same seat, bot and seed."""
    own = {"neighborhood": "park", "area": "chains"}
    a = Game.from_config(
        {
            "players": 3,
            "variant": "expert",
            "seed": 77 + seed,
            "objectives": _objectives(
                own,
                [
                    {"neighborhood": "mall", "area": "lakes"},
                    {"neighborhood": "housing", "area": "bridges"},
                ],
            ),
        }
    )
    b = Game.from_config(
        {
            "players": 3,
            "variant": "expert",
            "seed": 77 + seed,
            "objectives": _objectives(
                own,
                [
                    {"neighborhood": "industry", "area": "statues"},
                    {"neighborhood": "administration", "area": "districts"},
                ],
            ),
        }
    )
    assert a != b and a.view(0) == b.view(0)
    # The same sequence of public moves in both games, then ask again.
    rng = metropolys.SplitMix64(seed)
    for _ in range(5):
        action = a.random_action(rng)
        a, b = a.apply(action), b.apply(action)
    while a.to_act != 0:
        action = a.random_action(rng)
        a, b = a.apply(action), b.apply(action)
    for make in (
        lambda: bots.Random(seed=seed),
        lambda: bots.Greedy(seed=seed),
        lambda: bots.Ismcts(iterations=300, seed=seed),
    ):
        assert make().choose(a) == make().choose(b)


def test_bots_see_only_their_seat_with_metropolys_cards_r21() -> None:
    own = ["park", "mall", "housing"]
    base: Dict[str, Any] = {"players": 2, "variant": "family", "seed": 5}
    a = Game.from_config({**base, "metropolys_cards": [own, ["industry", "administration", "park"]]})
    b = Game.from_config({**base, "metropolys_cards": [own, ["housing", "industry", "mall"]]})
    assert a != b
    for seed in range(3):
        x = bots.Ismcts(iterations=200, seed=seed)
        y = bots.Ismcts(iterations=200, seed=seed)
        assert x.choose(a) == y.choose(b)


def test_a_deck_games_decision_uses_the_deck_and_only_the_seats_view_r21_r22() -> None:
    """In a game dealt from a Metropolys deck the bot samples the other
    seats' cards from the deck minus its own (the game's configuration is
    part of the seat's view): the same decisions as in the game replayed
    from its record, which keeps the configuration, and as in the seat's
    view (the deck is public, so the view and its JSON carry it); not
    always those of a bare state without the deck (all ten cards are then
    possible); and unchanged by the opponents' secret objectives."""
    base: Dict[str, Any] = {"players": 2, "variant": "family", "seed": 8,
                            "metropolys_deck": METROPOLYS_DECK}
    a = Game.from_config({**base, "objectives": [{"area": "bridges"}, {"area": "statues"}]})
    b = Game.from_config({**base, "objectives": [{"area": "bridges"}, {"area": "lakes"}]})
    assert a != b and a.view(0) == b.view(0)
    differs = False
    for step in range(12):
        decide = lambda g: bots.Ismcts(iterations=300, seed=step).choose(g)  # noqa: E731
        chosen = decide(a)
        if a.to_act == 0:
            # Seat 0's view is the same in both games.
            assert a.view(0) == b.view(0) and decide(b) == chosen
        assert decide(metropolys.load_record(a.to_record())) == chosen
        view = a.view(a.to_act)
        assert view["metropolys_deck"] == METROPOLYS_DECK
        assert decide(Game.from_dict(view)) == chosen
        assert decide(Game.from_json(a.to_json())) == chosen
        bare = a.to_dict()
        del bare["metropolys_deck"]
        assert Game.from_dict(bare).metropolys_deck is None
        differs |= decide(Game.from_dict(bare)) != chosen
        a, b = a.apply(chosen), b.apply(chosen)
    assert differs, "the deck never changed a decision: is it used?"


def test_a_finished_game_has_no_decision() -> None:
    end, _ = play_out(Game(players=2, variant="family", seed=2), 2)
    for bot in FAST:
        with pytest.raises(metropolys.IllegalActionError) as e:
            bot.choose(end)
        assert e.value.rule == "R-17"


@pytest.mark.parametrize(
    "make",
    [
        lambda: bots.Ismcts(iterations=0),
        lambda: bots.Ismcts(iterations=-5),
        lambda: bots.Ismcts(seconds=0),
        lambda: bots.Ismcts(seconds=-1.0),
        lambda: bots.Ismcts(seconds=float("nan")),
        lambda: bots.Ismcts(threads=0),
        lambda: bots.Ismcts(exploration=-1.0),
        lambda: bots.Ismcts(playout="smart"),  # type: ignore[arg-type]
        lambda: bots.Ismcts(reward="points"),  # type: ignore[arg-type]
        lambda: bots.Random(seed=-1),
        lambda: bots.Greedy(seed=2**64),
    ],
)
def test_bad_parameters_raise_value_error(make: Any) -> None:
    with pytest.raises(ValueError):
        make()


def test_a_bot_releases_the_gil_while_it_thinks() -> None:
    """Two threads deciding with their own bots both finish, and the other
    Python thread keeps running meanwhile (the decision does not hold the
    GIL)."""
    game = Game(players=4, variant="expert", seed=1)
    results: List[Optional[Action]] = [None, None]

    def decide(i: int) -> None:
        results[i] = bots.Ismcts(iterations=2000, seed=i).choose(game)

    threads = [threading.Thread(target=decide, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    ticks = 0
    while any(t.is_alive() for t in threads):
        ticks += 1
    for t in threads:
        t.join()
    assert all(r is not None and game.is_legal(r) for r in results)
    assert ticks > 0


# ----- arena ------------------------------------------------------------------


def test_arena_rows() -> None:
    rows = metropolys.arena([bots.Greedy(), bots.Random()], games=20, seed=4)
    assert [r["bot"] for r in rows] == ["greedy", "random"]
    for r in rows:
        assert set(r) == {"bot", "games", "wins", "win_rate", "ci95", "mean_total"}
        assert r["games"] == 20
        assert r["win_rate"] == pytest.approx(r["wins"] / 20)
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0
        assert r["mean_total"] > 0
    # Two players: the wins (shared ones as fractions, R-20) add up to the games.
    assert sum(r["wins"] for r in rows) == pytest.approx(20)
    # ci95 is metropolys.wilson_interval of the row.
    for r in rows:
        assert list(metropolys.wilson_interval(r["wins"], r["games"])) == pytest.approx(r["ci95"])


def test_wilson_interval_known_values_and_refusals() -> None:
    lo, hi = metropolys.wilson_interval(86.0, 100)
    assert (lo, hi) == (pytest.approx(0.7786, abs=1e-4), pytest.approx(0.9147, abs=1e-4))
    assert metropolys.wilson_interval(0.0, 10)[0] == 0.0
    assert metropolys.wilson_interval(10.0, 10)[1] == pytest.approx(1.0)
    for wins, games in [(1.0, 0), (11.0, 10), (-1.0, 10), (float("nan"), 10), (float("inf"), 10)]:
        assert metropolys.wilson_interval(wins, games) is None
    for games in (-1, 2**64, True, 1.5):
        with pytest.raises((TypeError, ValueError, OverflowError)):
            metropolys.wilson_interval(1.0, games)  # type: ignore[arg-type]


def test_arena_is_deterministic_for_any_thread_count() -> None:
    field = [bots.Ismcts(iterations=20), bots.Greedy(), bots.Random()]
    one = metropolys.arena(field, games=6, variant="family", seed=9, threads=1)
    two = metropolys.arena(field, games=6, variant="family", seed=9, threads=2)
    assert one == two
    other = metropolys.arena(field, games=6, variant="family", seed=10)
    assert other != one


def test_greedy_beats_random_in_a_seeded_arena() -> None:
    rows = metropolys.arena([bots.Greedy(), bots.Random()], games=40, seed=2008, threads=2)
    assert rows[0]["wins"] > rows[1]["wins"]
    assert rows == metropolys.arena([bots.Greedy(), bots.Random()], games=40, seed=2008)


class Recorder:
    """A Python bot: plays the first legal action and records what it saw."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seats: List[int] = []
        self.games: List[Game] = []

    def choose(self, game: Game) -> Action:
        assert game.to_act is not None
        self.seats.append(game.to_act)
        self.games.append(game)
        return game.legal_actions()[0]


def test_python_bots_sit_in_the_arena_and_are_rotated_over_the_seats() -> None:
    a, b, c = Recorder("a"), Recorder("b"), Recorder("c")
    rows = metropolys.arena([a, b, c], games=3, variant="expert", seed=1, threads=2)
    assert [r["bot"] for r in rows] == ["a", "b", "c"]
    # Every bot played every seat once (3 games, 3 seats).
    for r in (a, b, c):
        assert set(r.seats) == {0, 1, 2}
    # A Python bot gets its seat's view: the other seats' secrets are not
    # those of the game, and its own are.
    for bot in (a, b, c):
        for game in bot.games[:5]:
            seat = game.to_act
            assert seat is not None
            assert game.view(seat)["objectives"][seat] is not None


def test_python_and_native_bots_together() -> None:
    rows = metropolys.arena([Recorder("first"), bots.Greedy()], games=4, seed=3)
    assert [r["bot"] for r in rows] == ["first", "greedy"]
    assert rows[0]["games"] == rows[1]["games"] == 4


def test_a_python_bot_without_a_name_is_named_by_its_class() -> None:
    class First:
        def choose(self, game: Game) -> Action:
            return game.legal_actions()[0]

    rows = metropolys.arena([First(), bots.Random()], games=2)
    assert rows[0]["bot"] == "First"


def test_arena_errors() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        metropolys.arena([bots.Greedy(), bots.Random()], games=2, players=3)
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.arena([bots.Greedy()], games=2)
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.arena([bots.Greedy(), bots.Random()], games=2, variant="solo")
    with pytest.raises(TypeError, match="not a bot"):
        metropolys.arena([bots.Greedy(), 42], games=2)
    with pytest.raises(ValueError, match="at least one game"):
        metropolys.arena([bots.Greedy(), bots.Random()], games=0)


def test_a_python_bot_that_raises_stops_the_arena() -> None:
    class Broken:
        def choose(self, game: Game) -> Action:
            raise RuntimeError("no idea")

    with pytest.raises(RuntimeError, match="no idea"):
        metropolys.arena([Broken(), bots.Random()], games=4, threads=2)


def test_a_python_bot_that_cheats_is_stopped() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, game: Game) -> Action:
            return Action.PASS  # illegal for the opener

    with pytest.raises(ValueError, match="cheat"):
        metropolys.arena([Cheat(), bots.Random()], games=2)


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_arena_quickly(threads: int) -> None:
    # As simulate's test: a real SIGINT to a separate interpreter deep in a
    # run far too long to finish must stop it with KeyboardInterrupt within
    # seconds (CPython handles signals on the main thread only, while the
    # games are played on others).
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import signal, sys, metropolys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    metropolys.arena([metropolys.GreedyBot(), metropolys.GreedyBot()],\n"
        f"                     games=10**6, threads={threads})\n"
        "except KeyboardInterrupt:\n"
        "    sys.exit(42)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        status = child.wait(timeout=20)
        assert status == 42
        assert time.monotonic() - sent < 10
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("threads", [0, -1, 1025, 10**6, 2**70])
def test_arena_refuses_a_thread_count_out_of_range(threads: int) -> None:
    with pytest.raises(ValueError, match="threads"):
        metropolys.arena([bots.Greedy(), bots.Random()], games=2, threads=threads)


# ----- specs, presets and hostile parameters ----------------------------------


@pytest.mark.parametrize("kind", ["beginner", "casual", "strong", "expert", "ismcts-v1"])
def test_presets_are_bot_kinds_from_python(kind: str) -> None:
    assert kind in bots.PRESETS or kind == "ismcts-v1"
    bot = bots.from_spec(kind, seed=3)
    assert isinstance(bot, bots.SpecBot) and bot.name == kind
    game = Game(players=2, variant="expert", seed=4)
    if kind in ("beginner", "casual"):
        assert game.is_legal(bot.choose(game))
    assert repr(bot) == f'SpecBot("{kind}", seed=3)'


def test_spec_bots_take_parameters_as_a_dict_or_json() -> None:
    game = Game(players=3, variant="family", seed=2)
    a = bots.from_spec("ismcts", {"iterations": 80}, seed=5)
    b = bots.SpecBot("ismcts", '{"iterations": 80}', 5)
    assert a.choose(game) == b.choose(game)
    assert repr(a) == 'SpecBot("ismcts", {"iterations":80}, seed=5)'
    with pytest.raises(ValueError, match="unknown bot kind"):
        bots.from_spec("grandmaster")
    # The searching presets take only a cap on their tree; the others none.
    with pytest.raises(ValueError, match='unknown parameter "iterations"; expected tree_edges'):
        bots.from_spec("expert", {"iterations": 5})
    with pytest.raises(ValueError, match="expected none"):
        bots.from_spec("beginner", {"tree_edges": 5000})
    assert repr(bots.from_spec("expert", {"tree_edges": 5000})) == 'SpecBot("expert", {"tree_edges":5000}, seed=0)'
    with pytest.raises(TypeError):
        bots.from_spec("ismcts", 5)  # type: ignore[arg-type]


def test_arena_takes_bot_specs_as_strings() -> None:
    rows = metropolys.arena(["beginner", 'ismcts:{"iterations": 30}', bots.Random()], games=3, seed=1)
    assert [r["bot"] for r in rows] == ["beginner", "ismcts", "random"]
    with pytest.raises(ValueError, match="unknown bot kind"):
        metropolys.arena(["greedy", "chess"], games=2)
    with pytest.raises(ValueError, match="one bot spec"):
        metropolys.arena(["greedy,random", "greedy"], games=2)


def test_duplicate_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match='duplicate parameter "iterations"'):
        bots.SpecBot("ismcts", '{"iterations": 5, "iterations": 9}')
    with pytest.raises(ValueError, match="duplicate"):
        bots.SpecBot("greedy", '{"cost_per_number": 1, "cost_per_number": 2}')


@pytest.mark.parametrize(
    "make",
    [
        lambda: bots.Ismcts(seconds=True),  # type: ignore[arg-type]
        lambda: bots.Ismcts(seconds=False),  # type: ignore[arg-type]
        lambda: bots.Ismcts(exploration=True),  # type: ignore[arg-type]
        lambda: bots.Ismcts(seconds="1"),  # type: ignore[arg-type]
        lambda: bots.Ismcts(iterations=True),  # type: ignore[arg-type]
        lambda: bots.Ismcts(threads=True),  # type: ignore[arg-type]
    ],
)
def test_a_bool_is_not_a_number_for_the_bots(make: Any) -> None:
    """docs/errors.md: a bool is no integer, nor a number of seconds."""
    with pytest.raises(TypeError):
        make()


def test_numbers_of_any_kind_are_seconds() -> None:
    import numpy as np

    game = Game(players=2, seed=1)
    for seconds in (1, 0.05, np.float64(0.05)):
        bot = bots.Ismcts(seconds=seconds, iterations=20)
        assert game.is_legal(bot.choose(game))


def test_huge_bad_values_give_short_messages() -> None:
    """A 64 MiB bad value is echoed as a short prefix, not whole."""
    huge = "z" * (64 << 20)
    for make in (
        lambda: bots.Ismcts(playout=huge),  # type: ignore[arg-type]
        lambda: bots.SpecBot(huge),
        lambda: bots.SpecBot("ismcts", {huge: 1}),
        lambda: bots.SpecBot("ismcts", {"reward": [huge]}),
        lambda: metropolys.arena([huge, "greedy"], games=2),
        lambda: metropolys.VectorEnv(2, opponents=huge),
        lambda: metropolys.VectorEnv(2, opponents=("ismcts", {"playout": huge})),
        lambda: metropolys.arena([bots.Greedy(), [huge]], games=2),
    ):
        with pytest.raises((ValueError, TypeError)) as e:
            make()
        assert len(str(e.value)) < 500, len(str(e.value))
        assert "zzz" in str(e.value)
