"""The arena's Ray backend: the same results as one local process, for the same seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")

from ..cli.runner import run


def test_a_ray_arena_on_two_local_cpus_equals_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The summary (with every game's seed, seating, scores and winners) and the game records
    are the same; only the thinking times, which are not in them, differ."""
    arguments = ["arena", "inland_port", "--bots", "greedy,random", "--games", "4", "--seed", "7", "--quiet"]
    outputs = []
    for extra in (["--jobs", "1"], ["--jobs", "2", "--backend", "ray"]):
        summary, records = tmp_path / "summary.json", tmp_path / "records.jsonl"
        assert run([*arguments, *extra, "--json", str(summary), "--records", str(records)]) == 0
        outputs.append((json.loads(summary.read_text()), records.read_text()))
    assert outputs[0] == outputs[1]
    assert outputs[0][0]["games"] == 4
    assert "greedy" in capsys.readouterr().out


def test_an_address_no_cluster_answers_at_is_refused_at_once_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Ray itself retries a dead address for minutes without a word; the arena says so at once."""
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    arena = ["arena", "inland_port", "--bots", "random,random", "--games", "1", "--backend", "ray"]
    assert run([*arena, "--address", f"127.0.0.1:{port}"]) == 1
    assert "no Ray cluster answers at 127.0.0.1" in capsys.readouterr().err
    assert run([*arena, "--address", "head-node"]) == 2
    assert "--address must be HOST:PORT" in capsys.readouterr().err


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_arena_joins_a_ray_start_head_cluster_by_its_address(tmp_path: Path) -> None:
    """The issue's case: ``ray start --head`` on 127.0.0.1 with a token in ``~/.ray`` (token
    authentication on, as after any first local Ray run), then ``arena --backend ray --address
    127.0.0.1:P``: Ray's driver does not send its token to an explicit address by itself, and
    the cluster refused it (``InvalidAuthToken``). The head runs in its own session, started and
    ended by this test (``--block``; its process group is ended by id), and everything runs with
    its own home folder, so no token or cluster of the machine is touched."""
    import os
    import secrets
    import shutil
    import signal
    import subprocess
    import sys
    import tempfile
    import time

    ray_cli = Path(sys.executable).with_name("ray")
    if not ray_cli.exists():
        pytest.skip(f"the ray command is not beside {sys.executable}")
    home = tmp_path / "home"
    (home / ".ray").mkdir(parents=True)
    (home / ".ray" / "auth_token").write_text(secrets.token_hex(32))
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    environment.update(HOME=str(home), RAY_USAGE_STATS_ENABLED="0")
    port = _free_port()
    sessions = tempfile.mkdtemp(prefix="hgray")  # short: Ray's socket paths must fit 107 bytes
    head = subprocess.Popen(
        [str(ray_cli), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
         "--port", str(port), "--num-cpus", "2", "--include-dashboard", "false",
         "--temp-dir", sessions],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        arena = [sys.executable, "-m", "harborgames", "arena", "inland_port", "--bots", "random,random",
                 "--games", "4", "--seed", "7", "--quiet"]  # fmt: skip
        summary = tmp_path / "ray.json"
        deadline = time.monotonic() + 90
        while True:  # the head takes a few seconds to answer
            done = subprocess.run(
                [*arena, "--backend", "ray", "--address", f"127.0.0.1:{port}", "--json", str(summary)],
                env=environment, capture_output=True, text=True, timeout=180,
            )  # fmt: skip
            if done.returncode == 0 or time.monotonic() > deadline or head.poll() is not None:
                break
            assert "InvalidAuthToken" not in done.stderr, done.stderr
            time.sleep(2)
        assert head.poll() is None, f"ray start --head ended: {head.stderr.read() if head.stderr else ''}"
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "Token authentication" not in done.stderr, done.stderr
        local = tmp_path / "local.json"
        subprocess.run(
            [*arena, "--jobs", "1", "--json", str(local)], env=environment, check=True, timeout=180
        )
        assert json.loads(summary.read_text()) == json.loads(local.read_text())
    finally:
        for stop in (signal.SIGTERM, signal.SIGKILL):  # the head's session: what it started
            try:
                os.killpg(head.pid, stop)
                head.wait(timeout=30)
                break
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        shutil.rmtree(sessions, ignore_errors=True)
