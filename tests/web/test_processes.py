"""A stopped server leaves no process behind (issue 32): killed with SIGKILL (a supervisor's stop
timeout, the OOM killer), stopped with SIGTERM or Ctrl-C, with its bots' workers idle or busy
thinking, nothing it started runs 10 s later."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from harborgames.bots.reaper import started

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
from .harness import free_port

pytestmark = needs_proc

BUSY = {"game": "lehavre", "players": 4, "seed": 1, "bots": {"0": "mcts", "1": "mcts", "2": "mcts"}}
"""A game whose bots move first: creating it keeps a worker thinking for about a second."""


class Serving:
    """``harborgames serve`` with two bot workers, in a session of its own."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        self.process = harborgames(
            "serve", "--port", str(self.port), "--db", str(tmp_path / "games.sqlite3"), "--bot-processes", "2"
        )
        self.answers: list[int] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/meta", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            self.process.kill()
            raise AssertionError(f"the server did not start: {finish(self.process)}")
        # the workers are started before the server answers; their resource tracker too
        self.started = wait_for(self.process.pid, lambda found: len(workers(found)) == 2, 30, self.process)

    def create_games(self, count: int) -> list[threading.Thread]:
        """``count`` requests at once, each creating a game whose bots think first."""

        def create() -> None:
            request = urllib.request.Request(
                f"http://127.0.0.1:{self.port}/api/games",
                data=json.dumps(BUSY).encode(),
                headers={"content-type": "application/json"},
                method="POST",
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    self.answers.append(answer.status)
            except OSError:  # the server was killed meanwhile
                pass

        threads = [threading.Thread(target=create) for _ in range(count)]
        for thread in threads:
            thread.start()
        return threads

    def everything(self) -> Tree:
        """What the server started: the two workers, the resource tracker, anything else."""
        return {**self.started, **wait_for(self.process.pid, lambda found: True, 1)}


@pytest.fixture
def serving(tmp_path: Path) -> Serving:
    return Serving(tmp_path)


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "busy"])
def test_a_server_killed_with_sigkill_leaves_no_process(serving: Serving, busy: bool) -> None:
    threads = serving.create_games(6) if busy else []
    if busy:
        wait_until_busy(workers(serving.started))
        assert len(serving.answers) < 6, "some requests still wait for the bots"
    started = serving.everything()
    assert len(started) >= 2
    serving.process.send_signal(signal.SIGKILL)
    finish(serving.process)
    assert survivors(started, 10.0) == [], "the bots' workers outlived the killed server"
    for thread in threads:
        thread.join(30)


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "busy"])
def test_a_server_stopped_with_sigterm_leaves_no_process(serving: Serving, busy: bool) -> None:
    threads = serving.create_games(4) if busy else []
    if busy:
        wait_until_busy(workers(serving.started))
    started = serving.everything()
    sent = time.monotonic()
    serving.process.send_signal(signal.SIGTERM)
    output = finish(serving.process, 20.0)  # the requests under way have 10 s to finish
    assert serving.process.returncode == 0, output
    assert "Traceback" not in output, output
    assert survivors(started, max(0.5, 10.0 - (time.monotonic() - sent))) == []
    for thread in threads:
        thread.join(30)
    if busy:  # the requests under way were answered before the server stopped
        assert serving.answers and set(serving.answers) == {201}, serving.answers


def test_ctrl_c_stops_a_server_and_its_workers_without_a_traceback(serving: Serving) -> None:
    """Ctrl-C reaches the whole process group, workers included: they leave the stopping to
    the server, which ends them and prints nothing but its first line."""
    threads = serving.create_games(4)
    wait_until_busy(workers(serving.started))
    started = serving.everything()
    interrupt(serving.process)
    output = finish(serving.process, 20.0)
    assert serving.process.returncode == 0, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert survivors(started, 10.0) == []
    for thread in threads:
        thread.join(30)


@needs_proc
def test_closing_the_pool_stops_a_worker_in_the_middle_of_a_long_think() -> None:
    """``BotPool.close`` (the server's shutdown) does not wait for a bot that thinks on: its
    worker is stopped within about two seconds, and no new thinking starts after it."""
    from harborgames.web.thinking import BotPool, PoolClosedError

    pool = BotPool(1)
    pool.start()
    pool._pool().submit(sum, range(10**12))  # a think that would hold the worker for hours
    executor = pool._executor
    assert executor is not None
    (worker,) = executor._processes.values()
    wait_until_busy([worker.pid])  # thinking, not still starting (a task not yet taken is cancelled)
    process = {worker.pid: started(worker.pid)}
    began = time.monotonic()
    pool.close()
    assert time.monotonic() - began < 4
    # Whether the process is gone, by /proc: the executor's own thread may reap the worker
    # first, and then ``worker.is_alive()`` reads "alive" until that thread records the exit.
    assert survivors(process, seconds=1.0) == []
    with pytest.raises(PoolClosedError):
        pool._pool()


def test_a_worker_dies_with_its_parent_even_when_not_started_from_the_main_thread(tmp_path: Path) -> None:
    """A pool rebuilt in a request's thread (after a worker was killed) has no kernel tie to
    the parent (it would fire when that thread ends); the watchdog still ends its workers."""
    script = tmp_path / "parent.py"
    script.write_text(
        "import threading, time\n"
        "from harborgames.web.thinking import BotPool\n"
        "if __name__ == '__main__':\n"
        "    pool = BotPool(1)\n"
        "    starter = threading.Thread(target=pool.start)\n"
        "    starter.start(); starter.join()  # the thread that started the worker has ended\n"
        "    print('ready', flush=True)\n"
        "    time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None and parent.stdout.readline() == "ready\n"
        started = wait_for(parent.pid, lambda found: len(workers(found)) == 1, 10)
        time.sleep(1.0)
        now = wait_for(parent.pid, lambda found: True, 1)
        assert len(workers(now)) == 1, "the worker lives on after the thread that started it"
        parent.kill()
        parent.wait(10)
        assert survivors(started, 10.0) == []
    finally:
        parent.kill()
        parent.wait(10)
        if parent.stdout is not None:
            parent.stdout.close()
