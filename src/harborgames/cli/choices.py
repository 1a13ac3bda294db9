"""The options of a decision as ``harborgames play`` lists them, and picking composed ones.

Each option is listed by the game's button words for the seat deciding
(``module.action_label(action, observation)``), with the notation beside them where the words
differ. The words say what the option costs this seat where that depends on the seat (Le Havre's
entry fee, which an owner does not pay), so a person sees the cost before choosing it rather than
as a ``forced:`` line after; the list itself knows no game's costs. A group whose options are
combinations of parts (Le Havre's Marketplace: 56 sets of goods; a payment; ``times n``) is one
line (``core.compose``): the person types the parts (``choose fish wood clay``, in any order) or
picks them one at a time.

Every game has the view functions (``core.protocol.Presentable``, checked as it is loaded); a
game whose words are its notation (a toy game) returns the notation from ``action_label``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Generic, Never, TypeVar

import attrs

from ..core.compose import Composition, compose
from ..core.play import group_actions
from ..core.protocol import Presentable
from ..core.render import WIDTH, fit, listing
from ..core.views import Card

__all__ = ["Entry", "Menu", "Picker", "cards_of", "label_of"]

A = TypeVar("A")


# Every game's view functions: the menu passes on only what the game itself handed out.
Shown = Presentable[Never, A, object]


def cards_of(game: Shown[Never]) -> tuple[Card, ...]:
    """The game's cards (none for a game without any)."""
    return tuple(game.cards())


def label_of(game: Shown[A], action: A, observation: object) -> str:
    """The game's button words for ``action`` to the seat of ``observation``."""
    return str(game.action_label(action, observation))


def _normal(text: str) -> str:
    """Lower case, ``_`` as a space, single spaces: what two spellings share."""
    return re.sub(r"[\s_]+", " ", text.strip().lower())


def _gist(text: str) -> str:
    """``_normal`` without articles: ``Take the fish`` says what ``take fish`` says."""
    return " ".join(word for word in _normal(text).split() if word not in ("the", "a", "an"))


def _says(label: str, notation: str) -> bool:
    """Whether the words of ``notation`` appear in ``label`` in their order (``Start at L1``
    says ``start L1``; ``Once`` does not say ``times 1``): then the notation need not be shown."""
    words = iter(re.sub(r"[^\w\s]", " ", _normal(label)).split())
    return all(word in words for word in _normal(notation).split())


@attrs.frozen
class Entry(Generic[A]):
    """One numbered line of the list: an action, or a group of options composed of parts."""

    kind: str  # the group's kind, as core.play.group_actions names it
    action: A | None = None
    composition: Composition | None = None
    options: tuple[A, ...] = ()  # a composed entry's actions, in the order offered


class Menu(Generic[A]):
    """A decision's legal actions as numbered entries, grouped by kind, in the words of the game
    for the seat whose ``observation`` is given (the one deciding)."""

    def __init__(self, game: Shown[A], legal: Sequence[A], observation: object) -> None:
        self.game = game
        self.legal = list(legal)
        self.observation = observation
        self.cards = {card.key: card for card in cards_of(game)}
        self.entries: list[Entry[A]] = []
        self.groups: list[tuple[str, list[Entry[A]]]] = []
        for kind, group in group_actions(self.legal):
            composition = compose([str(action) for action in group])
            if composition is not None:
                entries = [Entry(kind, composition=composition, options=tuple(group))]
            else:
                entries = [Entry(kind, action=action) for action in group]
            self.entries += entries
            self.groups.append((kind, entries))

    def lines(self, height: int | None = None, *, fold: bool = True) -> list[str]:
        """The list as the terminal prints it, every line at most 80 columns; longer than
        ``height`` lines, each group's short entries are set in columns, read down, and then
        (unless not ``fold``) the tallest groups are folded into a line of their numbers."""
        lines: list[str] = []
        number = 0
        for kind, entries in self.groups:
            composed = entries[0].composition
            ways = f" ({len(entries[0].options)} ways)" if composed is not None else ""
            lines.append(f"  {kind}{ways}:")
            for entry in entries:
                number += 1
                lines += self._entry_lines(number, entry)
        if height is None or len(lines) <= height:
            return lines
        blocks = self._columns()
        if not fold:
            return [line for block in blocks for line in block]
        # Still too many: the tallest groups as one line each, listed in full by `table`.
        for k in sorted(range(len(blocks)), key=lambda k: -len(blocks[k])):
            entries = self.groups[k][1]
            if sum(map(len, blocks)) <= height or len(blocks[k]) < 2:
                break
            if len(entries) >= 2 and entries[0].composition is None:
                blocks[k] = self._folded(k)
        return [line for block in blocks for line in block]

    def _columns(self) -> list[list[str]]:
        """Each group's lines, its short entries in columns, read down."""
        blocks: list[list[str]] = []
        number = 0
        for kind, entries in self.groups:
            if entries[0].composition is not None:
                number += 1
                blocks.append(
                    [f"  {kind} ({len(entries[0].options)} ways):", *self._entry_lines(number, entries[0])]
                )
                continue
            cells = [f"{number + k:>3}. {self.describe(entry.action)}" for k, entry in enumerate(entries, 1)]
            number += len(entries)
            width = max(len(cell) for cell in cells) + 2
            across = max(1, (WIDTH - 4 + 2) // width)
            down = -(-len(cells) // across)
            if across == 1:
                blocks.append([f"  {kind}:", *(line for cell in cells for line in _hanging("    ", cell))])
                continue
            rows = [
                "    " + "".join(cell.ljust(width) for cell in cells[row::down]).rstrip()
                for row in range(down)
            ]
            blocks.append([f"  {kind}:", *rows])
        return blocks

    def _folded(self, index: int) -> list[str]:
        """Group ``index`` as one line saying which numbers it holds."""
        first = (
            sum(len(entries) if entries[0].composition is None else 1 for _, entries in self.groups[:index])
            + 1
        )
        kind, entries = self.groups[index]
        last = first + len(entries) - 1
        return fit(f"  {kind}: {first}-{last}, {len(entries)} options (`table` lists them)")

    def _entry_lines(self, number: int, entry: Entry[A]) -> list[str]:
        head = f"    {number:>3}. "
        if entry.composition is not None:
            return _composed_lines(head, number, entry.composition)
        return _hanging(head, self.describe(entry.action))

    def describe(self, action: A | None) -> str:
        """``Enter Fishery (fee 1 food, to P1)``, ``Take the fish``, ``Pay 2 fish, 1 Franc  [pay
        2 fish 1 francs]``: the button's words, and the notation if the words differ."""
        notation = str(action)
        label = str(action) if action is None else label_of(self.game, action, self.observation)
        return label if _says(label, notation) else f"{label}  [{notation}]"

    def number_of(self, action: A) -> int | None:
        """The entry ``action`` is listed under (a composed entry holds many), counted from 1."""
        for number, entry in enumerate(self.entries, 1):
            if entry.action is action or action in entry.options or entry.action == action:
                return number
        return None

    def typed(self, line: str) -> str | None:
        """The notation a typed line means when it is not the notation itself: the button's
        words (``build wood company``), a notation with spaces for ``_``, or the parts of a
        composed option in any order (``choose clay fish``)."""
        wanted = _normal(line)
        for entry in self.entries:
            if entry.action is not None and _gist(wanted) in (
                _gist(str(entry.action)),
                _gist(label_of(self.game, entry.action, self.observation)),
            ):
                return str(entry.action)
            composition = entry.composition
            if composition is not None and line.split()[:1] == [composition.verb]:
                read = composition.read(line)
                if read is not None:
                    return read
        return None

    def examples(self) -> list[str]:
        """What may be typed for this decision, for ``help``: the first options' notation and
        words, and a composed option's parts (a few, each once)."""
        found: dict[str, None] = {}
        for entry in self.entries[:2]:
            if entry.action is not None:
                found.setdefault(str(entry.action))
                found.setdefault(label_of(self.game, entry.action, self.observation))
            elif entry.composition is not None:
                found.setdefault(max((text for text, _ in entry.composition.options), key=len))
        return list(found)[:4]

    def why_not(self, line: str) -> str | None:
        """Why a typed composed option (``choose fish wood``) is none of this decision's: a
        word that is not a part, or too few or too many parts (``the options take 4 parts``)."""
        for entry in self.entries:
            composition = entry.composition
            if composition is None or composition.kind == "count" or line.split()[:1] != [composition.verb]:
                continue
            rest = line.split(None, 1)[1] if len(line.split()) > 1 else ""
            counts = _parse_parts(composition, rest) if rest else {}
            if counts is None:
                return f"not a part of this choice in {rest!r}; the parts: {', '.join(_words(composition))}"
            sizes = sorted({sum(taken.values()) for _, taken in composition.options})
            named = sum(counts.values())
            if named not in sizes:
                wanted = " or ".join(str(size) for size in sizes)
                return f"{composition.verb} takes {wanted} part{'s' * (sizes != [1])}, not {named}"
            return f"no option takes {_counts_text(counts)}"
        return None

    def verbs(self) -> set[str]:
        """The first words of the options' notations (``take``, ``enter``, ``pay``)."""
        return {str(action).split()[0].lower() for action in self.legal if str(action).split()}

    def words(self) -> set[str]:
        """The words of every option's notation and of the cards they name (for Tab)."""
        words: set[str] = set()
        for action in self.legal:
            words.update(str(action).split())
        return words

    def named_cards(self) -> list[Card]:
        """The cards this decision's options name, in the order first named."""
        named: dict[str, Card] = {}
        for action in self.legal:
            for word in str(action).split()[1:]:
                if word in self.cards:
                    named.setdefault(word, self.cards[word])
        return list(named.values())


def _composed_lines(head: str, number: int, composition: Composition) -> list[str]:
    """``3. pick one by one (type 3), or type them: pay 2 fish 1 bread`` and the parts."""
    example = max((text for text, _ in composition.options), key=lambda text: len(text.split()))
    if composition.kind == "count":
        part = composition.parts[0]
        return _hanging(
            head, f"type {composition.verb} N, N from {part.least} to {part.most}, or {number} to be asked"
        )
    parts = [_part_text(composition, word) for word in _words(composition)]
    return [
        *_hanging(head, f"pick one by one (type {number}), or type them: {example}"),
        *listing(" " * len(head) + "from: ", parts, indent=" " * len(head)),
    ]


def _hanging(head: str, text: str) -> list[str]:
    """``head + text`` in lines of 80 columns, the later ones starting under ``text``."""
    lead = len(head) - len(head.lstrip(" "))
    return fit(head + text, indent=" " * (len(head) - lead))


def _words(composition: Composition) -> list[str]:
    return [part.word for part in composition.parts]


def _part_text(composition: Composition, word: str) -> str:
    most = next(part.most for part in composition.parts if part.word == word)
    return word if composition.kind == "set" or most == 1 else f"{word} (up to {most})"


class Picker:
    """Picking the parts of a composed option one at a time, a line each: a part's word
    (``fish``), an amount (``2 fish``), the number a part is listed under (``3) clay``;
    the list shows only what may still be added, numbered afresh after each pick), ``done`` once
    the picks make a legal option, ``back`` to take the last pick back. ``take`` returns
    the legal notation the picks make at ``done``, or once nothing more can be added if ``done``
    was never offered on the way."""

    def __init__(self, composition: Composition) -> None:
        self.composition = composition
        self.counts: dict[str, int] = {}
        self.history: list[dict[str, int]] = []  # the counts before each pick, for ``back``

    @property
    def prompt(self) -> str:
        if self.composition.kind == "count":
            part = self.composition.parts[0]
            return f"{self.composition.verb} ({part.least}-{part.most}; empty: back)> "
        return f"{self.composition.verb}> "

    def intro(self) -> list[str]:
        """What the person is asked, printed when the picking starts."""
        verb = self.composition.verb
        if self.composition.kind == "count":
            return [f"{verb}: type the number (an empty line goes back to the list)"]
        return [
            *fit(f"{verb}: pick the parts one at a time by word or number; `done` takes the picks"),
            *fit("  `back` takes the last pick back; `cancel` or an empty line goes back to the list"),
            *self.status(),
        ]

    def addable(self) -> list[str]:
        """The parts that some option still reachable takes more of, in the parts' order."""
        reachable = set(self.composition.reachable(self.counts))
        return [
            part.word
            for part in self.composition.parts
            if any(
                taken.get(part.word, 0) > self.counts.get(part.word, 0)
                for text, taken in self.composition.options
                if text in reachable
            )
        ]

    def status(self) -> list[str]:
        """The picks so far, what may be added (numbered), and the option they make if any."""
        offered = [f"{k}) {_part_text(self.composition, word)}" for k, word in enumerate(self.addable(), 1)]
        lines = listing(f"  picked {_counts_text(self.counts)}; add: ", offered)
        whole = self.composition.notation(self.counts)
        if whole is not None and not self.addable():
            lines += fit(f"  nothing more can be added: `done` plays {whole} (`back` takes a pick back)")
        elif whole is not None:
            lines += fit(f"  `done` plays {whole}")
        return lines

    def take(self, line: str) -> str | None:
        """Add what ``line`` names (or ``done``, ``back``); the notation once the picks are a
        whole option, else ``None``. A ``ValueError`` says why a line was not taken."""
        composition = self.composition
        if composition.kind == "count":
            chosen = composition.read(line)
            if chosen is None:
                legal = ", ".join(str(taken[""]) for _, taken in composition.options)
                raise ValueError(f"type one of: {legal}")
            return chosen
        word = line.strip().lower()
        if word == "done":
            whole = composition.notation(self.counts)
            if whole is None:
                sizes = sorted({sum(taken.values()) for _, taken in composition.options})
                have = sum(self.counts.values())
                wanted = " or ".join(str(size) for size in sizes)
                raise ValueError(
                    f"not a legal choice yet: it takes {wanted} part{'s' * (sizes != [1])}, you have "
                    f"{have}; add " + " or ".join(self.addable())
                )
            return whole
        if word == "back":
            self.counts = self.history.pop() if self.history else {}
            return None
        addable = self.addable()  # numbered as `status` lists them, afresh after each pick
        if word.isascii() and word.isdigit():
            number = int(word) if len(word) < 4 else 0
            if not 1 <= number <= len(addable):
                raise ValueError(f"pick a part by its number in the list (1 to {len(addable)}) or its word")
            added: dict[str, int] | None = {addable[number - 1]: 1}
        else:
            added = _parse_parts(composition, line)
        if added is None:
            raise ValueError(
                f"not a part of this choice: {line!r} (the parts: {', '.join(_words(composition))})"
            )
        after = dict(self.counts)
        for part, n in added.items():
            after[part] = after.get(part, 0) + n
        reachable = set(composition.reachable(after))
        if not reachable:
            raise ValueError(f"no legal option takes {_counts_text(after)}")
        self.history.append(self.counts)
        self.counts = after
        whole = composition.notation(after)
        # A pick that leaves one option plays it, unless `done` was offered on the way (a smaller
        # pick was an option already): then the person waits to type the `done` they were told
        # of, which must not go to the next decision.
        offered = any(composition.notation(before) is not None for before in self.history)
        return whole if whole is not None and reachable == {whole} and not offered else None


def _counts_text(counts: Mapping[str, int]) -> str:
    shown = [word if n == 1 else f"{n} {word}" for word, n in counts.items() if n]
    return ", ".join(shown) if shown else "nothing yet"


def _parse_parts(composition: Composition, line: str) -> dict[str, int] | None:
    """``fish``, ``2 fish``, ``fish wood``: the parts a line adds, or ``None`` if it names
    something that is not one (case does not matter, ``smoked fish`` is ``smoked_fish``)."""
    spelled = {_normal(word): word for word in _words(composition)}
    added: dict[str, int] = {}
    tokens = line.split()
    number = 1
    place = 0
    while place < len(tokens):
        token = tokens[place]
        if token.isascii() and token.isdigit() and composition.kind == "amounts" and len(token) < 5:
            number = int(token)
            place += 1
            continue
        # the longest run of tokens that spells a part ("smoked fish")
        for end in range(len(tokens), place, -1):
            word = spelled.get(_normal(" ".join(tokens[place:end])))
            if word is not None:
                added[word] = added.get(word, 0) + number
                number, place = 1, end
                break
        else:
            return None
    return added or None
