"""``harborgames games``: what can be played, for how many, in which variants, with which rule
options."""

from __future__ import annotations

import argparse

import harborgames

from ..core.protocol import GameInfo
from .arguments import Commands
from .output import print_table

__all__ = ["add_games_parser"]


def add_games_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "games", help="list the games, player counts, variants and rule options"
    )
    parser.set_defaults(run=run_games)


def run_games(args: argparse.Namespace) -> int:
    rows = []
    infos: list[GameInfo] = []
    for name in harborgames.games():
        try:
            info = harborgames.load(name).INFO
        except ImportError as error:  # a registered game whose code is not installed
            rows.append([name, f"(not available: {error})", "", "", ""])
            continue
        infos.append(info)
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        variants = ", ".join(f"{v} (default)" if v == info.default_variant else v for v in info.variants)
        kind = f"{info.information} information, {info.chance.replace('_', ' ')}"
        rows.append([name, info.title, players, variants, kind])
    print_table("harborgames games", ["game", "title", "players", "variants", "type"], rows)
    print()
    print("rule options (--option NAME=VALUE):")
    for info in infos:
        print(f"  {info.name}:")
        if not info.options:
            print("    (none)")
        width = max((len(option) for option in info.options), default=0)
        for option, values in info.options.items():
            choices = " | ".join([f"{values[0]} (default)", *values[1:]])
            print(f"    {option.ljust(width)}  {choices}")
    return 0
