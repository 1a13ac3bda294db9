"""Instructions per decision of every configuration, counted by callgrind: the table
docs/performance.md keeps, before and after a change to the engine.

For each configuration it counts a run of ``benchmarks/playouts.py`` with N random games and one
with 0 (imports and warm-up), and divides the difference by the decisions the run made; with
``--tensors`` each decision also writes the mover's observation tensor and the legal-action mask.
Counts repeat to within a few dozen instructions a decision on a busy machine (callgrind counts
instructions, not seconds), so a before-and-after comparison needs no quiet machine, only time:
about 25 minutes of one core for the whole table::

    .venv/bin/python benchmarks/count.py                  # every configuration
    .venv/bin/python benchmarks/count.py lehavre --tensors
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import harborgames

PLAYOUTS = Path(__file__).with_name("playouts.py")


def instructions(arguments: list[str]) -> tuple[int, int]:
    """Instructions executed and the decisions printed by one counted run of playouts.py."""
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    command = ["setarch", "-R", "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(
        [*command, sys.executable, str(PLAYOUTS), *arguments],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    collected = re.search(r"Collected : (\d+)", run.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(run.stdout.strip().splitlines()[-1])


def per_decision(game: str, players: int, variant: str, games: int, tensors: bool) -> tuple[int, float]:
    extra = ["--tensors"] if tensors else []
    common = [game, "--players", str(players), "--variant", variant, *extra]
    counted, decisions = instructions([*common, "--games", str(games)])
    baseline, _ = instructions([*common, "--games", "0"])
    return decisions, (counted - baseline) / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="games to count (all if none)")
    parser.add_argument("--tensors", action="store_true", help="count the tensor and mask too")
    parser.add_argument("--games", type=int, default=24, help="games a configuration (Inland Port: 4 times)")
    args = parser.parse_args()
    subprocess.run(
        [sys.executable, str(PLAYOUTS), "inland_port", "--players", "2", "--games", "1"],
        capture_output=True,
        check=True,
    )
    print("| game | players | variant | decisions counted | instructions per decision |")
    print("| --- | ---: | --- | ---: | ---: |")
    for name in args.names or harborgames.games():
        module = harborgames.load(name)
        for players in range(module.INFO.min_players, module.INFO.max_players + 1):
            for variant in module.INFO.variants:
                games = 4 * args.games if name == "inland_port" else args.games
                decisions, cost = per_decision(name, players, variant, games, args.tensors)
                print(f"| {name} | {players} | {variant} | {decisions:,} | {cost:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
