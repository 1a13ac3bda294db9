"""``harborgames arena``: bots against bots over many seeded games, with confidence intervals."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..bots.arena import GameResult, parse_options, run_arena, summarize, thinking_ms
from .arguments import add_game_argument, add_rules_arguments
from .output import Progress, print_table

__all__ = ["add_arena_parser"]


def add_arena_parser(commands: Any) -> None:
    parser = commands.add_parser("arena", help="play bots against each other and count wins")
    add_game_argument(parser)
    parser.add_argument("--players", type=int, required=True, help="number of seats")
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated; parameters as name:key=value, "
        "e.g. mcts:iterations=200,random",
    )
    parser.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="arena seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", help="write the summary as JSON to this file")
    parser.add_argument("--records", help="write every game record to this file, one per line")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_arena_command)


def run_arena_command(args: argparse.Namespace) -> int:
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    with Progress(args.games, f"{args.game} arena", enabled=not args.quiet) as bar:

        def advance(result: GameResult) -> None:
            bar.advance()

        results = run_arena(
            args.game,
            args.players,
            specs,
            games=args.games,
            seed=args.seed,
            variant=args.variant,
            options=parse_options(args.option),
            jobs=args.jobs,
            progress=advance,
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
        f"{args.game}, {args.players} players, {summary['games']} games, seed {args.seed} "
        "(shared wins count 1/k; 95% Wilson intervals)"
    )
    print_table(
        title,
        ["bot", "wins", "win rate", "95% interval", "mean score", "score sd", "ms/decision"],
        rows,
    )
    if args.json:
        document = {
            **summary,
            "game": args.game,
            "players": args.players,
            "variant": args.variant,
            "options": parse_options(args.option),
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
        Path(args.json).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    if args.records:
        with Path(args.records).open("w", encoding="utf-8") as out:
            for result in results:
                out.write(result.record + "\n")
    return 0
