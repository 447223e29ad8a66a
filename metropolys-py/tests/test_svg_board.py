"""Board pictures and board queries."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import metropolys
from metropolys import Game

from conftest import play_out

SVG = "{http://www.w3.org/2000/svg}"


def neighborhood_elements(svg: str):  # type: ignore[no-untyped-def]
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return {el.get("id"): el for el in root.iter() if (el.get("id") or "").startswith("n")}


def test_svg_parses_and_has_every_neighborhood() -> None:
    start = Game(players=3, variant="expert", seed=4)
    mid = start.apply(metropolys.Action.bid(3, 2))
    end, _ = play_out(start, 4)
    for game in (start, mid, end):
        svg = game.to_svg()
        assert game._repr_svg_() == svg
        found = neighborhood_elements(svg)
        assert sorted(found) == sorted(f"n{i}" for i in range(55))
    # Constructed buildings and bids are drawn: one element each, whose first
    # class is "building" or "bid".
    for game in (start, mid, end):
        classes = [
            (el.get("class") or "").split()
            for el in ET.fromstring(game.to_svg()).iter()
        ]
        firsts = [c[0] for c in classes if c]
        assert firsts.count("bid") == len(game.bids)
        assert firsts.count("building") == game.call_number - (0 if game.is_over else 1)


def test_board_queries() -> None:
    info = metropolys.board_info()
    assert len(info["neighborhoods"]) == 55
    assert len(info["bridges"]) == 21 and len(info["statues"]) == 11 and len(info["lakes"]) == 6
    for n in info["neighborhoods"]:
        i = n["id"]
        assert metropolys.neighborhood_kind(i) == n["kind"]
        assert metropolys.neighborhood_district(i) == n["district"]
        assert metropolys.neighbors(i) == n["adjacent"]
        assert metropolys.is_border(i) == n["border"]
        assert metropolys.is_blind_alley(i) == n["blind_alley"]
        assert metropolys.position(i) == pytest_approx((n["x"], n["y"]))
        for j in n["adjacent"]:
            assert metropolys.adjacent(i, j) and metropolys.adjacent(j, i)
        assert i in metropolys.district_neighborhoods(n["district"])
    assert metropolys.adjacent(0, 19)  # a bridge
    assert not metropolys.adjacent(0, 1)
    assert metropolys.district_neighborhoods("north") == list(range(15, 25))
    assert metropolys.board.neighbors is metropolys.neighbors
    assert metropolys.board.NEIGHBORHOOD_COUNT == 55


def pytest_approx(xy):  # type: ignore[no-untyped-def]
    import pytest

    return pytest.approx(xy, rel=1e-5)


SHARED_BOARD = Path(__file__).resolve().parents[2].parent / "shared" / "board.json"


def test_kinds_match_the_shared_board() -> None:
    # The shared board description beside the repository; a clone without
    # it skips (and says so).
    if not SHARED_BOARD.is_file():
        pytest.skip(f"no shared board description at {SHARED_BOARD}")
    shared = json.loads(SHARED_BOARD.read_text(encoding="utf-8"))
    assert len(shared["neighborhoods"]) == 55
    for n in shared["neighborhoods"]:
        assert metropolys.neighborhood_kind(n["id"]) == n["kind"], (n["id"], str(SHARED_BOARD))
        assert metropolys.board_info()["neighborhoods"][n["id"]]["kind"] == n["kind"]


def test_malls_are_drawn_red_and_administrations_blue() -> None:
    # The printed board: red leisure neighborhoods are malls, blue domed
    # palaces administration centers.
    kinds = [metropolys.neighborhood_kind(i) for i in range(55)]
    assert [i for i, k in enumerate(kinds) if k == "mall"] == [2, 10, 12, 21, 22, 27, 32, 38, 43, 45, 54]
    assert [i for i, k in enumerate(kinds) if k == "administration"] == [
        3, 6, 13, 16, 23, 30, 33, 41, 44, 46, 52,
    ]
    found = neighborhood_elements(Game(players=4, seed=1).to_svg())
    fills = {
        i: next(c.get("fill") for c in found[f"n{i}"] if c.tag == SVG + "circle") for i in range(55)
    }
    colour = {"mall": "#e5685b", "administration": "#6e9ae6", "industry": "#a4a4a4",
              "housing": "#7fc26c", "park": "#f2a141"}
    assert all(fills[i] == colour[kinds[i]] for i in range(55))
