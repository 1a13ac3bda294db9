"""Heuristic weights as data: what every game's ``HeuristicParams`` is made of.

A game's heuristic (its guess of a seat's final score, which the bots maximise) reads its
weights from a frozen attrs class of named floats, each declared with ``weight``: its hand-written
value (the default), and the range a tuner may search. So a tuned set is a value a bot is handed,
not an edit of the source, and the hand-written values stay one call away: ``HeuristicParams()``.

>>> import attrs
>>> @attrs.frozen
... class Toy(Weights):
...     worker: float = weight(1.2, 0.0, 3.0)
>>> from_mapping(Toy, {"worker": 2})
Toy(worker=2.0)
>>> ranges(Toy)
{'worker': (0.0, 3.0)}
>>> from_mapping(Toy, {"wroker": 2})
Traceback (most recent call last):
harborgames.core.params.ParamsError: Toy has no weight 'wroker'; its weights: worker
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, TypeVar, cast

import attrs

__all__ = ["ParamsError", "Weights", "from_mapping", "ranges", "to_mapping", "weight"]


class ParamsError(ValueError):
    """A parameter set that cannot be used: unknown or missing names, values that are no
    finite numbers, a file that is not a set. The message names what is wrong."""


class Weights:
    """The base of every game's ``HeuristicParams``: named float weights (``weight``)."""

    __slots__ = ()


W = TypeVar("W", bound=Weights)


def weight(default: float, low: float, high: float) -> Any:
    """A weight field: ``default`` is the hand-written value, ``[low, high]`` the range a tuner
    searches (a set read from a file may lie outside it: the range is a search space, not a
    rule). Its type is left open, as ``attrs.field``'s is (it is one), so ``x: float =
    weight(...)`` declares a float."""
    if not low <= default <= high:
        raise ValueError(f"a weight's default {default} lies outside its range [{low}, {high}]")
    return attrs.field(default=float(default), converter=float, metadata={"range": (low, high)})


def ranges(kind: type[Weights]) -> dict[str, tuple[float, float]]:
    """Each weight's search range, by name, in declaration order."""
    fields: tuple[attrs.Attribute[float], ...] = attrs.fields(cast("type[attrs.AttrsInstance]", kind))
    return {field.name: field.metadata["range"] for field in fields}


def to_mapping(params: Weights) -> dict[str, float]:
    """The weights by name (what a parameter file holds)."""
    return {name: getattr(params, name) for name in ranges(type(params))}


def from_mapping(kind: type[W], values: Mapping[str, object], source: str = "") -> W:
    """``kind`` with ``values`` over its hand-written defaults (a set may name only the weights
    it changes); a ``ParamsError`` names an unknown weight or a value that is no finite number.
    ``source`` (a file's path) prefixes the message."""
    prefix = f"{source}: " if source else ""
    known = ranges(kind)
    if not isinstance(values, Mapping):
        raise ParamsError(f"{prefix}the weights must be a mapping of names to numbers, not {values!r}")
    checked: dict[str, float] = {}
    for name, value in values.items():
        if name not in known:
            raise ParamsError(
                f"{prefix}{kind.__name__} has no weight {name!r}; its weights: {', '.join(known)}"
            )
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ParamsError(f"{prefix}weight {name!r} must be a finite number, not {value!r}")
        checked[name] = float(value)
    return kind(**checked)
