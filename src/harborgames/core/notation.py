"""Reading what people type: one rule for every game's notation.

Words are matched without regard to case, and any unambiguous beginning of a name will do
(``ROLL``, ``Start l17``, ``load gr``, ``use busi``). ``str(action)`` is always the canonical
form, and ``parse_action(state, str(action)) == action``.

Text that cannot be read raises ``NotationError``, which is both an ``IllegalActionError`` (what
unreadable moves always raised) and a ``FormatError`` (it is malformed input). Limits, checked
before any word is read, so that hostile text costs nothing:

* at most ``MAX_NOTATION_LENGTH`` (200) characters, printable or white space (no NUL, control,
  zero-width or direction-changing characters);
* numbers in ASCII digits ``0-9`` only (not ``²``, ``٣`` or ``３``), at most
  ``MAX_NUMBER_DIGITS`` (6) of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import FormatError, IllegalActionError

__all__ = [
    "MAX_NOTATION_LENGTH",
    "MAX_NUMBER_DIGITS",
    "NotationError",
    "match_name",
    "read_number",
    "shown",
    "words_of",
]

MAX_NOTATION_LENGTH = 200
"""The longest action text ``parse_action`` reads; longer text is refused unread."""

MAX_NUMBER_DIGITS = 6
"""The most digits a number in notation may have (no count in any game comes near)."""


class NotationError(IllegalActionError, FormatError):
    """Text that cannot be read as an action: too long, with characters no notation has, an
    unknown or ambiguous word, a number that is not one. Catch it as either parent."""


def shown(word: str, limit: int = 40) -> str:
    """``repr(word)`` for an error message, cut short: messages never echo megabytes back."""
    text = repr(word)
    return text if len(text) <= limit else text[: limit - 4] + "...'"


def words_of(text: object, game: str) -> list[str]:
    r"""The words of an action's notation, after the checks every game shares (see the module
    docstring); ``NotationError`` says what is wrong.

    >>> words_of("  load   Grain ", "Port Gdańsk")
    ['load', 'Grain']
    >>> words_of("roll\x00", "Toy")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    harborgames.core.notation.NotationError: cannot read 'roll\x00' as a Toy action: character 5 is ...
    """
    if not isinstance(text, str):
        raise NotationError(f"{_article(game)} {game} action is written as text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            f"an action text of {len(text):,} characters is too long to be {_article(game)} "
            f"{game} action (notation is at most {MAX_NOTATION_LENGTH} characters)"
        )
    for index, character in enumerate(text):
        if not character.isprintable() and not character.isspace():
            raise NotationError(
                f"cannot read {shown(text)} as {_article(game)} {game} action: character "
                f"{index + 1} is {character!r}, which no notation has"
            )
    words = text.split()
    if not words:
        raise NotationError("empty action text")
    return words


def read_number(word: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """``word`` as a number written in ASCII digits, between ``low`` and ``high`` if given.

    >>> read_number("12", "quay number", 1, 20)
    12
    >>> read_number("٣", "quay number", 1, 20)
    Traceback (most recent call last):
    ...
    harborgames.core.notation.NotationError: cannot read '٣' as a quay number: write it in the digits 0-9
    """
    if not (word.isascii() and word.isdigit()):
        raise NotationError(
            f"cannot read {shown(word)} as {_article(what)} {what}: write it in the digits 0-9"
        )
    if len(word) > MAX_NUMBER_DIGITS:
        raise NotationError(
            f"cannot read {shown(word)} as {_article(what)} {what}: more than {MAX_NUMBER_DIGITS} digits"
        )
    number = int(word)
    if (low is not None and number < low) or (high is not None and number > high):
        span = (
            f"{low}-{high}"
            if low is not None and high is not None
            else f"at least {low}"
            if low is not None
            else f"at most {high}"
        )
        raise NotationError(f"cannot read {shown(word)} as {_article(what)} {what} {span}")
    return number


def match_name(word: str, names: Iterable[str] | Mapping[str, str], what: str) -> str:
    """The name ``word`` means: equal to it ignoring case, else the only name it begins.

    With a mapping, the keys are what may be typed and the value is returned (aliases).
    Raises ``NotationError`` (an ``IllegalActionError``) saying what was expected, or which
    names a prefix fits.

    >>> match_name("GR", ("grain", "coal"), "good")
    'grain'
    >>> match_name("x", ("grain", "coal"), "good")
    Traceback (most recent call last):
    ...
    harborgames.core.notation.NotationError: cannot read 'x' as a good: one of grain, coal
    """
    table = dict(names) if isinstance(names, Mapping) else {name: name for name in names}
    wanted = word.lower()
    for typed, meant in table.items():
        if typed.lower() == wanted:
            return meant
    fits = sorted({meant for typed, meant in table.items() if typed.lower().startswith(wanted)})
    if len(fits) == 1 and wanted:
        return fits[0]
    if len(fits) > 1 and wanted:
        raise NotationError(f"{shown(word)} is ambiguous: it could be {', '.join(fits)}")
    listed = ", ".join(dict.fromkeys(table.values()))
    raise NotationError(f"cannot read {shown(word)} as {_article(what)} {what}: one of {listed}")


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"
