"""Metropolys as an OpenSpiel game.

Importing this module registers ``python_metropolys`` with ``pyspiel``::

    import pyspiel
    import metropolys.openspiel  # registers the game

    game = pyspiel.load_game("python_metropolys", {"players": 2, "variant": "expert", "seed": 7})
    state = game.new_initial_state()

It needs the ``openspiel`` extra (``pip install "metropolys[openspiel]"``);
``import metropolys`` alone never imports ``pyspiel``.

Parameters (all optional):

* ``players`` (int, 2-4, default 2)
* ``variant`` (``"family"`` or ``"expert"``, default ``"expert"``)
* ``seed`` (int, default 0): draws the *public* setup — districts out of play
  (R-2) and the token layout (R-4).
* ``start_player`` (int, default 0): the seat that opens the first call (R-1).
* ``deal`` (``"chance"`` or ``"seed"``, default ``"chance"``): how the
  *secret* objectives (R-5) are dealt. With ``"chance"`` the game opens with
  one chance node per card dealt, so algorithms that reason over information
  sets see the true distribution of hidden cards and nothing secret can be
  read off a game parameter. With ``"seed"`` the deal comes from ``seed`` too
  (no chance nodes): the game is then exactly ``metropolys.Game(players,
  variant, seed, start_player)``, which is handy for replaying a given game.
* ``returns`` (``"win"`` or ``"score"``, default ``"win"``): ``"win"`` gives
  +1 to every winner (R-20, shared victories included) and -1 to every other
  player; ``"score"`` gives each player's total prestige.

The game is sequential, imperfect-information (secret objectives, R-21),
general-sum, with terminal rewards and a fixed action space of 716 ids
(``neighborhood * 13 + building - 1``, pass = 715). The engine plays forced
passes itself (R-11), so a player asked to act always has a legal bid.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, Generic, List, Optional, Tuple, TypeVar, cast

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

import metropolys

from . import _observation as obs

SHORT_NAME = "python_metropolys"

_DEFAULTS: Dict[str, Any] = {
    "players": 2,
    "variant": "expert",
    "seed": 0,
    "start_player": 0,
    "deal": "chance",
    "returns": "win",
}

KINDS = obs.KINDS
AREAS = obs.AREAS
# Chance outcome ids: an area card is its index in AREAS (0-5), a
# neighborhood card KIND_OFFSET + its index in KINDS (6-10).
KIND_OFFSET = len(AREAS)
CHANCE_OUTCOMES = len(AREAS) + len(KINDS)
# The area decks of R-5 (core's): the Family game's (for 3 and 4 players)
# and the Expert game's.
FAMILY_AREAS = tuple(metropolys.board.area_cards(3, "family"))
EXPERT_AREAS = tuple(metropolys.board.area_cards(3, "expert"))

# A loose but safe bound on one player's total prestige, for "score" returns:
# 9 trendy (27) + subway tokens and card (12) + 13 buildings on a neighborhood
# card (26) + 5 highest-building tokens (25) + the best area card (13 / 3
# statues: 28) + 4 Metropolys groups (36) is 154; archaeology costs at most
# 9 tokens and the card (-11).
_SCORE_MIN = -11.0
_SCORE_MAX = 160.0

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Metropolys",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def max_player_moves(players: int) -> int:
    """An upper bound on the decisions in one game:
    ``metropolys.max_decisions(players)``."""
    return metropolys.max_decisions(players)


T = TypeVar("T")


class _Shared(Generic[T]):
    """Immutable data shared by a state and its clones (never deep-copied)."""

    __slots__ = ("value",)

    def __init__(self, value: T) -> None:
        self.value = value

    def __deepcopy__(self, memo: Any) -> "_Shared[T]":
        return self

    def __copy__(self) -> "_Shared[T]":
        return self


class _Params:
    """The validated parameters of a game and what follows from them.

    States look these up from ``game.get_parameters()`` rather than from
    attributes of the Python game object, which pyspiel does not always keep
    alive (a game loaded from its string in C++ has no Python attributes)."""

    _cache: Dict[Tuple[Tuple[str, str], ...], "_Params"] = {}

    def __init__(self, params: Optional[Dict[str, Any]]) -> None:
        p = dict(_DEFAULTS)
        p.update(params or {})
        players = int(p["players"])
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players} (R-1)")
        variant = str(p["variant"]).lower()
        if variant not in ("family", "expert"):
            raise ValueError(f"variant must be 'family' or 'expert', not {variant!r}")
        deal = str(p["deal"]).lower()
        if deal not in ("chance", "seed"):
            raise ValueError(f"deal must be 'chance' or 'seed', not {deal!r}")
        returns = str(p["returns"]).lower()
        if returns not in ("win", "score"):
            raise ValueError(f"returns must be 'win' or 'score', not {returns!r}")
        self.params = p
        self.players = players
        self.variant = variant
        self.seed = int(p["seed"])
        self.start_player = int(p["start_player"])
        self.deal = deal
        self.returns_mode = returns
        # The public setup; with deal="seed" also the whole game.
        self.seed_game = metropolys.Game(
            players=players, variant=variant, seed=self.seed, start_player=self.start_player
        )
        # The area deck of R-5, from core.
        self.area_deck = tuple(metropolys.board.area_cards(players, variant))
        self.chance_nodes = 0 if deal == "seed" else players * (2 if variant == "expert" else 1)

    @classmethod
    def of(cls, params: Optional[Dict[str, Any]]) -> "_Params":
        key = tuple(sorted((k, str(v)) for k, v in (params or {}).items()))
        found = cls._cache.get(key)
        if found is None:
            found = cls._cache[key] = cls(params)
        return found

    def deal_order(self) -> List[str]:
        """What each chance node deals, in order: ``"area"`` for seats
        ``0..n-1``, then (Expert) ``"neighborhood"`` for seats ``0..n-1``."""
        if self.deal != "chance":
            return []
        order = ["area"] * self.players
        if self.variant == "expert":
            order += ["neighborhood"] * self.players
        return order

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any]]]:
        return (_Params.of, (self.params,))


class MetropolysGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """The ``python_metropolys`` game."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        g = _Params.of(params)
        if g.returns_mode == "win":
            lo, hi = -1.0, 1.0
        else:
            lo, hi = _SCORE_MIN, _SCORE_MAX
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=metropolys.ACTION_COUNT,
                max_chance_outcomes=CHANCE_OUTCOMES,
                num_players=g.players,
                min_utility=lo,
                max_utility=hi,
                utility_sum=None,
                max_game_length=max_player_moves(g.players) + g.chance_nodes,
            ),
            g.params,
        )

    def new_initial_state(self) -> "MetropolysState":
        return MetropolysState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None
    ) -> "MetropolysObserver":
        return MetropolysObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
            _Params.of(self.get_parameters()).players,
        )


class MetropolysState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A state of ``python_metropolys``: the deal so far, then a
    ``metropolys.Game``. Clones share the immutable engine state."""

    def __init__(self, game: MetropolysGame) -> None:
        super().__init__(game)
        g = _Params.of(game.get_parameters())
        self._g: _Shared[_Params] = _Shared(g)
        self._dealt: Tuple[int, ...] = ()  # chance outcomes so far
        self._game: _Shared[Optional[metropolys.Game]] = _Shared(
            g.seed_game if g.deal == "seed" else None
        )

    # -- engine access ---------------------------------------------------
    @property
    def engine(self) -> Optional["metropolys.Game"]:
        """The ``metropolys.Game`` once every objective is dealt, else None."""
        return self._game.value

    def _params(self) -> _Params:
        return self._g.value

    def objectives_dealt(self) -> List[Optional[Dict[str, str]]]:
        """Each seat's objectives as dealt so far (chance phase included)."""
        g = self._params()
        if self.engine is not None and g.deal == "seed":
            return list(obs.views(self.engine, 0, reveal=True)["objectives"])
        objs: List[Optional[Dict[str, str]]] = [None] * g.players
        for i, outcome in enumerate(self._dealt):
            seat = i % g.players
            o = dict(objs[seat] or {})
            if outcome < KIND_OFFSET:
                o["area"] = AREAS[outcome]
            else:
                o["neighborhood"] = KINDS[outcome - KIND_OFFSET]
            objs[seat] = o
        return objs

    # -- OpenSpiel API ----------------------------------------------------
    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_act or 0)

    def _legal_actions(self, player: int) -> List[int]:
        engine = self.engine
        if engine is None or engine.is_over or player != engine.to_act:
            return []
        return sorted(engine.legal_action_ids())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        g = self._params()
        i = len(self._dealt)
        kind = g.deal_order()[i]
        taken = set(self._dealt[(i // g.players) * g.players : i])
        if kind == "area":
            deck = [AREAS.index(a) for a in g.area_deck]
        else:
            deck = [KIND_OFFSET + KINDS.index(k) for k in metropolys.board.neighborhood_cards(g.variant)]
        outcomes = [o for o in deck if o not in taken]
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self._dealt = self._dealt + (int(action),)
            g = self._params()
            if len(self._dealt) == g.chance_nodes:
                self._game = _Shared(_build(g, self.objectives_dealt()))
            return
        self._game = _Shared(self.engine.apply(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return chance_outcome_to_string(action)
        return action_to_string(action)

    def is_terminal(self) -> bool:
        engine = self.engine
        return engine is not None and engine.is_over

    def returns(self) -> List[float]:
        g = self._params()
        engine = self.engine
        if engine is None or not engine.is_over:
            return [0.0] * g.players
        if g.returns_mode == "score":
            return [float(s["total"]) for s in engine.scores()]
        winners = set(int(w) for w in engine.winners)
        return [1.0 if p in winners else -1.0 for p in range(g.players)]

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return f"dealing objectives: {len(self._dealt)} of {self._params().chance_nodes} dealt"
        return obs.text(obs.views(engine, 0, reveal=True))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> "MetropolysState":
        """A state of ``player_id``'s information set, drawn with
        ``probability_sampler`` (OpenSpiel's ``ISMCTSBot`` passes a
        ``pyspiel.UniformProbabilitySampler``): see the module function
        ``resample_from_infostate``."""
        return resample_from_infostate(self, player_id, probability_sampler)

    # -- helpers ------------------------------------------------------------
    def player_actions(self) -> List[int]:
        """The players' actions so far (public), without chance outcomes."""
        return [pa.action for pa in self.full_history() if pa.player >= 0]


def _build(g: _Params, objectives: List[Optional[Dict[str, str]]]) -> "metropolys.Game":
    """The engine game for a complete deal; the public setup comes from the seed."""
    config = {
        "players": g.players,
        "variant": g.variant,
        "seed": g.seed,
        "start_player": g.start_player,
        "objectives": objectives,
    }
    return metropolys.Game.from_config(config)


def chance_outcome_to_string(outcome: int) -> str:
    """``deal area chains`` or ``deal neighborhood park``."""
    if outcome < KIND_OFFSET:
        return f"deal area {AREAS[outcome]}"
    return f"deal neighborhood {KINDS[outcome - KIND_OFFSET]}"


def action_to_string(action: int) -> str:
    """``pass`` or ``bid 12 b3`` (neighborhood 12, building 3)."""
    a = metropolys.Action.from_id(action)
    if a.is_pass:
        return "pass"
    return f"bid {a.neighborhood} b{a.building}"


_REVEAL = {
    "SINGLE_PLAYER": "own",
    "NONE": "none",
    "ALL_PLAYERS": "all",
}


class MetropolysObserver:
    """Observations for ``python_metropolys`` (the PyObserver interface).

    * ``private_info`` SINGLE_PLAYER: the observing player's own objectives
      (R-21); NONE: nobody's; ALL_PLAYERS: everybody's. Opponents'
      objectives appear in any case once the game is over.
    * ``perfect_recall``: the string adds every player action so far (all
      actions are public), which makes it an information state; the tensor
      is then the information-state tensor (``Game.information_state``): the
      observation followed by one row per decision.

    The tensors are written in Rust (``Game.observation`` /
    ``Game.information_state``, layout in https://github.com/metropolys/metropolys/blob/main/docs/rl.md). While chance nodes
    deal the objectives there is no engine game yet: the public part comes
    from the seed's game and the cards dealt so far are filled in here.
    """

    def __init__(
        self, iig_obs_type: Any, params: Optional[Dict[str, Any]], players: int = 2
    ) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.iig = iig_obs_type
        self.reveal = _REVEAL[str(iig_obs_type.private_info.name)]
        size = metropolys.information_state_size(players) if iig_obs_type.perfect_recall else obs.SIZE
        self.tensor = np.zeros(size, np.float32)
        if iig_obs_type.perfect_recall:
            self.dict = {"information_state": self.tensor}
        else:
            self.dict = obs.split(self.tensor)

    def _objectives(
        self, state: MetropolysState, player: int, view: Optional[Dict[str, Any]]
    ) -> Optional[List[Optional[Dict[str, str]]]]:
        pi = self.iig.private_info
        n = state._params().players
        if view is not None and view.get("game_over"):
            return None  # the view already reveals them
        dealt = state.objectives_dealt()
        if pi == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return dealt
        if pi == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return [dealt[p] if p == player else None for p in range(n)]
        return [None] * n

    def _view(self, state: MetropolysState, player: int) -> Dict[str, Any]:
        engine = state.engine
        return (engine if engine is not None else state._params().seed_game).view(player)

    def set_from(self, state: MetropolysState, player: int) -> None:
        engine = state.engine
        if engine is not None:
            if self.iig.perfect_recall:
                self.tensor[:] = engine.information_state(player, reveal=self.reveal)
            else:
                engine.observation(player, reveal=self.reveal, out=self.tensor)
            return
        # Chance phase: the public setup, nobody to act, the cards dealt so far.
        g = state._params()
        if self.iig.perfect_recall:
            self.tensor[obs.SIZE :] = 0.0
        dealt = self._objectives(state, player, None) or [None] * g.players
        g.seed_game._dealing_observation(player, dealt, self.tensor[: obs.SIZE])

    def string_from(self, state: MetropolysState, player: int) -> str:
        view = self._view(state, player)
        objs = self._objectives(state, player, view)
        if state.engine is None:
            head = f"p{player} dealing\n"
            view = dict(view, to_act=None)
        else:
            head = f"p{player}\n"
        s = head + obs.text(view, objs)
        if self.iig.perfect_recall:
            s += "\nhistory: " + " ".join(str(a) for a in state.player_actions())
        return s


def resample_from_infostate(state: MetropolysState, player: int, rng: Any = None) -> MetropolysState:
    """A state from ``player``'s information set, drawn uniformly: the
    player's own objectives and the public history are kept, the other
    seats' objectives are re-dealt from the cards the player has not seen.

    The same as the state method ``state.resample_from_infostate(player,
    sampler)`` that OpenSpiel's ``ISMCTSBot`` calls. ``rng`` is a
    ``random.Random``-like object, a numpy ``RandomState``/``Generator``, a
    callable returning floats in [0, 1) (such as
    ``pyspiel.UniformProbabilitySampler``), or ``None`` (``random``).
    With ``deal="chance"`` the deal is replayed as chance outcomes; with
    ``deal="seed"`` the sampled state plays the re-dealt objectives (the
    public setup still comes from the seed).
    """
    g = state._params()
    draw = _uniform(rng)
    if g.deal == "seed":
        return _resample_seeded(state, player, draw)
    new = cast(MetropolysState, state.get_game().new_initial_state())
    own = state._dealt
    for i, mine in enumerate(own):
        seat = i % g.players
        if seat == player:
            new.apply_action(mine)
            continue
        # The viewer's own card of this deck is never another seat's.
        segment = i - seat
        own_card = own[segment + player] if segment + player < len(own) else None
        outcomes = [o for o, _ in new.chance_outcomes() if o != own_card]
        new.apply_action(outcomes[int(draw() * len(outcomes))])
    for a in state.player_actions():
        new.apply_action(a)
    return new


def _resample_seeded(state: MetropolysState, player: int, draw: Callable[[], float]) -> MetropolysState:
    """``deal="seed"``: a clone whose engine game has the other seats'
    objectives re-dealt (from the cards ``player`` does not hold) and the
    same decisions."""
    g = state._params()
    engine = state.engine
    assert engine is not None
    objectives = [dict(o) if o else {} for o in obs.views(engine, player, reveal=True)["objectives"]]
    mine = objectives[player]
    decks = [("area", [a for a in g.area_deck if a != mine.get("area")])]
    if g.variant == "expert":
        kinds = metropolys.board.neighborhood_cards(g.variant)
        decks.append(("neighborhood", [k for k in kinds if k != mine.get("neighborhood")]))
    for key, deck in decks:
        deck = list(deck)
        for seat in range(g.players):
            if seat == player:
                continue
            objectives[seat][key] = deck.pop(int(draw() * len(deck)))
    game = _build(g, cast(List[Optional[Dict[str, str]]], objectives))
    for a in state.player_actions():
        game = game.apply(a)
    new = cast(MetropolysState, state.clone())
    new._game = _Shared(game)
    return new


def _uniform(rng: Any) -> Callable[[], float]:
    """A function drawing floats in [0, 1) from ``rng`` (see
    ``resample_from_infostate``); draws are clamped below 1."""
    if rng is None:
        f: Callable[[], float] = random.random
    elif hasattr(rng, "random") and callable(rng.random):
        f = lambda: float(rng.random())  # noqa: E731
    elif hasattr(rng, "rand") and callable(rng.rand):
        f = lambda: float(rng.rand())  # noqa: E731
    elif callable(rng):
        f = lambda: float(rng())  # noqa: E731
    else:
        raise TypeError(f"cannot draw random numbers from {rng!r}")
    return lambda: min(max(f(), 0.0), 0.9999999999)


pyspiel.register_game(_GAME_TYPE, MetropolysGame)
