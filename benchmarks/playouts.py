"""Random playouts of one game configuration, for counting instructions instead of seconds.

Wall time on a shared virtual machine varies by 10-30% between runs; ``valgrind --tool=callgrind``
counts the instructions a run executes, which repeat to within a percent. Count a run with N games
and one with 0 (the imports and two warm-up games), and divide the difference by the decisions
this prints (docs/performance.md)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/playouts.py lehavre --players 4 --variant full --games 24

``--chess`` plays random python-chess games (cap 400 plies) the same way, the yardstick.
"""

from __future__ import annotations

import argparse
import gc
import random

import harborgames
import harborgames.adapters


def play_games(name: str, players: int, variant: str | None, games: int, tensors: bool = False) -> int:
    """Decisions made in ``games`` random games (seeds 0..games-1), after two warm-up games;
    with ``tensors``, each decision also writes the mover's observation tensor and the legal
    action mask (what an adapter adds to every step)."""
    game = harborgames.load(name)
    encoded = harborgames.adapters.require_encoding(game) if tensors else None
    chosen = variant or game.INFO.default_variant

    def one(seed: int) -> int:
        state = game.new_game(players, seed=seed, variant=chosen)
        rng = random.Random(seed)
        decisions = 0
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            if encoded is not None:
                encoded.observation_tensor(state, state.current_player)
                encoded.legal_action_mask(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    one(1000)
    one(1001)
    return sum(one(seed) for seed in range(games))


def play_chess(games: int) -> int:
    """Plies of ``games`` random python-chess games, after one warm-up game."""
    import chess

    rng = random.Random(0)

    def one() -> int:
        board = chess.Board()
        plies = 0
        while not board.is_game_over() and plies < 400:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        return plies

    one()
    return sum(one() for _ in range(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="lehavre")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--chess", action="store_true", help="play python-chess instead")
    parser.add_argument("--tensors", action="store_true", help="also write the mover's tensor and mask")
    args = parser.parse_args()
    gc.disable()  # the collector's timing depends on the allocation history, not on the engine
    if args.chess:
        print(play_chess(args.games))
    else:
        print(play_games(args.game, args.players, args.variant, args.games, args.tensors))


if __name__ == "__main__":
    main()
