"""The tree searches' settings: one typed, frozen value (``SearchConfig``) instead of keyword knobs.

``mcts`` and ``ismcts`` are one search with different settings (``MCTS``, ``ISMCTS``); a bot spec
such as ``mcts:iterations=200:cutoff=own`` changes fields of its bot's config, checked here with
the bound in the message; a tuned set (``tuned``) may carry settings for ``hard``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal, TypeAlias, TypeVar, get_args

import attrs

__all__ = [
    "ISMCTS",
    "LIMITS",
    "MCTS",
    "Cutoff",
    "LeafKind",
    "Rollout",
    "SearchConfig",
    "config_from_mapping",
    "config_to_mapping",
]

Rollout: TypeAlias = Literal["random", "greedy"]
"""How a playout picks moves: uniformly, or the mover's one-step heuristic favourite."""
LeafKind: TypeAlias = Literal["margin", "rank"]
"""How a cut-off playout is valued: heuristic advantage growth since the root, squashed
(``margin``), or the seats ranked by heuristic (``rank``)."""
Cutoff: TypeAlias = Literal["turn", "own", "others", "decision"]
"""Where a playout stops once ``rollout_depth`` decisions are played (``search.rollout``)."""

LIMITS: Mapping[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "time_limit": (0.0, 3600.0),  # above 0: a search needs some time
    "c": (0.0, 100.0),
    "rollout_depth": (0, 10_000),
    "epsilon": (0.0, 1.0),
    "widen": (0.0, 100.0),
    "anchor": (0.0, 100.0),
}
"""Each number's bounds: past them a search would run for ever or mean nothing."""


V = TypeVar("V")  # a field's type, for its validator


def _within(instance: object, attribute: attrs.Attribute[V], value: V) -> None:
    if value is None:
        return
    low, high = LIMITS[attribute.name]
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be a number, not {_shown(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{attribute.name} must be a finite number, not {_shown(value)}")
    if attribute.name == "time_limit" and value <= 0:
        raise ValueError(f"time_limit must be above 0, not {value:g}")
    if value < low:
        raise ValueError(f"{attribute.name} must be at least {low:g}, not {value:g}")
    if value > high:
        raise ValueError(f"{attribute.name} must be at most {high:g}, not {value:g}")


def _shown(value: object) -> str:
    """``value`` quoted as a bot spec writes it (``'true'``, ``'2.5'``, ``'abc'``)."""
    if isinstance(value, bool):
        return repr(str(value).lower())
    return repr(value if isinstance(value, str) else str(value))


def _one_of(instance: object, attribute: attrs.Attribute[V], value: V) -> None:
    allowed = _LITERALS[attribute.name]
    if value not in allowed:
        raise ValueError(f"{attribute.name} must be one of {', '.join(allowed)}, not {_shown(value)}")


_LITERALS: dict[str, tuple[str, ...]] = {
    "rollout": get_args(Rollout),
    "leaf": get_args(LeafKind),
    "cutoff": get_args(Cutoff),
}


@attrs.frozen(kw_only=True)
class SearchConfig:
    """Everything a tree search is set by (docs/bots.md, "The searches")."""

    iterations: int | None = attrs.field(default=None, validator=_within)
    """Iterations per decision; ``None``: the tuned budget (``search.budget_for``)."""
    time_limit: float | None = attrs.field(default=None, validator=_within)
    """Seconds of wall time per decision at most; ``None``: iterations alone (reproducible)."""
    c: float = attrs.field(default=0.7, validator=_within)
    """UCB1's exploration constant."""
    rollout: Rollout = attrs.field(default="greedy", validator=_one_of)
    rollout_depth: int | None = attrs.field(default=4, validator=_within)
    """Decisions a playout plays before it looks for a cut-off; ``None``: to the end."""
    epsilon: float = attrs.field(default=0.0, validator=_within)
    """A greedy playout's chance of a random move."""
    leaf: LeafKind = attrs.field(default="margin", validator=_one_of)
    cutoff: Cutoff = attrs.field(default="turn", validator=_one_of)
    widen: float = attrs.field(default=0.0, validator=_within)
    """Progressive widening from the greedy ranking: ``ceil(widen * sqrt(visits + 1))`` moves
    admitted at a node; 0 admits every move at once."""
    anchor: float = attrs.field(default=0.0, validator=_within)
    """The final move is greedy's unless another's mean beats it by this many standard errors;
    0: the most visited move."""


MCTS = SearchConfig()
"""``mcts``: UCT on one sampled state, every move admitted at once."""

ISMCTS = attrs.evolve(MCTS, c=0.3, widen=1.0, anchor=1.5)
"""``ismcts``: ``MCTS`` with progressive widening from the greedy ranking, a smaller ``c`` and
the final move anchored on greedy's: with hidden cards a small budget starts from greedy's play
and leaves it only on evidence, instead of averaging over foolish replies."""


_INTS = ("iterations", "rollout_depth")


def config_from_mapping(base: SearchConfig, values: Mapping[str, object], source: str = "") -> SearchConfig:
    """``base`` with the fields ``values`` names; a ``ValueError`` names an unknown field or a
    value of the wrong kind or past its bounds (``source``, a file or bot, prefixes it)."""
    prefix = f"{source}: " if source else ""
    known = [field.name for field in attrs.fields(SearchConfig)]
    changes: dict[str, Any] = {}  # checked here and by the fields' validators
    for name, value in values.items():
        if name not in known:
            raise ValueError(f"{prefix}unknown search setting {name!r}; known: {', '.join(known)}")
        if name in _INTS and value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"{prefix}{name} must be an int or none, not {_shown(value)}")
        if name not in _INTS and name not in _LITERALS:
            if value is None and name == "time_limit":
                pass
            elif isinstance(value, bool) or not isinstance(value, int | float):
                none = " or none" if name == "time_limit" else ""
                raise ValueError(f"{prefix}{name} must be a number{none}, not {_shown(value)}")
            else:
                value = float(value)
        changes[name] = value
    try:
        return attrs.evolve(base, **changes)
    except ValueError as error:
        raise ValueError(f"{prefix}{error}") from None


def config_to_mapping(config: SearchConfig) -> dict[str, object]:
    """Every field by name (what a tuned set's ``search`` holds)."""
    return {field.name: getattr(config, field.name) for field in attrs.fields(SearchConfig)}
