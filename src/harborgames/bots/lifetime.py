"""Worker processes that end with the process that started them, however it ends.

A pool's workers wait on a pipe whose write end they hold themselves, so a parent killed with
SIGKILL (a supervisor's stop timeout, the OOM killer) left them waiting forever. ``tie_to_parent``,
run first in each worker (a pool's ``initializer``), ties the worker's life to its parent's:

- on Linux the kernel sends the worker SIGKILL when its parent goes (``PR_SET_PDEATHSIG``); the
  kernel means the parent *thread* that started the worker, so this is asked only when that
  thread is the parent's main thread, which lives as long as the process (a pool started from
  a request's thread would otherwise lose its workers when that thread ends);
- everywhere, a watchdog thread sees the worker's parent change (the orphan is handed to another
  process) within ``WATCH_SECONDS`` and ends the worker.

A worker also ignores SIGINT: Ctrl-C in a terminal reaches the whole process group, and
stopping the workers is the parent's business (one line, no traceback from each worker). Workers
started inside ``spawning()`` begin with SIGINT blocked, so a Ctrl-C while one still starts up
(before ``tie_to_parent``) cannot interrupt it either. ``end_processes`` is the parent's side:
what it stops, it stops within a bounded time.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from multiprocessing import resource_tracker
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["WATCH_SECONDS", "end_processes", "in_workers", "spawning", "tie_to_parent"]

WATCH_SECONDS = 0.5
"""How often a worker's watchdog looks whether its parent is still there."""

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def tie_to_parent(parent: int) -> None:
    """End this process when process ``parent`` (its parent, by pid) ends; ignore SIGINT.

    Meant as a worker pool's ``initializer`` with ``initargs=(os.getpid(),)`` from the parent.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C held back by ``spawning`` is dropped
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform.startswith("linux") and _started_by_main_thread(parent):
        _ask_kernel()
    if os.getppid() != parent:  # the parent went before the worker was tied to it
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="harborgames-parent-watch", daemon=True).start()


@contextmanager
def spawning() -> Iterator[None]:
    """Processes started by this thread in the block begin with SIGINT blocked (a signal mask
    is inherited and kept across exec), until ``tie_to_parent`` ignores it. In the main thread
    a Ctrl-C during the block is held and raised when it ends, so it never breaks off a start
    half way (a worker that never got its orders fails with a traceback of its own)."""
    if not hasattr(signal, "pthread_sigmask"):  # not POSIX: no process groups to signal either
        yield
        return
    # The pools' resource tracker unblocks SIGINT after starting itself: start it first.
    resource_tracker.ensure_running()
    held: list[int] = []
    handler = signal.getsignal(signal.SIGINT)
    hold = threading.current_thread() is threading.main_thread() and callable(handler)
    if hold:
        signal.signal(signal.SIGINT, lambda number, frame: held.append(number))
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        if hold:
            signal.signal(signal.SIGINT, handler)
            if held and callable(handler):
                handler(signal.SIGINT, None)  # Python's own raises KeyboardInterrupt here


def in_workers(work: Callable[[T], R], tasks: Sequence[T], jobs: int) -> Iterator[R]:
    """``work`` of each task in up to ``jobs`` spawned worker processes, in completion order (the
    arena's and the trainer's games). The workers start inside ``spawning``, are tied to this
    process (``tie_to_parent``), and are terminated when the iteration ends early (an exception,
    Ctrl-C included)."""
    context = multiprocessing.get_context("spawn")
    with ExitStack() as stack:
        with spawning():
            pool = stack.enter_context(
                context.Pool(min(jobs, len(tasks)), initializer=tie_to_parent, initargs=(os.getpid(),))
            )
        yield from pool.imap_unordered(work, tasks)


def _started_by_main_thread(parent: int) -> bool:
    """Whether the thread that started this process is ``parent``'s main thread (whose thread
    id is the process id): Linux lists each thread's children apart."""
    try:
        with open(f"/proc/{parent}/task/{parent}/children", encoding="ascii") as listed:
            return str(os.getpid()) in listed.read().split()
    except OSError:  # no such file (a kernel without it), or the parent is gone
        return False


def _ask_kernel() -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the watchdog alone
        pass


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


class Stoppable(Protocol):
    """A process as ``multiprocessing`` has it."""

    def is_alive(self) -> bool: ...
    def join(self, timeout: float | None = None) -> None: ...
    def terminate(self) -> None: ...
    def kill(self) -> None: ...


def end_processes(processes: Sequence[Stoppable], grace: float = 1.0) -> None:
    """Stop ``processes``: ``grace`` seconds to end by themselves (an idle pool worker that was
    told to stop), then SIGTERM, then SIGKILL a second later."""
    _join(processes, grace)
    for process in processes:
        if process.is_alive():
            process.terminate()
    _join(processes, 1.0)
    for process in processes:
        if process.is_alive():
            process.kill()
    _join(processes, 5.0)


def _join(processes: Sequence[Stoppable], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
