"""Cost per decision of random Port Gdańsk games against python-chess's cost per ply.

Run: ``.venv/bin/python tests/gdansk/benchmark.py [games]``. Both are measured in the same run,
on uniformly random games: Port Gdańsk ``new_game`` + ``legal_actions`` + ``apply`` per decision
at 4 players, python-chess ``Board()`` + ``list(board.legal_moves)`` + ``push`` + ``is_game_over``
per ply.
"""

from __future__ import annotations

import random
import sys
import time


def gdansk_us_per_decision(games: int, players: int = 4) -> tuple[float, int]:
    from harborgames import gdansk

    rng = random.Random(0)
    legal_actions, apply = gdansk.legal_actions, gdansk.apply
    gdansk.new_game(players)  # load the components once, outside the timing
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = gdansk.new_game(players, seed=seed)
        while state.current_player is not None:
            options = legal_actions(state)
            state = apply(state, options[rng.randrange(len(options))])
            decisions += 1
    return (time.perf_counter() - start) / decisions * 1e6, decisions


def chess_us_per_ply(games: int) -> tuple[float, int]:
    import chess

    rng = random.Random(0)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return (time.perf_counter() - start) / plies * 1e6, plies


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    chess_us, plies = chess_us_per_ply(5 * games)
    gdansk_us, decisions = gdansk_us_per_decision(games)
    print(f"python-chess: {chess_us:.1f} us/ply ({plies} plies)")
    print(f"Port Gdańsk 4p: {gdansk_us:.1f} us/decision ({decisions} decisions)")
    print(f"ratio: {gdansk_us / chess_us:.2f}")


if __name__ == "__main__":
    main()
