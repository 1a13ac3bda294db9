"""JSON for states, observations, actions and game records: one cattrs converter per game.

Every document is an envelope ``{"format": 1, "game": ..., "kind": ..., "data": ...}`` so a file
says what it holds. Anything malformed or inconsistent becomes a ``FormatError`` naming the
field (cattrs' error path, e.g. ``$.players[0].francs``).

This module is the boundary for text from strangers (docs/protocol.md, "What the boundary
guarantees"): ``parse_json`` bounds the size, the nesting depth and the integers of any JSON
text before anything else reads it, and the strict converter refuses what ``dumps`` never
writes (a ``bool`` or float for an int, an object for a list, a missing or extra key, an RNG
state out of range) before the game's own ``validate_state`` checks the position.
"""

from __future__ import annotations

import json
import re
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, NoReturn, TypeAlias, TypeVar

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.gen import make_dict_structure_fn

from .errors import FormatError
from .protocol import GameInfo, GameRecord
from .rng import Rng

__all__ = [
    "FORMAT_VERSION",
    "JSON",
    "MAX_DEPTH",
    "MAX_DOCUMENT_CHARS",
    "MAX_INT_DIGITS",
    "MAX_SEAT_CHARS",
    "Codec",
    "check_json",
    "parse_json",
    "register_decisions",
    "strict_converter",
]

FORMAT_VERSION = 1
"""The envelope's ``format``: the one version of the document layout this library writes and reads."""

# -- the limits on any JSON text read (docs/protocol.md, "What the boundary guarantees") ------
MAX_DOCUMENT_CHARS = 4_000_000
"""The longest document ``loads`` reads, in characters (bytes, if given bytes). The longest
game record of either game is about 0.3 MB, a Port Gdańsk state about 10 kB."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects (the envelope is level 1; documents use 7)."""
MAX_SEAT_CHARS = 200
"""The longest name of a seat's player in a record ("human" or a bot spec)."""
MAX_INT_DIGITS = 4300
"""The most digits of an integer (Python's own default limit for ``int(str)``; ``dumps`` cannot
write a longer one unless a program raises that limit)."""

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
"""Data as ``json.loads`` returns it and ``json.dumps`` takes it."""

S = TypeVar("S")  # the game's state class
Obs = TypeVar("Obs")  # the game's observation class
T = TypeVar("T")


# -- reading JSON text -------------------------------------------------------------------------
def _refuse(source: str, problem: str) -> NoReturn:
    raise FormatError(f"{source}: {problem}")


def parse_json(
    text: object,
    source: str,
    *,
    max_chars: int = MAX_DOCUMENT_CHARS,
    max_depth: int = MAX_DEPTH,
) -> JSON:
    """``json.loads`` within the limits: ``FormatError`` starting with ``source`` otherwise.

    Refuses text that is not ``str`` or UTF-8 ``bytes``, longer than ``max_chars``, nested
    deeper than ``max_depth``, with an integer of more than ``MAX_INT_DIGITS`` digits, or with
    ``NaN`` / ``Infinity`` (not JSON). Never raises ``RecursionError``.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars:
            _refuse(source, f"{len(text)} bytes is more than the limit of {max_chars}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            _refuse(source, f"not UTF-8 text (byte {error.start} cannot be decoded)")
    if not isinstance(text, str):
        _refuse(source, f"JSON text must be str or bytes, not {type(text).__name__}")
    if len(text) > max_chars:
        _refuse(source, f"{len(text)} characters is more than the limit of {max_chars}")
    # Python's own limit on int(str) refuses long integers fast; if a program lifted it (or set
    # it above ours), each integer is checked on the way.
    own_limit = sys.get_int_max_str_digits()
    digits = own_limit if 0 < own_limit <= MAX_INT_DIGITS else MAX_INT_DIGITS
    parse_int = None if digits == own_limit else _parse_int
    try:
        document: JSON = json.loads(text, parse_int=parse_int, parse_constant=_parse_constant)
    except _BadNumber as error:
        _refuse(source, str(error))
    except RecursionError:
        _refuse(source, f"nested deeper than the limit of {max_depth} levels")
    except json.JSONDecodeError as error:
        _refuse(source, f"not JSON: {error}")
    except ValueError:  # int(str) beyond Python's limit
        _refuse(source, f"an integer longer than the limit of {digits} digits")
    if _depth(text, max_depth) > max_depth:
        _refuse(source, f"nested deeper than the limit of {max_depth} levels")
    return document


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def _depth(text: str, limit: int) -> int:
    """The nesting depth of valid JSON text, up to ``limit + 1``, at the speed of ``re``: with
    strings and scalars gone, strip innermost ``[]``/``{}`` pairs once per level."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets and depth <= limit:
        brackets = _INNERMOST.sub("", brackets)
        depth += 1
    return depth


class _BadNumber(ValueError):
    pass


def _parse_int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise _BadNumber(f"an integer longer than the limit of {MAX_INT_DIGITS} digits")
    return int(digits)


def _parse_constant(name: str) -> NoReturn:
    raise _BadNumber(f"{name} is not a JSON number")


def check_json(value: object, source: str, *, max_depth: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``max_depth`` (walked without recursion), or holding
    anything but JSON's types: ``dict`` with ``str`` keys, ``list``, ``str``, ``int``,
    ``float``, ``bool`` and ``None``."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is dict or kind is list:
            if depth > max_depth:
                _refuse(source, f"nested deeper than the limit of {max_depth} levels")
            if kind is dict:
                assert isinstance(item, dict)
                if not all(type(key) is str for key in item):
                    _refuse(source, "an object key is not a string")
                stack.extend((child, depth + 1) for child in item.values())
            else:
                assert isinstance(item, list)
                stack.extend((child, depth + 1) for child in item)
        elif item is not None and kind not in _SCALARS:
            _refuse(source, f"{kind.__name__} is not a JSON value")


_SCALARS = (str, int, float, bool)


# -- structuring --------------------------------------------------------------------------------
class _Refused(ValueError):
    """A hook's refusal whose message is shown as it is (see ``_format``)."""


def _format(error: BaseException, kind: type | None) -> str:
    if isinstance(error, (_Refused, FormatError)):
        return str(error)
    return cattrs.v.format_exception(error, kind)


def _json_type(value: object) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a number",
    }.get(type(value), "null")


def _strict(kind: type) -> Callable[[object, object], object]:
    def structure(value: object, _: object) -> object:
        # bool is an int in Python; JSON true is never a count.
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
        return value

    return structure


def _is_sequence(kind: object) -> bool:
    return typing.get_origin(kind) in (tuple, list, Sequence)


def _sequence_hook(kind: type, converter: cattrs.Converter) -> Callable[[object, object], object]:
    """Tuples and lists come from JSON lists only (cattrs would read ``{}`` as ``()``)."""
    args = typing.get_args(kind)
    inner: Callable[..., object]
    size = -1  # any length
    if typing.get_origin(kind) is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        inner = converter.gen_structure_hetero_tuple(kind)
        size = len(args)
    elif typing.get_origin(kind) is tuple:
        inner = homogenous_tuple_structure_factory(kind, converter)
    else:
        inner = list_structure_factory(kind, converter)

    def structure(value: object, target: object) -> object:
        if type(value) is not list:
            raise _Refused(f"expected a list, got {_json_type(value)}")
        if size >= 0 and len(value) != size:
            raise _Refused(f"expected a list of {size} entries, got {len(value)}")
        return inner(value, target)

    return structure


def _attrs_hook(cls: type, converter: cattrs.Converter) -> Callable[[object, object], object]:
    """Every field ``dumps`` writes must be there: a default never stands in for a missing key."""
    inner: Callable[..., object] = make_dict_structure_fn(cls, converter)
    names = [field.alias or field.name for field in attrs.fields(cls) if field.init]

    def structure(value: object, target: object) -> object:
        if type(value) is not dict:
            raise _Refused(f"expected an object, got {_json_type(value)}")
        missing = [name for name in names if name not in value]
        if missing:
            raise _Refused(f"missing keys {missing}")
        return inner(value, target)

    return structure


_RNG_LIMIT = 1 << 128


def _rng_hook(converter: cattrs.Converter) -> Callable[[object, object], Rng]:
    inner = _attrs_hook(Rng, converter)

    def structure(value: object, target: object) -> Rng:
        rng = inner(value, target)
        assert isinstance(rng, Rng)
        if not 0 <= rng.state < _RNG_LIMIT:
            raise _Refused(f"the RNG state must be 0 <= state < 2**128, not {rng.state}")
        if not 0 < rng.increment < _RNG_LIMIT or not rng.increment & 1:
            raise _Refused(f"the RNG increment must be odd and below 2**128, not {rng.increment}")
        return rng

    return structure


def strict_converter() -> cattrs.Converter:
    """A converter that refuses extra and missing keys and never coerces ("3" is not 3, 3.7 is
    not 3, ``{}`` is not a list), and reads an ``Rng`` only within PCG64's range."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool, float):
        converter.register_structure_hook(kind, _strict(kind))
    converter.register_structure_hook_factory(_is_sequence, _sequence_hook)
    converter.register_structure_hook_factory(attrs.has, _attrs_hook)
    converter.register_structure_hook(Rng, _rng_hook(converter))
    register_mapping_record_hook(converter)
    return converter


class Codec(Generic[S, Obs]):
    """dumps/loads for one game's types: its state ``S``, observation ``Obs`` and actions."""

    def __init__(
        self,
        game: str,
        *,
        state_type: type[S],
        observation_type: type[Obs],
        action_types: Sequence[type],
        validate_state: Callable[[S], None] | None = None,
        validate_observation: Callable[[Obs], None] | None = None,
        converter: cattrs.Converter | None = None,
        info: GameInfo | None = None,
    ) -> None:
        self.game = game
        self.converter = converter or strict_converter()
        self._state_type = state_type
        self._observation_type = observation_type
        self._actions = {cls.__name__: cls for cls in action_types}
        self._validate_state = validate_state
        self._validate_observation = validate_observation
        self._info = info

    # -- writing ---------------------------------------------------------------------------
    def kind_of(self, obj: object) -> str:
        if isinstance(obj, self._state_type):
            return "state"
        if isinstance(obj, self._observation_type):
            return "observation"
        if isinstance(obj, GameRecord):
            return "record"
        if type(obj).__name__ in self._actions and type(obj) is self._actions[type(obj).__name__]:
            return "action"
        raise TypeError(f"{self.game}: cannot serialize {type(obj).__name__}")

    def unstructure(self, obj: object) -> dict[str, JSON]:
        kind = self.kind_of(obj)
        data: JSON
        if kind == "action":
            data = {"type": type(obj).__name__, **self.converter.unstructure(obj)}
        elif isinstance(obj, GameRecord):
            data = {**self.converter.unstructure(obj), "options": dict(obj.options)}
            if not obj.seats:  # a record without seats reads as it did before they existed
                del data["seats"]
        else:
            data = self.converter.unstructure(obj)
        return {"format": FORMAT_VERSION, "game": self.game, "kind": kind, "data": data}

    def dumps(self, obj: object) -> str:
        """JSON text of a state, observation, action or game record, in its envelope."""
        return json.dumps(self.unstructure(obj), separators=(",", ":"), sort_keys=False)

    def observation_string(self, observation: object, table: str) -> str:
        """The observation string of every game: ``table`` (the position as the seat sees it, for
        people), then the observation itself as one line of JSON, so that the string is one-to-one
        with the observation (a search that keys its tree by the string, as OpenSpiel's ISMCTS
        does, never mixes two information states). The ``forced`` notes are left out of the JSON:
        they tell how the position was reached, not what it is, and a ``resample`` has none."""
        data = self.unstructure(observation)["data"]
        if isinstance(data, dict):
            inner = data.get("state")
            if isinstance(inner, dict) and "forced" in inner:  # an observation holding a state
                data = {**data, "state": {**inner, "forced": []}}
            elif "forced" in data:  # an observation with its own fields
                data = {**data, "forced": []}
        return f"{table}\nobservation {json.dumps(data, separators=(',', ':'))}"

    # -- reading ---------------------------------------------------------------------------
    def loads(self, text: str | bytes) -> object:
        """The object ``dumps`` wrote; ``FormatError`` naming the problem if the text is not one
        (or is beyond the limits of ``parse_json``)."""
        return self._structure_document(parse_json(text, f"{self.game}: document"))

    def structure(self, document: JSON) -> object:
        """The object a parsed document describes (``loads`` without the text)."""
        check_json(document, f"{self.game}: document")
        return self._structure_document(document)

    def _structure_document(self, document: JSON) -> object:
        if not isinstance(document, dict):
            raise FormatError(f"{self.game}: expected a JSON object, got {type(document).__name__}")
        missing = {"format", "game", "kind", "data"} - document.keys()
        if missing:
            raise FormatError(f"{self.game}: the envelope lacks {sorted(missing)}")
        extra = document.keys() - {"format", "game", "kind", "data"}
        if extra:
            raise FormatError(f"{self.game}: unknown envelope keys {sorted(extra)}")
        version = document["format"]
        if type(version) is not int or version != FORMAT_VERSION:
            raise FormatError(
                f"{self.game}: format {version!r} is not supported "
                f"(this library reads format {FORMAT_VERSION}, the integer)"
            )
        if document["game"] != self.game:
            raise FormatError(f"this is a {document['game']!r} document, not {self.game!r}")
        kind, data = document["kind"], document["data"]
        if kind == "state":
            state = self._structure(data, self._state_type, "state")
            self._check(self._validate_state, state, "state")
            return state
        if kind == "observation":
            observation = self._structure(data, self._observation_type, "observation")
            self._check(self._validate_observation, observation, "observation")
            return observation
        if kind == "action":
            name = data.get("type") if isinstance(data, dict) else None
            if not isinstance(data, dict) or not isinstance(name, str):
                raise FormatError(f"{self.game}: an action needs a string 'type'")
            cls = self._actions.get(name)
            if cls is None:
                raise FormatError(
                    f"{self.game}: unknown action type {name!r}; known: {', '.join(sorted(self._actions))}"
                )
            fields = {k: v for k, v in data.items() if k != "type"}
            return self._structure(fields, cls, "action")
        if kind == "record":
            if isinstance(data, dict) and "seats" not in data:  # older records have no seats
                data = {**data, "seats": []}
            record = self._structure(data, GameRecord, "record")
            if record.game != self.game:
                raise FormatError(f"record is for {record.game!r}, not {self.game!r}")
            self._check(self._validate_record, record, "record")
            return record
        raise FormatError(f"{self.game}: unknown document kind {kind!r}")

    def _validate_record(self, record: GameRecord) -> None:
        """A record ``replay`` can start: a seed ``new_game`` takes and, for this version of the
        rules, a seat count, variant and options the game has (an older record is refused by
        ``replay``, which says why); seats, if it names them, one short name for each."""
        if record.seed < 0:
            raise ValueError(f"the seed is {record.seed}, must be >= 0")
        if record.seats and len(record.seats) != record.num_players:
            raise ValueError(
                f"the record names {len(record.seats)} seats' players for {record.num_players} seats"
            )
        for seat, player in enumerate(record.seats):
            if not 0 < len(player) <= MAX_SEAT_CHARS or not player.isprintable():
                raise ValueError(
                    f"seat {seat}'s player must be 1 to {MAX_SEAT_CHARS} printable characters, "
                    f"not {player[:40]!r}"
                )
        if self._info is not None and record.version == self._info.version:
            self._info.check_new_game(record.num_players, record.variant, record.options)

    def _structure(self, data: JSON, cls: type[T], what: str) -> T:
        try:
            return self.converter.structure(data, cls)
        except FormatError:
            raise
        except Exception as error:  # cattrs raises several exception groups
            details = "; ".join(cattrs.transform_error(error, f"${what}", _format))
            raise FormatError(f"{self.game}: malformed {what}: {details}") from None

    def _check(self, validate: Callable[[T], None] | None, obj: T, what: str) -> None:
        if validate is None:
            return
        try:
            validate(obj)
        except FormatError:
            raise
        except (ValueError, TypeError, IndexError, KeyError, AssertionError) as error:
            raise FormatError(f"{self.game}: inconsistent {what}: {error}") from None


def register_mapping_record_hook(converter: cattrs.Converter) -> None:
    """Records keep ``options`` as a plain string-to-string mapping."""

    def structure_options(value: object, _: object) -> Mapping[str, str]:
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            raise TypeError("options must map strings to strings")
        return dict(value)

    converter.register_structure_hook_func(lambda t: t == Mapping[str, str], structure_options)


def register_decisions(converter: cattrs.Converter, decision_types: Sequence[type], union: object) -> None:
    """Write and read a state's ``decision`` (``union``: the game's decision classes or ``None``)
    as a tagged object, ``{"type": "LoadCubes", "left": 2}``, or ``null`` once the game is over:
    its class by name, then its fields, read as strictly as any other value. One reader for every
    game, so every game refuses a bad decision in the same words."""
    by_name = {cls.__name__: cls for cls in decision_types}
    known = ", ".join(by_name)

    def unstructure(decision: object) -> object:
        if decision is None:
            return None
        fields = converter.unstructure_attrs_asdict(decision)
        return {"type": type(decision).__name__, **fields}

    def structure(value: object, _: object) -> object:
        if value is None:
            return None
        if type(value) is not dict or type(value.get("type")) is not str:
            raise FormatError(f"a decision is an object with a string 'type' ({known}) or null")
        cls = by_name.get(value["type"])
        if cls is None:
            shown = repr(value["type"])
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise FormatError(f"unknown decision type {shown}; known: {known}")
        return converter.structure({key: item for key, item in value.items() if key != "type"}, cls)

    for cls in decision_types:
        converter.register_unstructure_hook(cls, unstructure)
    converter.register_unstructure_hook_func(lambda kind: kind == union, unstructure)
    converter.register_structure_hook_func(lambda kind: kind == union, structure)
