"""Winners from final scores, with a game's tie-breakers, written once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["winners_by"]

K = TypeVar("K", int, tuple[int, ...])


def winners_by(keys: Sequence[K]) -> tuple[int, ...]:
    """The seats whose key is the greatest (a key is the score, or the score then tie-breakers).

    >>> winners_by([(30, 2), (30, 3), (12, 5)])
    (1,)
    >>> winners_by([7, 9, 9])
    (1, 2)
    """
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
