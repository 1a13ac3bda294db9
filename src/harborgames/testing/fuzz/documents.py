"""Mutation fuzzers for the boundary: documents, action objects and notation.

A game embedded in a server reads JSON documents, action objects and typed moves from strangers.
These fuzzers take positions from seeded random playouts and hand the game hostile variations
of what it normally sees, checking the promises of docs/protocol.md:

* ``fuzz_documents``: one field of a state's JSON changed (±1, 0, -1, huge ints, a value of
  the wrong type, list elements swapped, a list cut short or extended, a key deleted or added,
  a string replaced by another string of the document; also inside embedded JSON text such as
  Port Gdańsk's component file). ``loads`` must refuse it with ``FormatError``, or give a
  *playable* state: legal actions non-empty iff not terminal, every offered action applies
  (at most 200 of them, spread evenly), a random playout from it raises nothing, and it and
  every state reached from it round-trip through ``dumps``/``loads`` (a document that loads
  must play on to documents that load).
  With ``focus`` (regular expressions of paths, e.g. ``"round$"``), half the mutations aim
  at the values there: an int one or two up or down, doubled, 0, 4,300 nines (the longest
  integer a document may hold), or set to the *edge*, the largest value that still loads
  (found by bisection: what play may add from there must load too); a list of ints with an
  element removed, copied, or moved to or copied from another focused list (a ship card in
  two places).
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
from collections.abc import Callable, Iterator, Mapping, Sequence

from ...core.codec import MAX_INT_DIGITS
from ...core.errors import FormatError
from ...core.protocol import GameModule
from ..errors import ConformanceError
from .base import HUGE, A, Fuzz, FuzzReport, JSONValue, S, cut

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


_DELETE = object()
LONGEST = 10**MAX_INT_DIGITS - 1  # play must not push a count past what dumps can write
MOST_OFFERED_APPLIED = 200

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
    focus: Sequence[str] = (),
) -> FuzzReport:
    """Change one field of states' JSON ``mutations`` times; each must be refused by ``loads``
    with ``FormatError`` or load as a playable state (see the module docstring).

    ``playout`` is the length of the random playout from each loaded mutant. ``focus``: regular
    expressions of paths that half the mutations aim at (the module docstring says how). A
    failure raises ``ConformanceError`` naming the position and the mutation path, unless
    ``collect``.
    """
    fuzz = Fuzz(module, "document fuzz", num_players, seed, variant, options, collect)
    positions = fuzz.positions(max(4, min(40, mutations // 10 + 2)))
    documents = [(where, state, json.loads(module.dumps(state))) for where, state in positions]
    paths = [list(_paths(document, "$")) for _, _, document in documents]
    strings = [_strings(document) for _, _, document in documents]
    patterns = [re.compile(pattern) for pattern in focus]
    focused = [[(p, v) for p, v in found if any(x.search(p) for x in patterns)] for found in paths]
    rng = fuzz.rng
    for number in range(mutations):
        k = rng.randrange(len(documents))
        where, state, document = documents[k]
        if focused[k] and number % 2:
            path, value = focused[k][rng.randrange(len(focused[k]))]
            fuzz.where = f"mutation {number} ({where}): {path} (aimed at)"
            fuzz.check(_check_focused, state, document, path, value, focused[k], playout)
            continue
        path, value = paths[k][rng.randrange(len(paths[k]))]
        name, change = rng.choice(_mutations(value, strings[k], rng))
        fuzz.where = f"mutation {number} ({where}): {path} := {name}"
        try:
            text = json.dumps(_replace(document, path, change))
        except (ValueError, KeyError, IndexError, TypeError):
            continue  # not a change this value allows (e.g. an embedded text that is not JSON)
        fuzz.check(_check_document, state, text, playout)
    return fuzz.report()


def _check_focused(
    fuzz: Fuzz[S, A],
    original: S,
    document: JSONValue,
    path: str,
    value: JSONValue,
    focused: list[tuple[str, JSONValue]],
    playout: int,
) -> bool:
    name, mutant = _focused_mutation(fuzz, document, path, value, focused, fuzz.rng)
    fuzz.where = fuzz.where.replace("(aimed at)", f":= {name}")
    return _check_document(fuzz, original, json.dumps(mutant), playout)


def _focused_mutation(
    fuzz: Fuzz[S, A],
    document: JSONValue,
    path: str,
    value: JSONValue,
    focused: list[tuple[str, JSONValue]],
    rng: random.Random,
) -> tuple[str, JSONValue]:
    """A change aimed at ``path`` (``fuzz_documents``' ``focus``), with how a path names it."""
    if type(value) is int:
        choices: list[tuple[str, Callable[[JSONValue], JSONValue]]] = [
            ("value + 1", lambda v: v + 1),
            ("value - 1", lambda v: v - 1),
            ("value + 2", lambda v: v + 2),
            ("value - 2", lambda v: v - 2),
            ("2 * value", lambda v: 2 * v),
            ("0", lambda v: 0),
            ("4,300 nines (the longest integer a document holds)", lambda v: LONGEST),
        ]
        if rng.random() < 0.5:
            edge = _edge(fuzz, document, path, value)
            return f"{edge} (the largest value that loads)", _replace(document, path, lambda v: edge)
        name, change = rng.choice(choices)
        return name, _replace(document, path, change)
    lists = [(p, v) for p, v in focused if isinstance(v, list) and all(type(x) is int for x in v)]
    if isinstance(value, list) and all(type(x) is int for x in value) and lists:
        other_path, other = lists[rng.randrange(len(lists))]
        if value and rng.random() < 0.5:
            i = rng.randrange(len(value))
            item = value[i]
            how = rng.choice(["removed", "copied", "moved"])
            if how == "removed":
                return f"value without [{i}]", _replace(document, path, lambda v: v[:i] + v[i + 1 :])
            if how == "copied" or other_path == path:
                return f"value + [value[{i}]]", _replace(document, path, lambda v: [*v, item])
            moved = _replace(document, path, lambda v: v[:i] + v[i + 1 :])
            return f"[{i}] moved to {other_path}", _replace(moved, other_path, lambda v: [item, *v])
        if other:
            item = other[rng.randrange(len(other))]
            return f"value + [{item}] (from {other_path})", _replace(document, path, lambda v: [item, *v])
    name, change = rng.choice(_mutations(value, [], rng))
    return name, _replace(document, path, change)


def _loads_with(fuzz: Fuzz[S, A], document: JSONValue, path: str, value: int) -> bool:
    try:
        fuzz.m.loads(json.dumps(_replace(document, path, lambda v: value)))
    except FormatError:
        return False
    except Exception as error:  # the check of the mutant itself reports it
        fuzz.fail(f"loads raised {type(error).__name__}: {cut(error)} (expected FormatError)")
    return True


def _edge(fuzz: Fuzz[S, A], document: JSONValue, path: str, value: int) -> int:
    """The largest value at ``path`` that still loads, from ``value`` (which loads) up to
    ``HUGE``: doubling, then bisection (about 2 log2 of the edge loads)."""
    low, high = value, max(1, 2 * value + 1)
    while _loads_with(fuzz, document, path, high):
        low = high
        if high >= HUGE:
            return high
        high = min(HUGE, 4 * high)
    while high - low > 1:
        middle = (low + high) // 2
        if _loads_with(fuzz, document, path, middle):
            low = middle
        else:
            high = middle
    return low


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
        # every offered action, or an even spread of them with the first and the last (a
        # document at the limits may offer a hundred thousand "how many" choices)
        stride = max(1, len(legal) // MOST_OFFERED_APPLIED)
        for action in (*legal[::stride], *legal[-1:]):
            step = f"applying the offered {action}"
            _round_trip(fuzz, m.apply(state, action), step)
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
            _round_trip(fuzz, state, step)
    except Exception as error:  # in legal play every exception is a finding
        if isinstance(error, ConformanceError):
            raise
        fuzz.fail(f"it loads, but {step} raised {type(error).__name__}: {cut(error)}")


def _round_trip(fuzz: Fuzz[S, A], state: S, step: str) -> None:
    """A state reached by legal play from a loaded document loads again, equal to itself."""
    text = fuzz.m.dumps(state)
    try:
        again = fuzz.m.loads(text)
    except FormatError as error:
        fuzz.fail(f"it loads, but after {step} the state does not load again: {cut(error)}")
    if again != state:
        fuzz.fail(f"it loads, but after {step} the state loads back different")
