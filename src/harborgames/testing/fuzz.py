"""Mutation fuzzers for the boundary: documents, action objects and notation.

A game embedded in a server reads JSON documents, action objects and typed moves from strangers.
These fuzzers take positions from seeded random playouts and hand the game hostile variations
of what it normally sees, checking the promises of docs/protocol.md:

* ``fuzz_documents``: one field of a state's JSON changed (±1, 0, -1, huge ints, a value of
  the wrong type, list elements swapped, a list cut short or extended, a key deleted or added,
  a string replaced by another string of the document; also inside embedded JSON text such as
  Port Gdańsk's component file). ``loads`` must refuse it with ``FormatError``, or give a
  *playable* state: legal actions non-empty iff not terminal, every offered action applies,
  a random playout from it raises nothing, and it round-trips through ``dumps``/``loads``.
* ``fuzz_actions``: legal actions with one field replaced (``attrs.evolve``) by a numeric twin
  (``4.0``, ``True``, ``numpy.int64(4)``) or an odd value (``None``, ``-1``, ``10**30``, a
  list, a NUL), plus look-alike objects. ``apply`` must refuse each with
  ``IllegalActionError`` (a non-empty message, the state unchanged) or apply exactly the offered
  action it equals: the same successor, whose JSON loads back.
* ``fuzz_notation``: random text (unicode digits, NUL, odd spaces, look-alike letters),
  mutated legal notation, and 1-10 MB strings. ``parse_action`` must raise ``FormatError``
  quickly, or return an action of exact field types that prints back to text reading the same
  (modulo case and abbreviation): ``parse_action(state, str(a)) == a``, with no number in
  ``str(a)`` that the text did not hold in ASCII digits.

Each failure raises ``ConformanceError`` naming the game, the position (playout seed and step),
the mutation (a JSON path such as ``$.data.turn.left[0] := 10**30``) and what went wrong. With
``collect=True`` the fuzzer goes on and returns every finding in its report instead.

>>> from harborgames import inland_port
>>> from harborgames.testing import fuzz_documents
>>> report = fuzz_documents(inland_port, 2, seed=0, mutations=20)
>>> report.tried
20
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..core.errors import FormatError
from ..core.protocol import GameModule
from .fuzzing import HUGE, A, Fuzz, FuzzReport, JSONValue, S, cut

__all__ = ["fuzz_documents"]



def _paths(value: JSONValue, path: str) -> Iterator[tuple[str, JSONValue]]:
    """Every ``(path, value)`` in a JSON value, containers before their contents; a string
    holding a JSON object or list (an embedded document) is entered as ``path<json>``."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, f"{path}[{index}]")
    elif isinstance(value, str) and value[:1] in "{[" and len(value) > 1:
        try:
            inner = json.loads(value)
        except ValueError:
            return
        yield from _paths(inner, f"{path}<json>")


_STEP = re.compile(r"\.([^.\[<]+)|\[(\d+)\]|(<json>)")


def _replace(document: JSONValue, path: str, change: Callable[[JSONValue], JSONValue]) -> JSONValue:
    """``document`` with the value at ``path`` (as ``_paths`` writes it) replaced by
    ``change(value)``; ``change`` may return ``_DELETE`` to remove a dict key."""
    steps = [m.group(1) or m.group(2) or m.group(3) for m in _STEP.finditer(path[1:])]

    def go(value: JSONValue, rest: list[str]) -> JSONValue:
        if not rest:
            return change(value)
        step, tail = rest[0], rest[1:]
        if step == "<json>":
            return json.dumps(go(json.loads(value), tail), sort_keys=True, separators=(",", ":"))
        if isinstance(value, dict):
            copy = dict(value)
            new = go(value[step], tail)
            if new is _DELETE:
                del copy[step]
            else:
                copy[step] = new
            return copy
        copy_list = list(value)
        copy_list[int(step)] = go(value[int(step)], tail)
        return copy_list

    return go(document, steps)


_DELETE: Any = object()

_Mutation = tuple[str, Callable[[JSONValue], JSONValue]]


def _mutations(value: JSONValue, strings: list[str], rng: random.Random) -> list[_Mutation]:
    """The changes that fit ``value``, each with how a path names it."""
    wrong: list[_Mutation] = [
        ('"x"', lambda v: "x"),
        ("null", lambda v: None),
        ("true", lambda v: True),
        ("[]", lambda v: []),
        ("{}", lambda v: {}),
        ("[value]", lambda v: [v]),
    ]
    found: list[_Mutation] = []
    if isinstance(value, bool):
        found += [("not value", lambda v: not v), ("0", lambda v: 0), ("1", lambda v: 1)]
    elif isinstance(value, int):
        found += [
            ("value + 1", lambda v: v + 1),
            ("value - 1", lambda v: v - 1),
            ("0", lambda v: 0),
            ("-1", lambda v: -1),
            ("10**30", lambda v: HUGE),
            ("-10**30", lambda v: -HUGE),
            ("float(value)", lambda v: float(v)),
            ("str(value)", lambda v: str(v)),
            ("value + 0.5", lambda v: v + 0.5),
            ("2**64", lambda v: 2**64),
            ("true", lambda v: True),
            ("false", lambda v: False),
        ]
    elif isinstance(value, float):
        found += [("int(value)", lambda v: int(v) if math.isfinite(v) else 0), ("-value", lambda v: -v)]
    elif isinstance(value, str):
        other = rng.choice(strings) if strings else "x"
        found += [
            ('""', lambda v: ""),
            (f"{other!r}", lambda v: other),
            ("value + 'x'", lambda v: v + "x"),
            ("value.upper()", lambda v: v.upper()),
            ("value + '\\t'", lambda v: v + "\t"),
            ("value + '\\x00'", lambda v: v + "\x00"),
            ("0", lambda v: 0),
        ]
    elif isinstance(value, list):
        found += [
            ("value[:-1]", lambda v: v[:-1]),
            ("value + value[-1:]", lambda v: v + v[-1:]),
            ("value + [0]", lambda v: [*v, 0]),
            ("[]", lambda v: []),
            ("{}", lambda v: {}),
            ("null", lambda v: None),
        ]
        if len(value) >= 2:
            i, j = rng.sample(range(len(value)), 2)
            found.append((f"swap [{i}] and [{j}]", lambda v: _swapped(v, i, j)))
            found.append(("reversed", lambda v: v[::-1]))
        return found
    elif isinstance(value, dict):
        found += [
            ("{}", lambda v: {}),
            ("[]", lambda v: []),
            ("null", lambda v: None),
            ("value + {'extra': 0}", lambda v: {**v, "extra": 0}),
        ]
        if value:
            key = rng.choice(sorted(value))
            found.append((f"without {key!r}", lambda v: {k: x for k, x in v.items() if k != key}))
        return found
    elif value is None:
        found += [("0", lambda v: 0), ("-1", lambda v: -1), ('""', lambda v: "")]
    return found + wrong


def _swapped(value: list[JSONValue], i: int, j: int) -> list[JSONValue]:
    copy = list(value)
    copy[i], copy[j] = copy[j], copy[i]
    return copy


def _strings(value: JSONValue) -> list[str]:
    return sorted({v for _, v in _paths(value, "$") if isinstance(v, str) and len(v) <= 40})


def fuzz_documents(
    module: GameModule[S, A],
    num_players: int,
    *,
    seed: int = 0,
    mutations: int = 200,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    playout: int = 25,
    collect: bool = False,
) -> FuzzReport:
    """Change one field of states' JSON ``mutations`` times; each must be refused by ``loads``
    with ``FormatError`` or load as a playable state (see the module docstring).

    ``playout`` is the length of the random playout from each loaded mutant. A failure raises
    ``ConformanceError`` naming the position and the mutation path, unless ``collect``.
    """
    fuzz = Fuzz(module, "document fuzz", num_players, seed, variant, options, collect)
    positions = fuzz.positions(max(4, min(40, mutations // 10 + 2)))
    documents = [(where, state, json.loads(module.dumps(state))) for where, state in positions]
    paths = [list(_paths(document, "$")) for _, _, document in documents]
    strings = [_strings(document) for _, _, document in documents]
    rng = fuzz.rng
    for number in range(mutations):
        k = rng.randrange(len(documents))
        where, state, document = documents[k]
        path, value = paths[k][rng.randrange(len(paths[k]))]
        name, change = rng.choice(_mutations(value, strings[k], rng))
        fuzz.where = f"mutation {number} ({where}): {path} := {name}"
        try:
            text = json.dumps(_replace(document, path, change))
        except (ValueError, KeyError, IndexError, TypeError):
            continue  # not a change this value allows (e.g. an embedded text that is not JSON)
        fuzz.check(_check_document, state, text, playout)
    return fuzz.report()


def _check_document(fuzz: Fuzz[S, A], original: S, text: str, playout: int) -> bool:
    m = fuzz.m
    try:
        loaded = m.loads(text)
    except FormatError as error:
        if not str(error):
            fuzz.fail("loads refused it with an empty FormatError")
        return False
    except Exception as error:  # anything else is a finding
        fuzz.fail(f"loads raised {type(error).__name__}: {cut(error)} (expected FormatError)")
    try:
        again = m.dumps(loaded)
        if m.loads(again) != loaded or m.dumps(m.loads(again)) != again:
            fuzz.fail("it loads, but does not round-trip through dumps/loads")
    except Exception as error:
        from . import ConformanceError

        if isinstance(error, ConformanceError):
            raise
        fuzz.fail(f"it loads, but dumps/loads of it raises {type(error).__name__}: {cut(error)}")
    if type(loaded) is not type(original):
        return True  # another kind of document (an observation, say): it round-trips
    _check_playable(fuzz, loaded, playout)
    return True


def _check_playable(fuzz: Fuzz[S, A], state: S, playout: int) -> None:
    m = fuzz.m
    step = "on loading"
    try:
        legal = m.legal_actions(state)
        terminal = m.is_terminal(state)
        if bool(legal) == terminal:
            fuzz.fail(f"it loads with {len(legal)} legal actions, yet is_terminal is {terminal}")
        if (state.current_player is None) != terminal:
            fuzz.fail(f"it loads with current_player {state.current_player!r}, is_terminal {terminal}")
        m.scores(state)
        m.render(state)
        for player in range(state.num_players):
            m.observe(state, player)
        step = "applying an offered action"
        for action in legal:
            m.apply(state, action)
        rng = random.Random(fuzz.tried)
        for number in range(playout):
            step = f"playout step {number}"
            legal = m.legal_actions(state)
            if bool(legal) == m.is_terminal(state):
                fuzz.fail(f"{step}: {len(legal)} legal actions, yet is_terminal is {m.is_terminal(state)}")
            if not legal:
                m.scores(state)
                m.winners(state)
                break
            action = legal[rng.randrange(len(legal))]
            step = f"playout step {number} ({action})"
            state = m.apply(state, action)
    except Exception as error:  # in legal play every exception is a finding
        from . import ConformanceError

        if isinstance(error, ConformanceError):
            raise
        fuzz.fail(f"it loads, but {step} raised {type(error).__name__}: {cut(error)}")
