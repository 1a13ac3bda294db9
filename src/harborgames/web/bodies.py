"""The JSON bodies the API takes, as attrs classes read by one strict cattrs converter, and the
numbers in its queries. A body with a field of the wrong type (``"2"`` or ``true`` for a number
of players, ``[]`` for an object), or a field the endpoint does not take, is a ``BadRequest``
naming the field and what it must be; a field left out or ``null`` takes its default, and is
never read from a value of the wrong type. What depends on the game (a seat number, a bot's
name, the notation) is checked by the service."""

from __future__ import annotations

from collections.abc import Callable
from typing import NewType, TypeVar

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn

from ..core.codec import JSON, strict_converter
from .errors import BadRequest

__all__ = ["MAX_SEED", "Act", "NewGame", "Seed", "Undo", "query_number", "read_body"]

T = TypeVar("T", bound=attrs.AttrsInstance)

MAX_SEED = 2**63 - 1  # 63 random bits when none is given: see ``NewGame.seed``

Seed = NewType("Seed", int)
"""An integer, or a string of decimal digits (what a page sends, since a JavaScript number keeps
only 53 bits), from 0 to ``MAX_SEED``."""


def _expects(words: str) -> dict[str, str]:
    return {"expects": words}


@attrs.frozen
class NewGame:
    """``POST /api/games``."""

    game: str | None = attrs.field(default=None, metadata=_expects("the name of a game"))
    players: int | None = attrs.field(default=None, metadata=_expects("an integer"))
    variant: str | None = attrs.field(default=None, metadata=_expects("a string or null"))
    # 63 random bits if left out: a seat's first observation pins the seed, so a smaller space
    # could be searched for it (2**31 seeds is hours of CPU) to learn every hidden card and roll
    seed: Seed | None = attrs.field(
        default=None, metadata=_expects("an integer or a string of decimal digits, from 0 to 2**63 - 1")
    )
    bots: dict[str, str] | None = attrs.field(
        default=None, metadata=_expects('an object such as {"1": "random"}')
    )
    options: dict[str, str] | None = attrs.field(default=None, metadata=_expects("an object of strings"))


@attrs.frozen
class Act:
    """``POST /api/games/{id}/actions``: a decision for the token's seat."""

    token: str | None = attrs.field(default=None, metadata=_expects("a string"))
    action: str | None = attrs.field(default=None, metadata=_expects("a string in the game's notation"))


@attrs.frozen
class Undo:
    """``POST /api/games/{id}/undo``: the token of the seat that asks."""

    token: str | None = attrs.field(default=None, metadata=_expects("a string"))


def _seed(value: object, _: object) -> Seed:
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 19:
        value = int(value)
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise ValueError("not a seed")
    return Seed(value)


def _body_hook(cls: type, converter: cattrs.Converter) -> Callable[..., object]:
    return make_dict_structure_fn(cls, converter)


def _converter() -> cattrs.Converter:
    converter = strict_converter()
    converter.register_structure_hook_factory(attrs.has, _body_hook)  # a left-out field: its default
    converter.register_structure_hook(Seed, _seed)
    return converter


_CONVERTER = _converter()


def read_body(body: JSON, kind: type[T]) -> T:
    """``body`` as a ``kind``, or ``BadRequest`` naming the first field that is wrong."""
    if not isinstance(body, dict):
        raise BadRequest("the request must be a JSON object")
    try:
        return _CONVERTER.structure(body, kind)
    except cattrs.ClassValidationError as error:
        problems = list(error.exceptions)
    for problem in problems:
        if isinstance(problem, ForbiddenExtraKeysError):
            raise BadRequest(f"unknown field {sorted(problem.extra_fields)[0][:40]!r}") from None
    for problem in problems:
        for note in getattr(problem, "__notes__", ()):
            if isinstance(note, AttributeValidationNote):
                expects = {field.name: field.metadata["expects"] for field in attrs.fields(kind)}
                raise BadRequest(f"{note.name} must be {expects[note.name]}") from None
    raise BadRequest(f"the request is not a {kind.__name__} body") from None


def query_number(value: object, name: str, default: int, low: int, high: int) -> int:
    """A query parameter's number from ``low`` to ``high`` (``default`` if left out or empty),
    written in ASCII digits only."""
    if value is None or value == "":
        return default
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 9:
        raise BadRequest(f"{name} must be a number from {low} to {high}")
    number = int(value)
    if not low <= number <= high:
        raise BadRequest(f"{name} must be a number from {low} to {high}")
    return number
