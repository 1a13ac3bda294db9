"""Two heuristics of one game against each other: bot A plays by one, every other seat by another.

Run: ``.venv/bin/python tools/heuristic_ab.py GAME --players N --a SPEC --b SPEC [--bot greedy]``

A heuristic ``SPEC`` is ``module:function`` (``harborgames.gdansk.heuristic:heuristic``) or
``path/to/file.py:function`` (a copy of an earlier heuristic kept for the comparison). The
seat playing by A rotates and every deal is played from every seat, as in the arena (the same
game seeds as ``harborgames arena --seed``), so one run of ``--games`` compares the two on the
same deals. This is how the heuristics in docs/bots.md were compared: ``greedy`` is cheap, so
a heuristic change is measured over many games before a search run confirms it.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

import harborgames
from harborgames import bots
from harborgames.core.protocol import GameModule, State

Heuristic = Callable[[State, int], float]


def load_heuristic(spec: str) -> Heuristic:
    """The function ``spec`` names (``module:function`` or ``file.py:function``)."""
    where, _, name = spec.rpartition(":")
    if where.endswith(".py"):
        loaded = importlib.util.spec_from_file_location(Path(where).stem, where)
        if loaded is None or loaded.loader is None:
            raise SystemExit(f"cannot load {where}")
        module = importlib.util.module_from_spec(loaded)
        sys.modules[loaded.name] = module
        loaded.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    return cast(Heuristic, getattr(module, name))


class WithHeuristic:
    """The game module with another ``heuristic``: what one seat's bot is handed."""

    def __init__(self, game: GameModule[State, object], heuristic: Heuristic) -> None:
        self._game = game
        self.heuristic = heuristic

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant")
    parser.add_argument("--a", required=True, help="the heuristic measured")
    parser.add_argument("--b", required=True, help="the heuristic of every other seat")
    parser.add_argument("--bot", default="greedy", help="bot spec for bot A (default greedy)")
    parser.add_argument("--bot-b", help="bot spec for the others (default: --bot)")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game: GameModule[State, object] = harborgames.load(args.game)
    n = args.players
    modules = [
        WithHeuristic(game, load_heuristic(args.a)),
        WithHeuristic(game, load_heuristic(args.b)),
    ]
    specs = [args.bot, args.bot_b or args.bot]
    wins = [0.0, 0.0]
    scores: list[list[int]] = [[], []]
    loans: list[list[int]] = [[], []]
    for index in range(args.games):
        shift = index % n
        a_seat = (n - shift) % n  # the arena's rotation: bot 0 sits at seat (0 - shift) mod n
        game_seed = bots.derive_seed("game", args.seed, index // n)
        players = [
            bots.make_from_spec(
                specs[seat != a_seat], seed=bots.derive_seed("bot", args.seed, index, seat)
            )
            for seat in range(n)
        ]
        state = game.new_game(n, seed=game_seed, variant=args.variant or game.INFO.default_variant)
        while state.current_player is not None:
            seat = state.current_player
            module = cast(GameModule[State, object], modules[seat != a_seat])
            view = bots.make_view(module, state, seat)
            state = game.apply(state, players[seat].choose(view))
        final = game.scores(state)
        winners = game.winners(state)
        for seat in range(n):
            side = int(seat != a_seat)
            scores[side].append(final[seat])
            if seat in winners:
                wins[side] += 1.0 / len(winners)
            seat_loans = getattr(getattr(state, "players", [None] * n)[seat], "loans", None)
            if isinstance(seat_loans, int):
                loans[side].append(seat_loans)
        print(
            f"game {index:3}: A at seat {a_seat}, scores {final}, winners {winners}",
            flush=True,
        )
    print(
        f"A wins {wins[0]:.1f} of {args.games} ({100 * wins[0] / args.games:.0f}%; "
        f"one seat of {n} would win {100 / n:.0f}%), mean score A {statistics.fmean(scores[0]):.1f} "
        f"vs others {statistics.fmean(scores[1]):.1f}"
        + (
            f", mean loans A {statistics.fmean(loans[0]):.2f} vs others {statistics.fmean(loans[1]):.2f}"
            if loans[0]
            else ""
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
