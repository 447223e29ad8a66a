"""Typed shapes of the dicts the engine returns (``TypedDict``), for type
checkers: score sheets (``Game.scores()``), running scores
(``Game.running_scores()``), where cards score (``Game.where_cards_score``),
scoring rules (``scoring_rules``), events (``Game.events``) and a game told
in words (``narrate``).

At run time they are plain dicts; these classes only describe them::

    from metropolys.types import Event, ScoreSheet

    def total(sheet: ScoreSheet) -> int:
        return sheet["total"]

    def describe(event: Event) -> str:
        if event["type"] == "bid_placed":
            return f"{event['player']} bids {event['building']} on {event['neighborhood']}"
        return event["type"]
"""

from __future__ import annotations

from typing import Dict, List, Literal, Optional, TypedDict, Union

__all__ = [
    "ScoreSheet",
    "CategoryValue",
    "RunningScore",
    "CardPlaces",
    "ScoringRule",
    "NarratedCall",
    "Narration",
    "CallStarted",
    "BidPlaced",
    "Passed",
    "Constructed",
    "BidReturned",
    "TokenTaken",
    "CardTaken",
    "GameEnded",
    "Event",
]


class ScoreSheet(TypedDict):
    """One seat's score sheet (core ``ScoreSheet``), by category."""

    player: int
    trendy: int
    subway: int
    subway_card: int
    archaeology: int
    archaeology_card: int
    area: int
    neighborhood: int
    highest_building: int
    metropolys: int
    total: int
    constructed: int
    area_groups: List[List[int]]
    highest_building_districts: List[str]
    metropolys_groups: List[List[int]]


class CategoryValue(TypedDict):
    """One category of a running score: its name, its label, and its value
    as the position stands (``None`` when it depends on a card the game
    does not know, R-21)."""

    category: str
    label: str
    value: Optional[int]


class RunningScore(TypedDict):
    """One seat's score as the position stands, as far as the game knows it
    (``Game.running_scores()``; core ``RunningScore``)."""

    player: int
    categories: List[CategoryValue]
    unknown: List[str]
    known_total: int
    complete: bool
    constructed: int


class CardPlaces(TypedDict):
    """Where one secret card scores (``Game.where_cards_score``; core
    ``CardPlaces``): the card (``{"area": ...}``, ``{"neighborhood": ...}``
    or ``{"metropolys": [...]}``), its label, what it scores in words, and
    the neighborhoods in play where a building can count for it."""

    card: Dict[str, Union[str, List[str]]]
    label: str
    text: str
    neighborhoods: List[int]


class ScoringRule(TypedDict):
    """One line of the scoring rules (``scoring_rules``; core
    ``ScoringRule``): what it is about (``{"area": "bridges"}``,
    ``"neighborhood"``, ``"metropolys"``, ``{"token": "trendy"}``,
    ``{"card": "subway"}``, ``"highest_building"`` or ``"winner"``), the
    score-sheet category it fills (``None`` for the winner), a label and the
    rule in one line."""

    topic: Union[str, Dict[str, str]]
    category: Optional[str]
    label: str
    text: str


class NarratedCall(TypedDict):
    """One call of a game told in words (``narrate``): its number, from 1,
    its title line and what happened, one line each."""

    call: int
    title: str
    lines: List[str]


class Narration(TypedDict):
    """A game told in words (``narrate``): its calls, and once it ended,
    the lines that say why and who won (empty while it goes on)."""

    calls: List[NarratedCall]
    ending: List[str]


class CallStarted(TypedDict):
    """A call began; ``player`` must open it (R-7, R-16)."""

    type: Literal["call_started"]
    call: int
    player: int


class BidPlaced(TypedDict):
    """A bid was placed (R-7, R-9)."""

    type: Literal["bid_placed"]
    player: int
    neighborhood: int
    building: int


class Passed(TypedDict):
    """A seat passed, by choice (R-10) or ``forced`` (R-11)."""

    type: Literal["passed"]
    player: int
    forced: bool


class Constructed(TypedDict):
    """The call was won and the building constructed (R-12, R-13)."""

    type: Literal["constructed"]
    player: int
    neighborhood: int
    building: int
    call: int


class BidReturned(TypedDict):
    """A losing bid went back to its owner's supply (R-13)."""

    type: Literal["bid_returned"]
    player: int
    neighborhood: int
    building: int


class TokenTaken(TypedDict):
    """The winner took the neighborhood's token (R-13)."""

    type: Literal["token_taken"]
    player: int
    neighborhood: int
    token: Literal["trendy", "subway", "archaeology"]


# ``from`` is a keyword: the functional form.
CardTaken = TypedDict(
    "CardTaken",
    {
        "type": Literal["card_taken"],
        "player": int,
        "card": Literal["subway", "archaeology"],
        "from": Optional[int],
    },
)
CardTaken.__doc__ = """A special card changed hands (R-14, R-15); ``from`` is
``None`` when it came from the supply."""


class GameEnded(TypedDict):
    """The game ended (R-17) with these score sheets and winners (R-20)."""

    type: Literal["game_ended"]
    scores: List[ScoreSheet]
    winners: List[int]


Event = Union[
    CallStarted, BidPlaced, Passed, Constructed, BidReturned, TokenTaken, CardTaken, GameEnded
]
"""Any event: the ``type`` key tells which."""
