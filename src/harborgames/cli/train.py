"""``harborgames train``: a learned evaluation for one game configuration, by self-play.

The pipeline is ``harborgames.bots.training`` (docs/bots.md, "Training your own evaluation");
this command checks the arguments, shows one line per phase on stderr, and writes the best model
to ``OUT/model.npz`` (``--install`` also copies it where ``bots.model.shipped`` finds it).
"""

from __future__ import annotations

import argparse
import importlib.resources
import json
import shlex
import shutil
import sys
from pathlib import Path

from ..bots.model import ModelError, shipped_name
from ..bots.training import TrainConfig, TrainingError, describe, train
from .arena import MAX_JOBS
from .arguments import Commands, add_backend_arguments, add_game_argument, check_backend
from .setup import check_setup, load_game

__all__ = ["add_train_parser"]

MAX_GENERATIONS = 1000


def add_train_parser(commands: Commands) -> None:
    parser = commands.add_parser("train", help="train a learned evaluation by self-play")
    add_game_argument(parser)
    parser.add_argument(
        "--players", type=int, help="number of seats (needed unless the game has one player count)"
    )
    parser.add_argument("--variant", help="game variant (default: the game's first)")
    parser.add_argument("--games", type=int, default=100, help="self-play games per generation (default 100)")
    parser.add_argument("--generations", type=int, default=3, help="generations in all (default 3)")
    parser.add_argument(
        "--match-games",
        type=int,
        default=24,
        help="games of each new model against the best so far (default 24; rounded up to a multiple "
        "of the players)",
    )
    parser.add_argument("--hidden", type=int, default=32, help="hidden units of the model (default 32)")
    parser.add_argument(
        "--outcome-weight",
        type=float,
        default=1.0,
        help="the fit's target: this share of the final rank reward, the rest the heuristic's "
        "squashed advantage at the position (default 1: the outcome alone)",
    )
    parser.add_argument(
        "--residual",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the model reads the game's heuristic (relative to the best other seat) beside the tensor "
        "and starts as the heuristic alone, so training learns a correction (default; --no-residual: "
        "the tensor alone, from random weights, as the first models)",
    )
    parser.add_argument(
        "--td-lambda",
        type=float,
        default=0.5,
        help="the fit's targets: TD(lambda) returns along each game of the starting model's values "
        "(default 0.5); 1: Monte Carlo, the final rank reward alone",
    )
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    add_backend_arguments(parser, "worker processes (default 1)")
    parser.add_argument(
        "--out",
        help="the run's folder: generations, data, progress.json, model.npz (default train-GAME-Np-VARIANT)",
    )
    parser.add_argument(
        "--install",
        action="store_true",
        help="also copy the model (and a .json of what made it) into the package's shipped models",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.set_defaults(run=run_train_command)


def _whole(value: int | None, option: str, low: int, high: int) -> None:
    if value is not None and not low <= value <= high:
        raise ValueError(f"{option} must be from {low} to {high:,}, not {value:,}")


def run_train_command(args: argparse.Namespace) -> int:
    if args.game in args.extra_games:
        raise ValueError(f"train plays registered games only; {args.game!r} is not one")
    game = load_game(args.game)
    info = game.INFO
    if args.players is not None:
        players = args.players
    elif info.min_players == info.max_players:
        players = info.min_players
    else:
        raise ValueError(
            f"--players is needed: {info.title} is for {info.min_players} to {info.max_players} players"
        )
    variant = check_setup(info, players, args.variant)
    _whole(args.games, "--games", 2, 1_000_000)
    _whole(args.generations, "--generations", 1, MAX_GENERATIONS)
    _whole(args.match_games, "--match-games", 0, 100_000)
    _whole(args.hidden, "--hidden", 1, 4096)
    _whole(args.jobs, "--jobs", 1, MAX_JOBS)
    if not 0.0 <= args.outcome_weight <= 1.0:  # also refuses nan
        raise ValueError(f"--outcome-weight must be from 0 to 1, not {args.outcome_weight}")
    if not 0.0 <= args.td_lambda <= 1.0:
        raise ValueError(f"--td-lambda must be from 0 to 1, not {args.td_lambda}")
    check_backend(args)
    config = TrainConfig(
        args.game,
        players,
        variant,
        seed=args.seed,
        games=args.games,
        hidden=args.hidden,
        match_games=args.match_games,
        outcome_weight=args.outcome_weight,
        residual=args.residual,
        td_lambda=args.td_lambda,
    )
    out = Path(args.out or f"train-{args.game}-{players}p-{variant}")
    command = _command(args, players, variant)

    def log(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    try:
        progress = train(
            config, out, args.generations, jobs=args.jobs, backend=args.backend, address=args.address,
            command=command, log=log,
        )  # fmt: skip
    except KeyboardInterrupt:
        print(f"\nharborgames: interrupted; {_saved(out)}", file=sys.stderr)
        return 130
    except (TrainingError, ModelError) as error:
        raise ValueError(str(error)) from None
    best = progress["best"]
    print(
        f"{out / 'model.npz'}: generation {best} of {len(progress['generations'])}, "
        f"{progress['games_played']} games, {progress['cpu_seconds']:.0f} s CPU"
    )
    if args.install:
        print(f"installed as {_install(out / 'model.npz', args.game, players, variant)}")
    return 0


def _command(args: argparse.Namespace, players: int, variant: str) -> str:
    """The command, with every setting that decides the weights spelled out; not ``--out``,
    which names only where the run keeps its files (a shipped model's record would otherwise
    name a folder on the machine that trained it)."""
    words = ["harborgames", "train", args.game, "--players", str(players), "--variant", variant]
    for option, value in (
        ("--games", args.games),
        ("--generations", args.generations),
        ("--match-games", args.match_games),
        ("--hidden", args.hidden),
        ("--outcome-weight", None if args.outcome_weight == 1.0 else args.outcome_weight),
        ("--td-lambda", args.td_lambda),
        ("--seed", args.seed),
        ("--jobs", args.jobs),
    ):
        if value is not None:
            words += [option, str(value)]
    if not args.residual:
        words.append("--no-residual")
    if args.backend != "local":
        words += ["--backend", args.backend]
    if args.address is not None:
        words += ["--address", args.address]
    return shlex.join(words)


def _saved(out: Path) -> str:
    """What an interrupted run leaves, for the line that says so."""
    try:
        done = len(json.loads((out / "progress.json").read_text(encoding="utf-8"))["generations"])
    except (OSError, ValueError, KeyError, TypeError):
        return "nothing was saved"
    if not done:
        return f"no generation was finished in {out}; run the same command again to start over there"
    return f"{out} holds {done} finished generation(s); run the same command again to continue"


def _install(model: Path, game: str, players: int, variant: str) -> Path:
    """Copy ``model`` where ``shipped`` finds it, with a ``.json`` of its meta beside it."""
    folder = importlib.resources.files("harborgames.bots").joinpath("models")
    target = Path(str(folder)) / shipped_name(game, players, variant)
    if not target.parent.is_dir():
        raise OSError(f"the package's models folder {str(target.parent)!r} is not a folder on disk")
    shutil.copyfile(model, target)
    target.with_suffix(".json").write_text(
        json.dumps(describe(target), indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    return target
