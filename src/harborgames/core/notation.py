"""Reading what people type: one rule for every game's notation.

Words are matched without regard to case, and any unambiguous beginning of a name will do
(``ROLL``, ``Start l17``, ``load gr``, ``use busi``). ``str(action)`` is always the canonical
form, and ``parse_action(state, str(action)) == action``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import IllegalActionError

__all__ = ["match_name"]


def match_name(word: str, names: Iterable[str] | Mapping[str, str], what: str) -> str:
    """The name ``word`` means: equal to it ignoring case, else the only name it begins.

    With a mapping, the keys are what may be typed and the value is returned (aliases).
    Raises ``IllegalActionError`` saying what was expected, or which names a prefix fits.

    >>> match_name("GR", ("grain", "coal"), "good")
    'grain'
    >>> match_name("x", ("grain", "coal"), "good")
    Traceback (most recent call last):
    ...
    harborgames.core.errors.IllegalActionError: cannot read 'x' as a good: one of grain, coal
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
        raise IllegalActionError(f"{word!r} is ambiguous: it could be {', '.join(fits)}")
    listed = ", ".join(dict.fromkeys(table.values()))
    raise IllegalActionError(f"cannot read {word!r} as {_article(what)} {what}: one of {listed}")


def _article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"
