"""``harborgames games``: what can be played, for how many, in which variants."""

from __future__ import annotations

import argparse
from typing import Any

import harborgames

from .output import print_table

__all__ = ["add_games_parser"]


def add_games_parser(commands: Any) -> None:
    parser = commands.add_parser("games", help="list the games, player counts and variants")
    parser.set_defaults(run=run_games)


def run_games(args: argparse.Namespace) -> int:
    rows = []
    for name in harborgames.games():
        try:
            info = harborgames.load(name).INFO
        except ImportError as error:  # a registered game whose code is not installed
            rows.append([name, f"(not available: {error})", "", "", ""])
            continue
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        variants = ", ".join(f"{v} (default)" if v == info.default_variant else v for v in info.variants)
        kind = f"{info.information} information, {info.chance.replace('_', ' ')}"
        rows.append([name, info.title, players, variants, kind])
    print_table("harborgames games", ["game", "title", "players", "variants", "type"], rows)
    return 0
