"""Reading actions typed by people: ``build wood_company``, ``use Business Office``, ``move W2 C1``,
``pay F2 G1``, ``times 3``, ``sell kiln``, ``pass``, ``end``.

Building names may be written as in the index (any case, spaces or underscores, apostrophes
optional) or as any unambiguous beginning (``use busi``). ``str(action)`` is the canonical form.
Text that cannot be read raises ``NotationError`` (an ``IllegalActionError`` and a
``FormatError``); the limits every game shares (at most 200 characters, numbers in ASCII
digits, at most 6 of them) are in ``core.notation``.
"""

from __future__ import annotations

import re

from ..core.checks import require_state
from ..core.notation import NotationError, match_name, read_number, shown, words_of
from .actions import Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .data import BUILDINGS, GOOD_LETTERS
from .state import State

_IDS = {b.id: b.id for b in BUILDINGS}


def _normal(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", text.strip().lower().replace("'", "").replace("’", ""))


_NAMES = {**_IDS, **{_normal(b.name): b.id for b in BUILDINGS}}
_VERBS = ("build", "use", "sell", "move", "pay", "times", "pass", "end")
_ON_BUILDING: dict[str, type[Build | Use | Sell]] = {"build": Build, "use": Use, "sell": Sell}


def building_id(text: str) -> str:
    """The id of the building a name or unambiguous prefix means."""
    wanted = _normal(text)
    if not any(name.startswith(wanted) for name in _NAMES):
        raise NotationError(f"no building is called {shown(text.strip())}")
    return match_name(wanted, _NAMES, "building")


def _goods(words: list[str], verb: str) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    if words == ["none"]:
        return (0, 0, 0, 0)
    for word in words:
        match = re.fullmatch(r"([fcwg])([0-9]+)", word.lower())
        if not match:
            raise NotationError(
                f"{verb}: cannot read {shown(word)}; write goods as F (fish), C (clay), W (wood), "
                "G (grain) with a number, e.g. 'W2 C1', or 'none'"
            )
        good = GOOD_LETTERS.index(match.group(1).upper())
        if counts[good]:
            raise NotationError(f"{verb}: {match.group(1).upper()} is given twice")
        counts[good] = read_number(match.group(2), "count of goods")
    return (counts[0], counts[1], counts[2], counts[3])


def parse_action(state: State, text: str) -> Action:
    """The action the notation ``text`` names (it need not be legal in ``state``).

    ``NotationError`` (an ``IllegalActionError`` and a ``FormatError``) names what could not be
    read; text over ``core.notation.MAX_NOTATION_LENGTH`` characters is refused unread.
    """
    require_state(state, State, "parse_action", "Inland Port")
    words = words_of(text, "Inland Port")
    verb, rest = match_name(words[0], _VERBS, "Inland Port action"), words[1:]
    if verb in _ON_BUILDING:
        if not rest:
            raise NotationError(f"{verb}: which building?")
        return _ON_BUILDING[verb](building_id(" ".join(rest)))
    if verb in ("pass", "end"):
        if rest:
            raise NotationError(f"{verb} takes no arguments, got {shown(' '.join(rest))}")
        return Pass() if verb == "pass" else End()
    if verb == "move":
        return Move(*_goods(rest, verb))
    if verb == "pay":
        return Pay(*_goods(rest, verb))
    if verb == "times":
        if len(rest) != 1 or not (rest[0].isascii() and rest[0].isdigit()):
            raise NotationError("times: write a number in the digits 0-9, e.g. 'times 2'")
        return Times(read_number(rest[0], "number of times"))
    raise NotationError(
        f"cannot read {shown(text)}: actions are build/use/sell NAME, move, pay, times N, pass, end"
    )


def public_notation(state: State, action: Action) -> str:
    """``action`` as the other players are told it: every move of this game is made in the
    open, so its notation."""
    return str(action)
