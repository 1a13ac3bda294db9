"""What the RL adapters cost per decision, against the bare protocol, on the same games.

    .venv/bin/pip install -e '.[pettingzoo,openspiel]'
    .venv/bin/python benchmarks/adapters.py [--steps 3000]

One run, CPU µs per decision; every column replays the same recorded random games:

- bare: ``legal_actions`` + ``apply`` (what a bot pays);
- Gymnasium: seat 0's ``step`` (its tensor and mask after it), the other seats played inside by
  a policy opponent that reads the record (each is handed its tensor and mask);
- PettingZoo: ``env()`` (the classic wrappers): ``last()`` (the mover's observation tensor and
  action mask) + ``step``;
- OpenSpiel: ``legal_actions`` + ``observation_tensor`` of the mover + ``apply_action``.

The adapters add the integer surface (mask, tensor), which the bare loop does not compute; the
difference is what an RL loop pays for it. ``--parts`` adds a second table: each function of the
integer surface alone, per call, on the states of the same games (the mover's seat), so a slow
column above can be traced to its part (profile further with ``python -m cProfile``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from recorded import Game, record  # benchmarks/recorded.py, beside this script

import harborgames
from harborgames.adapters import gymnasium as gym_adapter
from harborgames.adapters.openspiel import load_game
from harborgames.adapters.pettingzoo import env

CONFIGURATIONS = (
    ("inland_port", 2, "standard"),
    ("gdansk", 3, "standard"),
    ("lehavre", 3, "short"),
    ("lehavre", 3, "full"),
)


def bare(played: Game) -> None:
    name, players, variant, seed, moves, _ = played
    game = harborgames.load(name)
    state = game.new_game(players, seed=seed, variant=variant)
    for move in moves:
        game.legal_actions(state)
        state = game.apply(state, move)


def pettingzoo(played: Game) -> None:
    name, players, variant, seed, _, ids = played
    table = env(name, players, variant)
    table.reset(seed=seed)
    for index in ids:
        table.last()  # the mover's observation tensor and action mask
        table.step(index)


def gymnasium(played: Game) -> None:
    name, players, variant, seed, _, ids = played
    recorded = iter(ids)
    table = gym_adapter.env(name, players, variant, opponents=lambda observation, mask: next(recorded))
    table.reset(seed=seed)
    for index in recorded:  # seat 0's ids; the opponents take theirs from the same record
        table.step(index)


def openspiel(played: Game) -> None:
    name, players, variant, seed, _, ids = played
    state = load_game(name, players=players, variant=variant, seed=seed).new_initial_state()
    for index in ids:
        state.legal_actions()
        state.observation_tensor(state.current_player())
        state.apply_action(index)


def per_step(replay: Callable[[Game], None], games: list[Game]) -> float:
    """CPU µs per decision over the games (CPU time, not wall time: the loop is single-threaded,
    and a shared machine's other load then does not count)."""
    started = time.process_time()
    for played in games:
        replay(played)
    return 1e6 * (time.process_time() - started) / sum(len(played[4]) for played in games)


PARTS = ("legal_action_mask", "observation_tensor", "observation_string", "encode", "decode")


def parts(played_games: list[Game]) -> list[float]:
    """CPU µs per call of each function of ``PARTS`` over every decision of the games: the
    mover's tensor and string, the mask, and ``encode`` / ``decode`` of the move made."""
    name, players, variant = played_games[0][:3]
    game: Any = harborgames.load(name)
    states: list[tuple[Any, object, int]] = []
    for _, _, _, seed, moves, ids in played_games:
        state = game.new_game(players, seed=seed, variant=variant)
        for move, index in zip(moves, ids, strict=True):
            states.append((state, move, index))
            state = game.apply(state, move)
    calls: dict[str, Callable[[Any, object, int], object]] = {
        "legal_action_mask": lambda state, move, index: game.legal_action_mask(state),
        "observation_tensor": lambda state, move, index: game.observation_tensor(state, state.current_player),
        "observation_string": lambda state, move, index: game.observation_string(state, state.current_player),
        "encode": lambda state, move, index: game.encode(state, move),
        "decode": lambda state, move, index: game.decode(state, index),
    }
    cells = []
    for part in PARTS:
        call = calls[part]
        started = time.process_time()
        for state, move, index in states:
            call(state, move, index)
        cells.append(1e6 * (time.process_time() - started) / len(states))
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="decisions per cell, at least")
    parser.add_argument("--parts", action="store_true", help="also time each encoding function alone")
    args = parser.parse_args()
    columns = (("bare", bare), ("Gymnasium", gymnasium), ("PettingZoo", pettingzoo), ("OpenSpiel", openspiel))
    print(f"CPU µs per decision (the same random games in each column, >= {args.steps} decisions, one run)")
    print(f"{'game':<24}{'decisions':>10}" + "".join(f"{title:>12}" for title, _ in columns))
    recorded: list[list[Game]] = []
    for name, players, variant in CONFIGURATIONS:
        games: list[Game] = []
        while sum(len(played[4]) for played in games) < args.steps:
            games.append(record(name, players, variant, seed=len(games)))
        recorded.append(games)
        cells = [per_step(replay, games) for _, replay in columns]
        decisions = sum(len(played[4]) for played in games)
        label = f"{name} {players}p {variant}"
        print(f"{label:<24}{decisions:>10}" + "".join(f"{cell:>12.0f}" for cell in cells))
    if args.parts:
        print("\nCPU µs per call, each encoding function alone (the same decisions)")
        print(f"{'game':<24}" + "".join(f"{part.split('_')[-1]:>12}" for part in PARTS))
        for (name, players, variant), games in zip(CONFIGURATIONS, recorded, strict=True):
            label = f"{name} {players}p {variant}"
            print(f"{label:<24}" + "".join(f"{cell:>12.1f}" for cell in parts(games)))


if __name__ == "__main__":
    main()
