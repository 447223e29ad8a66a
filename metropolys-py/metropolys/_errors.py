"""The exceptions of the package (raised by the extension)."""

from __future__ import annotations

from typing import Iterable, Optional, Tuple

__all__ = [
    "MetropolysError",
    "IllegalActionError",
    "InvalidConfigError",
    "InvalidStateError",
    "RecordError",
    "ActionParseError",
]


class MetropolysError(Exception):
    """Base class of every error of the engine.

    ``str(error)`` names the ruling it enforces (``"R-9: ..."``);
    ``error.rules`` are the rulings it enforces, one string each
    (``("R-7", "R-9")``; empty when the error is not about a rule:
    malformed JSON, a record mismatch), and ``error.rule`` the same joined
    by ``/`` for display (``"R-7/R-9"``), or ``None``.
    """

    rule: Optional[str]
    rules: Tuple[str, ...]

    def __init__(self, message: str = "", rule: Optional[str] = None,
                 rules: Optional[Iterable[str]] = None) -> None:
        super().__init__(message)
        self.rule = rule
        if rules is not None:
            self.rules = tuple(rules)
        else:
            # One ruling given as ``rule`` alone.
            self.rules = (rule,) if rule else ()

    def __reduce__(self) -> Tuple[type, Tuple[str, Optional[str], Tuple[str, ...]]]:
        # Keeps ``rule`` and ``rules`` through pickling.
        return (type(self), (str(self), self.rule, self.rules))


class IllegalActionError(MetropolysError, ValueError):
    """An action that is illegal where it is taken (R-7 ... R-17), or an
    action that does not exist (an unknown id, neighborhood or building)."""


class InvalidConfigError(MetropolysError, ValueError):
    """A configuration that does not describe a legal setup (R-1 ... R-6,
    R-22), or that is not valid configuration JSON."""


class InvalidStateError(MetropolysError, ValueError):
    """A state (from ``Game.from_json``/``from_dict`` or a pickle) that no
    legal game can reach, or that is not valid state JSON."""


class RecordError(MetropolysError, ValueError):
    """A game record that is malformed, does not replay (the first illegal
    action is named) or does not give what it expects."""


class ActionParseError(MetropolysError, ValueError):
    """A text that names no action (``Action.parse``): not ``"bid B on N"``,
    ``"N B"`` or ``"pass"``, or a neighborhood or building that does not
    exist."""
