"""``harborgames arena``: bots against bots over many seeded games, with confidence intervals."""

from __future__ import annotations

import argparse
import json

from .. import bots
from ..bots.arena import GameResult, check_spec, run_arena, summarize, thinking_ms
from ..core.files import write_atomic
from .arguments import Commands, add_backend_arguments, add_game_argument, add_rules_arguments, check_backend
from .output import Progress, print_table
from .setup import check_output_path, check_setup, load_game, parse_options
from .words import plural

__all__ = ["MAX_GAMES", "MAX_JOBS", "add_arena_parser"]

MAX_GAMES = 1_000_000
"""The most games one arena plays (their results are kept in memory until the summary)."""
MAX_JOBS = 256
"""The most worker processes an arena starts."""


def add_arena_parser(commands: Commands) -> None:
    parser = commands.add_parser("arena", help="play bots against each other and count wins")
    add_game_argument(parser)
    parser.add_argument(
        "--players",
        type=int,
        help="number of seats (default: the game's player count if it has only one, else one seat per bot)",
    )
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated; parameters as name:key=value, "
        "e.g. mcts:iterations=200,random",
    )
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="arena seed (default 0)")
    add_backend_arguments(
        parser, "worker processes (default 1; with --backend ray --address: all the cluster's CPUs)"
    )
    parser.add_argument("--json", help="write the summary as JSON to this file")
    parser.add_argument("--records", help="write every game record to this file, one per line")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_arena_command)


def run_arena_command(args: argparse.Namespace) -> int:
    # Everything is checked before the first game: the game, its setup, the bots, the files.
    game = load_game(args.game, args.extra_games)
    info = game.INFO
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise ValueError("--bots names no bot")
    counted = args.players is None and info.min_players != info.max_players
    if args.players is not None:
        players = args.players
    elif info.min_players == info.max_players:
        players = info.min_players
    else:
        players = len(specs)  # one seat per bot
    options = parse_options(args.option)
    try:
        variant = check_setup(info, players, args.variant, options)
    except ValueError as error:
        if counted and not info.min_players <= players <= info.max_players:
            raise ValueError(f"{error} (one seat per bot in --bots, as --players is not given)") from None
        raise
    if len(specs) != players:
        raise ValueError(
            f"--bots names {plural(len(specs), 'bot')} for {plural(players, 'seat')}; name one bot per seat"
        )
    for spec in specs:
        check_spec(spec, "the arena, from --seed,")
        bots.make_from_spec(spec)
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise ValueError(f"--jobs must be from 1 to {MAX_JOBS} (worker processes), not {args.jobs:,}")
    check_backend(args)
    summary_path = check_output_path(args.json, "--json") if args.json else None
    records_path = check_output_path(args.records, "--records") if args.records else None
    if summary_path and records_path and summary_path.resolve() == records_path.resolve():
        raise ValueError("--json and --records name the same file")
    # Workers load a registered game by name; a game passed in by a program goes as a module.
    target = game if args.game in args.extra_games else args.game
    with Progress(args.games, f"{args.game} arena", enabled=not args.quiet) as bar:

        def advance(result: GameResult) -> None:
            bar.advance()

        results = run_arena(
            target,
            players,
            specs,
            games=args.games,
            seed=args.seed,
            variant=variant,
            options=options,
            jobs=args.jobs,
            progress=advance,
            backend=args.backend,
            address=args.address,
        )
    summary = summarize(results, specs)
    milliseconds = thinking_ms(results, len(specs))
    rows = []
    for i, spec in enumerate(specs):
        low, high = summary["wilson95"][i]
        rows.append(
            [
                spec,
                f"{summary['wins'][i]:g}",
                f"{100 * summary['win_rate'][i]:.1f}%",
                f"{100 * low:.0f}-{100 * high:.0f}%",
                f"{summary['mean_scores'][i]:.1f}",
                f"{summary['score_stdev'][i]:.1f}",
                f"{milliseconds[i]:.1f}",
            ]
        )
    title = (
        f"{args.game}, {plural(players, 'player')}, {plural(summary['games'], 'game')}, "
        f"seed {args.seed} (shared wins count 1/k; 95% Wilson intervals)"
    )
    print_table(
        title,
        ["bot", "wins", "win rate", "95% interval", "mean score", "score sd", "ms/decision"],
        rows,
    )
    if summary_path:
        document = {
            **summary,
            "game": args.game,
            "players": players,
            "variant": variant,
            "options": options,
            "seed": args.seed,
            "results": [
                {
                    "index": r.index,
                    "seed": r.seed,
                    "bots": list(r.bots),
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                }
                for r in results
            ],
        }
        write_atomic(summary_path, json.dumps(document, indent=2) + "\n")
    if records_path:
        write_atomic(records_path, "".join(result.record + "\n" for result in results))
    return 0
