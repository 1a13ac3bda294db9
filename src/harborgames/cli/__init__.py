"""The ``harborgames`` command: list games, play against bots, replay records, run arenas and ladders.

``main(argv)`` returns the exit status instead of exiting, so tests and other programs can
call it in-process.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from .. import __version__
from ..core.errors import FormatError, IllegalActionError
from ..core.protocol import LoadedGame
from ..core.render import fit
from . import output
from .arena import add_arena_parser
from .games import add_games_parser
from .ladder import add_ladder_parser
from .play import add_play_parser
from .replay import add_replay_parser
from .review import add_review_parser
from .serve import add_serve_parser
from .tune import add_tune_parser

__all__ = ["build_parser", "main"]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


_PLAIN_HELP = "plain text output even if rich is installed"
_BROKEN_PIPE = 128 + 13  # what a shell reports for a command ended by SIGPIPE


def build_parser() -> argparse.ArgumentParser:
    """The ``harborgames`` command's parser with every subcommand, for ``main`` and for a
    program that documents or embeds the command."""
    parser = argparse.ArgumentParser(
        prog="harborgames",
        description="Harbour board games by their printed rules: play, replay and pit bots.",
    )
    parser.add_argument("--version", action="version", version=f"harborgames {__version__}")
    parser.add_argument("--plain", action="store_true", help=_PLAIN_HELP)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_games_parser(commands)
    add_play_parser(commands)
    add_replay_parser(commands)
    add_review_parser(commands)
    add_arena_parser(commands)
    add_ladder_parser(commands)
    add_serve_parser(commands)
    add_tune_parser(commands)
    for command in commands.choices.values():
        # Also after the command; SUPPRESS keeps a --plain given before it.
        command.add_argument("--plain", action="store_true", default=argparse.SUPPRESS, help=_PLAIN_HELP)
    return parser


def main(argv: Sequence[str] | None = None, *, games: Mapping[str, LoadedGame] | None = None) -> int:
    """Run one command; the exit status (0 ok, 1 a failed check or game error, 2 bad usage).

    ``games`` adds game modules to the registered ones, by name, for a program that embeds the
    command (or a test with a toy game); names on the command line or in records never make
    the command import a module.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits on --help and on usage errors
        return int(stop.code) if isinstance(stop.code, int) else 2
    args.extra_games = dict(games or {})
    output.set_plain(args.plain)
    try:
        status: int = args.run(args)
        sys.stdout.flush()  # a closed pipe shows up here, not at exit
    except BrokenPipeError:  # e.g. `harborgames games | head -3`: the reader has enough
        _silence_stdout()
        return _BROKEN_PIPE
    except (FormatError, IllegalActionError) as error:
        _error(str(error))
        return 1
    except ValueError as error:  # unknown game, bot, variant, player count
        _error(str(error))
        return 2
    except OSError as error:  # a file that could not be read or written after all
        _error(_os_message(error))
        return 1
    except KeyboardInterrupt:
        print("\nharborgames: interrupted", file=sys.stderr)  # ^C was echoed mid-line
        return 130
    return status


def _error(message: str) -> None:
    """``harborgames: error: MESSAGE`` on stderr; on a terminal in lines of 80 columns broken at
    words (a terminal would break them mid-word), to a pipe or a file as one line to grep."""
    text = f"harborgames: error: {message}"
    lines = fit(text, indent="  ") if sys.stderr.isatty() else [text]
    print(*lines, sep="\n", file=sys.stderr)


def _os_message(error: OSError) -> str:
    """``error`` as "PATH: reason" (``[Errno 2] No such file or directory: 'runs/x'`` reads as
    Python's, not the command's)."""
    if error.filename is not None and error.strerror:
        return f"{error.filename}: {error.strerror}"
    return str(error)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that the flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (tests capture stdout)
        pass
