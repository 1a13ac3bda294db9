"""Command-line arguments that every game-playing command shares, defined once."""

from __future__ import annotations

import argparse
from typing import Protocol

from ..bots.arena import BACKENDS

__all__ = ["Commands", "add_backend_arguments", "add_game_argument", "add_rules_arguments", "check_backend"]


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


def add_backend_arguments(parser: argparse.ArgumentParser, jobs_help: str) -> None:
    """``--jobs``, ``--backend local|ray`` and ``--address``: where the games are played (the
    arena and the trainer alike; read by ``check_backend``)."""
    parser.add_argument("--jobs", type=int, help=jobs_help)
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local: worker processes on this machine (default); ray: Ray tasks, on a local Ray "
        "instance with --jobs CPUs or on the cluster at --address (needs harborgames[ray])",
    )
    parser.add_argument("--address", help="the Ray cluster to join, e.g. 10.0.0.5:6379 (--backend ray)")


def check_backend(args: argparse.Namespace) -> None:
    """A ``ValueError`` naming what is wrong: ``--address`` without Ray, or Ray not installed."""
    if args.address is not None and args.backend != "ray":
        raise ValueError("--address names a Ray cluster; it needs --backend ray")
    if args.backend == "ray":
        from ..bots.ray_backend import INSTALL_HINT, require_ray  # imports no Ray itself

        try:
            require_ray()
        except ModuleNotFoundError:
            raise ValueError(f"--backend ray: {INSTALL_HINT}") from None
