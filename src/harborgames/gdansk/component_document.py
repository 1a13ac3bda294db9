"""What a Port Gdańsk component file holds, as attrs classes read by a strict cattrs converter:
each value of exactly its JSON type (``true`` is no count, ``"3"`` no number) and refused in the
words of the rule it breaks, naming section, entry and field. The facts that join entries are
checked in ``component_file``.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Collection
from typing import Annotated, Generic, TypeVar

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, ForbiddenExtraKeysError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn

from ..core.codec import JSON, strict_converter
from ..core.errors import FormatError
from .data import (
    DIE_KINDS,
    GOOD_INDEX,
    GOODS,
    MAX_ID_CHARS,
    MAX_NAME_CHARS,
    MAX_NOTE_CHARS,
    MAX_NUMBER,
    NUM_QUAYS,
    SECTOR_INDEX,
    SECTORS,
)
from .limits import MAX_FACE_SYMBOLS

__all__ = ["Document", "read_document", "refusal"]

T = TypeVar("T")


# -- the values a file may hold, each with the words that refuse it ----------------------------
class _Refused(ValueError):
    """A value's own refusal, in words that name its field: shown as it is."""


class _Shape(ValueError):
    """A key or value of the wrong shape (a list for an object, a key missing): shown after the
    field it is in."""


@attrs.frozen
class Rule(Generic[T]):
    """What a value of the document must be: of ``kind`` exactly (``true`` is no integer,
    ``3.0`` no count) and ``ok``; ``says`` refuses it, ``{value}`` standing for its repr."""

    kind: type[T]
    ok: Callable[[T], bool]
    says: str

    def check(self, value: object) -> T:
        if type(value) is not self.kind or not self.ok(value):
            raise _Refused(self.says.format(value=repr(value)))
        return value


def _number(low: int, what: str) -> Rule[int]:
    return Rule(
        int,
        lambda n: low <= n <= MAX_NUMBER,
        f"{what} must be an integer >= {low} and <= {MAX_NUMBER}, not {{value}}",
    )


def _text(limit: int, what: str) -> Rule[str]:
    """Printable text (spaces allowed) of 1..``limit`` characters."""
    return Rule(
        str,
        lambda s: 1 <= len(s) <= limit and s.isprintable(),
        f"{what} must be 1..{limit} printable characters, not {{value}}",
    )


def _word(what: str) -> Rule[str]:
    """An id the notation reads back: printable, no whitespace, 1..``MAX_ID_CHARS`` long."""
    return Rule(
        str,
        lambda s: 1 <= len(s) <= MAX_ID_CHARS and s.isprintable() and " " not in s,
        f"{what} must be 1..{MAX_ID_CHARS} printable characters without spaces, not {{value}}",
    )


def _one_of(choices: Collection[str], says: str) -> Rule[str]:
    return Rule(str, lambda s: s in choices, says)


Name = Annotated[str, _text(MAX_NAME_CHARS, "the name")]
Sector = Annotated[str, _one_of(SECTOR_INDEX, f"sector {{value}} is not one of {list(SECTORS)}")]
Good = Annotated[str, _one_of(GOOD_INDEX, f"{{value}} is not one of {list(GOODS)}")]
QuayNumber = Annotated[int, Rule(int, lambda n: 1 <= n <= NUM_QUAYS, f"quay numbers run 1..{NUM_QUAYS}")]
LocationId = Annotated[str, _word("the id")]
Neighbour = Annotated[str, _word("a location id")]
LocationQuay = Annotated[
    int, Rule(int, lambda n: 1 <= n <= NUM_QUAYS, f"quay {{value}} is not a quay number 1..{NUM_QUAYS}")
]


@attrs.frozen
class Meta:
    name: Name
    data_status: Annotated[str, _text(MAX_NAME_CHARS, "the data status")]
    note: Annotated[str, _text(MAX_NOTE_CHARS, "the note")] = ""


@attrs.frozen
class Goods:
    """Per good: loading symbols per cube, cubes in the box, VP per cube unloaded in Central Port."""

    weight: int
    supply: int
    unload_vp: int


@attrs.frozen
class GoodsTable:
    grain: Goods
    liquid_fuels: Goods
    coal: Goods
    containers: Goods
    cargo: Goods
    ro_ro: Goods


@attrs.frozen
class Quay:
    number: QuayNumber
    name: Name
    sector: Sector
    workers: Annotated[int, _number(1, "workers (the worker icon on the Port card)")]


@attrs.frozen
class Location:
    id: LocationId
    quays: tuple[LocationQuay, ...]
    central_port: bool = False


@attrs.frozen
class OrderToken:
    id: Annotated[str, _word("the id")]
    vp: Annotated[int, _number(1, "vp (all Order tokens give Victory points)")]
    bonus: Annotated[str, _one_of(GOOD_INDEX, f"bonus {{value}} must be null or one of {list(GOODS)}")] | None
    requires: dict[Good, Annotated[int, _number(1, "the count of each good")]]


@attrs.frozen
class CruiseShip:
    workers: int
    vp: tuple[Annotated[int, _number(0, "each card's VP")], ...]


@attrs.frozen
class CruiseShips:
    small: CruiseShip
    medium: CruiseShip
    large: CruiseShip


@attrs.frozen
class Face:
    """A die's face, read from ``[kind, symbols]``."""

    kind: int  # LOADING, MOVEMENT or RECRUITMENT
    symbols: int


@attrs.frozen
class Dice:
    count: int
    faces: tuple[Face, ...]


@attrs.frozen
class TwoPlayer:
    removable_sectors: tuple[Annotated[str, _one_of(SECTOR_INDEX, "{value} is not a sector colour")], ...]
    tokens_removed: int


@attrs.frozen
class Rules:
    """The rulebook's numbers, repeated by the file (``RULEBOOK_RULES``)."""

    end_vp: int
    influence_markers: int
    cargo_capacity: int
    initial_cards: int
    cards_per_order: int
    sector_vp_per_marker: int
    hr_swap_cost: int
    hr_place_cost: int
    set_scores: list[int]
    two_player: TwoPlayer


@attrs.frozen
class Document:
    """A component file; its fields in the order they are checked."""

    meta: Meta
    goods: GoodsTable
    sectors: tuple[str, ...]
    quays: tuple[Quay, ...]
    locations: tuple[Location, ...]
    edges: tuple[tuple[Neighbour, Neighbour], ...]
    order_tokens: tuple[OrderToken, ...]
    cruise_ships: CruiseShips
    dice: Dice
    rules: Rules


def _json_kind(value: object) -> str:
    """What a JSON value is, as the core converter's refusals say it (``a list``)."""
    kinds = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer"}
    return kinds.get(type(value), "a number" if type(value) is float else "null")


def _face(value: object, _: object) -> Face:
    match value:
        case [str(kind), int(symbols)] if (
            kind in DIE_KINDS and type(symbols) is int and 1 <= symbols <= MAX_FACE_SYMBOLS
        ):
            return Face(DIE_KINDS.index(kind), symbols)
    raise _Refused(f"{value!r} must be [kind, symbols] with kind in {list(DIE_KINDS)}")


def _is_rule(kind: object) -> bool:
    return typing.get_origin(kind) is Annotated and isinstance(typing.get_args(kind)[1], Rule)


def _rule_hook(kind: object) -> Callable[[object, object], object]:
    rule: Rule[object] = typing.get_args(kind)[1]
    return lambda value, _: rule.check(value)


def _is_mapping(kind: object) -> bool:
    return typing.get_origin(kind) is dict


def _mapping_hook(kind: object, converter: cattrs.Converter) -> Callable[[object, object], object]:
    key_type, value_type = typing.get_args(kind)

    def structure(value: object, _: object) -> object:
        if type(value) is not dict:
            raise _Shape(f"expected an object, got {_json_kind(value)}")
        return {
            converter.structure(k, key_type): converter.structure(v, value_type) for k, v in value.items()
        }

    return structure


def _object_hook(cls: type, converter: cattrs.Converter) -> Callable[[object, object], object]:
    """Every key without a default must be there; no other key may be."""
    inner: Callable[..., object] = make_dict_structure_fn(cls, converter)
    required = [field.name for field in attrs.fields(cls) if field.default is attrs.NOTHING]

    def structure(value: object, target: object) -> object:
        if type(value) is not dict:
            raise _Shape(f"expected an object, got {_json_kind(value)}")
        missing = [name for name in required if name not in value]
        if missing:
            raise _Shape(f"missing keys {sorted(missing)}")
        return inner(value, target)

    return structure


def _converter() -> cattrs.Converter:
    converter = strict_converter()
    converter.register_structure_hook_factory(attrs.has, _object_hook)
    converter.register_structure_hook_factory(_is_rule, _rule_hook)
    converter.register_structure_hook_factory(_is_mapping, _mapping_hook)
    converter.register_structure_hook(Face, _face)
    return converter


_CONVERTER = _converter()


def refusal(source: str, section: str, entry: object, constraint: str) -> FormatError:
    """The error for a broken constraint, worded alike wherever it is found."""
    where = f"section {section!r}" + ("" if entry is None else f", entry {entry}")
    return FormatError(f"{source}: {where}: {constraint}")


def read_document(document: JSON, source: str) -> Document:
    """The document's values, each checked; ``FormatError`` naming the first one refused."""
    try:
        return _CONVERTER.structure(document, Document)
    except Exception as error:  # cattrs' exception groups, or a hook's refusal
        path, problem = _first_problem(error)
        section = str(path[0]) if path else "(top level)"
        entry, rest = _entry(document, path)
        field = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in rest)
        said = str(problem)
        if isinstance(problem, ForbiddenExtraKeysError):
            said = f"unknown keys {sorted(problem.extra_fields)}"
        elif field and not isinstance(problem, _Refused):
            said = f"{field.lstrip('.')}: {said}"
        raise refusal(source, section, entry, said) from None


def _first_problem(error: BaseException) -> tuple[list[str | int], BaseException]:
    """Where the converter's first refusal is (attribute names and list indices), and what it says."""
    path: list[str | int] = []
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
        for note in getattr(error, "__notes__", ()):
            if isinstance(note, AttributeValidationNote):
                path.append(note.name)
            elif isinstance(note, IterableValidationNote):
                path.append(typing.cast(int, note.index))
    return path, error


_LABELLED = {"quays": "number", "locations": "id", "order_tokens": "id"}  # entries named by a key


def _entry(document: JSON, path: list[str | int]) -> tuple[str | None, list[str | int]]:
    """The entry a path names, as the cross-entry checks name it (``3 (number 4)``, ``faces[4]``),
    and the rest of the path."""
    if len(path) < 2:
        return None, []
    section, entry, rest = path[0], path[1], path[2:]
    if isinstance(entry, int):
        raw = document.get(str(section)) if isinstance(document, dict) else None
        item = raw[entry] if isinstance(raw, list) and entry < len(raw) else None
        key = _LABELLED.get(str(section))
        if key is not None and isinstance(item, dict) and key in item:
            shown = f"number {item[key]!r}" if key == "number" else repr(item[key])
            return f"{entry} ({shown})", rest
        return str(entry), rest
    label = entry
    while rest and isinstance(rest[0], int):
        label, rest = f"{label}[{rest[0]}]", rest[1:]
    return label, rest
