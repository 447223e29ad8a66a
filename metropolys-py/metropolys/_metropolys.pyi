"""Type stubs of the extension module ``metropolys._metropolys`` (Rust,
PyO3). Everything here is re-exported by ``metropolys``."""

import random
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    Literal,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    Union,
    final,
    overload,
)

import numpy
import numpy as np
import numpy.typing as npt

from metropolys.types import CardPlaces, Event, Narration, RunningScore, ScoreSheet, ScoringRule

__all__ = [
    "__version__",
    "ACTION_COUNT",
    "PASS_ID",
    "NEIGHBORHOOD_COUNT",
    "BUILDINGS_PER_PLAYER",
    "MAX_PLAYERS",
    "SCORE_CATEGORIES",
    "OBSERVATION_SIZE",
    "OBSERVATION_VERSION",
    "OBSERVATION_PIECES",
    "DECISION_WIDTH",
    "information_state_size",
    "max_decisions",
    "VectorEnv",
    "Action",
    "Game",
    "SplitMix64",
    "load_record",
    "verify_record",
    "set_language",
    "get_language",
    "languages",
    "narrate",
    "describe_action",
    "how_to_play",
    "simulate",
    "wilson_interval",
    "neighborhood_kind",
    "neighborhood_district",
    "adjacent",
    "neighbors",
    "is_border",
    "is_blind_alley",
    "position",
    "scoring_rules",
    "district_neighborhoods",
    "board_info",
    "KINDS",
    "AREAS",
    "DISTRICTS",
    "TOKENS",
    "METROPOLYS_CARDS",
    "area_cards",
    "neighborhood_cards",
    "RandomBot",
    "GreedyBot",
    "IsmctsBot",
    "SpecBot",
    "arena",
    "review",
]

__version__: str
ACTION_COUNT: int
"""The size of the fixed action space: 55 x 13 bids and the pass (716)."""
PASS_ID: int
"""The id of the pass (715)."""
NEIGHBORHOOD_COUNT: int
"""The number of neighborhoods (55)."""
BUILDINGS_PER_PLAYER: int
"""Buildings per player, numbered 1-13."""
MAX_PLAYERS: int
"""The most players a game can have (4)."""
_PRIOR_FEATURES: int
"""The features of a legal action in the learned prior over moves (``metropolys.prior``)."""
_BELIEF_FEATURES: int
"""The features of a candidate card in the learned belief (``metropolys.belief``)."""
_VALUE_INPUTS: int
"""The width of the value network's feature row (``metropolys.learning``)."""
SCORE_CATEGORIES: Tuple[str, ...]
"""The numeric score-sheet keys, in sheet order: ``trendy`` ... ``total``,
``constructed`` (the per-seat columns of ``simulate``)."""

OBSERVATION_SIZE: int
"""The number of float32 values of ``Game.observation`` (924)."""
OBSERVATION_VERSION: int
"""The version of the observation layout (https://github.com/metropolys/metropolys/blob/main/docs/rl.md); bumped on any change."""
OBSERVATION_PIECES: Dict[str, Tuple[int, Tuple[int, ...]]]
"""The observation layout: piece name -> (offset, shape), in order."""
DECISION_WIDTH: int
"""The width of one decision row of the information-state tensor (69)."""

def information_state_size(players: int) -> int:
    """The size of ``Game.information_state`` for a ``players``-player
    game: ``OBSERVATION_SIZE`` plus one ``DECISION_WIDTH`` row per possible
    decision."""

def max_decisions(players: int) -> int:
    """An upper bound on the decisions in one game of ``players`` players: at
    most ``12 * players + 1`` calls (R-17), each of at most 13 bids (R-9)
    and ``players - 1`` voluntary passes (R-10)."""

def _sample_legal(masks: npt.NDArray[np.bool_], rng: SplitMix64) -> npt.NDArray[np.int64]:
    """One uniformly random legal action per row of ``masks`` (``[N,
    ACTION_COUNT]`` bool), drawn from ``rng``; 0 for a row with no legal
    action."""

_VariantName = Literal["family", "expert"]
_Reveal = str
"""``"own"``, ``"none"`` or ``"all"``."""
_F32 = npt.NDArray[np.float32]
_Bool = npt.NDArray[np.bool_]
_I64 = npt.NDArray[np.int64]
_ActionLike = Union["Action", int, str, Mapping[str, Any]]
"""An ``Action``, an action id, ``"pass"`` or the JSON form
``{"bid": {"neighborhood": 12, "building": 3}}``."""
_JsonLike = Union[str, Mapping[str, Any]]
"""A JSON text, or the value it decodes to."""
class _IntegersRng(Protocol):
    # numpy.random.Generator: ``integers(n)`` draws from ``range(n)``.
    def integers(self, high: int, /) -> Any: ...

_Rng = Union["SplitMix64", int, random.Random, _IntegersRng, None]

@final
class Action:
    """An action of the player to act: a bid (a building number on a
    neighborhood, R-7/R-9) or the pass (R-10).

    Frozen, hashable and ordered by ``id``. Each action has a fixed integer
    id in ``range(ACTION_COUNT)``: ``neighborhood * 13 + building - 1`` for
    bids, ``PASS_ID`` (715) for the pass.
    """

    PASS: Action
    """The pass."""

    @staticmethod
    def bid(neighborhood: int, building: int) -> Action:
        """A bid of building ``building`` (1-13) on neighborhood
        ``neighborhood`` (0-54). Raises ``IllegalActionError`` for a
        neighborhood or building that does not exist."""
    @staticmethod
    def pass_() -> Action:
        """The pass (same as ``Action.PASS``)."""
    @staticmethod
    def from_id(id: int) -> Action:
        """The action with integer id ``id`` (0-715). Raises
        ``IllegalActionError`` for other ids."""
    @staticmethod
    def parse(text: str) -> Action:
        """The action a text names: its ``str`` form (``"bid 3 on 12"``:
        building 3 on neighborhood 12), the compact ``"12 3"``
        (neighborhood, then building) or ``"pass"``; case and extra spaces
        do not matter. Raises ``ActionParseError`` (a ``ValueError``) for
        any other text."""
    @staticmethod
    def from_json(value: _ActionLike) -> Action:
        """The action from its JSON form: ``'"pass"'`` or
        ``'{"bid": {"neighborhood": 12, "building": 3}}'`` (a str, or the
        decoded dict / ``"pass"``)."""
    @property
    def id(self) -> int:
        """The integer id, in ``range(ACTION_COUNT)``."""
    @property
    def is_pass(self) -> bool:
        """Whether this is the pass."""
    @property
    def is_bid(self) -> bool:
        """Whether this is a bid."""
    @property
    def neighborhood(self) -> Optional[int]:
        """The neighborhood bid on, or ``None`` for the pass."""
    @property
    def building(self) -> Optional[int]:
        """The building number placed, or ``None`` for the pass."""
    def to_json(self) -> str:
        """The JSON form, as a str."""
    def to_dict(self) -> Union[str, Dict[str, Dict[str, int]]]:
        """The JSON form as a Python value: ``"pass"`` or
        ``{"bid": {"neighborhood": 12, "building": 3}}``."""
    def __int__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Action, /) -> bool: ...
    def __le__(self, other: Action, /) -> bool: ...
    def __gt__(self, other: Action, /) -> bool: ...
    def __ge__(self, other: Action, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Action: ...
    def __deepcopy__(self, memo: Any, /) -> Action: ...
    def __reduce__(self) -> Tuple[Any, Tuple[int]]: ...

@final
class SplitMix64:
    """The SplitMix64 generator of core: the generator ``simulate`` and
    ``Game.random_action`` draw from, so that Python can replay the same
    games step by step."""

    def __new__(cls, seed: int = 0) -> SplitMix64:
        """A generator whose state starts at ``seed``."""
    def next_u64(self) -> int:
        """The next 64 random bits."""
    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n > 0``), without modulo bias."""

@final
class Game:
    """A game of Metropolys: an immutable value. ``apply`` returns a new
    game and leaves this one untouched.

    A game is whole, one seat's view (``viewer`` set): what a bot
    receives, or the public view (``Game.from_dict(game.public_view())``):
    what a spectator receives. A seat's view knows the other seats'
    objectives and Metropolys cards only once the game is over, the public
    view no seat's (R-21): ``objective`` and ``metropolys_card``
    answer ``None`` for what it does not know, ``known_scores()`` holds
    ``None`` for the sheets it cannot compute, and ``scores()``,
    ``totals()``, ``winners`` and the queries that would show a hidden card
    raise ``ValueError`` naming R-21.

    Games compare equal (and hash alike) when their positions and viewers
    are the same; the events and the history do not take part.
    """

    def __new__(
        cls,
        players: int = 4,
        variant: str = "expert",
        seed: int = 0,
        start_player: int = 0,
    ) -> Game:
        """A new game drawn from ``seed`` (R-6): ``players`` 2-4, ``variant``
        ``"family"`` or ``"expert"``, ``start_player`` the seat opening the
        first call. Raises ``InvalidConfigError``. Use ``Game.from_config``
        for explicit setups."""
    @staticmethod
    def from_config(config: _JsonLike) -> Game:
        """A new game from a core configuration: a JSON ``str`` or its
        decoded ``dict`` (``players``, ``variant``, ``seed``,
        ``start_player``, ``out_of_play``, ``tokens``, ``objectives``,
        ``metropolys_cards``, ``metropolys_deck``). Raises
        ``InvalidConfigError``."""
    @staticmethod
    def from_json(text: str) -> Game:
        """Loads a position from the JSON of ``to_json``: a whole state, a
        seat's view (then the game is that view, ``viewer`` set), or the
        public view (``viewer`` ``None``, every seat's cards hidden). The
        game has no history (``to_record`` raises) and no events. Raises
        ``InvalidStateError``."""
    @staticmethod
    def from_dict(value: _JsonLike) -> Game:
        """Like ``from_json``, from the dict of ``to_dict``."""
    @staticmethod
    def from_record(record: _JsonLike) -> Game:
        """Same as ``metropolys.load_record``."""
    @staticmethod
    def _from_pickle(data: str) -> Game: ...
    @property
    def viewer(self) -> Optional[int]:
        """The seat whose view this game is (what a bot receives), or
        ``None`` for a whole game and for the public view."""
    @property
    def perspective(self) -> Literal["whole", "seat", "public"]:
        """Whose game this is (core's ``Perspective``): ``"whole"``,
        ``"seat"`` (a seat's view: ``viewer`` is the seat) or ``"public"``
        (the public view, what a spectator may know, R-21)."""
    @property
    def players(self) -> int:
        """The number of players (2-4)."""
    @property
    def variant(self) -> _VariantName:
        """``"family"`` or ``"expert"``."""
    @property
    def uses_metropolys_cards(self) -> bool:
        """Whether the Metropolys cards module is in play (section 9)."""
    @property
    def to_act(self) -> Optional[int]:
        """The seat to act, or ``None`` once the game is over."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R-17)."""
    @property
    def call_number(self) -> int:
        """The current call's number, from 1 (at game end: calls played)."""
    @property
    def out_of_play(self) -> List[str]:
        """The districts out of play (R-2), in ring order."""
    @property
    def bids(self) -> List[Dict[str, int]]:
        """The bids of the current call, oldest first: dicts with
        ``player``, ``neighborhood``, ``building``."""
    @property
    def events(self) -> List[Event]:
        """The events of the transition that produced this game (dicts with
        a ``type`` key, the core JSON shape). A new game has its opening
        ``call_started``; a game loaded with ``from_json`` has none."""
    @property
    def winners(self) -> List[int]:
        """The winning seats (R-20) of the position (final once the game is
        over). Raises ``ValueError`` (R-21) in a seat's view that does not
        know every seat's cards (see ``known_scores``)."""
    @property
    def config(self) -> Optional[Dict[str, Any]]:
        """The configuration this game was set up from (a dict), or ``None``
        for a position loaded with ``from_json``."""
    @property
    def history(self) -> Optional[List[Tuple[int, Action]]]:
        """The decisions so far as ``(player, Action)`` pairs (forced passes
        are not decisions), or ``None`` when the history is unknown."""
    def legal_actions(self) -> List[Action]:
        """The legal actions of the seat to act, bids by increasing id, then
        the pass if allowed (empty once the game is over)."""
    def legal_action_ids(self) -> List[int]:
        """The ids of the legal actions, ascending."""
    def legal_action_count(self) -> int:
        """The number of legal actions."""
    def action_mask(self) -> _Bool:
        """A numpy ``bool`` array of shape ``(ACTION_COUNT,)``: ``mask[id]``
        is whether action ``id`` is legal (all false once the game is over)."""
    def legal_action_ids_array(self) -> _I64:
        """The ids of the legal actions, ascending, as a numpy ``int64``
        array (the array form of ``legal_action_ids()``)."""
    def observation(
        self, player: Optional[int] = None, *, reveal: _Reveal = "own", out: Optional[_F32] = None
    ) -> _F32:
        """The observation of ``player`` (default: the seat to act) as a
        float32 array of ``OBSERVATION_SIZE`` values (layout version
        ``OBSERVATION_VERSION``, https://github.com/metropolys/metropolys/blob/main/docs/rl.md); only what the seat may see
        (R-21) with ``reveal="own"``; ``"none"`` hides every objective,
        ``"all"`` shows them all. With ``out`` it is written there and
        ``out`` is returned."""
    def information_state(self, player: Optional[int] = None, *, reveal: _Reveal = "own") -> _F32:
        """The information-state tensor of ``player`` (default: the seat to
        act): the observation, then one row per decision so far;
        ``information_state_size(players)`` float32 values. ``ValueError``
        for a game without history: one loaded from a state, or a view (a
        seat's view or the public view is a position, its decisions are
        not kept; ``observation`` is what it shows)."""
    def _dealing_observation(
        self, player: int, dealt: Sequence[Optional[Dict[str, str]]], out: _F32
    ) -> None:
        """For the OpenSpiel adapter's chance phase: the observation of
        ``player`` with nobody to act and the cards dealt so far."""
    def is_legal(self, action: _ActionLike) -> bool:
        """Whether ``action`` (an ``Action`` or an id) is legal for the seat
        to act."""
    def check(self, action: _ActionLike) -> None:
        """Raises ``IllegalActionError`` naming the rule if ``action`` is
        illegal; returns ``None`` otherwise."""
    def apply(self, action: _ActionLike) -> Game:
        """The game after the seat to act takes ``action`` (an ``Action`` or
        an id). Forced passes (R-11) and the end of the call are applied
        too. Raises ``IllegalActionError``; this game is never changed."""
    def undo(self) -> Game:
        """The game before the last decision, replayed from the history: the
        position right after the decision before it (its forced passes
        included), or the opening position, with that transition's events
        and the history without the last decision. Works in a game restored
        from its record or a pickle; this game is unchanged. Raises
        ``InvalidStateError`` when there is no decision to undo (a new
        game) or no history (a position from ``from_json``, a view)."""
    def apply_for(self, player: int, action: _ActionLike) -> Game:
        """Like ``apply``, first checking that ``player`` is the seat to act
        (R-8). Raises ``ValueError`` (as ``view`` does) for a seat not in the
        game, ``IllegalActionError`` for another seat than the one to act."""
    def random_action(self, rng: _Rng = None) -> Optional[Action]:
        """A uniformly random legal action, or ``None`` once the game is
        over. ``rng`` may be a ``SplitMix64`` (advanced in place: this is
        how ``simulate`` draws), an ``int`` seed (a fresh
        ``SplitMix64(seed)`` for this one draw), a
        ``numpy.random.Generator`` (``integers``), a ``random.Random``
        (``randrange``), or ``None`` (the ``random`` module). Any other
        object raises ``TypeError``; a generator answering outside
        ``range(n)`` raises ``ValueError``."""
    def scores(self) -> List[ScoreSheet]:
        """The score sheets of every seat as the position stands (final once
        the game is over). Raises ``ValueError`` (R-21) in a seat's view
        that does not know every seat's cards: use ``known_scores``. Sheets
        are dicts with the core category names (``player``,
        ``trendy``, ``subway``, ``subway_card``, ``archaeology``,
        ``archaeology_card``, ``area``, ``neighborhood``,
        ``highest_building``, ``metropolys``, ``total``, ``constructed``,
        ``area_groups``, ``highest_building_districts``,
        ``metropolys_groups``)."""
    def known_scores(self) -> List[Optional[ScoreSheet]]:
        """The score sheets this game knows: ``scores()`` with ``None`` for a
        seat whose cards a seat's view does not know (R-21: a sheet is never
        computed from cards it does not know); for a whole game,
        ``scores()``."""
    def totals(self) -> List[int]:
        """Each seat's total (``[s["total"] for s in scores()]``); raises
        like ``scores()``."""
    def running_scores(self, *, lang: Optional[str] = None) -> List[RunningScore]:
        """Every seat's score as the position stands, as far as this game
        knows it (R-21): per seat its categories (``value`` ``None`` when it
        depends on a card this game does not know), ``unknown``,
        ``known_total``, ``complete`` and ``constructed``. Hidden cards are
        never read. The categories' labels are core's, or in ``lang``'s
        words when a language tag is given."""
    def where_cards_score(self, player: int, *, lang: Optional[str] = None) -> List[CardPlaces]:
        """Where each secret card of ``player`` scores: the card, its label,
        what it scores in words and the neighborhoods in play where a
        building can count for it. The label and words are core's (with the
        ruling), or ``lang``'s words (without rule numbers) when a language
        tag is given. Raises ``ValueError`` (R-21) in a view that does not
        know that seat's cards."""
    def view(self, player: int) -> Dict[str, Any]:
        """What ``player`` may see (R-21): the state as a dict with the other
        seats' objectives and Metropolys cards replaced by ``None`` until
        the game ends. Raises ``ValueError`` for a seat not in the game."""
    def public_view(self) -> Dict[str, Any]:
        """What a spectator, who holds no seat, may see (R-21): the state as
        a dict with every seat's objectives and Metropolys cards replaced by
        ``None`` until the game ends (``viewer`` ``None``).
        ``Game.from_dict`` loads it as the public view."""
    def to_json(self) -> str:
        """The position as JSON (the core snapshot shape): the whole state,
        secrets included, or for a view that view (a seat's: ``viewer``
        set; the public view: ``viewer`` ``None``; hidden cards ``null``).
        ``from_json`` loads each back."""
    def to_dict(self) -> Dict[str, Any]:
        """The position as a dict (``json.loads(self.to_json())``)."""
    def to_record(self) -> Dict[str, Any]:
        """The game record (a dict: ``format``, ``version``, ``config``,
        ``actions``, ``expected`` filled from this position). Raises
        ``RecordError`` for a game loaded with ``from_json`` (no
        history)."""
    def objective(self, player: int) -> Optional[Dict[str, str]]:
        """The objective cards of ``player`` (a secret of that seat, R-21:
        ``view`` shows a player what they may see): ``{"area": ...}`` plus
        ``"neighborhood"`` for Expert neighborhood cards; ``None`` in a
        seat's view that does not know them."""
    def metropolys_card(self, player: int) -> Optional[List[str]]:
        """The Metropolys card of ``player`` (three kinds), or ``None``
        without the module or in a seat's view that does not know it."""
    @property
    def metropolys_deck(self) -> Optional[List[List[str]]]:
        """The deck the Metropolys cards were dealt from (R-22), four
        cards of three kinds each, or ``None`` when the game does not know
        one (no module, cards given per seat, or a position loaded without
        it). It is public: a seat's view and the public view know it too."""
    def tokens_taken(self, player: int, token: Optional[str] = None) -> Any:
        """The tokens ``player`` has taken: a dict ``{"trendy": n,
        "subway": n, "archaeology": n}``, or the count (an int) of one kind
        when ``token`` is given."""
    def building_at(self, nb: int) -> Optional[Tuple[int, int]]:
        """The building constructed on neighborhood ``nb`` as ``(player,
        building)``, or ``None``."""
    def token_at(self, nb: int) -> Optional[str]:
        """The token still lying on neighborhood ``nb`` (``"trendy"``,
        ``"subway"``, ``"archaeology"``), or ``None``."""
    def tokens(self) -> Dict[int, str]:
        """The tokens still on the board: ``{neighborhood: token}``."""
    def constructed(self, player: int) -> List[int]:
        """The neighborhoods where ``player`` has constructed buildings."""
    def free_neighborhoods(self) -> List[int]:
        """The free neighborhoods: in play, no building, no bid (R-7)."""
    def supply(self, player: int) -> List[int]:
        """The building numbers of ``player`` neither constructed nor
        standing as a bid, ascending."""
    def has_passed(self, player: int) -> bool:
        """Whether ``player`` has passed in the current call (R-10, R-11)."""
    def card_holder(self, card: str) -> Optional[int]:
        """The holder of ``card`` (``"subway"`` or ``"archaeology"``), or
        ``None``."""
    def to_svg(
        self,
        *,
        highlight: Optional[int] = None,
        caption: Optional[str] = None,
        hide_status: bool = False,
        hide_ids: bool = False,
    ) -> str:
        """The board as an SVG document (drawn by core). The keywords are
        core's drawing options, with core's defaults: ``highlight`` rings a
        neighborhood in gold, ``caption`` replaces the status line,
        ``hide_status`` leaves out the status line and key, ``hide_ids``
        the neighborhood ids."""
    def text(self, player: Optional[int] = None) -> str:
        """The board as fixed-width text (drawn by core) as ``player`` may
        see it (R-21), or the whole state for ``None``. Raises
        ``ValueError`` for a seat not in the game."""
    def __str__(self) -> str:
        """The whole board as text (``text()``)."""
    def _repr_svg_(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any, /) -> Game: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...

def load_record(record: _JsonLike) -> Game:
    """Replays a game record (``str`` JSON or the decoded ``dict``) and
    returns the game it reaches, with its history. The record's
    ``expected`` part is not checked (see ``verify_record``). Raises
    ``RecordError``."""

def verify_record(record: _JsonLike) -> Game:
    """Replays a game record and checks its ``expected`` part (game over,
    totals, winners, score sheets, or the rejection of its last action).
    Returns the game reached (for a rejection record, the game before the
    rejected action); raises ``RecordError`` naming the first illegal action
    or mismatch."""

def set_language(tag: str) -> None:
    """Sets the module's default language, the one ``narrate``,
    ``describe_action`` and ``how_to_play`` speak when no ``lang`` is given
    (English until set): a language tag or a locale (``"cs"``,
    ``"pl-PL"``, ``"fr_FR.UTF-8"``). Raises ``ValueError`` for another
    language (the languages are en, cs, pl and fr), ``TypeError`` for a
    value that is not a ``str``. ``scoring_rules``,
    ``Game.where_cards_score`` and ``Game.running_scores`` keep core's
    developer wording unless given ``lang``."""

def get_language() -> str:
    """The tag of the module's default language: ``"en"``, ``"cs"``,
    ``"pl"`` or ``"fr"``."""

def languages() -> List[Tuple[str, str]]:
    """The languages of the catalogues, in menu order: ``(tag, name)``
    pairs, each name in its own language (``("cs", "Čeština")``)."""

def narrate(
    record: _JsonLike,
    *,
    lang: Optional[str] = None,
    names: Optional[Sequence[Optional[str]]] = None,
    me: Optional[int] = None,
) -> Narration:
    """A game record (as ``Game.to_record()`` gives it, or its JSON) told
    call by call in ``lang`` (default: the module's language): ``calls``
    (per call ``call``, ``title`` and ``lines``) and ``ending`` (why the
    game ended and who won; empty for an unfinished game). ``names``: a
    name or ``None`` per seat (at most one per seat, 64 characters each);
    ``me``: the reader's seat, told in the second person. Raises
    ``RecordError`` for a record that does not replay, ``ValueError`` for
    an unknown language, bad names or a seat out of range, ``TypeError``
    for arguments of the wrong type."""

def describe_action(action: _ActionLike, variant: str, *, lang: Optional[str] = None) -> str:
    """``action`` in words a player reads, in ``lang`` (default: the
    module's language): ``"bid 7 (medium) on 12 (center, mall)"`` in the
    Expert game, ``"pass"``. Raises ``IllegalActionError`` for an id that
    is no action, ``ValueError`` for an unknown variant or language."""

def how_to_play(variant: str, *, lang: Optional[str] = None) -> List[str]:
    """How the game is played, one paragraph each, in ``lang`` (default:
    the module's language): the goal, a call, the game's end and, in the
    Expert game, the building sizes."""

@overload
def simulate(
    n: int,
    seed: int = 0,
    players: int = 4,
    variant: str = "expert",
    threads: int = 1,
    config: Optional[_JsonLike] = None,
    *,
    format: Literal["numpy"] = "numpy",
    progress: bool = False,
    first: int = 0,
) -> Dict[str, "numpy.ndarray[Any, Any]"]:
    """Plays ``n`` games of uniformly random legal actions in Rust, with the
    GIL released, and returns the results as columns, one row per game: a
    ``dict`` of numpy arrays (``format="numpy"``, the default; loads into
    ``pandas.DataFrame`` without copying) or a ``pyarrow.Table``
    (``format="arrow"``, needs pyarrow: ``ImportError`` saying so
    otherwise).

    Game ``i`` is ``Game(players, variant, seed=seed + i)`` played with
    ``random_action(rng)`` from ``rng = SplitMix64(seed + i)`` until the
    end, so any game can be replayed step by step from Python. The rows are
    games ``first`` to ``first + n - 1``: a batch split into ranges (on the
    workers of a cluster, say) gives the rows of the batch played at once.
    ``threads`` splits the games over that many threads (0: one per CPU, at
    most 1024); results do not depend on it. ``variant`` is matched in any
    case.

    ``config`` (a core configuration, ``dict`` or JSON ``str``) replaces
    ``players`` and ``variant``: every game uses it with its ``seed`` set to
    ``seed + i``, so the parts it gives explicitly (a token layout, an
    objective deal, Metropolys cards, the start player) are the same in
    every game and the rest is drawn per game. Every game's setup is
    validated: a seed whose drawn parts do not fit the explicit ones raises
    ``InvalidConfigError`` naming the game and the seed.

    Ctrl-C stops the batch within a fraction of a second
    (``KeyboardInterrupt``); memory grows with the games played, never with
    ``n`` up front. ``progress=True`` shows a tqdm bar (``ImportError`` if
    tqdm is not installed). Bad arguments:
    https://github.com/metropolys/metropolys/blob/main/docs/errors.md.

    Columns: ``game`` (i, uint64), ``seed`` (uint64), ``start_player``
    (uint8); per seat p ``objective_neighborhood_{p}`` (str: the Expert
    neighborhood card, Expert games without Metropolys cards only),
    ``objective_area_{p}`` (str) and ``metropolys_card_{p}`` (list of three
    kinds, games with Metropolys cards only); ``calls`` (uint16),
    ``winners`` (object: list of seats), ``win_{p}`` (bool: seat p is among
    the winners), ``win_share_{p}`` (float64: 1/k of a win for each of k
    seats sharing a victory, R-20, else 0) and, per seat p,
    ``{category}_{p}`` (int16) for ``trendy``, ``subway``,
    ``subway_card``, ``archaeology``, ``archaeology_card``, ``area``,
    ``neighborhood``, ``highest_building``, ``metropolys``, ``total`` and
    ``constructed``. In the arrow form every column is a scalar:
    ``winners`` and the Metropolys cards are JSON text (``"[0,2]"``,
    ``'["park","mall","housing"]'``), so that Parquet and CSV files of it
    read back with plain pandas and Dask. ``per_seat`` turns
    the per-seat columns into one row per seat. See
    https://github.com/metropolys/metropolys/blob/main/docs/python.md.
    """
@overload
def simulate(
    n: int,
    seed: int = 0,
    players: int = 4,
    variant: str = "expert",
    threads: int = 1,
    config: Optional[_JsonLike] = None,
    *,
    format: Literal["arrow"],
    progress: bool = False,
    first: int = 0,
) -> Any:
    """Like the first overload, returning a ``pyarrow.Table``."""

@final
class VectorEnv:
    """``num_envs`` games stepped together in one Rust call, writing into
    preallocated numpy arrays (https://github.com/metropolys/metropolys/blob/main/docs/rl.md). ``opponents=None``: you act for
    every seat; ``"random"``: you play seat ``LEARNER_SEAT`` (0) and the
    other seats move at random inside the step; a native bot kind
    (``"greedy"``, ``"ismcts"``) or ``(kind, params_dict)``, e.g.
    ``("ismcts", {"iterations": 200})``: a bot moves them, from its seat's
    view only. ``reset`` and ``step`` return the env's own arrays,
    overwritten by the next call."""

    LEARNER_SEAT: int
    """The seat you play in single-agent mode (0)."""
    def __new__(
        cls,
        num_envs: int,
        players: int = 4,
        variant: str = "expert",
        seed: int = 0,
        threads: int = 1,
        opponents: Union[None, str, Tuple[str, Dict[str, Any]]] = None,
    ) -> VectorEnv: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def players(self) -> int:
        """The player count."""
    @property
    def variant(self) -> _VariantName:
        """``"family"`` or ``"expert"``."""
    @property
    def opponents(self) -> Optional[str]:
        """``None`` or the opponents' bot kind (``"random"``,
        ``"greedy"``, ``"ismcts"``)."""
    @property
    def threads(self) -> int:
        """The number of threads a step uses."""
    def reset(
        self, seed: Union[None, int, Sequence[Optional[int]]] = None
    ) -> Tuple[_F32, Dict[str, Any]]:
        """Starts every game afresh; returns ``(observations [N, D], info)``
        with ``action_mask`` [N, 716], ``to_act`` [N] and ``seed`` [N].
        ``seed``: one int, or at most one per env (``None``: the batch's
        seed); env ``i`` starts as if the batch were reset with
        ``seed[i]``."""
    def step(
        self, actions: Union[_I64, Sequence[int], npt.NDArray[Any]]
    ) -> Tuple[_F32, _F32, _Bool, _Bool, Dict[str, Any]]:
        """Applies one action id per game; returns ``(observations,
        rewards [N, players], terminated, truncated, info)``. Games that
        ended at the previous step restart instead (next-step autoreset).
        Raises ``IllegalActionError`` naming the env and the ruling; then no
        game has changed."""
    def game(self, i: int) -> Game:
        """Game ``i``'s current position as a ``Game`` (without history).
        Raises ``ValueError`` before ``reset()``."""

def neighborhood_kind(id: int) -> str:
    """The kind of neighborhood ``id``: ``"industry"``, ``"park"``,
    ``"housing"``, ``"mall"`` or ``"administration"``."""

def neighborhood_district(id: int) -> str:
    """The district of neighborhood ``id``: ``"center"``, ``"north"``,
    ``"east"``, ``"south"`` or ``"west"``."""

def adjacent(a: int, b: int) -> bool:
    """Whether neighborhoods ``a`` and ``b`` are adjacent (a shared border
    or a bridge, R-9)."""

def neighbors(id: int) -> List[int]:
    """The neighborhoods adjacent to ``id``, ascending."""

def is_border(id: int) -> bool:
    """Whether neighborhood ``id`` lies on the city border."""

def is_blind_alley(id: int) -> bool:
    """Whether neighborhood ``id`` is a blind alley (never holds a token,
    R-4)."""

def position(id: int) -> Tuple[float, float]:
    """The drawing position of neighborhood ``id``: ``(x, y)`` in percent of
    the board's width and height."""

def district_neighborhoods(district: str) -> List[int]:
    """The neighborhoods of a district (``"center"``, ``"north"``, ...)."""

KINDS: Tuple[str, ...]
"""The neighborhood kinds, in core's order."""
AREAS: Tuple[str, ...]
"""The area cards, in core's order."""
DISTRICTS: Tuple[str, ...]
"""The districts, in core's order (center, then the ring)."""
TOKENS: Tuple[str, ...]
"""The token kinds, in core's order."""
METROPOLYS_CARDS: List[List[str]]
"""The ten Metropolys cards that can exist (three different kinds each)."""

def area_cards(players: int, variant: str, metropolys: bool = False) -> List[str]:
    """The area cards the seats of a game are dealt from (R-5; with the
    Metropolys cards, section 9), in ``AREAS`` order."""

def neighborhood_cards(variant: str, metropolys: bool = False) -> List[str]:
    """The neighborhood cards of a game: the five kinds in the Expert game
    without the Metropolys cards, none otherwise (R-5, section 9)."""

def scoring_rules(
    variant: str, metropolys: bool = False, *, lang: Optional[str] = None
) -> List[ScoringRule]:
    """The scoring rules of a game in ``variant``, with or without the
    Metropolys cards (section 9), one dict per rule: ``topic``,
    ``category``, ``label`` and ``text``. With ``lang`` (``"en"``,
    ``"cs"``, ``"pl"``, ``"fr"``) the player's words in that language,
    without rule numbers; without it, core's developer wording with each
    line's ruling, whatever the module's language."""

def board_info() -> Dict[str, Any]:
    """The whole board as a dict: ``neighborhoods`` (``id``, ``district``,
    ``kind``, ``adjacent``, ``border``, ``blind_alley``, ``x``, ``y``),
    ``bridges``, ``statues``, ``lakes``, ``peripheral_ring``."""

@final
class RandomBot:
    """Uniformly random legal actions. ``seed`` seeds the bot's own generator
    (SplitMix64): the same seed gives the same decisions."""

    def __new__(cls, seed: int = 0) -> RandomBot: ...
    def choose(self, game: Game) -> Action:
        """The action this bot plays for the seat to act in ``game``, decided
        from that seat's view only (R-21). Raises ``IllegalActionError``
        (rule ``R-17``) when the game is over."""
    @property
    def name(self) -> str:
        """The bot's kind: ``"random"``."""
    def __getnewargs_ex__(self) -> Tuple[Tuple[()], Dict[str, Any]]:
        """Pickling (to send a bot to another process, such as a Dask
        worker): the constructor's keyword arguments."""

@final
class GreedyBot:
    """A one-ply evaluation of every legal action (immediate points, tokens and
    cards, progress on its own objectives, the cost of the building spent;
    see https://github.com/metropolys/metropolys/blob/main/docs/bots.md). ``seed`` breaks ties."""

    def __new__(cls, seed: int = 0) -> GreedyBot: ...
    def choose(self, game: Game) -> Action:
        """The action this bot plays for the seat to act in ``game``, decided
        from that seat's view only (R-21). Raises ``IllegalActionError``
        (rule ``R-17``) when the game is over."""
    @property
    def name(self) -> str:
        """The bot's kind: ``"greedy"``."""
    def __getnewargs_ex__(self) -> Tuple[Tuple[()], Dict[str, Any]]:
        """Pickling (to send a bot to another process, such as a Dask
        worker): the constructor's keyword arguments."""

@final
class IsmctsBot:
    """Information-set Monte Carlo tree search (see https://github.com/metropolys/metropolys/blob/main/docs/bots.md). Each
    iteration deals the opponents' secret cards at random among those the
    seat cannot rule out, so the bot never uses what its seat may not see
    (R-21).

    Budget: ``iterations`` per decision (the default budget of
    https://github.com/metropolys/metropolys/blob/main/docs/bots.md when neither is given) and/or ``seconds`` of wall time (the
    search stops at the first reached). With an iteration budget and no
    time budget, the same ``seed`` gives the same decisions. ``threads`` searches in parallel
    (root parallelism). ``exploration`` (UCT constant), ``playout``
    (``"random"`` or ``"greedy"``) and ``reward`` (``"win"`` or
    ``"score"``) tune the search. Raises ``ValueError`` for a parameter out
    of range and ``TypeError`` for one of the wrong type (a ``bool`` is not
    a number). A search stops on Ctrl-C with ``KeyboardInterrupt``."""

    def __new__(
        cls,
        iterations: Optional[int] = None,
        seconds: Optional[float] = None,
        seed: int = 0,
        threads: int = 1,
        *,
        exploration: Optional[float] = None,
        playout: Optional[Literal["random", "greedy"]] = None,
        reward: Optional[Literal["win", "score"]] = None,
    ) -> IsmctsBot: ...
    def choose(self, game: Game) -> Action:
        """The action this bot plays for the seat to act in ``game``, decided
        from that seat's view only (R-21), with the GIL released while it
        searches. Raises ``IllegalActionError`` (rule ``R-17``) when the game
        is over."""
    @property
    def name(self) -> str:
        """The bot's kind: ``"ismcts"``."""
    def __getnewargs_ex__(self) -> Tuple[Tuple[()], Dict[str, Any]]:
        """Pickling (to send a bot to another process, such as a Dask
        worker): the constructor's keyword arguments."""

_BotKind = Literal[
    "random", "greedy", "ismcts", "beginner", "casual", "strong", "expert", "ismcts-v1"
]

@final
class SpecBot:
    """Any bot of the bots crate by its spec: a kind (``"random"``,
    ``"greedy"``, ``"ismcts"``, the difficulty presets ``"beginner"``,
    ``"casual"``, ``"strong"``, ``"expert"``, or ``"ismcts-v1"``) and its
    parameters (a dict, a JSON object as text, or ``None`` for the
    defaults), as the command line's ``--bots`` and C's ``mtp_bot_new`` take
    them (https://github.com/metropolys/metropolys/blob/main/docs/bots.md
    lists every kind and parameter). ``seed`` seeds the
    bot's own generator. Raises ``ValueError`` naming what is wrong."""

    def __new__(
        cls,
        kind: Union[_BotKind, str],
        params: Union[None, str, Dict[str, Any]] = None,
        seed: int = 0,
    ) -> SpecBot: ...
    def choose(self, game: Game) -> Action:
        """The action this bot plays for the seat to act in ``game``, decided
        from that seat's view only (R-21), with the GIL released while it
        thinks (a bot that searches stops on Ctrl-C with
        ``KeyboardInterrupt``). Raises ``IllegalActionError`` (rule
        ``R-17``) when the game is over."""
    @property
    def name(self) -> str:
        """The bot's kind, as given."""
    def __getnewargs_ex__(self) -> Tuple[Tuple[str], Dict[str, Any]]:
        """Pickling (to send a bot to another process, such as a Dask
        worker): the kind, then the parameters and the seed."""

class _ChoosingBot(Protocol):
    def choose(self, game: Game, /) -> Action: ...

@overload
def arena(
    bots: Iterable[Union[RandomBot, GreedyBot, IsmctsBot, SpecBot, str, _ChoosingBot]],
    games: int,
    players: Optional[int] = None,
    variant: str = "expert",
    seed: int = 0,
    threads: int = 1,
    *,
    metropolys_deck: Optional[Sequence[Sequence[str]]] = None,
    per_game: Literal[False] = False,
    format: Literal["numpy", "arrow"] = "numpy",
    first: int = 0,
) -> List[Dict[str, Any]]:
    """Plays ``games`` games between ``bots``, one bot per seat, rotated over
    the seats from one game to the next (every bot plays every seat equally
    often when ``games`` is a multiple of the player count; each rotation
    shares one deal), and returns one dict per bot, in the order given:
    ``{"bot", "games", "wins", "win_rate", "ci95": [lo, hi], "mean_total"}``.
    A victory shared by ``k`` seats (R-20) counts ``1/k`` of a win;
    ``ci95`` is the Wilson 95 % interval of the win rate.

    ``bots`` holds native bots (``RandomBot``, ``GreedyBot``, ``IsmctsBot``,
    ``SpecBot``), bot specs as the command line writes them (``"expert"``,
    ``'ismcts:{"iterations": 500}'``) and/or Python objects with a
    ``choose(game) -> Action`` method (and optionally a ``name``). A Python
    bot is handed its seat's view as a ``Game`` (``game.viewer`` is its
    seat): the other seats' objectives and Metropolys cards are ``None``
    until the end (R-21), and it pickles and round-trips through
    ``to_json``. ``players`` defaults to ``len(bots)`` and must equal it.

    Everything random (deals and every bot's generator) derives from
    ``seed``; a native bot's own ``seed`` is not used here. ``threads`` (1 to 1024)
    plays games in parallel with the GIL released; the results do not
    depend on it (for bots with iteration budgets). Python bots decide on
    the calling thread, one decision at a time, while native bots in other
    games keep playing. An exception raised by a Python bot stops the run
    and is re-raised; Ctrl-C stops it with ``KeyboardInterrupt`` within a
    fraction of a second, also inside a slow or blocked Python bot or a
    long search. A thread that cannot start raises ``RuntimeError``.

    ``metropolys_deck`` (four Metropolys cards, each a list of three
    neighborhood kinds) deals the Metropolys cards from that deck (R-22).
    ``first`` plays games ``first`` to ``first + games - 1`` of the run:
    game ``g`` is the same game whatever range it is played in.
    ``per_game=True`` returns one row per game instead (next overload).
    """

@overload
def arena(
    bots: Iterable[Union[RandomBot, GreedyBot, IsmctsBot, SpecBot, str, _ChoosingBot]],
    games: int,
    players: Optional[int] = None,
    variant: str = "expert",
    seed: int = 0,
    threads: int = 1,
    *,
    metropolys_deck: Optional[Sequence[Sequence[str]]] = None,
    per_game: Literal[True],
    format: Literal["numpy", "arrow"] = "numpy",
    first: int = 0,
) -> Any:
    """One row per game, as columns in the form of ``simulate``
    (``format="numpy"``: a dict of numpy arrays; ``"arrow"``: a
    ``pyarrow.Table``): ``game``, ``seed`` (the game's configuration seed),
    per seat ``bot_{p}`` (uint8: the index of its bot in ``bots``) and
    ``bot_name_{p}``, then ``simulate``'s columns from ``start_player`` on
    (objectives, Metropolys cards, ``calls``, ``winners``, ``win_{p}``,
    ``win_share_{p}``, the score categories). ``games=0`` gives the empty
    columns."""

def wilson_interval(wins: float, games: int) -> Optional[Tuple[float, float]]:
    """The 95 % Wilson score interval ``(low, high)`` of a win rate of
    ``wins`` (a float: a shared first place counts as a fraction, R-20) in
    ``games`` games, as ``arena`` reports it in ``ci95``; ``None`` for no
    game, or for wins that are not finite or outside ``0..=games``."""

@overload
def review(
    record: Union[_JsonLike, Game],
    preset: str = "strong",
    *,
    seed: int = 0,
    threads: Optional[int] = None,
    worlds: Optional[int] = None,
    seat: Optional[int] = None,
    lang: Optional[str] = None,
    format: Literal["pandas"] = "pandas",
) -> Any:
    """A finished game judged decision by decision by the bot preset
    ``preset`` (``"beginner"``, ``"casual"``, ``"strong"``, ``"expert"``):
    a ``pandas.DataFrame`` (needs pandas), one row per decision, with the
    summary in ``attrs``; the GIL is released while it computes, and
    Ctrl-C stops it (``KeyboardInterrupt``).

    Two readings of every decision, named apart in every column: ``known``
    (with what the acting seat knew: the grades and the accuracy) and
    ``revealed`` (with every card face up, after the game: the win-chance
    graph and the turning points).

    ``record``: a ``Game`` played from its start, or its record (JSON text
    or the dict of ``Game.to_record()``). ``worlds``: positions sampled per
    estimate (default: the preset's). ``seed``: the same seed gives the
    same review whatever ``threads`` (``None``: one per CPU). ``seat``:
    only that seat's decisions, with only what it knew (no revealed
    reading): the one way to review a game not over. ``lang``: the words
    of the actions and the labels.

    Columns: ``index`` (the decision's index in the record), ``seat``,
    ``call``, ``opening`` (no bid yet in the call), ``legal_actions``,
    ``played`` and ``best`` (``str(Action)``), ``played_id``, ``best_id``,
    ``played_text``, ``best_text`` (in words), ``played_building``,
    ``played_size`` (Expert sizes; missing for the pass), ``grade`` (ordered:
    forced < best < good < inaccuracy < mistake < blunder), ``accuracy``,
    ``known_win``, ``known_best_win``, ``known_drop``, ``known_score``,
    ``known_best_score``, the same ``revealed_*`` for the acting seat,
    ``revealed_win_{p}`` and ``revealed_score_{p}`` per seat, and
    ``turning_point``. ``attrs``: ``reviewer``, ``seed``, ``worlds``,
    ``players``, ``variant``, ``over``, ``only``, ``lang``, ``seats`` (per
    seat ``accuracy``, ``decisions``, ``inaccuracies``, ``mistakes``,
    ``blunders``), ``turning_points``, ``start``, ``win_chances``,
    ``labels``, ``seat_colors``.

    Raises ``RecordError`` for a record that does not replay,
    ``ValueError`` for a reviewer that is not a preset, worlds, threads or
    a seat out of range, or a game not over without ``seat``, and
    ``ImportError`` when pandas is missing. See
    https://github.com/metropolys/metropolys/blob/main/docs/python.md.
    """
@overload
def review(
    record: Union[_JsonLike, Game],
    preset: str = "strong",
    *,
    seed: int = 0,
    threads: Optional[int] = None,
    worlds: Optional[int] = None,
    seat: Optional[int] = None,
    lang: Optional[str] = None,
    format: Literal["dict"],
) -> Dict[str, Any]:
    """Like the first overload, returning the review as JSON values (no
    pandas needed): ``reviewer``, ``seed``, ``worlds``, ``players``,
    ``over``, ``only``, ``start``, ``decisions`` (each with ``index``,
    ``seat``, ``played``, ``best``, ``grade``, ``known`` and ``revealed``:
    ``played`` and ``best`` estimates of ``win`` and ``score`` per seat,
    and ``drop``), ``seats``, ``turning_points`` and ``win_chances`` (per
    seat, revealed, from the setup through each decision)."""

def _arena_tally(columns: Dict[str, Any]) -> Tuple[int, List[int], List[int]]:
    """The exact sums ``(games, twelfths, totals)`` (one entry per bot) of
    the games of ``arena(..., per_game=True, format="numpy")``'s columns (for
    ``metropolys.dask``)."""

def _arena_rows(
    names: List[str], parts: Sequence[Tuple[int, List[int], List[int]]]
) -> List[Dict[str, Any]]:
    """The rows of ``arena`` from the exact sums of parts of a run (for
    ``metropolys.dask``)."""

# Private: the Rust side of ``metropolys.conformance`` (not in ``__all__``).

def _conformance_check(
    factory: Callable[[], Any], games: int, seed: int, max_steps: int
) -> Dict[str, Any]:
    """Compares the engines ``factory()`` makes with the reference engine;
    see ``metropolys.conformance.check``."""

def _conformance_replay(engine: Any, record: _JsonLike) -> Optional[str]:
    """Replays a record through ``engine``; see
    ``metropolys.conformance.replay``."""

# Private: the Rust side of ``metropolys.learning`` and ``metropolys.belief``
# (not in ``__all__``).

def _selfplay(
    games: int,
    *,
    teacher: str = "strong",
    params: str = "",
    players: Sequence[int] = (2, 3, 4),
    variant: str = "expert",
    seed: int = 0,
    threads: Optional[int] = None,
    stride: int = 1,
    playouts: int = 0,
) -> Dict[str, "numpy.ndarray[Any, Any]"]:
    """Self-play samples of the teacher bot (``metropolys.learning.selfplay``)."""

def _belief_selfplay(
    games: int,
    *,
    teacher: str = "strong",
    params: str = "",
    players: Sequence[int] = (2, 3, 4),
    variant: str = "expert",
    seed: int = 0,
    threads: Optional[int] = None,
    stride: int = 1,
) -> Dict[str, "numpy.ndarray[Any, Any]"]:
    """The learned belief's examples (``metropolys.belief.selfplay``)."""

def _prior_selfplay(
    games: int,
    *,
    teacher: str = "strong",
    params: str = "",
    players: Sequence[int] = (2, 3, 4),
    variant: str = "expert",
    seed: int = 0,
    threads: Optional[int] = None,
    stride: int = 1,
) -> Dict[str, "numpy.ndarray[Any, Any]"]:
    """The learned prior's examples (``metropolys.prior.selfplay``)."""

def _quantize_value_net(
    layers: Sequence[Tuple["numpy.ndarray[Any, Any]", Sequence[float]]],
) -> bytes:
    """Float layers rounded into the bots' fixed-point network file."""

def _evaluate_value_net(
    features: "numpy.ndarray[Any, Any]", model: Optional[bytes] = None
) -> "numpy.ndarray[Any, Any]":
    """Observations' values under a network file, as the bots compute them."""

def _value_net_info(model: Optional[bytes] = None) -> Tuple[str, List[Tuple[int, int]]]:
    """A network's hash (hex) and its layers' sizes."""
