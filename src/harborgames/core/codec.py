"""JSON for states, observations, actions and game records: one cattrs converter per game.

Every document is an envelope ``{"format": 1, "game": ..., "kind": ..., "data": ...}`` so a file
says what it holds. Anything malformed or inconsistent becomes a ``FormatError`` naming the
field (cattrs' error path, e.g. ``$.players[0].francs``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeAlias, TypeVar

import cattrs

from .errors import FormatError
from .protocol import GameRecord

__all__ = ["FORMAT_VERSION", "JSON", "Codec", "strict_converter"]

FORMAT_VERSION = 1

JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
"""Data as ``json.loads`` returns it and ``json.dumps`` takes it."""

S = TypeVar("S")  # the game's state class
Obs = TypeVar("Obs")  # the game's observation class
T = TypeVar("T")


def _strict(kind: type) -> Callable[[object, object], object]:
    def structure(value: object, _: object) -> object:
        # bool is an int in Python; JSON true is never a count.
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
        return value

    return structure


def strict_converter() -> cattrs.Converter:
    """A converter that refuses extra keys and never coerces ("3" is not 3, 3.7 is not 3)."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool, float):
        converter.register_structure_hook(kind, _strict(kind))
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
    ) -> None:
        self.game = game
        self.converter = converter or strict_converter()
        self._state_type = state_type
        self._observation_type = observation_type
        self._actions = {cls.__name__: cls for cls in action_types}
        self._validate_state = validate_state
        self._validate_observation = validate_observation

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
        else:
            data = self.converter.unstructure(obj)
        return {"format": FORMAT_VERSION, "game": self.game, "kind": kind, "data": data}

    def dumps(self, obj: object) -> str:
        """JSON text of a state, observation, action or game record, in its envelope."""
        return json.dumps(self.unstructure(obj), separators=(",", ":"), sort_keys=False)

    # -- reading ---------------------------------------------------------------------------
    def loads(self, text: str | bytes) -> object:
        """The object ``dumps`` wrote; ``FormatError`` naming the problem if the text is not one."""
        try:
            document = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as error:
            raise FormatError(f"{self.game}: not JSON: {error}") from None
        return self.structure(document)

    def structure(self, document: JSON) -> object:
        if not isinstance(document, dict):
            raise FormatError(f"{self.game}: expected a JSON object, got {type(document).__name__}")
        missing = {"format", "game", "kind", "data"} - document.keys()
        if missing:
            raise FormatError(f"{self.game}: the envelope lacks {sorted(missing)}")
        extra = document.keys() - {"format", "game", "kind", "data"}
        if extra:
            raise FormatError(f"{self.game}: unknown envelope keys {sorted(extra)}")
        if document["format"] != FORMAT_VERSION:
            raise FormatError(
                f"{self.game}: format {document['format']!r} is not supported "
                f"(this library reads format {FORMAT_VERSION})"
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
                    f"{self.game}: unknown action type {name!r}; "
                    f"known: {', '.join(sorted(self._actions))}"
                )
            fields = {k: v for k, v in data.items() if k != "type"}
            return self._structure(fields, cls, "action")
        if kind == "record":
            record = self._structure(data, GameRecord, "record")
            if record.game != self.game:
                raise FormatError(f"record is for {record.game!r}, not {self.game!r}")
            return record
        raise FormatError(f"{self.game}: unknown document kind {kind!r}")

    def _structure(self, data: JSON, cls: type[T], what: str) -> T:
        try:
            return self.converter.structure(data, cls)
        except FormatError:
            raise
        except Exception as error:  # cattrs raises several exception groups
            details = (
                "; ".join(cattrs.transform_error(error, path=f"${what}"))
                if isinstance(
                    error, (cattrs.errors.BaseValidationError, cattrs.errors.ForbiddenExtraKeysError)
                )
                else str(error)
            )
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
