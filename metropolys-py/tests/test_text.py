"""Text forms and conventions: ``str(game)`` (the core's text board),
``Action.parse``, ``apply_for``'s seat check, ``to_svg`` drawing options and
the generators ``random_action`` accepts."""

from __future__ import annotations

import random
from typing import Any

import pytest

import metropolys
from metropolys import Action, ActionParseError, Game, SplitMix64

from conftest import play_out


def mid_game() -> Game:
    game = Game(players=3, variant="expert", seed=42)
    rng = SplitMix64(42)
    while len(game.bids) < 2 or game.call_number < 3:
        action = game.random_action(rng)
        assert action is not None
        game = game.apply(action)
    return game


# --- str(game): the text board ----------------------------------------------


def test_str_is_the_text_board_and_repr_stays_short() -> None:
    game = mid_game()
    text = str(game)
    assert text == game.text()
    lines = text.splitlines()
    assert lines[0].startswith(f"expert · 3 players · call {game.call_number}")
    assert f"seat {game.to_act} to act" in lines[0]
    # Districts in play by name; bids and buildings in their cells.
    assert any(line.startswith("center") for line in lines)
    for bid in game.bids:
        assert f"({bid['player']}:{bid['building']})@{bid['neighborhood']}" in text
    for seat in range(3):
        for nb in game.constructed(seat):
            number = game.building_at(nb)
            assert number is not None
            assert f"[{seat}:{number[1]}]" in text
    assert len(lines) < 25
    r = repr(game)
    assert "\n" not in r and len(r) < 120


def test_r21_text_shows_only_what_the_viewer_may_see() -> None:
    game = mid_game()
    whole = game.text()
    assert whole.count("objective") == 3
    for seat in range(3):
        view = game.text(seat)
        assert view.count("objective") == 1
        own = next(line for line in view.splitlines() if "objective" in line)
        assert own.lstrip("> ").startswith(str(seat))
        assert f"seen by seat {seat}" in view.splitlines()[0]
    end, _ = play_out(game, 1)
    assert end.text(0).count("objective") == 3  # everything once the game ends
    assert "game over" in str(end)


@pytest.mark.parametrize("seat", [-1, 3, 255, 256])
def test_text_for_a_seat_not_in_the_game_is_views_value_error(seat: int) -> None:
    game = Game(players=3, variant="expert", seed=1)
    with pytest.raises(ValueError) as text_error:
        game.text(seat)
    with pytest.raises(ValueError) as view_error:
        game.view(seat)
    assert type(text_error.value) is type(view_error.value) is ValueError
    assert str(text_error.value) == str(view_error.value)


# --- Action.parse --------------------------------------------------------------


def test_every_action_round_trips_through_its_text() -> None:
    for action_id in range(metropolys.ACTION_COUNT):
        action = Action.from_id(action_id)
        assert Action.parse(str(action)) == action
        if action.is_bid:
            assert Action.parse(f"{action.neighborhood} {action.building}") == action
    assert Action.parse("bid 3 on 12") == Action.bid(12, 3)
    assert Action.parse("12 3") == Action.bid(12, 3)
    assert Action.parse("pass") is Action.PASS
    assert Action.parse("  PASS ") is Action.PASS
    assert Action.parse(" Bid 3   on 12") == Action.bid(12, 3)


@pytest.mark.parametrize(
    "text",
    ["", "bid", "bid 3 at 12", "12 3 4", "-1 3", "12 0", "55 3", "bid 14 on 12",
     "1.5 3", "passs", "12,3", "١٢ ٣"],
)
def test_bad_action_text_is_an_action_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError) as e:
        Action.parse(text)
    assert isinstance(e.value, ValueError)
    assert isinstance(e.value, metropolys.MetropolysError)
    assert e.value.rule is None
    assert str(e.value)


def test_parsed_actions_are_applied_from_user_input() -> None:
    game = Game(players=2, variant="family", seed=3)
    first = game.legal_actions()[0]
    assert game.apply(Action.parse(str(first))) == game.apply(first)


# --- apply_for with a seat that does not exist ---------------------------------


@pytest.mark.parametrize("seat", [-1, 3, 4, 255, 256])
def test_apply_for_a_missing_seat_raises_what_view_raises(seat: int) -> None:
    game = Game(players=3, variant="expert", seed=5)
    action = game.legal_actions()[0]
    with pytest.raises(Exception) as from_view:
        game.view(seat)
    with pytest.raises(Exception) as from_apply:
        game.apply_for(seat, action)
    assert type(from_apply.value) is type(from_view.value)
    assert type(from_view.value) is ValueError
    # A real seat that is not to act is still R-8.
    other = (game.to_act + 1) % 3  # type: ignore[operator]
    with pytest.raises(metropolys.IllegalActionError) as e:
        game.apply_for(other, action)
    assert e.value.rule == "R-8"


# --- to_svg drawing options ------------------------------------------------------


def test_to_svg_defaults_are_cores() -> None:
    game = mid_game()
    assert game.to_svg() == game.to_svg(
        highlight=None, caption=None, hide_status=False, hide_ids=False
    )
    assert game.to_svg() == game._repr_svg_()


def test_to_svg_options_change_the_drawing() -> None:
    game = mid_game()
    plain = game.to_svg()
    captioned = game.to_svg(caption="Hello <world>")
    assert "Hello &lt;world&gt;" in captioned and "Hello" not in plain
    assert len(game.to_svg(hide_ids=True)) < len(plain)
    no_status = game.to_svg(hide_status=True)
    assert no_status.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800"')
    assert not plain.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800"')
    assert game.to_svg(highlight=12) != plain
    with pytest.raises(ValueError):
        game.to_svg(highlight=55)
    with pytest.raises(TypeError):
        game.to_svg(12)  # type: ignore[misc]


# --- random_action generators -------------------------------------------------------


def test_random_action_accepts_random_numpy_and_splitmix() -> None:
    game = Game(players=4, variant="expert", seed=9)
    legal = set(game.legal_actions())
    assert game.random_action(random.Random(1)) in legal
    assert game.random_action(SplitMix64(1)) in legal
    assert game.random_action(7) in legal
    assert game.random_action(None) in legal
    np = pytest.importorskip("numpy")
    gen = np.random.default_rng(1)
    drawn = {game.random_action(gen) for _ in range(200)}
    assert drawn <= legal and len(drawn) > 1
    # The same numpy seed draws the same actions.
    a = [game.random_action(np.random.default_rng(5)) for _ in range(3)]
    assert len(set(a)) == 1


@pytest.mark.parametrize("rng", ["seed", 1.5, object(), [1, 2], {"a": 1}])
def test_random_action_rejects_other_objects_saying_what_is_accepted(rng: Any) -> None:
    game = Game(players=2, variant="family", seed=1)
    with pytest.raises(TypeError) as e:
        game.random_action(rng)
    message = str(e.value)
    for accepted in ("SplitMix64", "random.Random", "numpy.random.Generator"):
        assert accepted in message


class Liar:
    def __init__(self, value: Any) -> None:
        self.value = value

    def randrange(self, n: int) -> Any:
        return self.value


@pytest.mark.parametrize("value", [-1, 10_000, 2**80])
def test_random_action_never_returns_none_for_an_out_of_range_rng(value: int) -> None:
    game = Game(players=2, variant="family", seed=1)
    with pytest.raises(ValueError, match="not in range"):
        game.random_action(Liar(value))


def test_random_action_rejects_a_non_integer_draw() -> None:
    game = Game(players=2, variant="family", seed=1)
    with pytest.raises(TypeError):
        game.random_action(Liar(0.5))
