"""Every file a command writes is written whole or not at all: a write that fails (here a full
disk, simulated when the new file is flushed to disk) leaves the file from before as it was."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from .runner import run


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)


def test_a_failed_save_keeps_the_previous_save(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text("the previous save\n")
    with monkeypatch.context() as patch:
        _full_disk(patch)
        status = run(["play", "toy_nim", "--bots", "random", "--seed", "1"], f"save {saved}\ny\n", patch)
    assert status in (0, 1, 130)
    assert "could not save: [Errno 28]" in capsys.readouterr().out
    assert saved.read_text() == "the previous save\n"
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


@pytest.mark.parametrize("flag", ["--json", "--records"])
def test_a_failed_arena_file_keeps_the_previous_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: str
) -> None:
    target = tmp_path / "out"
    target.write_text("the previous run\n")
    _full_disk(monkeypatch)
    argv = ["arena", "toy_nim", "--players", "2", "--bots", "random,random", "--games", "2", "--jobs", "1"]
    assert run([*argv, flag, str(target)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert target.read_text() == "the previous run\n"
    assert [path.name for path in tmp_path.iterdir()] == ["out"]


def test_a_failed_ladder_file_keeps_the_previous_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("openskill")
    target = tmp_path / "ladder.json"
    target.write_text("the previous ladder\n")
    _full_disk(monkeypatch)
    argv = ["ladder", "toy_nim", "--players", "2", "--bots", "random,greedy", "--games", "2", "--quiet"]
    assert run([*argv, "--json", str(target)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert target.read_text() == "the previous ladder\n"
    assert [path.name for path in tmp_path.iterdir()] == ["ladder.json"]
