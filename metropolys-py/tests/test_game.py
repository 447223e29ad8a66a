"""Whole games through the Python API at every player count and variant."""

from __future__ import annotations

import pytest

import metropolys
from metropolys import ACTION_COUNT, PASS_ID, Action, Game

from conftest import METROPOLYS_DECK, SETUPS, play_out

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
]


def check_position(game: Game) -> None:
    legal = game.legal_actions()
    ids = game.legal_action_ids()
    mask = game.action_mask()
    assert mask.shape == (ACTION_COUNT,) and mask.dtype == bool
    assert [a.id for a in legal] == ids == sorted(ids)
    assert [i for i, m in enumerate(mask) if m] == ids
    assert game.legal_action_ids_array().tolist() == ids
    assert game.legal_action_count() == len(ids)
    for a in legal:
        assert game.is_legal(a) and game.is_legal(a.id)
    if game.is_over:
        assert game.to_act is None and legal == []
        return
    assert game.to_act in range(game.players)
    # a seat asked to act can always bid.
    assert any(a.is_bid for a in legal)
    # the opening player of a call cannot pass.
    assert game.is_legal(Action.PASS) == (len(game.bids) > 0)


@pytest.mark.parametrize("players,variant", SETUPS)
def test_full_random_games(players: int, variant: str) -> None:
    for seed in range(3):
        game = Game(players=players, variant=variant, seed=seed, start_player=seed % players)
        assert game.players == players and game.variant == variant
        assert game.to_act == seed % players
        assert game.events == [{"type": "call_started", "call": 1, "player": seed % players}]
        end, path = play_out(game, 1000 + seed)
        for g in path[:: max(1, len(path) // 25)]:
            check_position(g)
        check_position(end)
        assert end.is_over
        # the game ends when one seat has constructed all 13 buildings.
        assert max(len(end.constructed(p)) for p in range(players)) == 13
        assert end.call_number == sum(len(end.constructed(p)) for p in range(players))
        sheets = end.scores()
        assert [s["player"] for s in sheets] == list(range(players))
        for s in sheets:
            assert s["total"] == sum(s[c] for c in CATEGORIES)
        assert end.totals() == [s["total"] for s in sheets]
        best = max(end.totals())
        assert end.winners and all(sheets[w]["total"] == best for w in end.winners)
        last = end.events[-1]
        assert last["type"] == "game_ended"
        assert last["scores"] == sheets and last["winners"] == end.winners
        if variant == "family":
            assert all(s["neighborhood"] == 0 and s["highest_building"] == 0 for s in sheets)


def test_game_with_metropolys_cards() -> None:
    game = Game.from_config(
        {"players": 4, "variant": "expert", "seed": 3, "metropolys_deck": METROPOLYS_DECK}
    )
    assert game.uses_metropolys_cards
    cards = [game.metropolys_card(p) for p in range(4)]
    assert sorted(map(sorted, cards)) == sorted(map(sorted, METROPOLYS_DECK))
    end, _ = play_out(game, 3)
    assert end.is_over
    for s in end.scores():
        assert s["metropolys"] == 9 * len(s["metropolys_groups"])
        assert s["neighborhood"] == 0  # no neighborhood cards with the module (§9)
    assert Game(players=2).metropolys_card(0) is None


def test_events_of_a_call(mid_call: Game) -> None:
    assert [e["type"] for e in mid_call.events][0] == "bid_placed"
    # Pass until the call ends: the last events construct the winning bid.
    game = mid_call
    while game.call_number == 1:
        game = game.apply(Action.PASS)
    types = [e["type"] for e in game.events]
    assert "constructed" in types and types[-1] == "call_started"
    built = next(e for e in game.events if e["type"] == "constructed")
    assert game.building_at(built["neighborhood"]) == (built["player"], built["building"])
    assert game.bids == []


def test_queries_on_a_position(mid_call: Game) -> None:
    g = mid_call
    assert len(g.bids) == 2
    first, second = g.bids
    assert first == {"player": 0, "neighborhood": 3, "building": 2}
    assert metropolys.adjacent(3, second["neighborhood"])
    assert second["building"] > 2
    assert 2 not in g.supply(0) and second["building"] not in g.supply(1)
    assert 3 not in g.free_neighborhoods()
    assert g.building_at(3) is None
    assert g.has_passed(0) is False
    assert g.card_holder("subway") is None and g.card_holder("archaeology") is None
    assert g.tokens_taken(0) == {"trendy": 0, "subway": 0, "archaeology": 0}
    assert g.tokens_taken(0, "trendy") == 0
    tokens = g.tokens()
    assert tokens == {int(k): v for k, v in g.to_dict()["tokens"].items()}
    for nb, t in tokens.items():
        assert g.token_at(nb) == t
    # 3 players use 8 trendy, 7 subway, 7 archaeology tokens.
    assert sorted(tokens.values()).count("trendy") == 8
    assert len(g.out_of_play) == 1
    assert g.config == {"players": 3, "variant": "expert", "seed": 5, "start_player": 0, "metropolys_cards": None}
    history = g.history
    assert history is not None and [p for p, _ in history] == [0, 1]
    assert history[0][1] == Action.bid(3, 2)
    obj = g.objective(0)
    assert set(obj) == {"neighborhood", "area"}


def test_tokens_and_cards_after_a_game(finished: Game) -> None:
    taken = [finished.tokens_taken(p) for p in range(3)]
    board = list(finished.tokens().values())
    for kind, pool in (("trendy", 8), ("subway", 7), ("archaeology", 7)):
        assert sum(t[kind] for t in taken) + board.count(kind) == pool
    holder = finished.card_holder("archaeology")
    if any(t["archaeology"] for t in taken):
        assert holder is not None and taken[holder]["archaeology"] > 0
    sub = finished.card_holder("subway")
    if sub is not None:
        assert taken[sub]["subway"] == max(t["subway"] for t in taken)


def test_apply_accepts_ids_and_json_forms(mid_call: Game) -> None:
    legal = mid_call.legal_actions()
    a = legal[0]
    assert mid_call.apply(a) == mid_call.apply(a.id) == mid_call.apply(a.to_dict())
    assert mid_call.apply(PASS_ID) == mid_call.apply(Action.PASS) == mid_call.apply("pass")
    assert mid_call.apply_for(mid_call.to_act, a) == mid_call.apply(a)


def test_random_action_sources(mid_call: Game) -> None:
    import random

    legal = set(mid_call.legal_actions())
    assert mid_call.random_action() in legal
    assert mid_call.random_action(random.Random(4)) in legal
    assert mid_call.random_action(9) == mid_call.random_action(9)
    rng = metropolys.SplitMix64(9)
    assert mid_call.random_action(rng) == mid_call.random_action(9)


def test_finished_game_has_no_action(finished: Game) -> None:
    assert finished.random_action(1) is None
    assert finished.legal_actions() == [] and not any(finished.action_mask())


def test_splitmix64_reference_value() -> None:
    # The reference value of SplitMix64 seeded with 0 (core rng docs).
    assert metropolys.SplitMix64(0).next_u64() == 0xE220A8397B1DCDAF
    rng = metropolys.SplitMix64(5)
    assert all(0 <= rng.below(7) < 7 for _ in range(100))


def test_repr_reads_well(mid_call: Game, finished: Game) -> None:
    assert repr(mid_call) == (
        "<metropolys.Game players=3 variant=expert call=1 to_act=2 bids=2 constructed=0>"
    )
    assert repr(finished).startswith("<metropolys.Game players=3 variant=expert over totals=[")
    assert f"winners={finished.winners}" in repr(finished)


def test_explicit_setup_from_config() -> None:
    original = Game(players=3, variant="expert", seed=77)
    snap = original.to_dict()
    config = {
        "players": 3,
        "variant": "expert",
        "seed": 123456,  # nothing is drawn: every part is explicit
        "out_of_play": snap["out_of_play"],
        "tokens": snap["tokens"],
        "objectives": snap["objectives"],
    }
    game = Game.from_config(config)
    assert game == original
    import json

    assert Game.from_config(json.dumps(config)) == original
    assert Game.from_config({"players": 3, "variant": "expert", "seed": 77}) == original
    assert Game.from_config('{"players": 2}').variant == "family"  # core default


def test_package_docstring_example() -> None:
    import doctest

    failures, tried = doctest.testmod(metropolys, verbose=False)
    assert tried > 0 and failures == 0


def test_undo_gives_back_every_earlier_game_even_after_restoring() -> None:
    import pickle

    start = Game(players=3, variant="expert", seed=17)
    end, path = play_out(start, 17)
    assert end.is_over and len(path) > 2
    for restored in (
        Game.from_record(end.to_record()),
        pickle.loads(pickle.dumps(end)),
        end,
    ):
        at = restored
        for earlier in reversed(path[:-1]):
            before = at.undo()
            assert before == earlier and before is not at
            assert before.events == earlier.events
            assert before.history == earlier.history
            at = before
        assert at == start and at.history == []
        # Nothing to undo in a new game: the documented error, not a panic.
        with pytest.raises(metropolys.InvalidStateError, match="no decision to undo"):
            at.undo()
    # The game undone from is unchanged.
    assert end.is_over and len(end.history or []) == len(path) - 1


def test_undo_needs_a_history() -> None:
    game = Game(players=2, seed=3)
    game = game.apply(game.legal_action_ids()[0])
    loaded = Game.from_json(game.to_json())
    with pytest.raises(metropolys.InvalidStateError, match="to_record") as e:
        loaded.undo()
    assert isinstance(e.value, ValueError) and e.value.rule is None
    # Views have no history either (it would reveal the deal, R-21).
    for view in (Game.from_dict(game.view(0)), Game.from_dict(game.public_view())):
        with pytest.raises(metropolys.InvalidStateError, match="R-21"):
            view.undo()
