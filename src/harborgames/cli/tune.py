"""``harborgames tune``: tune a configuration's parameter set on playing strength
(``harborgames.bots.tuning``; docs/bots.md, "Tuning your own")."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from ..bots.tuning import TuneConfig, tune
from .arguments import Commands, add_backend_arguments, add_game_argument, check_backend
from .setup import load_game

__all__ = ["add_tune_parser"]

MAX_TRIALS = 10_000
MAX_DEALS = 100_000


def add_tune_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "tune", help="tune a bot's parameters by self-play (needs harborgames[tune])"
    )
    add_game_argument(parser)
    parser.add_argument("--players", type=int, required=True, help="number of seats")
    parser.add_argument("--variant", help="game variant (default: the game's first)")
    parser.add_argument(
        "--target",
        choices=("heuristic", "search"),
        default="heuristic",
        help="heuristic: the heuristic's weights, measured with greedy (default); "
        "search: hard's search settings around the current weights, measured with hard",
    )
    parser.add_argument("--trials", type=int, default=30, help="proposals to measure (default 30)")
    parser.add_argument(
        "--deals", type=int, default=12, help="most deals per trial and opponent (default 12; a deal "
        "is one game per seat rotation)"
    )
    parser.add_argument(
        "--min-deals", type=int, default=4, help="deals before a trial may stop early (default 4)"
    )
    parser.add_argument("--finalists", type=int, default=3, help="best trials measured again (default 3)")
    parser.add_argument(
        "--selection-deals",
        type=int,
        default=24,
        help="new deals per finalist against the incumbent (default 24)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--out", required=True, help="the run's folder: a rerun carries it on")
    add_backend_arguments(parser, "worker processes (default 1)")
    parser.set_defaults(run=run_tune_command)


def run_tune_command(args: argparse.Namespace) -> int:
    game = load_game(args.game, args.extra_games)
    check_backend(args)
    for name, high in (("trials", MAX_TRIALS), ("deals", MAX_DEALS), ("min_deals", MAX_DEALS),
                       ("finalists", MAX_TRIALS), ("selection_deals", MAX_DEALS), ("jobs", 256)):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= high:
            raise ValueError(f"--{name.replace('_', '-')} must be from 1 to {high}, not {value}")
    config = TuneConfig(
        game=game.INFO.name,
        players=args.players,
        variant=args.variant or game.INFO.default_variant,
        target=args.target,
        trials=args.trials,
        deals=args.deals,
        min_deals=min(args.min_deals, args.deals),
        finalists=args.finalists,
        selection_deals=args.selection_deals,
        seed=args.seed,
        jobs=args.jobs or 1,
        backend=args.backend,
        address=args.address,
    )
    command = "harborgames " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out} is a file; name a folder (a new one, or a run's to carry it on)")
    print(
        f"tuning {config.target} for {config.game}, {config.players} players, {config.variant}: "
        f"{config.trials} trials into {out}",
        file=sys.stderr,
    )
    try:
        result = tune(config, out, command=command)
    except KeyboardInterrupt:
        print(f"interrupted; the same command carries the run in {out} on", file=sys.stderr)
        return 130
    verdict = "replaces the incumbent" if result.replaced else "does not replace the incumbent"
    print(f"{result.path}: the chosen set ({verdict})")
    return 0
