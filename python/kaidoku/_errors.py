"""Kaidoku's exceptions: one base class, and a class for each kind of failure.

Each carries the CLI's message (``str(error)``), its ``kind`` as the JSON API names it
(``bad-input``, ``unsolvable``, ``timeout``, ``failed``) and, when a position's own moves are why
it has no solution, its ``mistakes`` cell by cell.
"""

from typing import Any, Dict, List, Sequence


class KaidokuError(Exception):
    """A request the engine could not answer, with the CLI's message."""

    def __init__(self, message: str, kind: str = "failed", mistakes: Sequence[Dict[str, Any]] = ()):
        super().__init__(message)
        self.message: str = message
        self.kind: str = kind
        self.mistakes: List[Dict[str, Any]] = list(mistakes)


class BadInputError(KaidokuError, ValueError):
    """The request is wrong: a puzzle that cannot be read, an unknown config or technique
    (the message names the nearest), an option out of range."""


class UnsolvableError(KaidokuError, ValueError):
    """The position cannot be worked on: no solution (with the mistakes when the position's
    own moves are why), several solutions."""


class TimeLimitError(KaidokuError, TimeoutError):
    """The work did not finish within its time limit."""
