"""What a user interface needs from a game, and nothing about any game in particular.

Each game module provides four view functions beside the rules (``docs/protocol.md``):

- ``table(observation)``: the table a UI draws, as JSON-ready data built from the observation of
  one seat alone, so a UI cannot show what that seat may not know;
- ``cards()``: every component a player may want to read (buildings, cards, ships) as ``Card``;
- ``action_label(action, observation)``: the words a button shows for an action (its notation is
  the tooltip), true for the seat whose observation it is: a cost that depends on the seat (an
  entry fee its owner does not pay) is what this seat would pay;
- ``narrate(before, after)``: what happened between two observations of the same seat that the
  seat did not choose itself (a round's end: feeding, harvest, the town's building, a new ship).

The web app and the terminal draw any game from these; they import nothing from inside a game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

import attrs

__all__ = ["Card", "Views", "card_words", "find_card"]

A_contra = TypeVar("A_contra", contravariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


@attrs.frozen
class Card:
    """One component as a player reads it: printed name, what it costs, what it does.

    Every field is display text, already in the rulebook's words ("" where the card has none), so
    a UI shows it without knowing the game. ``key`` is the word the notation uses for it.
    """

    key: str
    name: str
    kind: str  # "building", "special building", "ship", "port card", ...
    text: str  # the card's function as the rulebook states it
    cost: str = ""
    fee: str = ""
    value: str = ""
    extra: Mapping[str, str] = attrs.field(factory=dict)  # further printed facts, in order

    def lines(self) -> list[str]:
        """The card as lines of plain text (the terminal's ``info``)."""
        head = f"{self.name} ({self.kind})"
        facts = [
            f"{label}: {text}"
            for label, text in (("cost", self.cost), ("fee", self.fee), ("value", self.value))
            if text
        ] + [f"{label}: {text}" for label, text in self.extra.items()]
        return [head, *(["  " + " · ".join(facts)] if facts else []), *_wrap(self.text, 76, "  ")]

    def as_json(self) -> dict[str, object]:
        """The card for a page: every field, ``extra`` as a list of [label, text] pairs."""
        return {
            "key": self.key,
            "name": self.name,
            "kind": self.kind,
            "text": self.text,
            "cost": self.cost,
            "fee": self.fee,
            "value": self.value,
            "extra": [[label, text] for label, text in self.extra.items()],
        }


class Views(Protocol[O_contra, A_contra]):
    """The view functions of a game module, for observations ``O`` and actions ``A``."""

    def table(self, observation: O_contra) -> dict[str, object]: ...

    def cards(self) -> tuple[Card, ...]: ...

    def action_label(self, action: A_contra, observation: O_contra) -> str: ...

    def narrate(self, before: O_contra, after: O_contra) -> tuple[str, ...]: ...


def _normal(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().lower())


def card_words(card: Card) -> tuple[str, ...]:
    """The words a card is found by: its key and its printed name, normalised."""
    return (_normal(card.key), _normal(card.name))


def find_card(cards: Sequence[Card], word: str) -> Card:
    """The card ``word`` names: its key or printed name, or an unambiguous beginning of one
    (case, spaces and underscores ignored). A ``LookupError`` says what was meant otherwise."""
    wanted = _normal(word)
    if not wanted:
        raise LookupError("name a card: info <name>, for example the name of a building")
    exact = [c for c in cards if wanted in card_words(c)]
    if exact:
        return exact[0]
    starts = [c for c in cards if any(w.startswith(wanted) for w in card_words(c))]
    if len(starts) == 1:
        return starts[0]
    if starts:
        names = ", ".join(c.name for c in starts[:8]) + (" ..." if len(starts) > 8 else "")
        raise LookupError(f"{word!r} could be any of: {names}")
    inside = [c for c in cards if any(wanted in w for w in card_words(c))]
    if len(inside) == 1:
        return inside[0]
    hint = f"; did you mean {', '.join(c.name for c in inside[:5])}?" if inside else ""
    raise LookupError(f"no card is called {word!r}{hint}")


def _wrap(text: str, width: int, indent: str) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            if line and len(indent) + len(line) + 1 + len(word) > width:
                lines.append(indent + line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        if line:
            lines.append(indent + line)
    return lines
