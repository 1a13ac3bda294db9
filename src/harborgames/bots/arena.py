"""Bots against bots: many seeded games, seats rotated fairly, results that do not depend on
how many processes played them.

Every game's seeds come from (arena seed, game index) through ``derive_seed``, so game ``i`` is
the same game whichever worker plays it and in whatever order. Games come in blocks of one
game seed per ``num_players`` games, each block seating the bots in every rotation: the same
deal is played from every seat, which cancels most of the luck of the deal.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import harborgames

from ..core.play import make_record
from ..core.protocol import GameInfo, GameModule
from .base import Bot, derive_seed
from .view import make_view

__all__ = [
    "GameResult",
    "check_setup",
    "load_game",
    "parse_options",
    "play_game",
    "run_arena",
    "seating",
    "summarize",
    "thinking_ms",
    "wilson_interval",
]


def load_game(name: str) -> GameModule:
    """A registered game by name, or any importable module that provides the game protocol.

    The second form lets a game that is not (yet) registered, such as a third-party or test
    game, use the command line and the arena.
    """
    if name in harborgames.games():
        return harborgames.load(name)
    try:
        module = importlib.import_module(name)
    except ImportError:
        module = None
    if module is None or not hasattr(module, "INFO") or not hasattr(module, "new_game"):
        known = ", ".join(harborgames.games())
        raise ValueError(f"unknown game {name!r}; known games: {known}") from None
    return cast(GameModule, module)


def check_setup(
    info: GameInfo,
    num_players: int,
    variant: str | None,
    options: Mapping[str, str] | None = None,
) -> str:
    """The variant to play (the default if None), after the game's own setup check.

    Checking before any game starts (or any worker process) turns a typo into one clear error.
    """
    chosen = variant or info.default_variant
    info.check_new_game(num_players, chosen, options)
    return chosen


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``["name=value", ...]`` from the command line to a rule-options mapping."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"a rule option is name=value, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def play_game(
    game: GameModule,
    players: Sequence[Bot],
    *,
    seed: int,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    on_move: Callable[[Any, Any], None] | None = None,
    clock: list[float] | None = None,
) -> tuple[Any, list[Any]]:
    """Play one game with ``players[seat]`` deciding for each seat; the final state and moves.

    ``clock``, if given, gets each seat's thinking time added to it (seconds).
    """
    state = game.new_game(
        len(players), seed=seed, variant=variant or game.INFO.default_variant, options=options
    )
    actions: list[Any] = []
    limit = game.INFO.max_decisions
    while state.current_player is not None:
        seat = state.current_player
        view = make_view(game, state, seat)
        started = time.perf_counter()
        action = players[seat].choose(view)
        if clock is not None:
            clock[seat] += time.perf_counter() - started
        if action not in view.legal_actions:
            raise RuntimeError(
                f"bot {players[seat].name!r} at seat {seat} chose {action}, which is not legal"
            )
        if on_move is not None:
            on_move(state, action)
        state = game.apply(state, action)
        actions.append(action)
        if len(actions) > limit:
            raise RuntimeError(f"{game.INFO.name}: the game exceeded {limit} decisions")
    return state, actions


@dataclass(frozen=True)
class GameResult:
    """One arena game, by seat, with ``bots[seat]`` the index of the bot in the arena list."""

    index: int
    seed: int
    bots: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]  # thinking time per seat: informative, never compared
    record: str


def seating(index: int, num_players: int) -> tuple[int, ...]:
    """Which bot sits at each seat in game ``index``: rotation ``index % num_players``."""
    shift = index % num_players
    return tuple((seat + shift) % num_players for seat in range(num_players))


@dataclass(frozen=True)
class _Task:
    game: str
    num_players: int
    variant: str | None
    options: tuple[tuple[str, str], ...]
    specs: tuple[str, ...]
    seed: int
    index: int


def _play_task(task: _Task) -> GameResult:
    from . import make_from_spec  # the package imports this module; import late

    game = load_game(task.game)
    bots_at = seating(task.index, task.num_players)
    game_seed = derive_seed("game", task.seed, task.index // task.num_players)
    players = [
        make_from_spec(task.specs[b], seed=derive_seed("bot", task.seed, task.index, seat))
        for seat, b in enumerate(bots_at)
    ]
    decisions = [0] * task.num_players
    clock = [0.0] * task.num_players

    def count(state: Any, action: Any) -> None:
        decisions[state.current_player] += 1

    final, actions = play_game(
        game,
        players,
        seed=game_seed,
        variant=task.variant,
        options=dict(task.options),
        on_move=count,
        clock=clock,
    )
    record = make_record(
        game, task.num_players, game_seed, actions, variant=task.variant, options=dict(task.options)
    )
    return GameResult(
        index=task.index,
        seed=game_seed,
        bots=bots_at,
        scores=tuple(game.scores(final)),
        winners=tuple(game.winners(final)),
        decisions=tuple(decisions),
        seconds=tuple(clock),
        record=game.dumps(record),
    )


def run_arena(
    game: str,
    num_players: int,
    specs: Sequence[str],
    *,
    games: int,
    seed: int,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    jobs: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``game`` between the bots ``specs`` (one per seat), by index.

    ``jobs > 1`` plays them in spawned processes; the results are the same as with one job.
    """
    if len(specs) != num_players:
        raise ValueError(f"{num_players} players need {num_players} bots, got {len(specs)}")
    check_setup(load_game(game).INFO, num_players, variant, options)
    from . import parse_spec

    for spec in specs:
        parse_spec(spec)  # fail before any process starts
    chosen = tuple(sorted((options or {}).items()))
    tasks = [
        _Task(game, num_players, variant, chosen, tuple(specs), seed, index)
        for index in range(games)
    ]
    results = []
    for result in _run(tasks, jobs):
        results.append(result)
        if progress is not None:
            progress(result)
    return sorted(results, key=lambda r: r.index)


def _run(tasks: list[_Task], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_play_task, tasks)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap_unordered(_play_task, tasks)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); fine for small samples."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[GameResult], specs: Sequence[str]) -> dict[str, Any]:
    """Wins (a shared win of k seats counts 1/k), Wilson intervals and scores, per bot."""
    count = len(specs)
    wins = [0.0] * count
    scores: list[list[int]] = [[] for _ in range(count)]
    seat_wins = [0.0] * (len(results[0].bots) if results else 0)
    for result in results:
        for seat, bot in enumerate(result.bots):
            scores[bot].append(result.scores[seat])
        for seat in result.winners:
            wins[result.bots[seat]] += 1 / len(result.winners)
            seat_wins[seat] += 1 / len(result.winners)
    total = len(results)
    intervals = [wilson_interval(w, total) for w in wins]
    return {
        "bots": list(specs),
        "games": total,
        "wins": [round(w, 6) for w in wins],
        "win_rate": [round(w / total, 6) if total else 0.0 for w in wins],
        "wilson95": [[round(low, 6), round(high, 6)] for low, high in intervals],
        "mean_scores": [round(statistics.fmean(s), 6) if s else 0.0 for s in scores],
        "score_stdev": [round(statistics.pstdev(s), 6) if s else 0.0 for s in scores],
        "seat_wins": [round(w, 6) for w in seat_wins],
    }


def thinking_ms(results: Sequence[GameResult], count: int) -> list[float]:
    """Each bot's mean thinking time per decision; kept out of ``summarize`` because timings
    differ from run to run and the summary must not."""
    decisions = [0] * count
    seconds = [0.0] * count
    for result in results:
        for seat, bot in enumerate(result.bots):
            decisions[bot] += result.decisions[seat]
            seconds[bot] += result.seconds[seat]
    return [1000 * s / d if d else 0.0 for s, d in zip(seconds, decisions, strict=True)]
