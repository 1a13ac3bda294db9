"""Counted nouns and articles for messages: "1 game", "2 games", "an 'observation'"."""

from __future__ import annotations

__all__ = ["article", "plural"]


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless ``count`` is 1.

    >>> plural(1, "game"), plural(2, "game"), plural(0, "bot seat"), plural(3, "match", "matches")
    ('1 game', '2 games', '0 bot seats', '3 matches')
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural_form or noun + 's'}"


def article(word: str) -> str:
    """``word`` after "a" or "an", by its first letter (quotes skipped).

    >>> article("'inland_port' record"), article("'gdansk' state"), article("folder")
    ("an 'inland_port' record", "a 'gdansk' state", 'a folder')
    """
    first = word.lstrip("'\"`")[:1].lower()
    return f"{'an' if first and first in 'aeiou' else 'a'} {word}"
