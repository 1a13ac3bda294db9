"""``harborgames play``: a person against bots at the terminal.

Reads one line per decision from standard input, so a script can drive a whole game: a number
from the list, the action's notation, or one of the commands ``undo``, ``save FILE``, ``hint``,
``table``, ``help``, ``quit``.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Generic, TypeVar

from .. import bots
from ..bots.arena import check_spec
from ..bots.base import derive_seed
from ..core.errors import IllegalActionError
from ..core.play import group_actions, make_record
from ..core.protocol import GameModule, State
from .arguments import Commands, add_game_argument, add_rules_arguments
from .setup import check_setup, load_game, parse_options
from .words import plural

__all__ = ["add_play_parser"]

S = TypeVar("S", bound=State)
A = TypeVar("A")

_HELP = """commands:
  N            play action number N from the list
  <notation>   play an action by its notation, e.g. as listed
  undo         take back your last decision (and the bots' moves after it)
  save FILE    write the game so far as a record (replay it with `harborgames replay FILE`)
  hint         ask the strongest bot what it would do in your place
  table        show the table again
  help         this text
  quit         leave the game"""


def add_play_parser(commands: Commands) -> None:
    parser = commands.add_parser("play", help="play against bots in the terminal")
    add_game_argument(parser)
    parser.add_argument("--players", type=int, help="number of seats (default: the minimum)")
    parser.add_argument(
        "--bots",
        help="bots for the other seats, comma-separated, in seat order; "
        "one name fills every bot seat (default: the strongest search for the game)",
    )
    parser.add_argument(
        "--seats", default="0", help="your seat or seats, comma-separated, 0-based (default 0)"
    )
    parser.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    add_rules_arguments(parser)
    parser.set_defaults(run=run_play)


class _Session(Generic[S, A]):
    """One game at the terminal: the moves so far and the states they passed through."""

    def __init__(
        self,
        game: GameModule[S, A],
        num_players: int,
        seed: int,
        variant: str,
        options: dict[str, str],
        humans: set[int],
        players: dict[int, bots.Bot],
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.variant = variant
        self.options = options
        self.humans = humans
        self.players = players
        self.states = [game.new_game(num_players, seed=seed, variant=variant, options=options)]
        self.actions: list[A] = []

    @property
    def state(self) -> S:
        return self.states[-1]

    def push(self, action: A) -> None:
        """Apply ``action`` and print the decisions the engine then took alone; an
        ``IllegalActionError`` leaves the session as it was."""
        after = self.game.apply(self.state, action)
        # The record keeps the offered object: ``apply`` took an equal action of its exact class
        # (a bot's ``Times(numpy.int64(2))``) as that one, and only it prints and parses back.
        legal = self.game.legal_actions(self.state)
        same = [a for a in legal if a is action] or [
            a for a in legal if type(a) is type(action) and a == action
        ]
        self.states.append(after)
        self.actions.append(same[0] if same else action)
        _show_forced(self.state)

    def undo(self) -> bool:
        """Back to the human decision before the current one; False if there is none."""
        for index in range(len(self.actions) - 1, -1, -1):
            if self.states[index].current_player in self.humans:
                del self.states[index + 1 :]
                del self.actions[index:]
                return True
        return False

    def record_json(self) -> str:
        record = make_record(
            self.game,
            self.num_players,
            self.seed,
            self.actions,
            variant=self.variant,
            options=self.options,
        )
        return self.game.dumps(record)

    def who(self, seat: int) -> str:
        return "you" if seat in self.humans else self.players[seat].name


def _show_forced(state: object) -> None:
    """The decisions the engine took because each had one legal option (``state.forced``)."""
    for forced in getattr(state, "forced", ()):
        print(f"forced: {forced}")


def _read(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line if line.endswith("\n") else line + "\n")  # echo scripted input
    return line.strip()


def _table(game: GameModule[S, A], state: S, seat: int) -> str:
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
        return _without_forced(game.render(state, player=seat))
    return _without_forced(game.render(state))


def _without_forced(table: str) -> str:
    return "\n".join(line for line in table.splitlines() if not line.startswith("forced: "))


def _show_choices(legal: Sequence[A]) -> list[A]:
    numbered: list[A] = []
    for kind, group in group_actions(legal):
        print(f"  {kind}:")
        for action in group:
            numbered.append(action)
            print(f"    {len(numbered):>3}. {action}")
    return numbered


def run_play(args: argparse.Namespace) -> int:
    game = load_game(args.game, args.extra_games)
    info = game.INFO
    num_players = args.players if args.players is not None else info.min_players
    options = parse_options(args.option)
    variant = check_setup(info, num_players, args.variant, options)
    try:
        humans = {int(s) for s in args.seats.split(",") if s.strip()}
    except ValueError:
        raise ValueError(f"--seats takes seat numbers, not {args.seats!r}") from None
    if not humans or not all(0 <= s < num_players for s in humans):
        raise ValueError(f"--seats must name seats 0-{num_players - 1}, not {args.seats!r}")
    bot_seats = [s for s in range(num_players) if s not in humans]
    specs = (args.bots or bots.strongest(info.information)).split(",")
    if len(specs) == 1:
        specs = specs * len(bot_seats)
    if len(specs) != len(bot_seats):
        raise ValueError(
            f"--bots names {plural(len(specs), 'bot')} for {plural(len(bot_seats), 'bot seat')}; "
            "name one bot per bot seat, or one bot for all of them"
        )
    for spec in specs:
        check_spec(spec.strip(), "play, from the game seed,")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    players = {
        seat: bots.make_from_spec(spec.strip(), seed=derive_seed("play", seed, seat))
        for seat, spec in zip(bot_seats, specs, strict=True)
    }
    return _play(_Session(game, num_players, seed, variant, options, humans, players))


def _play(session: _Session[S, A]) -> int:
    """The game from its start to its end (or until the person leaves); the exit status."""
    game, players, num_players = session.game, session.players, session.num_players
    seats = ", ".join(f"seat {s}: {session.who(s)}" for s in range(num_players))
    print(
        f"{game.INFO.title}, {plural(num_players, 'player')}, variant {session.variant}, "
        f"seed {session.seed} ({seats})"
    )
    print("type `help` for the commands")
    _show_forced(session.state)
    try:
        while session.state.current_player is not None:
            seat = session.state.current_player
            if seat not in session.humans:
                view = bots.make_view(game, session.state, seat)
                action = players[seat].choose(view)
                # A game may keep part of a move secret from the table (Le Havre's Marketplace).
                public = getattr(game, "public_notation", None)
                shown = public(session.state, action) if callable(public) else str(action)
                print(f"seat {seat} ({players[seat].name}): {shown}")
                session.push(action)
                continue
            status = _human_turn(session, seat)
            if status is not None:
                return status
    except KeyboardInterrupt:
        print()  # ^C was echoed on the prompt line
        print("interrupted; the game is left unfinished")
        return 130
    final = session.state
    print(game.render(final))
    scores = game.scores(final)
    print("scores: " + ", ".join(f"seat {s} ({session.who(s)}) {v}" for s, v in enumerate(scores)))
    won = game.winners(final)
    print("winners: " + ", ".join(f"seat {s} ({session.who(s)})" for s in won))
    return 0


def _human_turn(session: _Session[S, A], seat: int) -> int | None:
    """One human decision (after any commands); an exit status if the person left."""
    game, state = session.game, session.state
    print()
    print(_table(game, state, seat))
    print(f"seat {seat} (you) to decide:")
    numbered = _show_choices(game.legal_actions(state))
    while True:
        line = _read("> ")
        if line is None:
            print()  # the prompt line is still open
            print("input ended; the game is left unfinished")
            return 1
        if not line:
            continue
        command, _, rest = line.partition(" ")
        if command in ("quit", "exit"):
            print("game abandoned")
            return 0
        if command in ("help", "?"):
            print(_HELP)
        elif command == "table":
            print(_table(game, state, seat))
            _show_choices(numbered)
        elif command == "undo":
            if session.undo():
                return None
            print("nothing of yours to undo")
        elif command == "save":
            if not rest.strip():
                print("save needs a file name: save FILE")
                continue
            try:
                Path(rest.strip()).write_text(session.record_json() + "\n", encoding="utf-8")
            except (OSError, ValueError) as error:  # ValueError: a NUL in the name
                print(f"could not save: {error}")
            else:
                print(f"saved {plural(len(session.actions), 'move')} to {rest.strip()}")
        elif command == "hint":
            name = bots.strongest(game.INFO.information)
            adviser = bots.make(name, seed=derive_seed("hint", session.seed, len(session.actions)))
            suggestion = adviser.choose(bots.make_view(game, state, seat))
            print(f"hint ({name}): {numbered.index(suggestion) + 1}. {suggestion}")
        elif line.isascii() and line.isdigit():  # not "²" or "٣": those go to parse_action
            number = int(line) if len(line) < 10 else 0
            if 1 <= number <= len(numbered):
                session.push(numbered[number - 1])
                return None
            print(f"choose a number from 1 to {len(numbered)}")
        else:
            try:
                action = game.parse_action(state, line)
            except (IllegalActionError, ValueError) as error:
                print(f"not a legal action: {error}")
                continue
            try:
                session.push(action)
            except IllegalActionError as error:  # well written, but the rules say no
                print(f"not allowed now: {error}")
                continue
            return None
