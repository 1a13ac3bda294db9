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
