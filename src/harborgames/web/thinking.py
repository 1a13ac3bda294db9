"""Where the server's bots think: in worker processes, so a search never holds another game's
request.

Bots are CPU-bound Python; on threads they share the interpreter lock with every request the
server is answering (20 bot-heavy games at once pushed another game's plain GET past two
seconds). ``BotPool(processes)`` sends each run of bot decisions (the bots' moves until a person
must decide) to a ``ProcessPoolExecutor`` and gets back the index of each chosen action in
``legal_actions``; the server applies them itself. ``BotPool(0)`` thinks in the calling thread
(tests, and embedders who want no processes). Either way a bot's seed comes from (game id, seat,
move number), so the choices do not depend on where it thought.

The workers end with the server however it ends (``bots.lifetime``: a server killed with
SIGKILL takes them along within a second), and ``close`` stops them even while they think.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import harborgames

from .. import bots
from ..bots.base import derive_seed
from ..bots.lifetime import end_processes, spawning, tie_to_parent
from ..core.codec import JSON
from ..core.protocol import GameRecord, State
from ..review import Budget, review

__all__ = [
    "BOT_SPECS",
    "HINT_BOT",
    "REVIEW_BUDGET",
    "BotPool",
    "PoolClosedError",
    "review_game",
    "suggest",
    "think",
]

BOT_SPECS: Mapping[str, str] = {
    "random": "random",
    "greedy": "greedy:lookahead=2",  # one decision further within its own turn: never ruins itself
    # the tuned budget of each game, player count and variant (bots.search.BUDGETS,
    # docs/bots.md), stopped at the 0.4 s a decision
    "mcts": "mcts:time_limit=0.4",
    "ismcts": "ismcts:time_limit=0.4",
    # the presets people choose from (bots.presets, docs/bots.md), with the same 0.4 s
    "easy": "easy",
    "medium": "medium:time_limit=0.4",
    "hard": "hard:time_limit=0.4",
}
"""The bots a client may seat, by name, and the budget the server gives each: a client picks a
name, never a spec, so no request can ask for a search that ties up the server."""

T = TypeVar("T")

HINT_BOT = bots.HINT
"""The bot a hint asks: the strongest preset, ``hard``, at its tuned budget (what fits 0.4 s of
CPU), with no wall-clock stop so that the same position always gets the same hint."""
_HINT_SPEC = f"{HINT_BOT}:time_limit=none"


def _index(legal: Sequence[object], choice: object) -> int:
    for number, offered in enumerate(legal):
        if offered is choice:
            return number
    for number, offered in enumerate(legal):
        if type(offered) is type(choice) and offered == choice:
            return number
    raise ValueError(f"the bot chose {choice}, which is not a legal action")


def think(game: str, state: State, seat_bots: Mapping[int, str], game_id: str, number: int) -> list[int]:
    """The bots' decisions from ``state`` until a person must decide or the game ends: the
    index of each in ``legal_actions`` of the state it was made in. ``number`` is the count
    of moves before ``state`` (it seeds each decision)."""
    module = harborgames.load(game)
    chosen: list[int] = []
    while state.current_player is not None and state.current_player in seat_bots:
        seat = state.current_player
        bot = bots.make_from_spec(
            BOT_SPECS[seat_bots[seat]], seed=derive_seed("serve", game_id, seat, number + len(chosen))
        )
        legal = module.legal_actions(state)
        index = _index(legal, bot.choose(bots.make_view(module, state, seat)))
        chosen.append(index)
        state = module.apply(state, legal[index])
    return chosen


def suggest(game: str, state: State, bot: str, seed: int) -> tuple[int, str]:
    """The index in ``legal_actions(state)`` of what bot ``bot`` (a name in ``BOT_SPECS``)
    would decide in the place of the seat to move: a hint."""
    module = harborgames.load(game)
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: no seat decides")
    adviser = bots.make_from_spec(_HINT_SPEC if bot == HINT_BOT else BOT_SPECS[bot], seed=seed)
    index = _index(module.legal_actions(state), adviser.choose(bots.make_view(module, state, seat)))
    return index, str(getattr(adviser, "plays", ""))  # bots say what they played with; a Bot need not


REVIEW_BUDGET = Budget(candidates=6)
"""The budget of the game-over screen's review: ``hard`` at its tuned budget (no wall-clock
stop, so a review is the same whenever it is asked) on 6 decisions (docs/review.md)."""


def review_game(game: str, record_text: str, seat: int) -> dict[str, JSON]:
    """The review (``harborgames.review``) of ``seat``'s finished game, a record as ``dumps``
    wrote it, as JSON data; a ``ValueError`` says why a record cannot be reviewed."""
    module = harborgames.load(game)
    record = module.loads(record_text)
    if not isinstance(record, GameRecord):
        raise ValueError("that document is not a game record")
    return review(module, record, seat, budget=REVIEW_BUDGET).as_json()


def _warm() -> None:
    for name in harborgames.games():
        harborgames.load(name)


def _start_worker(parent: int) -> None:
    tie_to_parent(parent)
    _warm()


class PoolClosedError(RuntimeError):
    """The server is stopping: its bots think no more."""


MAX_BOT_PROCESSES = 64
"""The most worker processes a pool may have: each is a Python interpreter with the games loaded
(tens of MB), and past the machine's cores more workers only share them."""


class BotPool:
    """``processes`` worker processes for the bots (0: think in the calling thread), at most
    ``MAX_BOT_PROCESSES``."""

    def __init__(self, processes: int) -> None:
        if type(processes) is not int or not 0 <= processes <= MAX_BOT_PROCESSES:
            raise ValueError(f"bot processes must be from 0 to {MAX_BOT_PROCESSES}, not {processes!r}")
        self.processes = processes
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise PoolClosedError("the server is stopping")
            if self._executor is None:
                # spawn, not fork: the server has threads, and a forked copy of a held lock
                # never opens
                self._executor = ProcessPoolExecutor(
                    self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            return self._executor

    def _submit(self, work: Callable[..., T], *arguments: object) -> Future[T]:
        """``work(*arguments)`` in a worker; a submission may start a worker (``spawning``)."""
        with spawning():
            return self._pool().submit(work, *arguments)

    def start(self) -> None:
        """Start the workers now (they take a moment to import the games), not at the first bot."""
        if self.processes:
            for future in [self._submit(_warm) for _ in range(self.processes)]:
                future.result()

    def think(
        self, game: str, state: State, seat_bots: Mapping[int, str], game_id: str, number: int
    ) -> list[int]:
        """``think`` in a worker (or here, with no workers)."""
        if not self.processes or state.current_player not in seat_bots:
            return think(game, state, seat_bots, game_id, number)
        try:
            return self._submit(think, game, state, dict(seat_bots), game_id, number).result()
        except BrokenProcessPool:  # a worker was killed (out of memory, say): a new pool next time
            self._forget()
            return think(game, state, seat_bots, game_id, number)

    def suggest(self, game: str, state: State, bot: str, seed: int) -> tuple[int, str]:
        """``suggest`` in a worker (or here, with no workers)."""
        if not self.processes:
            return suggest(game, state, bot, seed)
        try:
            return self._submit(suggest, game, state, bot, seed).result()
        except BrokenProcessPool:
            self._forget()
            return suggest(game, state, bot, seed)

    def review(self, game: str, record_text: str, seat: int) -> dict[str, JSON]:
        """``review_game`` in a worker (or here, with no workers): a review takes seconds of
        CPU, which a request's thread must not spend."""
        if not self.processes:
            return review_game(game, record_text, seat)
        try:
            return self._submit(review_game, game, record_text, seat).result()
        except BrokenProcessPool:
            self._forget()
            return review_game(game, record_text, seat)

    def _forget(self) -> None:
        """Drop a broken pool; after ``close``, think no more here either (the workers were
        stopped on purpose)."""
        with self._lock:
            self._executor = None
            if self._closed:
                raise PoolClosedError("the server is stopping") from None

    def close(self) -> None:
        """Stop the workers: an idle one at once, one still thinking after a second (its
        request, if any still waits, fails: the server is stopping)."""
        with self._lock:
            executor, self._executor = self._executor, None
            self._closed = True
        if executor is not None:
            workers = list(executor._processes.values())
            executor.shutdown(wait=False, cancel_futures=True)
            end_processes(workers)
