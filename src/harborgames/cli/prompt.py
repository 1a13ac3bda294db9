"""What ``harborgames play``'s prompt shows (the table as the seat may see it, the decision's
options, fitted to the terminal) and the commands every prompt knows: ``help``, ``info``,
``table``, ``save``, ``hint``."""

from __future__ import annotations

import inspect
import itertools
import os
import sys
from collections.abc import Mapping
from typing import TypeVar

from .. import bots
from ..bots.base import derive_seed
from ..core.protocol import GameModule, State
from ..core.render import fit, listing
from ..core.views import Card, find_card
from .choices import Menu, cards_of
from .session import Session

__all__ = ["COMMANDS", "info", "run_command", "say", "screen"]

S = TypeVar("S", bound=State)
A = TypeVar("A")

_HELP = """commands (at any prompt):
  N            play option N from the list (a composed one asks for its parts)
  <notation>   play an option by its notation ([shown] where it differs from its
               words) or by its words; a composed one by its parts, in any order
  info NAME    print a card: cost, fee, value and what it does (info alone: what
               this decision's options name; info board: how to read the table)
  undo         take back your last decision (and the bots' moves after it)
  save FILE    write the game so far (resume: harborgames play --load FILE)
  hint         ask the strongest preset (hard) what it would do in your place
  table        show the whole table and the options again
  help         this text
  quit         leave the game (asks first unless it is saved)"""

COMMANDS = ("info", "undo", "save", "hint", "table", "help", "quit")


def table_of(game: GameModule[S, A], state: S, seat: int) -> str:
    """The table as ``seat`` may see it, without render's ``forced:`` lines (the session
    printed each forced decision when it happened).

    The protocol's ``render(state, player)`` draws only what that seat may know; a third-party
    game whose ``render`` takes no ``player`` draws everything.
    """
    parameters: Mapping[str, inspect.Parameter]
    try:
        parameters = inspect.signature(game.render).parameters
    except (TypeError, ValueError):
        parameters = {}
    if "player" in parameters:
        return without_forced(game.render(state, player=seat))
    return without_forced(game.render(state))


def screen(game: GameModule[S, A], state: S, seat: int, menu: Menu[A]) -> list[str]:
    """The table and the decision, as a terminal of ``terminal_rows()`` lines shows them together: the
    whole table where it fits, else the game's ``render_seat`` (the header and this seat's own
    holdings; ``table`` prints the rest), and the options in columns if they are many."""
    table = table_of(game, state, seat).splitlines()
    rows = terminal_rows()
    if rows is None:
        return [*table, f"seat {seat} (you) to decide:", *menu.lines()]
    room = rows - 2  # the "to decide" line and the prompt
    if len(table) + len(menu.lines()) > room:
        table = [
            *without_forced(game.render_seat(state, seat)).splitlines(),
            "(`table` shows the whole table; `info board` explains it)",
        ]
    return [*table, f"seat {seat} (you) to decide:", *menu.lines(room - len(table))]


def terminal_rows() -> int | None:
    """The lines of the terminal play writes to; ``None`` for a pipe or a file (no limit)."""
    try:
        if not sys.stdout.isatty():
            return None
        return os.get_terminal_size(sys.stdout.fileno()).lines
    except (OSError, ValueError, AttributeError):  # no real file (tests capture stdout)
        return None


def without_forced(table: str) -> str:
    return "\n".join(line for line in table.splitlines() if not line.startswith("forced: "))


def say(text: str) -> None:
    """A message in lines that fit the terminal."""
    print(*fit(text, indent="  "), sep="\n")


def show_card(card: Card) -> None:
    print(*(part for line in card.lines() for part in fit(line, indent="  ")), sep="\n")


def run_command(session: Session[S, A], menu: Menu[A], seat: int, line: str) -> bool:
    """Run ``line`` if it is one of the commands every prompt knows (help, info, table, save,
    hint); whether it was."""
    command, _, rest = line.partition(" ")
    command, rest = command.lower(), rest.strip()
    game = session.game
    if command in ("help", "?"):
        show_help(game, menu, rest)
    elif command == "info":
        info(game, menu, rest)
    elif command == "table":
        print(table_of(game, session.state, seat))
        print("\n".join(menu.lines(terminal_rows(), fold=False)))  # every option, in columns if many
    elif command == "save":
        session.save(rest)
    elif command == "hint":
        seed = derive_seed("hint", session.record.seed, len(session.actions))
        # the strongest preset at its tuned budget (within 0.4 s of CPU), reproducible
        adviser = bots.make(bots.HINT, seed=seed, time_limit=None)
        suggestion = adviser.choose(bots.make_view(game, session.state, seat))
        number = menu.number_of(suggestion)
        asked = getattr(adviser, "plays", "")
        say(f"hint ({bots.HINT}{': ' + asked if asked else ''}): {number}. {menu.describe(suggestion)}")
    else:
        return False
    return True


def show_help(game: GameModule[S, A], menu: Menu[A], word: str) -> None:
    """The commands; ``help NAME`` of a card points at ``info`` and prints it."""
    if not word:
        print(_HELP)
        examples = menu.examples()
        if examples:
            say("  for example, now: " + ", ".join(f"`{text}`" for text in examples))
        return
    if word.lower() in COMMANDS:
        lines = _HELP.splitlines()
        start = next(k for k, line in enumerate(lines) if line.strip().startswith(word.lower()))
        more = itertools.takewhile(lambda line: line.startswith(" " * 15), lines[start + 1 :])
        print(lines[start], *more, sep="\n")  # with the lines the entry goes on in
        return
    try:
        card = find_card(cards_of(game), word)
    except LookupError as error:
        print(f"{error}; `help` lists the commands, `info NAME` prints a card")
        return
    print(f"`info {card.key}` prints a card at any prompt:")
    show_card(card)


def info(game: GameModule[S, A], menu: Menu[A], word: str) -> None:
    """The card ``word`` names; without one, the cards this decision's options name."""
    cards = cards_of(game)
    if not cards:
        print(f"{game.INFO.title} has no cards to read")
        return
    if not word:
        named = menu.named_cards()
        print("`info NAME` reads a card or a code of the table; `info board` explains the table")
        if named:
            print("\n".join(fit("this decision names: " + ", ".join(card.key for card in named))))
        elif menu.entries:  # nothing to read: what is offered, in its words
            offered = [menu.describe(entry.action) for entry in menu.entries if entry.action is not None]
            offered += [f"{entry.composition.verb} ..." for entry in menu.entries if entry.composition]
            print(*listing("this decision offers: ", offered, separator="; "), sep="\n")
        return
    try:
        card = find_card(cards, word)
    except LookupError as error:
        board = any(card.key == "board" for card in cards)
        say(f"{error}{'; `info board` explains the words of the table' if board else ''}")
        return
    show_card(card)
