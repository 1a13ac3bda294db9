"""What a bot's decision costs on positions real play reaches (docs/bots.md, "Cost").

Run: ``.venv/bin/python benchmarks/bot_cost.py GAME --players N --bots SPEC[,SPEC...]``

Plays ``--games`` games between ``greedy`` bots (the deals of ``--seed``), keeps every
``--every``-th decision that has more than one legal action, and times each bot spec on those
same positions. Random games (``bench.py --bots``) reach poorer positions than play does, which
is why the issue's 400 ms limit is checked here. It prints the mean and the largest ms per
decision, both wall and CPU time (CPU time is what the 2 shared cores give the bot).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TypeVar

import harborgames
from harborgames import bots
from harborgames.core.protocol import GameModule, State

S = TypeVar("S", bound=State)
A = TypeVar("A")


def positions(
    game: GameModule[S, A], players: int, games: int, seed: int, every: int, variant: str | None
) -> list[tuple[S, int]]:
    """Every ``every``-th real decision (more than one legal action) of ``games`` greedy games."""
    spots: list[tuple[S, int]] = []
    count = 0
    for index in range(games):
        greedy = [bots.make("greedy", seed=bots.derive_seed(seed, index, s)) for s in range(players)]
        state = game.new_game(
            players,
            seed=bots.derive_seed(seed, index),
            variant=variant or game.INFO.default_variant,
        )
        while state.current_player is not None:
            seat = state.current_player
            view = bots.make_view(game, state, seat)
            if len(view.legal_actions) > 1:
                count += 1
                if count % every == 0:
                    spots.append((state, seat))
            state = game.apply(state, greedy[seat].choose(view))
    return spots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant")
    parser.add_argument("--bots", required=True, help="bot specs, comma-separated")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game: GameModule[State, object] = harborgames.load(args.game)
    spots = positions(game, args.players, args.games, args.seed, args.every, args.variant)
    print(f"{args.game} {args.players}p: {len(spots)} positions")
    for spec in args.bots.split(","):
        bot = bots.make_from_spec(spec, seed=args.seed)
        walls, cpus = [], []
        for state, seat in spots:
            view = bots.make_view(game, state, seat)
            wall, cpu = time.perf_counter(), time.process_time()
            bot.choose(view)
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
        print(
            f"{spec:40} wall {1000 * statistics.fmean(walls):7.1f} ms (max {1000 * max(walls):7.1f})"
            f"  cpu {1000 * statistics.fmean(cpus):7.1f} ms (max {1000 * max(cpus):7.1f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
