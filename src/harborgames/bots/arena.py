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
import statistics
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict, cast

import harborgames

from ..core.play import make_record
from ..core.protocol import Game, LoadedGame
from .base import Bot, derive_seed
from .lifetime import in_workers
from .registry import make_from_spec, parse_spec
from .view import A, S, make_view

__all__ = [
    "BACKENDS",
    "GameResult",
    "Summary",
    "check_spec",
    "play_game",
    "run_arena",
    "seating",
    "summarize",
    "thinking_ms",
    "wilson_interval",
]


BACKENDS = ("local", "ray")
"""Where ``run_arena`` plays: local processes, or Ray tasks (the ``ray`` extra)."""


def play_game(
    game: Game[S, A],
    players: Sequence[Bot],
    *,
    seed: int,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    on_move: Callable[[S, A], None] | None = None,
    clock: list[float] | None = None,
) -> tuple[S, list[A]]:
    """Play one game with ``players[seat]`` deciding for each seat; the final state and moves.

    ``clock``, if given, gets each seat's thinking time added to it (seconds).
    """
    state = game.new_game(
        len(players), seed=seed, variant=variant or game.INFO.default_variant, options=options
    )
    actions: list[A] = []
    limit = game.INFO.max_decisions
    while state.current_player is not None:
        seat = state.current_player
        view = make_view(game, state, seat)
        started = time.perf_counter()
        action = players[seat].choose(view)
        if clock is not None:
            clock[seat] += time.perf_counter() - started
        action = _offered(view.legal_actions, action, players[seat].name, seat)
        if on_move is not None:
            on_move(state, action)
        state = game.apply(state, action)
        actions.append(action)
        if len(actions) > limit:
            raise RuntimeError(f"{game.INFO.name}: the game exceeded {limit} decisions")
    return state, actions


def check_spec(spec: str, who: str) -> None:
    """Refuse a bot spec that sets ``seed``: ``who`` (e.g. "the arena, from --seed,") seeds every
    bot itself, each game and seat its own seed, so a fixed seed would clash."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec is text such as 'mcts:iterations=200', not {spec!r}")
    _, params = parse_spec(spec)
    if "seed" in params:
        raise ValueError(
            f"bot {spec!r}: {who} seeds every bot itself (a different seed for each game and "
            "seat), so a bot spec cannot set seed; leave it out"
        )


def _offered(legal: Sequence[A], action: A, bot: str, seat: int) -> A:
    """The offered action a bot chose: the legal object itself, so that the record holds the
    game's own values (a bot answering ``Times(numpy.int64(2))`` or ``Times(2.0)`` gets
    ``Times(2)`` recorded, which prints and parses back); one of another class, however equal
    it says it is, is refused."""
    for offered in legal:
        if offered is action:
            return offered
    for offered in legal:
        if type(offered) is type(action):
            try:
                if offered == action:
                    return offered
            except Exception:  # a field whose == raises: no match
                continue
    raise RuntimeError(f"bot {bot!r} at seat {seat} chose {action!r}, which is not legal")


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
    game: str  # a registered game's name, or the import path of a module the caller passed
    registered: bool
    num_players: int
    variant: str | None
    options: tuple[tuple[str, str], ...]
    specs: tuple[str, ...]
    seed: int
    index: int


def _play_task(task: _Task, module: Game[S, A] | None = None) -> GameResult:
    """Game ``task.index``; a worker process loads the game from the task."""
    return _play(task, module or _load(task))


def _play(task: _Task, game: Game[S, A]) -> GameResult:
    bots_at = seating(task.index, task.num_players)
    game_seed = derive_seed("game", task.seed, task.index // task.num_players)
    players = [
        make_from_spec(task.specs[b], seed=derive_seed("bot", task.seed, task.index, seat))
        for seat, b in enumerate(bots_at)
    ]
    decisions = [0] * task.num_players
    clock = [0.0] * task.num_players

    def count(state: S, action: A) -> None:
        if state.current_player is not None:  # always: a move is made by the seat to move
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


def _load(task: _Task) -> LoadedGame:
    """A worker process's game: registered, or the module the arena's caller passed by object
    (imported by its own ``__name__``, never by a name from a user or a record)."""
    if task.registered:
        return harborgames.load(task.game)
    try:
        return cast(LoadedGame, importlib.import_module(task.game))
    except ImportError as error:
        raise ValueError(
            f"a worker process cannot import the game module {task.game!r} ({error}); "
            "play it in one process (jobs=1)"
        ) from None


def _module_name(module: Game[S, A]) -> str:
    if not isinstance(module, types.ModuleType):
        raise TypeError(f"run_arena needs a game name or a game module, not {module!r}")
    return module.__name__


def run_arena(
    game: str | Game[S, A],
    num_players: int,
    specs: Sequence[str],
    *,
    games: int,
    seed: int,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    jobs: int | None = 1,
    progress: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    first: int = 0,
) -> list[GameResult]:
    """Play ``games`` games of ``game`` between the bots ``specs`` (one per seat), by index
    from ``first`` (a run in batches plays the games one run of ``first + games`` would).

    ``game`` is a registered game's name or a game module; with ``jobs > 1`` the games are
    played in spawned processes, which import such a module by its ``__name__``. The results
    are the same with any number of jobs and either backend.

    ``backend="ray"`` plays them as Ray tasks (``harborgames.bots.ray_backend``, the ``ray``
    extra): on a local Ray instance with ``jobs`` CPUs, or on the cluster at ``address`` with
    ``jobs`` workers (``None``: all its CPUs). ``jobs=None`` means 1 with the local backend.
    """
    module = game if not isinstance(game, str) else harborgames.load(game)
    info = module.INFO
    info.check_new_game(num_players, variant or info.default_variant, options)
    if len(specs) != num_players:
        raise ValueError(f"one bot per seat is needed; seats: {num_players}, bots: {len(specs)}")
    if backend not in BACKENDS:
        raise ValueError(f"run_arena: unknown backend {backend!r}; known backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("run_arena: an address is for the ray backend (backend='ray')")
    if jobs is None and address is None:
        jobs = 1  # only a cluster's size is known without asking
    counts = (("games", games), ("jobs", 1 if jobs is None else jobs), ("seed", seed), ("first", first))
    for name, value in counts:
        if type(value) is not int:
            raise ValueError(f"run_arena: {name} must be an int, not {value!r}")
    if games < 0 or first < 0 or (jobs is not None and jobs < 1):
        raise ValueError(f"run_arena: games must be >= 0 and jobs >= 1, not {games} and {jobs}")
    if backend == "ray":
        from .ray_backend import require_ray  # the Ray code only when asked for

        require_ray()
    for spec in specs:
        check_spec(spec, "the arena")
        make_from_spec(spec)  # a bad name or parameter fails here, before any game or process
    chosen = tuple(sorted((options or {}).items()))
    name, registered = (game, True) if isinstance(game, str) else (_module_name(game), False)
    tasks = [
        _Task(name, registered, num_players, variant, chosen, tuple(specs), seed, index)
        for index in range(first, first + games)
    ]
    results = []
    for result in _run(tasks, jobs, module, backend, address):
        results.append(result)
        if progress is not None:
            progress(result)
    return sorted(results, key=lambda r: r.index)


def _run(
    tasks: list[_Task], jobs: int | None, module: Game[S, A], backend: str, address: str | None
) -> Iterator[GameResult]:
    if backend == "ray":
        from .ray_backend import run_tasks

        yield from run_tasks(_play_task, tasks, jobs, address)
        return
    jobs = jobs or 1
    if jobs <= 1 or len(tasks) <= 1:
        yield from (_play_task(task, module) for task in tasks)
        return
    yield from in_workers(_play_task, tasks, jobs)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); fine for small samples."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class Summary(TypedDict):
    """What ``summarize`` reports, per bot in the order of ``bots`` (JSON-ready)."""

    bots: list[str]
    games: int
    wins: list[float]  # a shared win of k seats counts 1/k
    win_rate: list[float]
    wilson95: list[list[float]]  # [low, high] per bot
    mean_scores: list[float]
    score_stdev: list[float]
    seat_wins: list[float]  # per seat, whichever bot sat there


def summarize(results: Sequence[GameResult], specs: Sequence[str]) -> Summary:
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
