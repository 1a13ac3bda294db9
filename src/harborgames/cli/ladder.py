"""``harborgames ladder``: a round robin of bots, rated with intervals (openskill).

Every table of ``--players`` different bots from ``--bots`` plays ``--games`` arena games (seats
rotated, every deal played from every seat); each game then updates the seats' ratings with
the Plackett-Luce model of the ``openskill`` package (the ``cli`` extra), ranked by the game's
outcome: its winners first, then the others by score. A rating is a mean ``mu`` and an
uncertainty ``sigma``; the interval printed is ``mu`` ± 1.96 ``sigma``, and the ladder is sorted by
the conservative ``mu - 3 sigma`` (openskill's ``ordinal``).

Every table plays the same deals (the same arena seed), so a bot's rating does not depend on
the luck of the deals it happened to get.
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Sequence
from typing import TypedDict

from .. import bots
from ..bots.arena import GameResult, check_spec, run_arena
from ..core.files import write_atomic
from .arena import MAX_GAMES, MAX_JOBS
from .arguments import Commands, add_game_argument, add_rules_arguments
from .output import Progress, print_table
from .setup import check_output_path, check_setup, load_game, parse_options
from .words import plural

__all__ = ["MAX_TABLES", "Rating", "add_ladder_parser", "game_ranks", "rate", "tables"]

MAX_TABLES = 1000
"""The most tables (sets of bots that meet) one ladder plays."""

INSTALL_HINT = "the ladder rates with openskill: pip install 'harborgames[cli]'"


class Rating(TypedDict):
    """One bot's place on the ladder (JSON-ready)."""

    bot: str
    mu: float
    sigma: float
    low: float  # mu - 1.96 sigma
    high: float  # mu + 1.96 sigma
    ordinal: float  # mu - 3 sigma: what the ladder is sorted by
    games: int
    wins: float  # a shared win of k seats counts 1/k


def add_ladder_parser(commands: Commands) -> None:
    parser = commands.add_parser("ladder", help="a round robin of bots, rated with intervals")
    add_game_argument(parser)
    parser.add_argument(
        "--players",
        type=int,
        help="seats per table (default: the game's player count if it has only one, else 2)",
    )
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        required=True,
        help="the bots, comma-separated (at least as many as --players); every set of --players "
        "of them plays; parameters as name:key=value, e.g. mcts:iterations=200,greedy,random",
    )
    parser.add_argument("--games", type=int, default=6, help="games per table (default 6)")
    parser.add_argument(
        "--seed", type=int, default=0, help="arena seed, the same for every table (default 0)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", help="write the ratings and every game's result as JSON to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_ladder_command)


def tables(count: int, players: int) -> list[tuple[int, ...]]:
    """Which bots meet: every set of ``players`` of the ``count`` bots, in a fixed order.

    >>> tables(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    """
    return list(itertools.combinations(range(count), players))


def game_ranks(result: GameResult) -> list[int]:
    """Each seat's rank in one game, 1 best: winners first, then by score; ties share a rank.

    >>> from harborgames.bots.arena import GameResult
    >>> game_ranks(GameResult(0, 0, (0, 1, 2), (10, 12, 10), (1,), (1, 1, 1), (0.0,) * 3, ""))
    [2, 1, 2]
    """
    keys = [(seat in result.winners, score) for seat, score in enumerate(result.scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(specs: Sequence[str], played: Sequence[tuple[tuple[int, ...], GameResult]]) -> list[Rating]:
    """Ratings of ``specs`` from ``played`` games, each with the bots of its table in seat
    order of the table (``result.bots`` indexes into it); best first.

    Games are rated in the order given (openskill updates online), which ``run_ladder_command``
    keeps fixed: table by table, game by game.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ValueError(INSTALL_HINT) from None
    model = PlackettLuce()
    ratings = [model.rating(name=spec) for spec in specs]
    games = [0] * len(specs)
    wins = [0.0] * len(specs)
    for table, result in played:
        who = [table[b] for b in result.bots]  # the ladder's bot at each seat
        ranks = [float(rank) for rank in game_ranks(result)]
        teams = model.rate([[ratings[b]] for b in who], ranks=ranks)
        for b, team in zip(who, teams, strict=True):
            ratings[b] = team[0]
            games[b] += 1
        for seat in result.winners:
            wins[who[seat]] += 1 / len(result.winners)
    out: list[Rating] = []
    for i, spec in enumerate(specs):
        mu, sigma = ratings[i].mu, ratings[i].sigma
        out.append(
            {
                "bot": spec,
                "mu": round(mu, 3),
                "sigma": round(sigma, 3),
                "low": round(mu - 1.96 * sigma, 3),
                "high": round(mu + 1.96 * sigma, 3),
                "ordinal": round(mu - 3 * sigma, 3),
                "games": games[i],
                "wins": round(wins[i], 6),
            }
        )
    return sorted(out, key=lambda r: -r["ordinal"])


def run_ladder_command(args: argparse.Namespace) -> int:
    # Everything is checked before the first game: the game, its setup, the bots, the file.
    game = load_game(args.game, args.extra_games)
    info = game.INFO
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(set(specs)) != len(specs):
        raise ValueError("--bots names a bot twice; a ladder rates each bot once")
    if args.players is not None:
        players = args.players
    else:
        players = info.min_players if info.min_players == info.max_players else max(2, info.min_players)
    options = parse_options(args.option)
    variant = check_setup(info, players, args.variant, options)
    if len(specs) < players:
        raise ValueError(
            f"--bots names {plural(len(specs), 'bot')} for tables of {plural(players, 'seat')}; "
            f"a ladder needs at least {players} different bots"
        )
    for spec in specs:
        check_spec(spec, "the ladder, from --seed,")
        bots.make_from_spec(spec)
    meetings = tables(len(specs), players) if len(specs) <= 64 else []
    if not meetings or len(meetings) > MAX_TABLES:
        raise ValueError(
            f"{len(specs)} bots at tables of {players} make too many tables (at most {MAX_TABLES})"
        )
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise ValueError(f"--jobs must be from 1 to {MAX_JOBS} (worker processes), not {args.jobs:,}")
    try:
        import openskill  # noqa: F401  (checked before the games, used by ``rate``)
    except ImportError:
        raise ValueError(INSTALL_HINT) from None
    json_path = check_output_path(args.json, "--json") if args.json else None
    target = game if args.game in args.extra_games else args.game
    played: list[tuple[tuple[int, ...], GameResult]] = []
    total = len(meetings) * args.games
    with Progress(total, f"{args.game} ladder", enabled=not args.quiet) as bar:

        def advance(result: GameResult) -> None:
            bar.advance()

        for table in meetings:
            results = run_arena(
                target,
                players,
                [specs[b] for b in table],
                games=args.games,
                seed=args.seed,
                variant=variant,
                options=options,
                jobs=args.jobs,
                progress=advance,
            )
            played.extend((table, result) for result in results)
    ratings = rate(specs, played)
    rows = [
        [
            str(place),
            r["bot"],
            f"{r['mu']:.1f}",
            f"{r['low']:.1f} to {r['high']:.1f}",
            f"{r['ordinal']:.1f}",
            str(r["games"]),
            f"{r['wins']:g}",
        ]
        for place, r in enumerate(ratings, start=1)
    ]
    title = (
        f"{args.game}, {plural(players, 'player')}, {plural(len(meetings), 'table')} of "
        f"{plural(args.games, 'game')}, seed {args.seed} (openskill Plackett-Luce; 95% intervals)"
    )
    print_table(title, ["#", "bot", "rating", "95% interval", "mu - 3 sigma", "games", "wins"], rows)
    if json_path:
        document = {
            "game": args.game,
            "players": players,
            "variant": variant,
            "options": options,
            "seed": args.seed,
            "games_per_table": args.games,
            "ratings": ratings,
            "results": [
                {
                    "table": [specs[b] for b in table],
                    "index": r.index,
                    "seed": r.seed,
                    "bots": list(r.bots),
                    "scores": list(r.scores),
                    "winners": list(r.winners),
                }
                for table, r in played
            ],
        }
        write_atomic(json_path, json.dumps(document, indent=2) + "\n")
    return 0
