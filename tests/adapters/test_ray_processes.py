"""A local Ray instance ends with the arena that started it (issue 32): on Ctrl-C the arena
shuts it down and says so in one line; killed with SIGKILL, Ray kills its servers itself and
``bots/reaper.py`` kills what Ray leaves (its two agents, which otherwise ran on for good).

What is checked is every process below the arena once a game is under way on a Ray worker:
Ray's gcs_server, raylet, monitor, dashboard, log monitor, agents and worker, and the reaper.
"""

from __future__ import annotations

import signal
import subprocess

import pytest

from ..processes import Tree, command, finish, harborgames, interrupt, needs_proc, survivors, wait_for

pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")

pytestmark = needs_proc

ARENA = ("arena", "inland_port", "--bots", "mcts,random", "--games", "40", "--seed", "1", "--quiet")


def _playing() -> tuple[subprocess.Popen[str], Tree]:
    """A Ray arena once a game is under way on a Ray worker, and every process below it."""
    arena = harborgames(*ARENA, "--backend", "ray", "--jobs", "1")
    try:
        wait_for(arena.pid, lambda tree: any("ray::PoolActor" in command(pid) for pid in tree), 60, arena)
        found = wait_for(arena.pid, lambda tree: True, 1)
        assert any("reaper.py" in command(pid) for pid in found), "the reaper watches the instance"
    except BaseException:
        interrupt(arena)  # Ray shuts down as it should
        finish(arena, 30.0)
        raise
    return arena, found


def test_a_ray_arena_killed_with_sigkill_leaves_no_process() -> None:
    arena, started = _playing()
    arena.send_signal(signal.SIGKILL)
    finish(arena)
    assert survivors(started, 10.0) == []


def test_ctrl_c_shuts_a_ray_arena_down_with_one_line() -> None:
    arena, started = _playing()
    interrupt(arena)
    output = finish(arena, 30.0)
    assert [line for line in output.splitlines() if line.strip()] == ["harborgames: interrupted"], output
    assert survivors(started, 10.0) == []
