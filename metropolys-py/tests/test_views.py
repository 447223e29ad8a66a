"""Views hide secrets (R-21)."""

from __future__ import annotations

import pytest

import metropolys
from metropolys import Game

from conftest import METROPOLYS_DECK, SETUPS, play_out


@pytest.mark.parametrize("players,variant", SETUPS)
def test_views_hide_other_objectives_until_the_end(players: int, variant: str) -> None:
    game = Game(players=players, variant=variant, seed=21)
    whole = game.to_dict()
    for seat in range(players):
        view = game.view(seat)
        assert view["viewer"] == seat
        for other in range(players):
            if other == seat:
                assert view["objectives"][other] == game.objective(seat)
            else:
                assert view["objectives"][other] is None
        # Everything public is the same as in the whole state.
        for key in whole:
            if key not in ("viewer", "objectives", "metropolys_cards"):
                assert view[key] == whole[key], key
        assert view["objective_counts"] == whole["objective_counts"]
    end, _ = play_out(game, 21)
    for seat in range(players):
        assert end.view(seat)["objectives"] == end.to_dict()["objectives"]


def test_views_hide_metropolys_cards() -> None:
    game = Game.from_config(
        {"players": 3, "variant": "expert", "seed": 1, "metropolys_deck": METROPOLYS_DECK}
    )
    view = game.view(1)
    assert view["metropolys_cards"][1] == game.metropolys_card(1)
    assert view["metropolys_cards"][0] is None and view["metropolys_cards"][2] is None
    assert game.to_dict()["metropolys_cards"][0] == game.metropolys_card(0)


def test_a_view_cannot_be_loaded_as_a_state() -> None:
    game = Game(players=2, seed=1)
    with pytest.raises(metropolys.InvalidStateError, match="view"):
        Game.from_dict(game.view(0))
