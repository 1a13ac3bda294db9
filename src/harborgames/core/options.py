"""Rule options, declared once: as fields of a game's ``Rules`` record.

A game writes ``overpay: str = option("minimal", "least_goods")`` in its frozen ``Rules``
class; the first value is the default, and :func:`options_of` derives the table of options
and values that ``GameInfo``, the command line and the docs read. There is no second list to
keep in step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import attrs

__all__ = ["option", "options_of"]

_VALUES = "harborgames.option_values"


Value = TypeVar("Value", bound=str)


def option(*values: Value) -> Value:
    """A rule option field taking one of ``values``; the first is the default.

    Annotate the field with the ``Literal`` of its values, and mypy checks every comparison and
    assignment against them::

        ironworks_cost: Literal["rulebook", "sources"] = option("rulebook", "sources")
    """
    if not values or len(set(values)) != len(values):
        raise ValueError(f"an option needs distinct values, not {values!r}")
    chosen: Value = attrs.field(
        default=values[0], metadata={_VALUES: values}, validator=attrs.validators.in_(values)
    )
    return chosen


def options_of(rules: type) -> Mapping[str, tuple[str, ...]]:
    """``{name: (default, other values...)}`` for every ``option`` field of a ``Rules`` class."""
    return {field.name: field.metadata[_VALUES] for field in attrs.fields(rules) if _VALUES in field.metadata}
