"""The bots by name: the registry behind ``bots.make``, bot specs (``"mcts:iterations=200"``)
and each bot's one line. The package re-exports it; the arena and the commands read bots
through it."""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Callable
from typing import TypeAlias

import attrs

from .base import Bot
from .config import SearchConfig, config_from_mapping
from .presets import PRESETS, EasyBot, HardBot, MediumBot
from .search import ISMCTSBot, MCTSBot, search_for
from .simple import GreedyBot, RandomBot
from .tuned import ParamsError

__all__ = [
    "HINT",
    "SpecValue",
    "describe",
    "make",
    "make_from_spec",
    "names",
    "parse_spec",
    "presets",
    "register",
    "strongest",
]

SpecValue: TypeAlias = bool | int | float | str | None
"""A parameter value as a bot spec writes it: ``true``, ``200``, ``0.5``, ``greedy``, ``none``."""

_REGISTRY: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "ismcts": ISMCTSBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

_LINES = {
    "random": "a uniformly random legal move: the floor",
    "greedy": "the move the game's heuristic (the tuned parameter set) likes best, looking one "
    "decision further in its turn",
    "mcts": "Monte Carlo tree search on one guess of the hidden cards, at the configuration's budget, "
    "on the tuned parameter set",
    "ismcts": "information-set tree search over many guesses of the hidden cards, at the "
    "configuration's budget, on the tuned parameter set",
    **PRESETS,
}


HINT = "hard"
"""The preset a hint asks (the terminal's and the web's): the strongest, within its 0.4 s."""


def names() -> tuple[str, ...]:
    """The registered bot names, weakest first (the presets, ``presets()``, apart)."""
    return tuple(name for name in _REGISTRY if name not in PRESETS)


def presets() -> tuple[str, ...]:
    """The opponents people choose from, weakest first: bot specs like any name in ``names()``
    (docs/bots.md, "Presets")."""
    return tuple(PRESETS)


def describe(name: str) -> str:
    """One line saying what bot or preset ``name`` is (what the lobby and ``play`` show)."""
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)}")
    return _LINES.get(name, name)


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Add a bot: ``factory(seed=..., **params)`` must return a ``Bot``."""
    if not name or any(ch in name for ch in ",:="):
        raise ValueError(f"a bot name must be non-empty without ',', ':' or '=': {name!r}")
    _REGISTRY[name] = factory


def make(name: str, seed: int = 0, **params: object) -> Bot:
    """A fresh bot by name; ``params`` are its keyword parameters (see docs/bots.md).

    A ``ValueError`` names a parameter the bot does not have, or one of the wrong type:

    >>> make("greedy", lookahed=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: greedy: unknown parameter 'lookahed'; known: lookahead, samples, relative, max_nodes, ...
    >>> make("mcts", iterations="abc")
    Traceback (most recent call last):
    ValueError: mcts: iterations must be an int or none, not 'abc'

    A search's settings (``config.SearchConfig``'s fields) go into its ``config``:

    >>> make("ismcts", iterations=20).config.iterations
    20
    """
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)}")
    params = _configured(name, factory, params)
    params = _checked_params(name, factory, params)
    try:
        return factory(seed=seed, **params)
    except ParamsError as error:  # keeps its kind: a program may catch a bad file apart
        raise ParamsError(f"{name}: {error}") from None
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}: {error}") from None


def _configured(name: str, factory: Callable[..., Bot], params: dict[str, object]) -> dict[str, object]:
    """``params`` with a search's settings gathered into its ``config`` (over the bot's own
    defaults, ``CONFIG``); other bots' parameters as they are."""
    base = getattr(factory, "CONFIG", None)
    if not isinstance(base, SearchConfig):
        return params
    fields = [field.name for field in attrs.fields(SearchConfig)]
    settings = {key: value for key, value in params.items() if key in fields}
    rest = {key: value for key, value in params.items() if key not in fields}
    for key in rest:
        if key not in ("params", "seed"):
            raise ValueError(f"{name}: unknown parameter {key!r}; known: {', '.join([*fields, 'params'])}")
    if settings:
        rest["config"] = config_from_mapping(base, settings, name)
    return rest


def _checked_params(name: str, factory: Callable[..., Bot], params: dict[str, object]) -> dict[str, object]:
    """``params`` checked against the factory's signature and annotations (ints widened to
    floats where a float is expected); a factory that takes ``**kwargs`` is trusted as is."""
    if not params:  # nothing to check: reading the signature and its hints costs ~50 µs a bot
        return params
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return params
    parameters = signature.parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return params
    known = [
        p.name
        for p in parameters.values()
        if p.name != "seed" and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    try:
        hints = typing.get_type_hints(factory.__init__ if inspect.isclass(factory) else factory)
    except Exception:  # annotations that do not resolve: check names only
        hints = {}
    checked = {}
    for key, value in params.items():
        if key not in known:
            listed = f"known: {', '.join(known)}" if known else f"{name} takes no parameters"
            raise ValueError(f"{name}: unknown parameter {key!r}; {listed}")
        checked[key] = _typed(name, key, value, hints.get(key))
        budget = checked[key]
        if key in _POSITIVE and isinstance(budget, int | float) and not budget > 0:
            # a zero or negative budget would leave the search nothing to choose from
            raise ValueError(f"{name}: {key} must be above 0, not {_spec_text(value)}")
    return checked


_POSITIVE = ("time_limit",)  # a search needs some time (iterations: the search checks them)


_TYPE_NAMES = {bool: "true or false", int: "an int", float: "a number", str: "a text"}


def _typed(name: str, key: str, value: object, hint: object) -> object:
    """``value`` if it fits ``hint`` (one of bool, int, float, str, optionally ``| None``)."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    allowed = typing.get_args(hint) if union else (hint,)
    if not all(kind in _TYPE_NAMES or kind is type(None) for kind in allowed):
        return value  # a type this check does not know: the bot checks it itself
    if value is None and type(None) in allowed:
        return value
    for kind in allowed:
        if kind is bool and isinstance(value, bool):
            return value
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            return value
        if kind is float and isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise ValueError(f"{name}: {key} must be a finite number, not {_spec_text(value)}")
            return float(value)
        if kind is str:
            return value if isinstance(value, str) else _spec_text(value)  # "5" read as 5
    wanted = " or ".join(_TYPE_NAMES[k] for k in allowed if k is not type(None))
    if type(None) in allowed:
        wanted += " or none"
    shown = value if isinstance(value, str) else _spec_text(value)
    raise ValueError(f"{name}: {key} must be {wanted}, not {shown!r}")


def _spec_text(value: object) -> str:
    """How a parsed value was written in a bot spec."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def parse_spec(spec: str) -> tuple[str, dict[str, SpecValue]]:
    """``"mcts:iterations=200:c=0.5"`` to ``("mcts", {"iterations": 200, "c": 0.5})``.

    The command line names bots this way, so an arena can pit two budgets of one bot.

    >>> parse_spec("mcts:iterations=200:rollout_depth=none")
    ('mcts', {'iterations': 200, 'rollout_depth': None})
    """
    name, *pairs = spec.strip().split(":")
    params: dict[str, SpecValue] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bot parameter {pair!r} in {spec!r} is not key=value")
        params[key] = _parse_value(text)
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)}")
    return name, params


def make_from_spec(spec: str, seed: int = 0) -> Bot:
    """``make`` from a ``parse_spec`` string."""
    name, params = parse_spec(spec)
    return make(name, seed=seed, **params)


def strongest(information: str) -> str:
    """The bot to ask for a hint: the search that fits the game's information type."""
    return search_for(information).name


def _parse_value(text: str) -> SpecValue:
    lowered = text.lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            number: int | float = kind(text)
        except ValueError:
            continue
        return number
    return text
