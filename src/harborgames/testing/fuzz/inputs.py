"""The input fuzzers: action objects (``fuzz_actions``) and notation (``fuzz_notation``); what
they promise is in ``fuzz``'s docstring, with the document fuzzer and the shared machinery.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

import attrs
import numpy as np

from ...core.decisions import field_problem
from ...core.errors import FormatError, IllegalActionError
from ...core.protocol import GameModule
from ..errors import ConformanceError
from .base import HUGE, A, Fuzz, FuzzReport, S, cut

__all__ = ["fuzz_actions", "fuzz_notation"]


# ---------------------------------------------------------------------------------------------
# Action objects


class _EqualToAll:
    """An object that says it equals anything (and hashes like nothing else)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "<equal to all>"


def _twins_and_odd(value: object) -> list[tuple[str, object]]:
    """Values to put in a field holding ``value``: numeric twins first, then odd ones."""
    odd: list[tuple[str, object]] = [
        ("None", None),
        ("-1", -1),
        ("0", 0),
        ("10**30", HUGE),
        ("-10**30", -HUGE),
        ("nan", math.nan),
        ("inf", math.inf),
        ('""', ""),
        ("'\\x00'", "\x00"),
        ("'x' * 1000", "x" * 1000),
        ("[1]", [1]),
        ("{}", {}),
        ("object()", object()),
        ("equal-to-all", _EqualToAll()),
    ]
    twins: list[tuple[str, object]] = []
    if isinstance(value, bool):
        twins += [("int(value)", int(value))]
    elif isinstance(value, int):
        twins += [("float(value)", float(value)), ("str(value)", str(value)), ("value + 1", value + 1)]
        if value in (0, 1):
            twins.append(("bool(value)", bool(value)))
        if -(2**63) <= value < 2**63:  # numpy's integers hold no more
            twins += [("numpy.int64(value)", np.int64(value)), ("numpy.float64(value)", np.float64(value))]
    elif isinstance(value, str):
        twins += [
            ("value.upper()", value.upper()),
            ("value + ' '", value + " "),
            ("' ' + value", " " + value),
            ("value + '\\x00'", value + "\x00"),
            ("value[:-1]", value[:-1]),
            ("value + '\\u00a0'", value + "\u00a0"),
            ("[value]", [value]),
            ("value as bytes", value.encode()),
        ]
    elif isinstance(value, tuple):
        twins += [
            ("list(value)", list(value)),
            ("value[::-1]", value[::-1]),
            ("value[:-1]", value[:-1]),
            ("value + value[-1:]", value + value[-1:]),
            ("value + ('x',)", (*value, "x")),
            ("frozenset(value)", frozenset(value)),
            ("1", 1),
        ]
        if value:
            twins.append(("(value[0].upper(),) + value[1:]", _upper_first(value)))
    return twins + odd


def _upper_first(value: tuple[object, ...]) -> tuple[object, ...]:
    first = value[0]
    return (first.upper() if isinstance(first, str) else first, *value[1:])


def fuzz_actions(
    module: GameModule[S, A],
    num_players: int,
    *,
    seed: int = 0,
    mutations: int = 200,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    collect: bool = False,
) -> FuzzReport:
    """Hand ``apply`` legal actions with one field changed (numeric twins, odd values) and
    look-alike objects, ``mutations`` times: each must be refused with ``IllegalActionError``
    or applied as the offered action it equals (see the module docstring)."""
    fuzz = Fuzz(module, "action fuzz", num_players, seed, variant, options, collect)
    positions = [
        (w, s)
        for w, s in fuzz.positions(max(4, min(40, mutations // 10 + 2)))
        if s.current_player is not None
    ]
    rng = fuzz.rng
    number = 0
    while number < mutations and positions:
        where, state = positions[rng.randrange(len(positions))]
        legal = module.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        candidates = _action_mutants(action)
        name, mutant = candidates[rng.randrange(len(candidates))]
        fuzz.where = f"mutation {number} ({where}): {action!r} with {name}"
        number += 1
        fuzz.check(_check_action, state, legal, mutant)
    return fuzz.report()


def _action_mutants(action: Any) -> list[tuple[str, object]]:  # any attrs action class
    cls = type(action)
    found: list[tuple[str, object]] = [("an object equal to all", _EqualToAll())]
    if not attrs.has(cls):
        return found
    fields = attrs.fields(cls)
    for field in fields:
        value = getattr(action, field.name)
        for name, odd in _twins_and_odd(value):
            try:
                found.append((f"{field.name}={name}", attrs.evolve(action, **{field.name: odd})))
            except Exception:  # a validator refusing it at construction is fine
                continue
    subclass = type(f"Fake{cls.__name__}", (cls,), {"__slots__": ()} if "__slots__" in vars(cls) else {})
    try:
        fake = subclass(*(getattr(action, f.name) for f in fields))
    except Exception:
        return found
    found.append(("a subclass of its class", fake))
    return found


def _check_action(fuzz: Fuzz[S, A], state: S, legal: list[A], mutant: object) -> bool:
    m = fuzz.m
    before = m.dumps(state)
    apply_anything = cast(Callable[[S, object], S], m.apply)
    try:
        after = apply_anything(state, mutant)
    except IllegalActionError as error:
        if not str(error):
            fuzz.fail("refused with an empty IllegalActionError")
        if len(str(error)) > 2000:
            fuzz.fail(f"the refusal message is {len(str(error))} characters long")
        if m.dumps(state) != before:
            fuzz.fail("the refused action changed the state")
        return False
    except Exception as error:
        fuzz.fail(f"apply raised {type(error).__name__}: {cut(error)} (expected IllegalActionError)")
    offered = [a for a in legal if type(a) is type(mutant) and _equal(a, mutant)]
    if not offered:
        fuzz.fail("apply accepted it, but it equals no offered action of its exact class")
    expected = m.apply(state, offered[0])
    try:
        text = m.dumps(after)
        if text != m.dumps(expected):
            fuzz.fail(f"apply accepted it but did not apply the offered {offered[0]}")
        m.loads(text)
        if m.parse_action(state, str(offered[0])) != offered[0]:
            fuzz.fail(f"the offered action {offered[0]} does not parse back")
    except Exception as error:
        if isinstance(error, ConformanceError):
            raise
        fuzz.fail(f"apply accepted it, and then {type(error).__name__}: {cut(error)}")
    return True


def _equal(a: object, b: object) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


# ---------------------------------------------------------------------------------------------
# Notation

_ODD_CHARACTERS = (
    "٣²³３¹₃①߃৩๓〇"  # digits and numbers of other scripts
    "\x00\x01\x7f\u200b\u200d\ufeff\u202e"  # NUL, controls, zero-width, BOM, right-to-left
    "\t\n\r\u00a0\u2003\u3000\u2028"  # spaces and line ends
    "оеаСРΑ"  # Cyrillic and Greek look-alikes
    "ß\u0301İıﬁ"  # letters that change length or shape when cased
    "-_'’.,:;=+#/\\\"<>()[]{}*!?%&|~`^@$"
    "🚢⚓"
)
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


def _random_text(rng: random.Random) -> str:
    alphabet = _PLAIN * 2 + _ODD_CHARACTERS
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


def _mutated_notation(text: str, rng: random.Random) -> tuple[str, str]:
    """A change to a legal action's notation, and its name."""
    position = rng.randrange(len(text) + 1)
    digits = [i for i, ch in enumerate(text) if ch in "0123456789"]
    choices: list[tuple[str, Callable[[], str]]] = [
        ("insert an odd character", lambda: text[:position] + rng.choice(_ODD_CHARACTERS) + text[position:]),
        ("delete a character", lambda: text[:position] + text[position + 1 :]),
        ("upper case", text.upper),
        ("cut short", lambda: text[:position]),
        ("a word twice", lambda: text + " " + text.split()[-1]),
        ("odd spaces", lambda: text.replace(" ", rng.choice(["\t", "\u00a0", "\u3000", "  ", "\n"]))),
        ("a huge number", lambda: text + " " + "9" * rng.choice([20, 4301, 5000])),
        ("a negative number", lambda: re.sub(r"\d+", "-1", text, count=1)),
        ("leading zeros", lambda: re.sub(r"(\d+)", r"00\1", text, count=1)),
        ("NUL inside", lambda: text[:position] + "\x00" + text[position:]),
    ]
    if digits:
        where = rng.choice(digits)
        other = rng.choice("٣²３¹₃①߃")
        choices.append(("a unicode digit", lambda: text[:where] + other + text[where + 1 :]))
    name, make = rng.choice(choices)
    return name, make()


def fuzz_notation(
    module: GameModule[S, A],
    num_players: int,
    *,
    seed: int = 0,
    mutations: int = 200,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    big: bool = True,
    collect: bool = False,
) -> FuzzReport:
    """Hand ``parse_action`` random and mutated text ``mutations`` times (and, with ``big``,
    strings of 1 and 10 MB): each must raise ``FormatError`` within a second, or give an action
    of exact field types that prints back to text reading the same (see the module docstring)."""
    fuzz = Fuzz(module, "notation fuzz", num_players, seed, variant, options, collect)
    positions = fuzz.positions(max(4, min(20, mutations // 20 + 2)))
    rng = fuzz.rng
    for number in range(mutations):
        where, state = positions[rng.randrange(len(positions))]
        legal = module.legal_actions(state)
        if legal and rng.random() < 0.6:
            original = str(legal[rng.randrange(len(legal))])
            name, text = _mutated_notation(original, rng)
            how = f"{original!r} with {name}"
        else:
            text = _random_text(rng)
            how = "random text"
        fuzz.where = f"text {number} ({where}): {how}: {_cut_text(text)}"
        fuzz.check(_check_notation, state, text)
    if big:
        where, state = positions[0]
        for size in (1_000_000, 10_000_000):
            for text in ("roll " + "x" * size, "9" * size, "build " + " ".join(["a"] * (size // 2))):
                fuzz.where = f"big text ({where}): {_cut_text(text)} ({len(text):,} characters)"
                fuzz.check(_check_notation, state, text)
    return fuzz.report()


def _cut_text(text: str, limit: int = 60) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


_ASCII_NUMBER = re.compile(r"[0-9]+")


def _check_notation(fuzz: Fuzz[S, A], state: S, text: str) -> bool:
    m = fuzz.m
    started = time.perf_counter()
    try:
        action = m.parse_action(state, text)
    except FormatError as error:
        seconds = time.perf_counter() - started
        if seconds > 1.0:
            fuzz.fail(f"parse_action took {seconds:.1f} s to refuse it")
        if not str(error) or len(str(error)) > 500:
            fuzz.fail(f"the FormatError message is {len(str(error))} characters long")
        return False
    except Exception as error:
        fuzz.fail(f"parse_action raised {type(error).__name__}: {cut(error)} (expected FormatError)")
    problem = field_problem(action)
    if problem:
        fuzz.fail(f"parse_action gave {action!r}: {problem}")
    printed = str(action)
    if not printed.isprintable() or any(ch.isdigit() and ch not in "0123456789" for ch in printed):
        fuzz.fail(f"parse_action gave an action printed as {printed!r}")
    if any(ch in text for ch in "\x00\x01\x7f"):
        fuzz.fail(f"parse_action read text with a control character as {printed!r}")
    numbers = {int(n) for n in _ASCII_NUMBER.findall(text) if len(n) < 100}
    typed = [word.casefold() for word in text.split()]
    for word in printed.split():
        abbreviated = any(word.casefold().startswith(t) for t in typed)
        for n in _ASCII_NUMBER.findall(word):
            if int(n) not in numbers and not abbreviated:
                fuzz.fail(f"parse_action read it as {printed!r}, whose number {n} the text does not hold")
    if not printed.split()[0].casefold().startswith(typed[0]):
        fuzz.fail(f"parse_action read it as {printed!r}, which does not begin with {typed[0]!r}")
    try:
        again = m.parse_action(state, printed)
    except Exception as error:
        fuzz.fail(f"it reads as {printed!r}, which does not parse back: {type(error).__name__}: {cut(error)}")
    if again != action or type(again) is not type(action):
        fuzz.fail(f"it reads as {printed!r}, which parses back as {again!r}, not {action!r}")
    return True
