"""Ends the processes of a local Ray instance whose driver was killed (Linux; run as a script).

Ray ties its own servers to the driver that started them (the kernel kills gcs_server, raylet
and the others when the driver dies), but its two agents (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``, children of the raylet) log that the raylet is dead and then keep
running (Ray 2.60): a driver killed with SIGKILL left them behind for good. ``ray_backend``
starts this script beside a local instance, as ``python -I reaper.py`` with its standard input a
pipe from the driver. It notes every process that appears below the driver, and:

- when the driver writes a line (it shut Ray down itself), it exits and touches nothing;
- when the pipe closes without one, or the driver is gone (killed, however), it kills every
  process it noted that is still the same process (same start time), and what they started.

It uses only the standard library and ``/proc``, and imports nothing from harborgames, so it
starts in milliseconds; it ignores SIGINT (Ctrl-C reaches the terminal's whole process group,
and the driver then shuts Ray down and says so).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import time

LOOK_SECONDS = 0.25  # how often the tree below the driver is noted


def children(pid: int) -> list[int]:
    """The children of every thread of ``pid`` (none if it is gone)."""
    found: list[int] = []
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/children", encoding="ascii") as listed:
                found.extend(int(child) for child in listed.read().split())
    except OSError:
        pass
    return found


def descendants(pid: int) -> list[int]:
    found: list[int] = []
    waiting = [pid]
    while waiting:
        for child in children(waiting.pop()):
            found.append(child)
            waiting.append(child)
    return found


def started(pid: int) -> str | None:
    """When ``pid`` started (clock ticks since boot), which tells a reused pid apart; ``None``
    if it is gone or a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    driver = os.getppid()
    others = set(descendants(driver))  # the driver's children before Ray: not Ray's
    noted: dict[int, str] = {}
    print("ready", flush=True)
    while os.getppid() == driver:
        for pid in descendants(driver):
            start = started(pid)
            if pid not in others and pid != os.getpid() and start is not None:
                noted.setdefault(pid, start)
        readable, _, _ = select.select([sys.stdin], [], [], LOOK_SECONDS)
        if readable:
            if sys.stdin.readline():
                return 0  # the driver shut Ray down itself
            break  # no line, the pipe closed: the driver is gone
    for _ in range(3):  # what a killed process started may appear a moment later
        for pid, start in list(noted.items()):
            if started(pid) == start:
                for child in descendants(pid):
                    child_start = started(child)
                    if child_start is not None:
                        noted.setdefault(child, child_start)
                with contextlib.suppress(OSError):  # gone meanwhile
                    os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
