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
    # The deck is public: every view carries it and loads it back.
    assert game.metropolys_deck == METROPOLYS_DECK
    for shown in (view, game.public_view(), game.to_dict()):
        assert shown["metropolys_deck"] == METROPOLYS_DECK
        assert Game.from_dict(shown).metropolys_deck == METROPOLYS_DECK
    assert "metropolys_deck" not in Game(players=3, seed=1).view(1)
    assert Game(players=3, seed=1).metropolys_deck is None


def test_a_view_loads_as_that_seats_view_not_as_a_whole_game() -> None:
    game = Game(players=2, seed=1)
    loaded = Game.from_dict(game.view(0))
    assert loaded.viewer == 0 and loaded != game
    assert loaded.objective(1) is None and loaded.objective(0) == game.objective(0)
    assert loaded.to_dict() == game.view(0)
    # It is a position: what needs the decisions says it is a view.
    assert loaded.observation(0).shape == game.observation(0).shape
    with pytest.raises(ValueError, match="seat 0's view has no history"):
        loaded.information_state(0)
    with pytest.raises(ValueError, match="the public view has no history"):
        Game.from_dict(game.public_view()).information_state(0, reveal="none")


class _Keeper:
    """A bot that keeps every game it is given and plays the first legal
    action."""

    name = "keeper"

    def __init__(self) -> None:
        self.seen: list = []

    def choose(self, game: Game) -> int:
        self.seen.append(game)
        return game.legal_action_ids()[0]


@pytest.mark.parametrize(
    "players,variant,deck", [(4, "expert", None), (3, "family", None), (2, "expert", METROPOLYS_DECK)]
)
def test_r21_a_bots_game_is_its_seats_view_and_round_trips(
    players: int, variant: str, deck: object
) -> None:
    import pickle

    keeper = _Keeper()
    field = [keeper] + [metropolys.bots.Random() for _ in range(players - 1)]
    metropolys.arena(field, games=1, players=players, variant=variant, seed=3,
                     metropolys_deck=deck)
    assert keeper.seen
    for game in keeper.seen[:25]:
        seat = game.viewer
        assert seat == game.to_act and "viewer=" in repr(game)
        for p in range(players):
            known = p == seat
            # None for what the view hides, never a made-up card.
            assert (game.objective(p) is not None) == known
            assert (game.metropolys_card(p) is not None) == (known and deck is not None)
            assert (game.known_scores()[p] is not None) == known
        # The deck is public: the view knows it.
        assert game.metropolys_deck == deck
        # What needs every seat's cards is refused, not made up.
        for needs_all in (game.scores, game.totals, lambda: game.winners):
            with pytest.raises(ValueError, match="R-21.*known_scores"):
                needs_all()
        # Its JSON is the seat's view, and both it and a pickle load back as
        # the same view.
        assert game.to_dict() == game.view(seat)
        for back in (pickle.loads(pickle.dumps(game)), Game.from_json(game.to_json()),
                     Game.from_dict(game.to_dict())):
            assert back == game and back.viewer == seat
            assert back.known_scores() == game.known_scores()
        # What would show a hidden card is refused, not made up.
        other = (seat + 1) % players
        for refused in (lambda: game.view(other), lambda: game.text(other),
                        lambda: game.observation(other),
                        lambda: game.observation(seat, reveal="all")):
            with pytest.raises(ValueError, match="R-21"):
                refused()
        assert game.observation(seat).shape == (metropolys.OBSERVATION_SIZE,)
        assert game.text() == game.text(seat)


def test_r21_a_view_played_to_the_end_makes_up_no_scores() -> None:
    keeper = _Keeper()
    metropolys.arena([keeper, metropolys.bots.Random()], games=1, players=2, seed=8)
    game = keeper.seen[0]
    seat = game.viewer
    end, _ = play_out(game, 2)
    assert end.is_over and end.viewer == seat and "winners=?" in repr(end)
    assert end.known_scores()[1 - seat] is None and end.known_scores()[seat] is not None
    with pytest.raises(ValueError, match="R-21"):
        end.winners
    assert not any(e["type"] == "game_ended" for e in end.events)
    assert Game.from_json(end.to_json()) == end
    # Its board as its viewer sees it shows no made-up objective for the
    # other seat (it showed "objective bridges"), and is what it knows.
    assert end.text(seat) == end.text()
    other_row = [line for line in end.text(seat).splitlines() if line.lstrip().startswith(f"{1 - seat} ")]
    assert other_row and "objective" not in other_row[0], end.text(seat)
    assert "objective" in [line for line in end.text(seat).splitlines() if line.lstrip().startswith(f"{seat} ")][0]
    # Its view of its own seat is itself: the other seat's cards stay None.
    assert end.view(seat) == end.to_dict()
    assert end.view(seat)["objectives"][1 - seat] is None
    # A whole game knows every sheet: known_scores() is scores().
    whole, _ = play_out(Game(players=2, seed=8), 2)
    assert whole.known_scores() == whole.scores()


def test_r21_loading_a_view_checks_what_it_hides() -> None:
    import json as _json

    whole = Game(players=3, seed=4)
    assert whole.viewer is None
    view = _json.loads(whole.to_json())
    view["viewer"] = 1
    # Seats 0 and 2 are shown: not seat 1's view.
    with pytest.raises(metropolys.InvalidStateError, match="R-21|seat 0") as e:
        Game.from_dict(view)
    assert e.value.rule == "R-21"
    view["objectives"] = [None, view["objectives"][1], None]
    loaded = Game.from_dict(view)
    assert loaded.viewer == 1 and loaded.objective(0) is None
    assert loaded.objective(1) == whole.objective(1)
    view["viewer"] = 7
    with pytest.raises(metropolys.InvalidStateError):
        Game.from_dict(view)


def test_r21_a_native_bot_decides_in_a_view_only_for_its_viewer() -> None:
    keeper = _Keeper()
    metropolys.arena([keeper, metropolys.bots.Greedy()], games=1, players=2, seed=5)
    game = keeper.seen[0]
    assert metropolys.bots.Greedy().choose(game) in game.legal_actions()
    after = game.apply(game.legal_action_ids()[0])
    if after.to_act != after.viewer:
        with pytest.raises(ValueError, match="R-21"):
            metropolys.bots.Greedy().choose(after)


@pytest.mark.parametrize(
    "players,variant,deck", [(4, "expert", METROPOLYS_DECK), (3, "family", None), (2, "expert", None)]
)
def test_r21_the_public_view_hides_every_seats_cards_and_round_trips(
    players: int, variant: str, deck: object
) -> None:
    import json as _json
    import pickle

    config = {"players": players, "variant": variant, "seed": 6}
    if deck is not None:
        config["metropolys_deck"] = deck
    game = Game.from_config(config)
    for _ in range(6):
        game = game.apply(game.legal_action_ids()[0])
    secrets = [_json.dumps(game.objective(p), separators=(",", ":")) for p in range(players)]
    secrets += [_json.dumps(game.metropolys_card(p), separators=(",", ":"))
                for p in range(players) if deck is not None]
    assert all(s != "null" for s in secrets)

    def shows_no_secret(text: str) -> None:
        # The deck is public: only who holds which card is secret.
        if deck is not None:
            text = text.replace('"metropolys_deck":' + _json.dumps(deck, separators=(",", ":")), "")
        for s in secrets:
            assert s not in text, s

    view = game.public_view()
    assert view["viewer"] is None
    assert view["objectives"] == [None] * players
    assert view["metropolys_cards"] == ([None] * players if deck is not None else [])
    whole = game.to_dict()
    for key in whole:
        if key not in ("objectives", "metropolys_cards"):
            assert view[key] == whole[key], key
    shows_no_secret(_json.dumps(view, separators=(",", ":")))
    assert view.get("metropolys_deck") == deck
    # Loaded, it is the public view: a game that knows no seat's cards.
    public = Game.from_dict(view)
    assert public.viewer is None and public != game and " public " in repr(public)
    assert public.public_view() == view
    for p in range(players):
        assert public.objective(p) is None and public.metropolys_card(p) is None
    assert public.known_scores() == [None] * players
    for refused in (public.scores, public.totals, lambda: public.winners,
                    lambda: public.view(0), lambda: public.text(0),
                    lambda: public.observation(0)):
        with pytest.raises(ValueError, match="the public view does not know.*R-21"):
            refused()
    with pytest.raises(ValueError, match=r"the public view; seat \d is to act.*\(R-21\)"):
        metropolys.bots.Random(seed=1).choose(public)
    # Every output of it shows no secret, and each loads back as it.
    for text in (public.to_json(), str(public), public.text(), pickle.dumps(public).decode("latin-1"),
                 _json.dumps(public.events)):
        shows_no_secret(text)
    for back in (Game.from_json(public.to_json()), Game.from_dict(public.to_dict()),
                 pickle.loads(pickle.dumps(public))):
        assert back == public and back.viewer is None
        assert back.to_dict() == view and back.known_scores() == [None] * players
    # A seat's view gives the same public view.
    assert Game.from_dict(game.view(1)).public_view() == view
    # Played on to the end it still knows no card: no scores, no winners.
    end, _ = play_out(public, 6)
    assert end.is_over and "winners=?" in repr(end)
    assert end.known_scores() == [None] * players
    assert not any(e["type"] == "game_ended" for e in end.events)
    shows_no_secret(end.to_json())
    assert Game.from_json(end.to_json()) == end
    # The public view of a finished game shows every card.
    finished, _ = play_out(game, 6)
    assert finished.public_view() == finished.to_dict()


def test_r21_hiding_some_seats_cards_without_a_viewer_is_refused() -> None:
    import json as _json

    game = Game(players=3, seed=4)
    partly = _json.loads(game.to_json())
    partly["objectives"][0] = None
    with pytest.raises(metropolys.InvalidStateError, match="hidden"):
        Game.from_dict(partly)


def test_a_game_says_whose_it_is() -> None:
    game = Game(players=3, seed=5)
    assert game.perspective == "whole" and game.viewer is None
    seat = Game.from_dict(game.view(2))
    assert seat.perspective == "seat" and seat.viewer == 2
    public = Game.from_dict(game.public_view())
    assert public.perspective == "public" and public.viewer is None
    # Core names the perspective in messages.
    with pytest.raises(ValueError, match="seat 2's view"):
        seat.scores()
