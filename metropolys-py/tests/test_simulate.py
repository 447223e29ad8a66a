"""simulate: numpy columns that agree with step-by-step play."""

from __future__ import annotations

import json

import pytest

import metropolys
from metropolys import Game, SplitMix64

from conftest import SETUPS

CATEGORIES = [
    "trendy",
    "subway",
    "subway_card",
    "archaeology",
    "archaeology_card",
    "area",
    "neighborhood",
    "highest_building",
    "metropolys",
    "total",
    "constructed",
]


def step_by_step(seed: int, players: int, variant: str) -> Game:
    game = Game(players=players, variant=variant, seed=seed)
    rng = SplitMix64(seed)
    while not game.is_over:
        game = game.apply(game.random_action(rng))
    return game


@pytest.mark.parametrize("players,variant", SETUPS)
def test_simulate_agrees_with_step_by_step_play(players: int, variant: str) -> None:
    n, seed = 6, 1000 * players
    result = metropolys.simulate(n, seed=seed, players=players, variant=variant)
    expected_columns = ["game", "seed", "start_player"]
    if variant == "expert":
        expected_columns += [f"objective_neighborhood_{p}" for p in range(players)]
    expected_columns += [f"objective_area_{p}" for p in range(players)]
    expected_columns += ["calls", "winners"]
    expected_columns += [f"win_{p}" for p in range(players)]
    expected_columns += [f"win_share_{p}" for p in range(players)]
    expected_columns += [f"{c}_{p}" for c in CATEGORIES for p in range(players)]
    assert list(result) == expected_columns
    assert all(len(col) == n for col in result.values())
    assert result["game"].tolist() == list(range(n))
    assert result["seed"].tolist() == [seed + i for i in range(n)]
    for i in range(n):
        end = step_by_step(seed + i, players, variant)
        assert result["start_player"][i] == 0
        for p in range(players):
            objective = end.objective(p)
            assert result[f"objective_area_{p}"][i] == objective["area"]
            if variant == "expert":
                assert result[f"objective_neighborhood_{p}"][i] == objective["neighborhood"]
        assert result["calls"][i] == end.call_number
        assert result["winners"][i] == end.winners
        for p in range(players):
            assert result[f"win_{p}"][i] == (p in end.winners)
            share = 1 / len(end.winners) if p in end.winners else 0.0
            assert result[f"win_share_{p}"][i] == share
        sheets = end.scores()
        for c in CATEGORIES:
            for p in range(players):
                assert result[f"{c}_{p}"][i] == sheets[p][c], (i, c, p)


def test_simulate_with_an_explicit_config() -> None:
    from conftest import METROPOLYS_DECK

    config = {
        "players": 3,
        "variant": "expert",
        "start_player": 2,
        "seed": 999,  # replaced by seed + i
        "metropolys_deck": METROPOLYS_DECK,
    }
    result = metropolys.simulate(4, seed=50, config=config, threads=2)
    assert "total_2" in result and "total_3" not in result
    for i in range(4):
        game = Game.from_config(dict(config, seed=50 + i))
        assert game.to_act == 2 and game.uses_metropolys_cards
        rng = SplitMix64(50 + i)
        while not game.is_over:
            game = game.apply(game.random_action(rng))
        assert result["winners"][i] == game.winners
        assert [result[f"metropolys_{p}"][i] for p in range(3)] == [
            s["metropolys"] for s in game.scores()
        ]
    # Issue 24: the setup of each game is in its row.
    assert result["start_player"].tolist() == [2] * 4
    assert "objective_neighborhood_0" not in result  # Expert with Metropolys cards (§9)
    for i in range(4):
        game = Game.from_config(dict(config, seed=50 + i))
        for p in range(3):
            assert result[f"metropolys_card_{p}"][i] == game.metropolys_card(p)
            assert result[f"objective_area_{p}"][i] == game.objective(p)["area"]
    with pytest.raises(metropolys.InvalidConfigError, match="R-1"):
        metropolys.simulate(1, config={"players": 3, "start_player": 5})
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, config="{")


def test_threads_do_not_change_results() -> None:
    one = metropolys.simulate(25, seed=7, players=3, variant="expert")
    for threads in (2, 3, 0, 100):
        other = metropolys.simulate(25, seed=7, players=3, variant="expert", threads=threads)
        assert other.keys() == one.keys()
        assert all(other[k].tolist() == one[k].tolist() for k in one)


def test_simulate_edge_cases() -> None:
    empty = metropolys.simulate(0)
    assert empty["game"].tolist() == [] and "total_3" in empty
    assert metropolys.simulate(1, seed=2**64 - 1)["seed"].tolist() == [2**64 - 1]
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, players=5)
    with pytest.raises(metropolys.InvalidConfigError):
        metropolys.simulate(1, variant="solo")


def test_simulate_loads_into_pandas() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(metropolys.simulate(20, players=4))
    assert df.shape[0] == 20
    assert df[[f"win_{p}" for p in range(4)]].sum(axis=1).min() >= 1


def test_score_categories_are_the_numeric_score_sheet_keys_in_order() -> None:
    assert metropolys.SCORE_CATEGORIES == tuple(CATEGORIES)
    sheet = Game(players=2, variant="family", seed=1).scores()[0]
    numeric = [k for k, v in sheet.items() if isinstance(v, int) and k != "player"]
    assert numeric == list(metropolys.SCORE_CATEGORIES)


def test_columns_are_typed_numpy_arrays() -> None:
    np = pytest.importorskip("numpy")
    result = metropolys.simulate(3000, seed=1, players=2, threads=2)
    assert isinstance(result["total_0"], np.ndarray)
    assert result["total_0"].dtype == np.int16 and result["calls"].dtype == np.uint16
    assert result["win_1"].dtype == np.bool_ and result["seed"].dtype == np.uint64
    assert result["winners"].dtype == object
    assert all(len(col) == 3000 for col in result.values())
    # Rows are in game order across chunks and threads.
    assert result["game"].tolist() == list(range(3000))


def test_a_config_checked_only_for_the_first_seed_fails_naming_the_seed() -> None:
    # Issue 12, defect 3: explicit tokens for one layout, districts left to
    # the seed: seeds whose drawn district does not fit must raise, never
    # give rows of zeros.
    base = Game(players=3, variant="expert", seed=0).to_dict()
    config = {"players": 3, "variant": "expert", "tokens": base["tokens"]}
    bad_seed = next(
        s for s in range(1, 200)
        if Game(players=3, variant="expert", seed=s).to_dict()["out_of_play"]
        != base["out_of_play"]
    )
    with pytest.raises(metropolys.InvalidConfigError, match=f"seed {bad_seed}"):
        metropolys.simulate(bad_seed + 1, seed=0, config=config, threads=2)
    with pytest.raises(metropolys.InvalidConfigError):
        Game.from_config(dict(config, seed=bad_seed))


@pytest.mark.parametrize("n", [10**12, 2**60, 2**64 - 1])
def test_huge_sizes_allocate_nothing_up_front(n: int) -> None:
    # Issue 12, defect 2: no abort, no PanicException. Interrupted at once by
    # a progress callback that raises, after the first chunk.
    class Stop(Exception):
        pass

    class Bar:
        def __init__(self, **_: object) -> None:
            pass

        def update(self, _: int) -> None:
            raise Stop

        def close(self) -> None:
            pass

    import sys
    import types

    # A stand-in for tqdm and its `auto` module, so the test needs no tqdm
    # (issue 24: the suite passes without the optional packages).
    package = types.ModuleType("tqdm")
    fake = types.ModuleType("tqdm.auto")
    fake.tqdm = Bar  # type: ignore[attr-defined]
    package.auto = fake  # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("tqdm", "tqdm.auto")}
    sys.modules.update({"tqdm": package, "tqdm.auto": fake})
    try:
        with pytest.raises(Stop):
            metropolys.simulate(n, progress=True, threads=2)
    finally:
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_batch_quickly(threads: int) -> None:
    # A real SIGINT to a separate interpreter that is deep in a batch far too
    # long to finish: it must stop with KeyboardInterrupt within seconds. In
    # its own process, so that nothing the other tests did to this one can
    # hide the signal, and a missed signal cannot run on (the child is
    # killed after the deadline and the test fails).
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import signal, sys, metropolys\n"
        # A shell starting a job in the background (`cmd &`) ignores
        # SIGINT for it, and Python then installs no handler: restore
        # Python's own, as an interactive session has it.
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('ready', flush=True)\n"
        "try:\n"
        f"    metropolys.simulate(10**9, threads={threads})\n"
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


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"n": -1}, ValueError),
        ({"n": 2**64}, ValueError),
        ({"n": True}, TypeError),
        ({"n": 1.5}, TypeError),
        ({"n": "3"}, TypeError),
        ({"n": 1, "seed": -1}, ValueError),
        ({"n": 1, "seed": True}, TypeError),
        ({"n": 1, "players": 2**70}, metropolys.InvalidConfigError),
        ({"n": 1, "players": True}, TypeError),
        ({"n": 1, "threads": -1}, ValueError),
        ({"n": 1, "threads": 10**6}, ValueError),
        ({"n": 1, "format": "csv"}, ValueError),
        ({"n": 1, "first": -1}, ValueError),
        ({"n": 2, "first": 2**64 - 1}, ValueError),
        ({"n": 1, "first": True}, TypeError),
    ],
)
def test_bad_arguments_get_documented_errors(kwargs: dict, error: type) -> None:
    with pytest.raises(error):
        metropolys.simulate(**kwargs)


def test_progress_bar() -> None:
    pytest.importorskip("tqdm")
    result = metropolys.simulate(2500, progress=True)
    assert len(result["game"]) == 2500


def test_arrow_table() -> None:
    pa = pytest.importorskip("pyarrow")
    table = metropolys.simulate(5, format="arrow")
    assert table.num_rows == 5
    assert table.column_names == list(metropolys.simulate(5))
    assert table.schema.field("objective_area_0").type == pa.string()
    # Every column a scalar: the winners as text (issue 37).
    assert table.schema.field("winners").type == pa.string()
    assert table.schema.field("win_share_0").type == pa.float64()
    numpy = metropolys.simulate(5)
    assert [json.loads(w) for w in table.to_pydict()["winners"]] == [list(w) for w in numpy["winners"]]
    from conftest import METROPOLYS_DECK

    config = {"players": 2, "variant": "expert", "metropolys_deck": METROPOLYS_DECK}
    cards = metropolys.simulate(3, config=config, format="arrow")
    assert cards.schema.field("metropolys_card_0").type == pa.string()
    assert all(len(json.loads(c)) == 3 for c in cards.to_pydict()["metropolys_card_0"])


def test_win_shares_add_up_to_one_game_each() -> None:
    result = metropolys.simulate(3000, seed=5, players=4)
    shares = sum(result[f"win_share_{p}"] for p in range(4))
    assert (abs(shares - 1.0) < 1e-12).all()
    shared = [i for i, w in enumerate(result["winners"]) if len(w) > 1]
    assert shared, "no shared victory in 3000 games"
    i = shared[0]
    k = len(result["winners"][i])
    assert [result[f"win_share_{p}"][i] for p in result["winners"][i]] == [1 / k] * k


def test_arrow_without_pyarrow_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 24: a bare ModuleNotFoundError before; now the message of tqdm's
    # case, naming the package and the extra.
    import sys

    monkeypatch.setitem(sys.modules, "pyarrow", None)  # `import pyarrow` fails
    with pytest.raises(ImportError, match=r'simulate\(format="arrow"\) needs pyarrow: pip install pyarrow') as e:
        metropolys.simulate(5, format="arrow")
    assert "metropolys[arrow]" in str(e.value)
    with pytest.raises(ImportError, match=r'arena\(format="arrow"\) needs pyarrow'):
        metropolys.arena([metropolys.RandomBot(), metropolys.RandomBot()], 2, per_game=True, format="arrow")
    # Without pyarrow the numpy form still works.
    assert len(metropolys.simulate(5, format="numpy")["game"]) == 5


def test_the_suite_passes_without_the_optional_packages() -> None:
    # Issue 24: `pip install ./metropolys-py` then `pytest` failed three tests
    # without tqdm. Runs this file with tqdm, pyarrow and pandas made
    # unimportable: tests that need them skip, the others pass.
    import pathlib
    import subprocess
    import sys

    here = pathlib.Path(__file__)
    code = (
        "import sys, pytest\n"
        "for m in ('tqdm', 'tqdm.auto', 'pyarrow', 'pandas'):\n"
        "    sys.modules[m] = None\n"
        f"sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '--rootdir', {str(here.parent)!r}, "
        f"{str(here)!r}, '-k', 'not the_suite_passes and not ctrl_c']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=here.parent, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "skipped" in done.stdout


def test_simulate_result_loads_into_pandas_without_copying_lists() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(metropolys.simulate(5000, threads=2))
    assert df.shape[0] == 5000 and str(df["total_0"].dtype) == "int16"


def test_each_row_has_its_own_winners_list() -> None:
    result = metropolys.simulate(50, players=2, seed=3)
    winners = list(result["winners"])
    assert len({id(w) for w in winners}) == len(winners)
    same = [i for i, w in enumerate(winners) if w == winners[0]]
    assert len(same) >= 2  # two seats: some rows share their winners
    expected = list(winners[same[1]])
    winners[same[0]].append(99)
    assert result["winners"][same[1]] == expected


@pytest.mark.parametrize("first,n", [(0, 10), (3, 4), (1030, 20), (2**64 - 3, 3)])
def test_a_range_of_games_is_the_same_rows_as_the_whole_batch(first: int, n: int) -> None:
    # The rule the cluster's simulate stands on: game i is seeded seed + i
    # whatever batch plays it.
    seed = 2**64 - 5
    part = metropolys.simulate(n, seed=seed, players=3, first=first, threads=2)
    assert part["game"].tolist() == [first + j for j in range(n)]
    assert part["seed"].tolist() == [(seed + first + j) % 2**64 for j in range(n)]
    for j in (0, n - 1):
        end = step_by_step((seed + first + j) % 2**64, 3, "expert")
        assert part["winners"][j] == end.winners
        assert part["total_2"][j] == end.totals()[2]
    if first + n <= 1050:
        whole = metropolys.simulate(first + n, seed=seed, players=3)
        assert all(part[k].tolist() == whole[k][first:].tolist() for k in whole)


def test_a_bad_seed_in_a_range_names_its_game() -> None:
    base = Game(players=3, variant="expert", seed=0).to_dict()
    config = {"players": 3, "variant": "expert", "tokens": base["tokens"]}
    bad = next(
        s for s in range(1, 200)
        if Game(players=3, variant="expert", seed=s).to_dict()["out_of_play"] != base["out_of_play"]
    )
    with pytest.raises(metropolys.InvalidConfigError, match=f"game {bad} \\(seed {bad}\\)"):
        metropolys.simulate(1, seed=0, config=config, first=bad)


def test_names_are_matched_in_any_case_and_bad_ones_are_listed() -> None:
    # Issue 24: variant="Expert" was refused with "expected one of: family
    # expert ". Every name given as an argument is matched in any case.
    a = metropolys.simulate(3, variant="Expert", format="NumPy")
    b = metropolys.simulate(3, variant="expert")
    assert all(a[k].tolist() == b[k].tolist() for k in b)
    assert Game(players=2, variant="FAMILY", seed=1) == Game(players=2, variant="family", seed=1)
    assert metropolys.VectorEnv(2, variant="Expert").variant == "expert"
    rows = metropolys.arena([metropolys.RandomBot(), metropolys.RandomBot()], 2, variant="Family")
    assert rows[0]["games"] == 2
    assert metropolys.district_neighborhoods("North") == metropolys.district_neighborhoods("north")
    game = Game(players=2, variant="expert", seed=1)
    assert game.tokens_taken(0, "Trendy") == game.tokens_taken(0, "trendy")
    assert game.card_holder("SUBWAY") == game.card_holder("subway")
    message = 'unknown variant "solo": expected "family" or "expert" (in any case)'
    for call in (
        lambda: Game(players=2, variant="solo"),
        lambda: metropolys.simulate(1, variant="solo"),
        lambda: metropolys.arena([metropolys.RandomBot()] * 2, 2, variant="solo"),
        lambda: metropolys.VectorEnv(1, variant="solo"),
    ):
        with pytest.raises(metropolys.InvalidConfigError) as e:
            call()
        assert str(e.value) == message
    with pytest.raises(ValueError, match='expected "center", "north", "east", "south" or "west"'):
        metropolys.district_neighborhoods("up")
    with pytest.raises(ValueError) as e:
        metropolys.simulate(1, variant="x" * 1_000_000)
    assert len(str(e.value)) < 300  # a bounded echo of the bad name
