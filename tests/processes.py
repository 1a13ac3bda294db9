"""What a process started, and whether it is all gone: for the tests that kill a server, an
arena or a Ray driver and look for what it left (``/proc``: Linux only, skipped elsewhere)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from harborgames.bots.reaper import descendants, started

needs_proc = pytest.mark.skipif(
    not os.path.isdir(f"/proc/{os.getpid()}/task"), reason="finds child processes through Linux's /proc"
)

Tree = dict[int, str]
"""Processes by pid, with when each started (a reused pid is another process)."""


def tree(pid: int) -> Tree:
    """Every process below ``pid`` now."""
    found = {child: started(child) for child in descendants(pid)}
    return {child: start for child, start in found.items() if start is not None}


def command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            return line.read().replace(b"\0", b" ").decode(errors="replace").strip()[:120]
    except OSError:
        return "?"


def alive(processes: Tree) -> Tree:
    return {pid: start for pid, start in processes.items() if started(pid) == start}


def survivors(processes: Tree, seconds: float = 10.0) -> list[str]:
    """The command lines of ``processes`` still running after up to ``seconds``; any still
    running then are killed (the test started them), so a failure leaves nothing behind."""
    deadline = time.monotonic() + seconds
    while alive(processes) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = alive(processes)
    named = [f"{pid} {command(pid)}" for pid in left]
    for pid in left:
        with contextlib.suppress(OSError):  # it ended meanwhile
            os.kill(pid, signal.SIGKILL)
    return named


def wait_for(
    pid: int,
    enough: Callable[[Tree], bool],
    seconds: float = 60.0,
    process: subprocess.Popen[str] | None = None,
) -> Tree:
    """The tree below ``pid`` once ``enough`` says it is complete (fails after ``seconds``, or
    at once with its output if ``process``, the one with that pid, has ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = tree(pid)
        if enough(found):
            return found
        if process is not None and process.poll() is not None:
            raise AssertionError(f"it ended ({process.returncode}): {finish(process)[-2000:]}")
        time.sleep(0.1)
    raise AssertionError(f"within {seconds:g} s, {pid} started only {[command(p) for p in tree(pid)]}")


def workers(found: Tree) -> list[int]:
    """The multiprocessing workers (spawned) among ``found``."""
    return [pid for pid in found if "spawn_main" in command(pid)]


def cpu_ticks(pid: int) -> int:
    """User plus system time of ``pid`` so far, in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def wait_until_busy(pids: list[int], seconds: float = 15.0) -> None:
    """Until every process of ``pids`` uses the CPU (thinking, not waiting for work)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        before = [cpu_ticks(pid) for pid in pids]
        time.sleep(0.3)
        if all(cpu_ticks(pid) > was for pid, was in zip(pids, before, strict=True)):
            return
    raise AssertionError(f"{[command(pid) for pid in pids]} never got busy within {seconds:g} s")


# ``python -m harborgames`` with Python's Ctrl-C handler in place even where the tests were
# started with SIGINT ignored (a shell's ``cmd &`` without job control ignores it in ``cmd`` and
# everything it starts, and Python then keeps it ignored): as a terminal starts a command.
_AS_FROM_A_TERMINAL = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'harborgames'; runpy.run_module('harborgames', run_name='__main__', alter_sys=True)"
)


def harborgames(*arguments: str) -> subprocess.Popen[str]:
    """``python -m harborgames ARGUMENTS`` in a session of its own (as a terminal runs a
    command: its own process group, which Ctrl-C signals whole, and Python's Ctrl-C handler in
    place), output captured."""
    return subprocess.Popen(
        [sys.executable, "-c", _AS_FROM_A_TERMINAL, *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "RAY_USAGE_STATS_ENABLED": "0"},
    )


def interrupt(process: subprocess.Popen[str]) -> None:
    """Ctrl-C in the terminal: SIGINT to the command's whole process group."""
    os.killpg(process.pid, signal.SIGINT)


def finish(process: subprocess.Popen[str], seconds: float = 20.0) -> str:
    """Its output once it has exited (killed, with its group, if it takes over ``seconds``)."""
    try:
        output, _ = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        raise AssertionError(
            f"{seconds:g} s after the signal, it or a process it started (holding its output) "
            f"still ran: {output[-2000:]}"
        ) from None
    return output
