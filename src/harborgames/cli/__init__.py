"""The ``harborgames`` command: list games, play against bots, replay records, run arenas.

``main(argv)`` returns the exit status instead of exiting, so tests and other programs can
call it in-process.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..core.errors import FormatError, IllegalActionError
from . import output
from .arena import add_arena_parser
from .games import add_games_parser
from .play import add_play_parser
from .replay import add_replay_parser

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="harborgames",
        description="Harbour board games by their printed rules: play, replay and pit bots.",
    )
    parser.add_argument("--version", action="version", version=f"harborgames {__version__}")
    parser.add_argument("--plain", action="store_true", help="plain text output even if rich is installed")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_games_parser(commands)
    add_play_parser(commands)
    add_replay_parser(commands)
    add_arena_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (0 ok, 1 a failed check or game error, 2 bad usage)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits on --help and on usage errors
        return int(stop.code) if isinstance(stop.code, int) else 2
    output.set_plain(args.plain)
    try:
        status: int = args.run(args)
    except (FormatError, IllegalActionError) as error:
        print(f"harborgames: error: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # unknown game, bot, variant, player count
        print(f"harborgames: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("harborgames: interrupted", file=sys.stderr)
        return 130
    return status
