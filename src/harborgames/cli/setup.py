"""What the commands check before a game starts: the game, its setup, rule options, output files.

Checking everything before the first game (or the first worker process) turns a typo into one
clear error instead of a crash after a long run.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import harborgames

from ..core.notation import shown
from ..core.protocol import Game, GameInfo, LoadedGame, Presentable, require

__all__ = ["check_output_path", "check_setup", "load_game", "parse_options"]


def load_game(name: str, extra: Mapping[str, LoadedGame] | None = None) -> LoadedGame:
    """A registered game (``harborgames.games()``) by name, or one of ``extra``.

    The game is chosen at run time, so its state and action types are only known then; the
    commands pass it on to generic code (``GameModule[S, A]``).

    ``extra`` holds game modules that the calling program passes in itself (a program that
    embeds the command, or a test with a toy game), each checked, as ``harborgames.load``
    checks a registered game, for the rules and the view functions the commands call (the
    integer-action surface only the RL adapters need). A name never makes this import a module:
    a record or an argument that names ``evil_game`` gets a refusal, not ``evil_game.py`` run.
    """
    if extra and name in extra:
        require(extra[name], Game, Presentable)
        return extra[name]
    if name in harborgames.games():
        return harborgames.load(name)
    known = ", ".join([*harborgames.games(), *(extra or {})])
    raise ValueError(f"unknown game {shown(name)}; known games: {known}")


def check_setup(
    info: GameInfo,
    num_players: int,
    variant: str | None,
    options: Mapping[str, str] | None = None,
) -> str:
    """The variant to play (the default if None), after the game's own setup check."""
    chosen = variant or info.default_variant
    info.check_new_game(num_players, chosen, options)
    return chosen


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["name=value", ...]`` from the command line to a rule-options mapping."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"a rule option is NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def check_output_path(text: str, option: str) -> Path:
    """``text`` as a file that ``option`` can write, or a ``ValueError`` saying why not.

    Called before any game is played, so a mistyped folder does not cost the whole run.
    """
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"{option} {text}: that is a folder, not a file")
    if not folder.exists():
        raise ValueError(f"{option} {text}: the folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise ValueError(f"{option} {text}: {str(folder)!r} is not a folder")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise ValueError(f"{option} {text}: no permission to write there")
    return path
