"""``harborgames review RECORD``: how a finished game was won, for one seat, at 80 columns.

Prints ``harborgames.review``'s review (docs/review.md): each seat's estimated final score over
the game as a text sparkline with the rounds marked, the turning points of the reviewed seat
(what it played, what the judge preferred, the estimate's difference), and the final score by
source. ``play``'s ``review`` command at the end of a game prints the same.
"""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Sequence
from pathlib import Path

from ..core.protocol import GameRecord, LoadedGame
from ..review import DEFAULT_BUDGET, Budget, review
from .arguments import Commands
from .output import Progress
from .replay import read_records
from .words import plural

__all__ = ["add_review_parser", "print_review", "reviewed_seat", "show_review"]


def add_review_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "review", help="review a finished game: the standing over the game and the turning points"
    )
    parser.add_argument("record", help="a finished game's record (JSON), as play's save writes it")
    parser.add_argument(
        "--seat", type=int, help="the seat to review (default: the record's one human seat, else 0)"
    )
    parser.add_argument(
        "--judge",
        default=DEFAULT_BUDGET.judge,
        help=f"the bot spec that judges the turning points (default {DEFAULT_BUDGET.judge})",
    )
    parser.add_argument(
        "--candidates",
        type=int,
        default=DEFAULT_BUDGET.candidates,
        help=f"decisions the judge is asked about: more is deeper and slower "
        f"(default {DEFAULT_BUDGET.candidates})",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_BUDGET.samples,
        help=f"states each estimate averages where something is hidden (default {DEFAULT_BUDGET.samples})",
    )
    parser.set_defaults(run=run_review)


def run_review(args: argparse.Namespace) -> int:
    path = Path(args.record)
    entries = read_records(path, args.extra_games)
    if len(entries) > 1:
        raise ValueError(f"{path} holds {plural(len(entries), 'record')}: a review is of one game")
    _, game, record = entries[0]
    seat = reviewed_seat(record, args.seat)
    budget = Budget(judge=args.judge, candidates=args.candidates, samples=args.samples)
    print_review(game, record, seat, budget)
    return 0


def reviewed_seat(record: GameRecord, seat: int | None, humans: Sequence[int] = ()) -> int:
    """The seat asked for, else the one person's seat (``humans``, or the record's ``human``
    seat), else seat 0."""
    if seat is not None:
        return seat
    people = list(humans) or [s for s, who in enumerate(record.seats) if who == "human"]
    return people[0] if len(people) == 1 else 0


def print_review(game: LoadedGame, record: GameRecord, seat: int, budget: Budget = DEFAULT_BUDGET) -> None:
    """The review of ``seat``'s game, with a progress bar on stderr while it is made; a
    ``ReviewError`` (a ``ValueError``) for a record that cannot be reviewed."""
    width = min(80, shutil.get_terminal_size((80, 24)).columns)
    bar: Progress | None = None

    def advance(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:  # the review says its total with its first step
            bar = Progress(total, f"reviewing P{seat}'s game").__enter__()
        bar.advance()

    try:
        made = review(game, record, seat, budget=budget, progress=advance)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    print("\n".join(made.lines(width)))


def show_review(game: LoadedGame, record_text: str, seat_word: str, humans: Sequence[int]) -> None:
    """``play``'s ``review [SEAT]`` at the end of a game: the review of the person's seat (or
    of ``seat_word``'s), at the default budget; a refusal is printed, and play goes on."""
    try:
        record = game.loads(record_text)
        if not isinstance(record, GameRecord):
            raise ValueError("the game's record could not be made")
        if seat_word and not seat_word.isdigit():
            raise ValueError(f"review takes a seat number, not {seat_word[:20]!r}")
        print_review(game, record, reviewed_seat(record, int(seat_word) if seat_word else None, humans))
    except ValueError as error:
        print(f"no review: {error}")
