"""Reading the notation back: ``parse_action(state, str(action)) == action``.

Grammar (one decision per line, words separated by spaces):

=========================  =====================================================
``remove <colour>``        two players: the colour that sits out (option)
``start <location>``       setup: place your meeple, e.g. ``start L20``
``roll``                   roll the three dice
``reroll <face> ...``      reroll dice showing these faces, e.g. ``reroll L1 M2``
``keep``                   stop rolling
``load <good>``            load one cube, e.g. ``load ro_ro``
``discard <good>``         return a cube to make room (full cargo space)
``unload <good>``          unload one cube in Central Port
``move <location>``        move the meeple
``recruit``                take the rolled workers
``execute <quay>``         execute the order on quay number <quay>
``swap <quay>``            HR swap: your marker on this quay ...
``with P<seat> <quay>``    ... trades places with seat's marker on this quay
``place <quay>``           HR place: one of your markers left, onto this quay
``cruise <size>``          serve a small, medium or large cruise ship
``end``                    end the turn
=========================  =====================================================

Faces: ``L`` loading, ``M`` movement, ``R`` recruitment, followed by the number of symbols.
Words are read without regard to case, and an unambiguous beginning of a word will do
(``ROLL``, ``Start l17``, ``load gr``): ``core.notation.match_name``. Text that cannot be read
raises ``NotationError`` (an ``IllegalActionError`` and a ``FormatError``); the limits every
game shares (at most 200 characters, numbers in ASCII digits) are in ``core.notation``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.checks import require_state
from ..core.notation import NotationError, match_name, read_number, shown, words_of
from .actions import (
    END,
    KEEP,
    RECRUIT,
    ROLL,
    Action,
    Cruise,
    Discard,
    Execute,
    HrPlace,
    HrSwap,
    HrSwapWith,
    Load,
    Move,
    PlaceMeeple,
    RemoveSector,
    Reroll,
    Unload,
)
from .data import CRUISE_SIZES, GOODS, NUM_QUAYS, SECTORS, Components
from .state import State


def _one(words: list[str], what: str) -> str:
    if len(words) != 2:
        raise NotationError(f"'{words[0]}' takes one {what}, got {len(words) - 1} words")
    return words[1]


def _named(word: str, names: tuple[str, ...], what: str) -> str:
    return match_name(word, names, what)


def _number(word: str) -> int:
    return read_number(word, "quay number", 1, NUM_QUAYS)


_Parser = Callable[[list[str], Components], Action]  # the words (verb first) to an action


def _bare(action: Action) -> _Parser:
    def parse(words: list[str], _: Components) -> Action:
        if len(words) != 1:
            raise NotationError(f"'{words[0]}' takes no arguments, got {shown(' '.join(words[1:]))}")
        return action

    return parse


def _good(cls: type[Load | Discard | Unload]) -> _Parser:
    return lambda words, _: cls(_named(_one(words, "good"), GOODS, "good"))


def _location(cls: type[PlaceMeeple | Move]) -> _Parser:
    return lambda words, c: cls(_named(_one(words, "location"), c.location_ids, "location"))


def _quay(cls: type[Execute | HrSwap | HrPlace]) -> _Parser:
    return lambda words, _: cls(_number(_one(words, "quay number")))


def _reroll(words: list[str], c: Components) -> Reroll:
    if len(words) < 2:
        raise NotationError("'reroll' needs the faces of the dice to reroll, e.g. reroll L1")
    index = c.face_index
    faces = [_named(word, c.face_codes, "die face") for word in words[1:]]
    return Reroll(tuple(sorted(faces, key=index.__getitem__)))


def _with(words: list[str], _: Components) -> HrSwapWith:
    if len(words) != 3 or words[1][:1] not in ("P", "p"):
        raise NotationError(f"cannot read {shown(' '.join(words))}: write 'with P<seat> <quay>'")
    return HrSwapWith(read_number(words[1][1:], "seat number"), _number(words[2]))


_PARSERS: dict[str, _Parser] = {
    "remove": lambda words, _: RemoveSector(_named(_one(words, "colour"), SECTORS, "colour")),
    "start": _location(PlaceMeeple),
    "roll": _bare(ROLL),
    "reroll": _reroll,
    "keep": _bare(KEEP),
    "load": _good(Load),
    "discard": _good(Discard),
    "unload": _good(Unload),
    "move": _location(Move),
    "recruit": _bare(RECRUIT),
    "execute": _quay(Execute),
    "swap": _quay(HrSwap),
    "with": _with,
    "place": _quay(HrPlace),
    "cruise": lambda words, _: Cruise(_named(_one(words, "size"), CRUISE_SIZES, "size")),
    "end": _bare(END),
}


def parse_action(state: State, text: str) -> Action:
    """The action written as ``text``; ``NotationError`` (an ``IllegalActionError`` and a
    ``FormatError``) naming what could not be read.

    Reading does not check legality (``apply`` does), only that the words name real things.
    Text over ``core.notation.MAX_NOTATION_LENGTH`` characters is refused unread.
    """
    require_state(state, State, "parse_action", "Port Gdańsk")
    words = words_of(text, "Port Gdańsk")
    verb = match_name(words[0], tuple(_PARSERS), "Port Gdańsk action")
    return _PARSERS[verb]([verb, *words[1:]], state.rules.components)


def public_notation(state: State, action: Action) -> str:
    """``action`` as the other players are told it: every move of this game is made in the
    open, so its notation."""
    return str(action)
