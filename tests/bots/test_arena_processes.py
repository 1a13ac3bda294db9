"""An arena's worker processes (``--jobs``) end with it, however it ends (issue 32): Ctrl-C ends
them and prints one line, no traceback; a killed arena's workers follow it within 10 s."""

from __future__ import annotations

import signal
import subprocess

import pytest

from ..processes import (
    Tree,
    finish,
    harborgames,
    interrupt,
    needs_proc,
    survivors,
    wait_for,
    wait_until_busy,
    workers,
)

pytestmark = needs_proc

ARENA = ("arena", "inland_port", "--bots", "mcts,random", "--games", "40", "--seed", "1", "--quiet")


def _playing(jobs: int) -> tuple[subprocess.Popen[str], Tree]:
    """An arena with ``jobs`` workers, once every worker plays; what it started."""
    arena = harborgames(*ARENA, "--jobs", str(jobs))
    try:
        found = wait_for(arena.pid, lambda tree: len(workers(tree)) == jobs, 30, arena)
        wait_until_busy(workers(found))
        return arena, {**found, **wait_for(arena.pid, lambda tree: True, 1)}
    except BaseException:
        arena.kill()
        finish(arena)
        raise


@pytest.mark.parametrize("when", ["starting", "playing"])
def test_ctrl_c_ends_an_arena_and_its_workers_with_one_line(when: str) -> None:
    """Also while the workers still start up (import Python), before they could ignore it."""
    if when == "playing":
        arena, started = _playing(2)
    else:
        arena = harborgames(*ARENA, "--jobs", "2")
        started = wait_for(arena.pid, lambda tree: len(workers(tree)) == 2, 30, arena)
    interrupt(arena)
    output = finish(arena)
    assert [line for line in output.splitlines() if line.strip()] == ["harborgames: interrupted"], output
    assert arena.returncode == 130
    assert survivors(started, 10.0) == []


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_arena_leaves_no_worker(how: signal.Signals) -> None:
    arena, started = _playing(2)
    arena.send_signal(how)
    finish(arena)
    assert survivors(started, 10.0) == []
