"""How fast are the games and the bots? Random playouts, JSON, and python-chess as a yardstick.

Run: ``.venv/bin/python benchmarks/bench.py [--games N] [--json FILE] [--bots]``

For every registered game, variant and player count it reports µs per decision
(``legal_actions`` + a random choice + ``apply``), random games per second (``new_game`` included),
decisions per game, and the cost of ``dumps`` and ``loads`` of a mid-game state (states are
immutable, so JSON is the only "clone" there is). In the same process it plays random chess games
with python-chess (``list(board.legal_moves)``, a random choice, ``board.push``) and reports
each game's µs per decision as a multiple of chess's µs per ply, timed again right before and
after each row (the × chess column compares with those). ``--bots`` adds each bot's
cost per decision at its default budget. Timings are wall time (``time.perf_counter``: CPU
time of a process is counted in 4 ms ticks on some virtual machines, too coarse for one game),
so run it on a quiet machine. They are for reading, never for asserting.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import NotRequired, TypedDict, TypeVar, cast

import harborgames
from harborgames import bots
from harborgames.core.protocol import GameModule, LoadedGame, State

S = TypeVar("S", bound=State)
A = TypeVar("A")


class GameRow(TypedDict):
    game: str
    variant: str
    players: int
    games: int
    us_per_decision: float
    games_per_second: float
    decisions_per_game: float
    dumps_us: float
    loads_us: float
    state_json_bytes: float
    ratio_to_chess: NotRequired[float]
    chess_us_per_ply: NotRequired[float]  # python-chess timed right before and after this row


class ChessResult(TypedDict):
    games: int
    us_per_ply: float
    plies_per_game: float
    ply_cap: int
    version: str


class BotRow(TypedDict):
    game: str
    players: int
    bot: str
    positions: int
    ms_per_decision: float
    ms_max: float


def bench_game(
    game: GameModule[S, A], num_players: int, games: int, seed: int, variant: str | None = None
) -> GameRow:
    """Random playouts of one game at one player count."""
    rng = random.Random(seed)
    # One untimed game first: the first decisions of a process fill caches (generated updaters,
    # per-rules tables) once, which is not what a decision costs.
    # Its length also says where "mid-game" is: the states of the timed games are not kept (a
    # list of every state makes the garbage collector's work, and so the timing, grow).
    variant = variant or game.INFO.default_variant
    state = game.new_game(num_players, seed=seed + games, variant=variant)
    length = 0
    while state.current_player is not None:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
        length += 1
    middle = length // 2
    playing = 0.0
    total = 0.0
    decisions: list[int] = []
    midgame: list[S] = []
    for index in range(games):
        started = time.perf_counter()
        state = game.new_game(num_players, seed=seed + index, variant=variant)
        after_setup = time.perf_counter()
        kept = state
        count = 0
        legal_actions, apply = game.legal_actions, game.apply
        while state.current_player is not None:
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
            count += 1
            if count == middle:
                kept = state
        finished = time.perf_counter()
        playing += finished - after_setup
        total += finished - started
        decisions.append(count)
        midgame.append(kept if middle <= count else state)
    dumps_us, loads_us = bench_json(game, midgame)
    return {
        "game": game.INFO.name,
        "variant": variant,
        "players": num_players,
        "games": games,
        "us_per_decision": 1e6 * playing / sum(decisions),
        "games_per_second": games / total,
        "decisions_per_game": statistics.fmean(decisions),
        "dumps_us": dumps_us,
        "loads_us": loads_us,
        "state_json_bytes": statistics.fmean(len(game.dumps(s)) for s in midgame),
    }


def bench_json(game: GameModule[S, A], states: list[S], repeat: int = 20) -> tuple[float, float]:
    """µs per ``dumps`` and per ``loads`` of mid-game states (checked to round-trip)."""
    texts = [game.dumps(s) for s in states]
    assert all(game.loads(t) == s for t, s in zip(texts, states, strict=True))
    started = time.perf_counter()
    for _ in range(repeat):
        for state in states:
            game.dumps(state)
    middle = time.perf_counter()
    for _ in range(repeat):
        for text in texts:
            game.loads(text)
    ended = time.perf_counter()
    count = repeat * len(states)
    return 1e6 * (middle - started) / count, 1e6 * (ended - middle) / count


def bench_chess(games: int, seed: int, ply_cap: int = 400) -> ChessResult:
    """Random python-chess games: the yardstick for a pure-Python rules library."""
    import chess

    rng = random.Random(seed)
    plies = 0
    elapsed = 0.0
    for _ in range(games):
        board = chess.Board()
        started = time.perf_counter()
        count = 0
        while not board.is_game_over() and count < ply_cap:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            count += 1
        elapsed += time.perf_counter() - started
        plies += count
    return {
        "games": games,
        "us_per_ply": 1e6 * elapsed / plies,
        "plies_per_game": plies / games,
        "ply_cap": ply_cap,
        "version": chess.__version__,
    }


def bench_bots(game: GameModule[S, A], positions: int, seed: int) -> list[BotRow]:
    """Each bot's cost per decision at its default budget, on positions from random games."""
    rng = random.Random(seed)
    num_players = game.INFO.min_players
    spots: list[tuple[S, int]] = []  # a position and the seat to move
    game_seed = seed
    while len(spots) < positions and game_seed < seed + 10 * positions:
        state = game.new_game(num_players, seed=game_seed)
        game_seed += 1
        line = [state]
        while state.current_player is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            line.append(state)
        choices = [
            (s, seat)
            for s in line
            if (seat := s.current_player) is not None and len(game.legal_actions(s)) > 1
        ]
        spots.extend(rng.sample(choices, min(len(choices), positions - len(spots), 4)))
    rows: list[BotRow] = []
    for name in bots.names():
        bot = bots.make(name, seed=seed)
        times = []
        for state, seat in spots:
            view = bots.make_view(game, state, seat)
            started = time.perf_counter()
            bot.choose(view)
            times.append(time.perf_counter() - started)
        rows.append(
            {
                "game": game.INFO.name,
                "players": num_players,
                "bot": name,
                "positions": len(spots),
                "ms_per_decision": 1000 * statistics.fmean(times),
                "ms_max": 1000 * max(times),
            }
        )
    return rows


_ADJACENT_CHESS_GAMES = 5  # chess games timed before and after each row (about 0.1 s each)


def load_game(name: str) -> LoadedGame:
    """A registered game, or a module path given on this benchmark's own command line (a game
    not registered yet); the ``harborgames`` command itself loads registered games only."""
    if name in harborgames.games():
        return harborgames.load(name)
    return cast(LoadedGame, importlib.import_module(name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games per setting")
    parser.add_argument(
        "--only",
        action="append",
        help="benchmark only this game (repeatable); a module path such as harborgames.gdansk "
        "also works for a game that is not registered yet",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="write the results to this file")
    parser.add_argument("--bots", action="store_true", help="also time each bot per decision")
    parser.add_argument("--positions", type=int, default=12, help="positions per bot (--bots)")
    args = parser.parse_args(argv)

    chess_result = bench_chess(args.games, args.seed)
    rows: list[GameRow] = []
    unavailable: dict[str, str] = {}
    modules: list[LoadedGame] = []
    for name in args.only or harborgames.games():
        try:
            game = load_game(name)
        except (ImportError, ValueError) as error:
            unavailable[name] = str(error)
            continue
        modules.append(game)
        for variant, players in (
            (variant, players)
            for variant in game.INFO.variants
            for players in range(game.INFO.min_players, game.INFO.max_players + 1)
        ):
            # Chess is timed again right before and after each row, and the row is compared with
            # those: a virtual machine's speed drifts over a run, and a ratio against a yardstick
            # taken minutes earlier would measure the drift.
            before = bench_chess(_ADJACENT_CHESS_GAMES, args.seed + len(rows))
            row = bench_game(game, players, args.games, args.seed, variant)
            after = bench_chess(_ADJACENT_CHESS_GAMES, args.seed + len(rows) + 1)
            adjacent = (before["us_per_ply"] + after["us_per_ply"]) / 2
            row["chess_us_per_ply"] = adjacent
            row["ratio_to_chess"] = row["us_per_decision"] / adjacent
            rows.append(row)

    print(f"python {platform.python_version()}, {platform.machine()}, {args.games} games each")
    print(
        f"python-chess {chess_result['version']}: {chess_result['us_per_ply']:.1f} µs per ply "
        f"({chess_result['plies_per_game']:.0f} plies per game, cap {chess_result['ply_cap']})"
    )
    header = (
        f"{'game':<12} {'variant':<9} {'players':>7} {'µs/decision':>12} {'chess µs':>9} {'× chess':>8} "
        f"{'games/s':>8} "
        f"{'decisions':>9} {'dumps µs':>9} {'loads µs':>9}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r['game']:<12} {r['variant']:<9} {r['players']:>7} {r['us_per_decision']:>12.1f} "
            f"{r.get('chess_us_per_ply', 0.0):>9.1f} {r['ratio_to_chess']:>8.2f} "
            f"{r['games_per_second']:>8.1f} "
            f"{r['decisions_per_game']:>9.1f} {r['dumps_us']:>9.0f} {r['loads_us']:>9.0f}"
        )
    for name, why in unavailable.items():
        print(f"{name:<12} not available: {why}")

    bot_rows: list[BotRow] = []
    if args.bots:
        for game in modules:
            bot_rows.extend(bench_bots(game, args.positions, args.seed))
        print()
        print(f"{'game':<12} {'players':>7} {'bot':<8} {'ms/decision':>12} {'ms max':>8}")
        for b in bot_rows:
            print(
                f"{b['game']:<12} {b['players']:>7} {b['bot']:<8} "
                f"{b['ms_per_decision']:>12.1f} {b['ms_max']:>8.1f}"
            )

    if args.json:
        document = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "chess": chess_result,
            "games": rows,
            "unavailable": unavailable,
            "bots": bot_rows,
        }
        Path(args.json).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
