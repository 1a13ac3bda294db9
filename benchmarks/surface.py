"""What the integer surface costs, as a multiple of the decision it serves (issue 30's table).

    .venv/bin/pip install -e '.[gymnasium]'
    .venv/bin/python benchmarks/surface.py [--steps 3000] [--repeats 3] [--all]

One process, wall time with the garbage collector on (as users run it), the median of
``--repeats`` timings of each cell, on the states of recorded random games. The columns of a
row are timed in rounds, each round timing every column once (``interleaved``), so a drift in
the machine's speed touches them alike:

- decision: the state's ``legal_actions`` + ``apply`` (what a bot pays; the unit of every ratio);
- tensor: ``observation_tensor(state, mover)``; mask: ``legal_action_mask(state)``;
- first tensor: the first implementation (``observe`` then write), kept as the tests' reference
  in ``tests/<game>/tensor_reference.py``, so before and after are timed in the same run;
- batch tensor / mask: ``observation_tensors`` / ``legal_action_masks`` over 64 states at a time
  into one kept array, per state;
- Gymnasium step: seat 0's ``step`` in ``adapters.gymnasium.env`` (its tensor and mask after it),
  the other seats played inside by a bot that replays the record (the cheapest bot there is: what
  is timed is the adapter), per decision the step covers (its own and the others' after it);
- Gymnasium, policies: the same with the other seats played by policies on the integer surface
  (each handed its tensor and mask, as in self-play), so every decision pays a tensor and a mask.

A second table (``--vector``, on by default) steps 16 games at once with random legal ids against
``random`` bots: ``gymnasium.vector.SyncVectorEnv`` over ``env(...)`` against the package's own
``vector_env`` (batch tensors and masks), µs per game step.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from recorded import Game, record  # benchmarks/recorded.py, beside this script

import harborgames
from harborgames.adapters import gymnasium as gym_adapter

CONFIGURATIONS = (
    ("inland_port", 2, "standard"),
    ("gdansk", 4, "standard"),
    ("lehavre", 5, "full"),
    ("lehavre", 4, "short"),
)
ALL = (
    ("gdansk", 2, "standard"),
    ("gdansk", 3, "standard"),
    *(("lehavre", n, "full") for n in (1, 2, 3, 4)),
    *(("lehavre", n, "short") for n in (1, 2, 3, 5)),
)
BATCH = 64


def reference(name: str) -> Callable[[Any, int], object]:
    """The game's first tensor writer, from ``tests/<game>/tensor_reference.py``."""
    path = Path(__file__).resolve().parent.parent / "tests" / name / "tensor_reference.py"
    spec = importlib.util.spec_from_file_location(f"reference_{name}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, "reference_tensor", None) or module.observation_tensor


class Replay:
    """A recorded game's moves and ids (``load``), taken in order by seat 0 (``take``: the next
    id) and, as an opponent bot (a ``harborgames.bots.Bot``), by the other seats (``choose``)."""

    name = "replay"

    def __init__(self) -> None:
        self.load([], [])

    def load(self, moves: list[object], ids: list[int]) -> None:
        self.moves, self.ids, self.at = moves, ids, 0

    def take(self) -> int:
        self.at += 1
        return self.ids[self.at - 1]

    def choose(self, view: object) -> object:
        self.at += 1
        return self.moves[self.at - 1]


def interleaved(columns: dict[str, tuple[Callable[[], object], int]], repeats: int) -> dict[str, float]:
    """The median wall seconds of each column's work over ``repeats`` rounds, every round timing
    each column once in turn: a machine whose speed drifts (a shared core, a neighbour's job)
    slows every column of a round alike, so the ratios to the decision hold better than when
    each column's repeats are timed one after another."""
    times: dict[str, list[float]] = {name: [] for name in columns}
    for _ in range(repeats):
        for name, (work, _) in columns.items():
            started = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - started)
    return {name: statistics.median(seconds) for name, seconds in times.items()}


def row(games: list[Game], repeats: int) -> dict[str, float]:
    """µs per state of each part, over every decision of ``games``."""
    name, players, variant = games[0][:3]
    game: Any = harborgames.load(name)
    states: list[tuple[Any, object]] = []
    for _, _, _, seed, moves, _ in games:
        state = game.new_game(players, seed=seed, variant=variant)
        for move in moves:
            states.append((state, move))
            state = game.apply(state, move)
    count = len(states)
    movers = [state.current_player for state, _ in states]
    bare = [state for state, _ in states]
    out = np.zeros((BATCH, game.observation_layout(players, variant).size), dtype=np.float32)
    masks = np.zeros((BATCH, game.num_distinct_actions(players, variant)), dtype=np.int8)

    def decisions() -> None:
        for state, move in states:
            game.legal_actions(state)
            game.apply(state, move)

    def tensors() -> None:
        for state, mover in zip(bare, movers, strict=True):
            game.observation_tensor(state, mover)

    first = reference(name)

    def first_tensors() -> None:
        for state, mover in zip(bare, movers, strict=True):
            first(state, mover)

    def mask() -> None:
        for state in bare:
            game.legal_action_mask(state)

    def batch_tensors() -> None:
        for start in range(0, count - BATCH + 1, BATCH):
            game.observation_tensors(bare[start : start + BATCH], movers[start : start + BATCH], out=out)

    def batch_masks() -> None:
        for start in range(0, count - BATCH + 1, BATCH):
            game.legal_action_masks(bare[start : start + BATCH], out=masks)

    # One env per column, reset for each game, as a trainer uses it.
    policy_moves: list[Iterator[int]] = [iter(())]
    with_policies = gym_adapter.env(
        name, players, variant, opponents=lambda observation, mask: next(policy_moves[0])
    )
    record = Replay()
    with_bots = gym_adapter.env(name, players, variant, opponents=record)

    def gym_policies() -> None:
        for _, _, _, seed, _, ids in games:
            recorded = policy_moves[0] = iter(ids)
            with_policies.reset(seed=seed)
            for index in recorded:  # seat 0's ids; the opponents take theirs from the same record
                with_policies.step(index)

    def gym_steps() -> None:
        for _, _, _, seed, moves, ids in games:
            record.load(moves, ids)
            with_bots.reset(seed=seed)
            while with_bots.state_value.current_player is not None:
                with_bots.step(record.take())

    batched = (count // BATCH) * BATCH
    columns: dict[str, tuple[Callable[[], None], int]] = {
        "decision": (decisions, count),
        "tensor": (tensors, count),
        "first tensor": (first_tensors, count),
        "mask": (mask, count),
        "batch tensor": (batch_tensors, batched),
        "batch mask": (batch_masks, batched),
        "Gymnasium step": (gym_steps, count),
        "Gymnasium, policies": (gym_policies, count),
    }
    return {name: 1e6 * seconds / columns[name][1] for name, seconds in interleaved(columns, repeats).items()}


def vector_row(name: str, players: int, variant: str, steps: int, repeats: int) -> tuple[float, float]:
    """µs per game step of 16 games stepped at once: SyncVectorEnv, then ``vector_env``."""

    def run(tables: Any) -> Callable[[], None]:
        def play() -> None:
            rng = np.random.default_rng(1)
            _, infos = tables.reset(seed=1)
            for _ in range(steps // 16):
                masks = infos["action_mask"]
                actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
                _, _, _, _, infos = tables.step(actions)

        return play

    sync = gymnasium.vector.SyncVectorEnv([lambda: gym_adapter.env(name, players, variant)] * 16)
    ours = gym_adapter.vector_env(name, 16, players, variant)
    per = 1e6 / ((steps // 16) * 16)
    seconds = interleaved({"sync": (run(sync), 1), "ours": (run(ours), 1)}, repeats)
    return per * seconds["sync"], per * seconds["ours"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="decisions per row, at least")
    parser.add_argument("--repeats", type=int, default=3, help="timings per cell (the median is shown)")
    parser.add_argument("--all", action="store_true", help="every player count and variant, not four")
    parser.add_argument("--no-vector", action="store_true", help="skip the vector env table")
    args = parser.parse_args()
    configurations = CONFIGURATIONS + (ALL if args.all else ())
    parts = (
        "first tensor",
        "tensor",
        "mask",
        "batch tensor",
        "batch mask",
        "Gymnasium step",
        "Gymnasium, policies",
    )
    print(
        f"× a decision (legal_actions + apply), wall time, median of {args.repeats}, "
        f">= {args.steps} decisions"
    )
    widths = {part: max(len(part), 7) + 2 for part in parts}  # every header apart, however long
    print(f"{'game':<24}{'µs/decision':>12}" + "".join(f"{part:>{widths[part]}}" for part in parts))
    for name, players, variant in configurations:
        games: list[Game] = []
        while sum(len(played[4]) for played in games) < args.steps:
            games.append(record(name, players, variant, seed=len(games)))
        cells = row(games, args.repeats)
        unit = cells["decision"]
        label = f"{name} {players}p {variant}"
        print(
            f"{label:<24}{unit:>12.1f}"
            + "".join(f"{cells[part] / unit:>{widths[part] - 1}.2f}x" for part in parts)
        )
    if not args.no_vector:
        print("\nµs per game step, 16 games at once, random legal ids against random bots")
        print(f"{'game':<24}{'SyncVectorEnv':>16}{'vector_env':>16}{'speed-up':>12}")
        for name, players, variant in configurations:
            sync, ours = vector_row(name, players, variant, args.steps, args.repeats)
            print(f"{name + f' {players}p {variant}':<24}{sync:>16.1f}{ours:>16.1f}{sync / ours:>11.2f}x")


if __name__ == "__main__":
    main()
