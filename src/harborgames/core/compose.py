"""Compose, don't enumerate: a decision whose options are combinations, as parts to pick.

Some decisions offer every combination of a few parts as its own action: Le Havre's Marketplace
(``choose fish wood clay``: 56 options, one per set of three goods), a payment (``pay 7 wood 1
coal``: one per way to pay), a number (``times 12``). Listing them all makes a wall of buttons;
a player would rather pick the parts (three goods; how many of each good; a number) and play
what they compose. ``compose(notations)`` reads a group of legal notations and returns such a
``Composition``, or ``None`` where the options are not combinations of parts (``enter
marketplace``, ``trade wood brick``) or are too few to be worth it.

Only the notation is read, never a game's objects, so any game and any UI can use it: a page
picks parts and sends ``composition.notation(counts)``, a terminal reads typed parts with
``composition.read("fish wood")``; what they send is always one of the legal notations given.

>>> c = compose(["choose fish wood", "choose fish clay", "choose wood clay", "choose fish iron"])
>>> c.kind, [part.word for part in c.parts]
('set', ['fish', 'wood', 'clay', 'iron'])
>>> c.notation({"clay": 1, "wood": 1}), c.read("clay fish"), c.read("iron wood")
('choose wood clay', 'choose fish clay', None)
>>> pay = compose(["pay 2 fish", "pay 1 fish 1 bread", "pay 2 bread", "pay 1 francs 1 fish"])
>>> pay.kind, [(part.word, part.most) for part in pay.parts]
('amounts', [('fish', 2), ('bread', 2), ('francs', 1)])
>>> pay.read("1 bread 1 fish"), pay.read("fish bread"), pay.read("2 fish")
('pay 1 fish 1 bread', 'pay 1 fish 1 bread', 'pay 2 fish')
>>> compose([f"times {n}" for n in range(1, 8)]).read("5")
'times 5'
>>> compose(["enter fishery", "enter joinery", "enter bakehouse", "enter sawmill"]) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Literal

import attrs

__all__ = ["LEAST_OPTIONS", "Composition", "Part", "compose"]

LEAST_OPTIONS = 4
"""Fewer options than this are shown as they are: a handful of buttons reads faster than parts."""

Kind = Literal["set", "amounts", "count"]


@attrs.frozen
class Part:
    """One thing a player picks: a word of the notation (a good) and how many of it at most.

    In a ``set`` each part is taken once or not at all (``most`` 1); in ``amounts`` a count
    from 0 to ``most``; a ``count`` has one part, the number itself (``word`` ""), from
    ``least`` to ``most``."""

    word: str
    most: int
    least: int = 0


@attrs.frozen
class Composition:
    """A group of legal options as parts: ``verb`` and the parts the options combine.

    ``options`` holds each legal notation with the count of every part it takes (parts it
    does not take are left out), in the order the options were given."""

    verb: str
    kind: Kind
    parts: tuple[Part, ...]
    options: tuple[tuple[str, Mapping[str, int]], ...]

    def notation(self, counts: Mapping[str, int]) -> str | None:
        """The legal notation taking exactly ``counts`` of the parts (a part left out or 0: not
        taken), or ``None`` if no option does."""
        wanted = {word: n for word, n in counts.items() if n}
        for text, taken in self.options:
            if {word: n for word, n in taken.items() if n} == wanted:
                return text
        return None

    def read(self, text: str) -> str | None:
        """The legal notation a player typed as parts, or ``None``: words for a set (``fish
        wood``, any order), counts and words for amounts (``2 fish 1 bread`` or ``F1 C2`` as
        the notation writes them; a word alone counts 1), the number for a count (``5``); the
        verb may be typed too. Case does not matter."""
        words = text.split()
        if words and words[0].lower() == self.verb.lower():
            words = words[1:]
        if self.kind == "count":
            if len(words) != 1 or not _is_number(words[0]):
                return None
            return self.notation({"": int(words[0])})
        spelled = {part.word.lower(): part.word for part in self.parts}
        counts: dict[str, int] = {}
        pending: int | None = None
        for word in words:
            glued = _GLUED.fullmatch(word) if self.kind == "amounts" else None
            if glued and glued.group(1).lower() in spelled and word.lower() not in spelled:
                word, number = glued.group(1), int(glued.group(2))
            elif _is_number(word) and self.kind == "amounts" and pending is None:
                pending = int(word)
                continue
            elif _is_number(word):
                return None
            else:
                number = 1 if pending is None else pending
            part = spelled.get(word.lower())
            if part is None:
                return None
            counts[part] = counts.get(part, 0) + number
            pending = None
        if pending is not None:
            return None
        return self.notation(counts)

    def reachable(self, counts: Mapping[str, int]) -> list[str]:
        """The options that take at least ``counts`` of every part: what picking more can still
        reach (a page greys out the parts none of them takes more of)."""
        return [
            text for text, taken in self.options if all(taken.get(word, 0) >= n for word, n in counts.items())
        ]

    def as_json(self) -> dict[str, object]:
        """For a page: the verb, the kind, the parts and every option with its counts."""
        return {
            "verb": self.verb,
            "kind": self.kind,
            "parts": [{"word": p.word, "most": p.most, "least": p.least} for p in self.parts],
            "options": [{"notation": text, "counts": dict(taken)} for text, taken in self.options],
        }


def compose(notations: Sequence[str], least: int = LEAST_OPTIONS) -> Composition | None:
    """The group of options ``notations`` (one verb, as ``core.play.group_actions`` groups a
    decision's actions) as a ``Composition``, or ``None`` if they are fewer than ``least`` or
    are not combinations: every option must read as the same verb followed by

    - distinct words, some word standing at different places in different options, no two
      options the same set (``set``: the Marketplace's goods);
    - ``<count> <word>`` pairs or ``<word><count>`` tokens (``F1 C2``), each word at most once,
      some option taking two words or more, no two options the same amounts (``amounts``: a
      payment, the Inland Port's moves; an option of one word alone, ``pay nothing``, takes
      nothing);
    - one number (``count``: ``times 3``).
    """
    if len(notations) < least:
        return None
    split = [text.split() for text in notations]
    verb = split[0][0] if split[0] else ""
    if not verb or any(not words or words[0] != verb for words in split):
        return None
    rests = [words[1:] for words in split]
    for reader in (_count, _amounts, _set):
        composition = reader(verb, notations, rests)
        if composition is not None:
            return composition
    return None


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 9


def _count(verb: str, notations: Sequence[str], rests: list[list[str]]) -> Composition | None:
    if not all(len(rest) == 1 and _is_number(rest[0]) for rest in rests):
        return None
    numbers = [int(rest[0]) for rest in rests]
    if len(set(numbers)) != len(numbers):
        return None
    options = tuple((text, {"": n}) for text, n in zip(notations, numbers, strict=True))
    return Composition(verb, "count", (Part("", max(numbers), min(numbers)),), options)


def _pairs(rest: list[str]) -> list[tuple[str, int]] | None:
    """``2 fish 1 bread`` or ``F1 C2`` (a word with its count glued on) as (word, count) pairs."""
    if rest and all(_GLUED.fullmatch(token) for token in rest):
        return [(m.group(1), int(m.group(2))) for m in map(_GLUED.fullmatch, rest) if m]
    if not rest or len(rest) % 2:
        return None
    pairs = [(rest[place + 1], rest[place]) for place in range(0, len(rest), 2)]
    if not all(_is_number(number) and not _is_number(word) for word, number in pairs):
        return None
    return [(word, int(number)) for word, number in pairs]


_GLUED = re.compile(r"([A-Za-z_]+)([0-9]{1,4})")


def _amounts(verb: str, notations: Sequence[str], rests: list[list[str]]) -> Composition | None:
    taken: list[dict[str, int]] = []
    places: dict[str, int] = {}  # each word's first place in any option: the parts' order
    empty = 0
    for rest in rests:
        if len(rest) == 1 and not _GLUED.fullmatch(rest[0]) and not _is_number(rest[0]):
            empty += 1  # "pay nothing"
            taken.append({})
            continue
        pairs = _pairs(rest)
        if pairs is None:
            return None
        counts: dict[str, int] = {}
        for place, (word, number) in enumerate(pairs):
            if word in counts or number == 0:
                return None
            counts[word] = number
            places[word] = min(places.get(word, place), place)
        taken.append(counts)
    # One part per option is a list of buttons already ("move C2" names a location, not 2 C)
    if empty > 1 or max(len(t) for t in taken) < 2:
        return None
    if len({tuple(sorted(t.items())) for t in taken}) != len(taken):
        return None
    order = sorted(places, key=lambda word: places[word])  # stable: first seen first on a tie
    parts = tuple(Part(word, max(t.get(word, 0) for t in taken)) for word in order)
    return Composition(verb, "amounts", parts, tuple(zip(notations, taken, strict=True)))


def _set(verb: str, notations: Sequence[str], rests: list[list[str]]) -> Composition | None:
    places: dict[str, set[int]] = {}
    for rest in rests:
        if not rest or len(set(rest)) != len(rest) or any(_is_number(word) for word in rest):
            return None
        for place, word in enumerate(rest):
            places.setdefault(word, set()).add(place)
    # A word always at one place is a field, not a member of a set: in "trade wood brick" the
    # good given and the good got are different questions, and a set would blur them.
    if max(len(rest) for rest in rests) < 2 or all(len(at) == 1 for at in places.values()):
        return None
    if len({frozenset(rest) for rest in rests}) != len(rests):
        return None
    order = sorted(places, key=lambda word: min(places[word]))
    options = tuple((text, dict.fromkeys(rest, 1)) for text, rest in zip(notations, rests, strict=True))
    return Composition(verb, "set", tuple(Part(word, 1) for word in order), options)
