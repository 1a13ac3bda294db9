"""Command-line arguments that every game-playing command shares, defined once."""

from __future__ import annotations

import argparse
from typing import Protocol

__all__ = ["Commands", "add_game_argument", "add_rules_arguments"]


class Commands(Protocol):
    """Where a command adds its parser: what ``ArgumentParser.add_subparsers`` returns."""

    def add_parser(self, name: str, *, help: str) -> argparse.ArgumentParser: ...


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game name (see `harborgames games`)")


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and the repeatable ``--option NAME=VALUE`` (read by ``parse_options``)."""
    parser.add_argument("--variant", help="game variant (default: the game's first)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option of the game (repeatable; see docs/rules/GAME.md)",
    )
