"""Conformance checking for engines written in Python.

``check(factory, games=200, seed=0)`` drives an engine object and the
reference engine through the same random games, compares them after every
decision, and shrinks the first disagreement to a small game record (no
subprocess). ``replay(engine, record)`` replays a record (for example one
written by ``metropolys conform``) through an engine and reports the first
difference from its ``expected``.

The engine object has the operations of the conformance protocol
(https://github.com/metropolys/metropolys/blob/main/docs/conformance-protocol.md) as methods; actions are integer ids
(``neighborhood * 13 + building - 1``, 715 for a pass)::

    new_game(config: dict) -> None | str     # None, or the ruling refusing it
    to_act() -> int | None                    # None when the game is over
    legal() -> list[int]                      # legal action ids ([] when over)
    apply(player: int, action: int) -> None | str   # None, or the ruling ("R-9")
    scores() -> list[dict]                    # per seat: the categories below
    is_over() -> bool
    winners() -> list[int]

Score categories: trendy, subway, subway_card, archaeology, archaeology_card,
area, neighborhood, highest_building, metropolys, total, constructed. An
optional ``unsupported`` attribute lists features the engine lacks
(``"players_2"``, ``"players_3"``, ``"players_4"``, ``"family"``,
``"expert"``, ``"metropolys_cards"``); those configurations are skipped.

This is the driving loop of ``metropolys conform`` written again in Python
around the reference engine (the oracle), with the same comparisons; its
shrinking is delta debugging over the list of decisions (remove chunks,
then lower each choice), simpler than proptest's but real.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import ACTION_COUNT, PASS_ID, SCORE_CATEGORIES, Game
from ._errors import IllegalActionError

__all__ = ["CATEGORIES", "CheckResult", "ConformanceError", "check", "replay"]

# The score categories compared, in order: the package's own.
CATEGORIES = SCORE_CATEGORIES

# A step: ("choose", k) takes legal action k (modulo their number);
# ("probe", id, seat) submits a pass when id % 8 == 0, else action
# id % ACTION_COUNT,
# for another seat if it is legal.
Step = Tuple[Any, ...]


class ConformanceError(AssertionError):
    """Raised by ``CheckResult.raise_for_failure``; ``.result`` holds it."""

    def __init__(self, result: "CheckResult") -> None:
        super().__init__(result.diagnosis)
        self.result = result


@dataclass
class CheckResult:
    """What ``check`` found. ``ok`` when every decision agreed; otherwise
    ``record`` is the shrunk game record (``expected`` from the reference
    engine) and ``diagnosis`` says where and how the engines differ.
    ``found_length`` is the record's length before shrinking and
    ``shrink_runs`` the games played while shrinking."""

    ok: bool
    games: int
    decisions: int
    record: Optional[Dict[str, Any]] = None
    diagnosis: str = ""
    found_length: int = 0
    shrink_runs: int = 0
    details: Dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.ok

    def raise_for_failure(self) -> "CheckResult":
        """Returns ``self`` when ok, else raises ``ConformanceError``."""
        if not self.ok:
            raise ConformanceError(self)
        return self


def _rule_matches(ours: str, theirs: Optional[str]) -> bool:
    return theirs is not None and (ours == theirs or theirs in ours.split("/"))


def _sheets(game: Game) -> List[Dict[str, int]]:
    # Score sheets are TypedDicts; the categories are looked up by name.
    sheets: List[Dict[str, Any]] = [dict(s) for s in game.scores()]
    return [{k: s[k] for k in CATEGORIES} for s in sheets]


def _supported(engine: Any, config: Dict[str, Any]) -> bool:
    no = set(getattr(engine, "unsupported", ()) or ())
    if f"players_{config['players']}" in no or config["variant"] in no:
        return False
    return not ("metropolys_deck" in config and "metropolys_cards" in no)


def _record(config: Dict[str, Any], actions: List[Tuple[int, int]], game: Game,
            error: Optional[Tuple[int, str]] = None) -> Dict[str, Any]:
    from . import Action
    record = {"format": "metropolys-record", "version": 1, "config": config,
              "actions": [{"player": p, "action": Action.from_id(a).to_dict()}
                          for p, a in actions]}
    expected: Dict[str, Any] = {"game_over": game.is_over,
                                "totals": [s["total"] for s in game.scores()],
                                "winners": game.winners}
    if error is not None:
        expected["error"] = {"index": error[0], "rule": error[1]}
    record["expected"] = expected
    return record


def _witness(engine: Any, config: Dict[str, Any], actions: List[Tuple[int, int]],
             game: Game) -> Dict[str, Any]:
    """The record of a disagreement; when the turn or the legal set differs,
    one more action the engine must get wrong on replay: the reference's
    first legal action it does not allow, or one it allows wrongly."""
    if game.to_act is None:
        return _record(config, actions, game)
    ours = game.legal_action_ids()
    theirs = set(engine.legal()) if engine.to_act() == game.to_act else set()
    only_ours = [a for a in ours if a not in theirs]
    if only_ours:
        move = (game.to_act, only_ours[0])
        return _record(config, actions + [move], game.apply_for(*move))
    extra = sorted(theirs - set(ours))
    if extra:
        try:
            game.apply_for(game.to_act, extra[0])
        except IllegalActionError as e:
            return _record(config, actions + [(game.to_act, extra[0])], game,
                           (len(actions), e.rule or ""))
    return _record(config, actions, game)


def _compare(engine: Any, game: Game, what: List[str]) -> Optional[str]:
    for w in what:
        if w == "to_act" and engine.to_act() != game.to_act:
            return f"whose turn it is: reference seat {game.to_act}, engine {engine.to_act()}"
        if w == "legal":
            ours, theirs = sorted(game.legal_action_ids()), sorted(engine.legal())
            if ours != theirs:
                return (f"the legal actions: only the reference allows "
                        f"{sorted(set(ours) - set(theirs))[:8]}, only the engine allows "
                        f"{sorted(set(theirs) - set(ours))[:8]}")
        if w == "scores":
            for seat, (o, t) in enumerate(zip(_sheets(game), engine.scores())):
                for k in CATEGORIES:
                    if o[k] != t.get(k):
                        return f"seat {seat}'s score for {k}: reference {o[k]}, engine {t.get(k)}"
        if w == "is_over" and bool(engine.is_over()) != game.is_over:
            return f"whether the game is over: reference {game.is_over}, engine {engine.is_over()}"
        if w == "winners" and sorted(engine.winners()) != game.winners:
            return f"the winners: reference {game.winners}, engine {sorted(engine.winners())}"
    return None


def _run(factory: Callable[[], Any], config: Dict[str, Any], steps: List[Step],
         limit: Optional[int] = None) -> Tuple[int, Optional[Tuple[str, Dict[str, Any]]]]:
    """Plays one game; returns (decisions, None) or (decisions, (diagnosis, record))."""
    engine = factory()
    game = Game.from_config(config)
    actions: List[Tuple[int, int]] = []
    refused = engine.new_game(dict(config))
    if refused is not None:
        return 0, (f"the engine refused the configuration ({refused})", _record(config, [], game))
    d = _compare(engine, game, ["to_act", "legal"])
    if d:
        return 0, ("At the start: " + d, _record(config, [], game))
    decisions = 0
    for step in steps:
        if limit is not None and decisions >= limit:
            return decisions, None
        to_act = game.to_act
        if step[0] == "choose":
            if to_act is None:
                break
            legal = game.legal_action_ids()
            player, action = to_act, legal[step[1] % len(legal)]
        else:
            action = PASS_ID if step[1] % 8 == 0 else step[1] % ACTION_COUNT
            if to_act is None:
                player = step[2] % game.players
            elif game.is_legal(action):
                player = (to_act + 1 + step[2] % (game.players - 1)) % game.players
            else:
                player = to_act
        decisions += 1
        where = f"Decision {decisions} (call {game.call_number}): action {action} for seat {player}"
        try:
            after: Optional[Game] = game.apply_for(player, action)
            ours: Optional[str] = None
        except IllegalActionError as e:
            after, ours = None, e.rule or "illegal"
        theirs = engine.apply(player, action)
        if after is not None:
            actions.append((player, action))
            if theirs is not None:
                return decisions, (f"{where}: the reference accepts it, the engine refuses it "
                                   f"({theirs})", _record(config, actions, after))
            ended = after.call_number != game.call_number or after.is_over
            game = after
            d = _compare(engine, game, ["to_act", "legal"] + (["scores"] if ended else []))
            if d:
                return decisions, (f"{where}: {d}", _witness(engine, config, actions, game))
        elif not _rule_matches(ours or "", theirs):
            index = len(actions)
            record = _record(config, actions + [(player, action)], game, (index, ours or ""))
            said = "accepts it" if theirs is None else f"refuses it for {theirs}"
            return decisions, (f"{where}: the reference refuses it ({ours}), the engine {said}",
                               record)
    d = _compare(engine, game, ["scores", "is_over", "winners"])
    if d:
        return decisions, (f"After the last decision ({decisions}): {d}",
                           _record(config, actions, game))
    return decisions, None


def _shrink(factory: Callable[[], Any], config: Dict[str, Any], steps: List[Step],
            decisions: int, result: Tuple[str, Dict[str, Any]]) -> Tuple[int, Tuple[str, Dict[str, Any]], int]:
    """Delta debugging: remove chunks of steps, then lower choices, while
    the game still disagrees no later than before."""
    runs = 0
    steps = steps[:decisions]

    def fails(candidate: List[Step]) -> Optional[Tuple[int, Tuple[str, Dict[str, Any]]]]:
        nonlocal runs
        runs += 1
        n, r = _run(factory, config, candidate, limit=decisions)
        return (n, r) if r is not None else None

    chunk = max(1, len(steps) // 2)
    while chunk >= 1:
        i = 0
        while i < len(steps):
            candidate = steps[:i] + steps[i + chunk:]
            got = fails(candidate)
            if got:
                steps, (decisions, result) = candidate[:got[0]], got
            else:
                i += chunk
        chunk //= 2
    for i, s in enumerate(steps):
        if s[0] == "choose" and s[1] != 0:
            candidate = steps[:i] + [("choose", 0)] + steps[i + 1:]
            got = fails(candidate)
            if got:
                steps, (decisions, result) = candidate, got
    return decisions, result, runs


def _config(rng: _random.Random) -> Dict[str, Any]:
    config: Dict[str, Any] = {"players": rng.choice((2, 3, 4)),
                              "variant": rng.choice(("family", "expert")),
                              "seed": rng.getrandbits(64)}
    config["start_player"] = rng.randrange(config["players"])
    if rng.random() < 0.25:
        kinds = ["industry", "park", "housing", "mall", "administration"]
        config["metropolys_deck"] = [rng.sample(kinds, 3) for _ in range(4)]
    return config


def check(factory: Callable[[], Any], games: int = 200, seed: int = 0,
          max_steps: int = 300) -> CheckResult:
    """Compares the engines ``factory()`` makes (one per game) with the
    reference engine over ``games`` random games from ``seed``; returns a
    ``CheckResult`` (call ``.raise_for_failure()`` to raise on a
    disagreement)."""
    rng = _random.Random(seed)
    total = 0
    played = 0
    probe = factory()
    while played < games:
        config = _config(rng)
        steps: List[Step] = [("probe", rng.randrange(1 << 16), rng.randrange(256))
                             if rng.random() < 0.1 else ("choose", rng.getrandbits(32))
                             for _ in range(rng.randrange(max_steps + 1))]
        if not _supported(probe, config):
            continue
        n, result = _run(factory, config, steps)
        total += n
        if result is not None:
            found = len(result[1]["actions"])
            n, result, runs = _shrink(factory, config, steps, n, result)
            diagnosis, record = result
            record["description"] = f"metropolys.conformance.check: {diagnosis}"
            return CheckResult(False, played, total, record, diagnosis, found, runs,
                               {"config": config})
        played += 1
    return CheckResult(True, played, total)


def replay(engine: Any, record: Dict[str, Any]) -> Optional[str]:
    """Replays a game record through ``engine`` and returns the first
    difference from the record's ``expected`` (None when it matches)."""
    from . import Action
    if engine.new_game(dict(record["config"])) is not None:
        return "the engine refuses the configuration"
    expected = record.get("expected") or {}
    error = expected.get("error")
    for i, entry in enumerate(record["actions"]):
        action = Action.from_json(entry["action"]).id
        rule = engine.apply(entry["player"], action)
        if error is not None and error["index"] == i:
            if not _rule_matches(error["rule"], rule):
                return f"action {i}: expected a rejection for {error['rule']}, got {rule or 'accepted'}"
            break
        if rule is not None:
            return f"action {i} is refused ({rule})"
    sheets = engine.scores()
    if "totals" in expected and [s["total"] for s in sheets] != expected["totals"]:
        return f"totals: expected {expected['totals']}, got {[s['total'] for s in sheets]}"
    if "game_over" in expected and bool(engine.is_over()) != expected["game_over"]:
        return f"game_over: expected {expected['game_over']}"
    if "winners" in expected and sorted(engine.winners()) != expected["winners"]:
        return f"winners: expected {expected['winners']}, got {sorted(engine.winners())}"
    for seat, sheet in enumerate(expected.get("scores") or []):
        for k in CATEGORIES:
            if sheet[k] != sheets[seat].get(k):
                return f"scores[{seat}].{k}: expected {sheet[k]}, got {sheets[seat].get(k)}"
    return None
