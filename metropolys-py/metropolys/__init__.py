"""Metropolys, the board game (Ystari 2008): the reference rules engine,
in Rust, for Python.

>>> import metropolys
>>> game = metropolys.Game(players=3, variant="expert", seed=42)
>>> game.to_act
0
>>> game = game.apply(game.legal_actions()[0])
>>> while not game.is_over:
...     game = game.apply(game.random_action(1))
>>> len(game.scores())
3

See ``https://github.com/metropolys/metropolys/blob/main/docs/python.md`` for the tour: ``Game`` (immutable), ``Action``,
errors, board queries, records and ``simulate``; ``https://github.com/metropolys/metropolys/blob/main/docs/rl.md`` for
observations, masks and ``VectorEnv``; ``metropolys.bots`` and ``arena``
for the native bots; ``narrate``, ``describe_action``, ``set_language``
and the ``lang=`` keywords for the words a player reads, in English,
Czech, Polish or French; ``review`` and ``plot_review`` for a finished
game judged decision by decision by a bot preset.
"""

from . import board, bots
from ._frames import per_seat
from ._review import plot_review
from ._errors import (
    ActionParseError,
    IllegalActionError,
    InvalidConfigError,
    InvalidStateError,
    MetropolysError,
    RecordError,
)
from ._metropolys import (
    ACTION_COUNT,
    AREAS,
    DISTRICTS,
    KINDS,
    METROPOLYS_CARDS,
    TOKENS,
    BUILDINGS_PER_PLAYER,
    DECISION_WIDTH,
    OBSERVATION_PIECES,
    OBSERVATION_SIZE,
    OBSERVATION_VERSION,
    MAX_PLAYERS,
    NEIGHBORHOOD_COUNT,
    PASS_ID,
    SCORE_CATEGORIES,
    Action,
    Game,
    GreedyBot,
    IsmctsBot,
    RandomBot,
    SpecBot,
    SplitMix64,
    VectorEnv,
    __version__,
    adjacent,
    area_cards,
    arena,
    board_info,
    describe_action,
    district_neighborhoods,
    get_language,
    how_to_play,
    information_state_size,
    is_blind_alley,
    is_border,
    languages,
    load_record,
    max_decisions,
    narrate,
    neighborhood_cards,
    neighborhood_district,
    neighborhood_kind,
    neighbors,
    position,
    review,
    scoring_rules,
    set_language,
    simulate,
    verify_record,
    wilson_interval,
)

__all__ = [
    "ACTION_COUNT",
    "AREAS",
    "DISTRICTS",
    "KINDS",
    "METROPOLYS_CARDS",
    "TOKENS",
    "BUILDINGS_PER_PLAYER",
    "DECISION_WIDTH",
    "OBSERVATION_PIECES",
    "OBSERVATION_SIZE",
    "OBSERVATION_VERSION",
    "MAX_PLAYERS",
    "NEIGHBORHOOD_COUNT",
    "PASS_ID",
    "SCORE_CATEGORIES",
    "Action",
    "ActionParseError",
    "Game",
    "GreedyBot",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidStateError",
    "IsmctsBot",
    "MetropolysError",
    "RandomBot",
    "RecordError",
    "SpecBot",
    "SplitMix64",
    "VectorEnv",
    "__version__",
    "adjacent",
    "area_cards",
    "arena",
    "board",
    "board_info",
    "bots",
    "describe_action",
    "district_neighborhoods",
    "get_language",
    "how_to_play",
    "information_state_size",
    "max_decisions",
    "is_blind_alley",
    "is_border",
    "languages",
    "load_record",
    "narrate",
    "neighborhood_cards",
    "neighborhood_district",
    "neighborhood_kind",
    "neighbors",
    "per_seat",
    "plot_review",
    "position",
    "review",
    "scoring_rules",
    "set_language",
    "simulate",
    "verify_record",
    "wilson_interval",
]
