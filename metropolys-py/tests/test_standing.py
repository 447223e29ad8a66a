"""Running scores, where cards score and the scoring rules come from core
(``Game::running_scores``, ``Game::where_cards_score``,
``explain::scoring_rules``), and a view never reads the cards it does not
know (R-21)."""

from __future__ import annotations

import pytest

import metropolys
from metropolys import Game, types

from conftest import METROPOLYS_DECK, SETUPS, play_out


def _points(sheet: types.ScoreSheet) -> dict[str, int]:
    return {c: sheet[c] for c in metropolys.SCORE_CATEGORIES if c not in ("total", "constructed")}  # type: ignore[literal-required]


@pytest.mark.parametrize("players,variant", SETUPS)
def test_a_whole_game_knows_every_running_score_and_they_equal_the_sheets(
    players: int, variant: str
) -> None:
    end, path = play_out(Game(players=players, variant=variant, seed=7), 7)
    for game in path[:: max(1, len(path) // 6)] + [end]:
        for running, sheet in zip(game.running_scores(), game.scores()):
            assert running["complete"] and running["unknown"] == []
            assert running["player"] == sheet["player"]
            values = {c["category"]: c["value"] for c in running["categories"]}
            assert values == {k: v for k, v in _points(sheet).items() if k in values}
            assert running["known_total"] == sheet["total"]
            assert running["constructed"] == sheet["constructed"]


def test_r21_a_seats_view_knows_its_own_cards_and_the_others_public_points() -> None:
    game = Game.from_config(
        {"players": 3, "variant": "expert", "seed": 4, "metropolys_deck": METROPOLYS_DECK}
    )
    # Halfway through a random game.
    _, path = play_out(game, 4)
    middle = path[len(path) // 2]
    whole = {r["player"]: r for r in middle.running_scores()}
    view = Game.from_dict(middle.view(1))
    scores = view.running_scores()
    assert scores[1] == whole[1]
    for seat in (0, 2):
        assert not scores[seat]["complete"]
        # With the Metropolys cards the Expert game deals no neighborhood
        # card (section 9): the area and Metropolys cards are unknown.
        assert scores[seat]["unknown"] == ["area", "metropolys"]
        for c in scores[seat]["categories"]:
            if c["category"] in scores[seat]["unknown"]:
                assert c["value"] is None
            else:
                assert c in whole[seat]["categories"]
        assert scores[seat]["known_total"] == sum(
            c["value"] for c in scores[seat]["categories"] if c["value"] is not None
        )
    public = Game.from_dict(middle.public_view()).running_scores()
    assert not any(r["complete"] for r in public)


def test_r21_where_cards_score_names_a_seats_own_cards_and_refuses_the_others() -> None:
    game = Game.from_config(
        {"players": 4, "variant": "expert", "seed": 9, "metropolys_deck": METROPOLYS_DECK}
    )
    view = Game.from_dict(game.view(2))
    places = view.where_cards_score(2)
    assert [p["card"] for p in places] == [
        {"area": game.objective(2)["area"]},
        {"metropolys": game.metropolys_card(2)},
    ]
    assert places == game.where_cards_score(2)
    for p in places:
        assert " card" in p["label"] and p["text"]
        assert p["neighborhoods"] and all(0 <= n < 55 for n in p["neighborhoods"])
    for seat in (0, 1, 3):
        with pytest.raises(ValueError, match="R-21"):
            view.where_cards_score(seat)
    with pytest.raises(ValueError):
        view.where_cards_score(4)
    with pytest.raises(ValueError, match="R-21"):
        Game.from_dict(game.public_view()).where_cards_score(0)


def test_a_neighborhood_card_scores_on_its_kind_in_play_only() -> None:
    for players in (2, 4):
        game = Game(players=players, variant="expert", seed=3)
        card = game.where_cards_score(0)[1]
        kind = game.objective(0)["neighborhood"]
        assert card["card"] == {"neighborhood": kind}
        of_kind = [
            n for n in range(metropolys.NEIGHBORHOOD_COUNT) if metropolys.neighborhood_kind(n) == kind
        ]
        if players == 4:
            # Every district is in play.
            assert card["neighborhoods"] == of_kind
        else:
            # Two districts are out of play with two players.
            assert set(card["neighborhoods"]) < set(of_kind)


def test_scoring_rules_follow_the_variant_and_the_metropolys_cards() -> None:
    expert = metropolys.scoring_rules("expert")
    topics = [r["topic"] for r in expert]
    assert "highest_building" in topics and "neighborhood" in topics
    assert {"area": "districts"} in topics
    cards = metropolys.scoring_rules("expert", metropolys=True)
    topics = [r["topic"] for r in cards]
    # Section 9: no districts area card, no neighborhood card, no highest
    # building; the Metropolys card instead.
    assert "metropolys" in topics
    assert {"area": "districts"} not in topics and "neighborhood" not in topics
    family = [r["topic"] for r in metropolys.scoring_rules("family")]
    assert "neighborhood" not in family
    for rule in expert:
        assert set(rule) == set(types.ScoringRule.__annotations__)
        assert rule["category"] in (*metropolys.SCORE_CATEGORIES, None)
        assert rule["text"]
    with pytest.raises(ValueError):
        metropolys.scoring_rules("chess")


def test_the_typed_dicts_describe_the_shapes() -> None:
    game = Game.from_config(
        {"players": 3, "variant": "expert", "seed": 2, "metropolys_deck": METROPOLYS_DECK}
    )
    for r in game.running_scores():
        assert set(r) == set(types.RunningScore.__annotations__)
        for c in r["categories"]:
            assert set(c) == set(types.CategoryValue.__annotations__)
    for p in game.where_cards_score(0):
        assert set(p) == set(types.CardPlaces.__annotations__)
