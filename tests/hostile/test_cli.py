"""The command line against hostile input: records that name modules, binary and endless files,
bot specs that fight the arena's seeding, absurd numbers. Every failure is a one-line error
and an exit status, never a traceback, and nothing but a registered game is ever imported
(issue 9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import harborgames
from harborgames import inland_port
from harborgames.bots.arena import run_arena
from harborgames.cli import main
from harborgames.core.play import make_record

EVIL = """\
from pathlib import Path
Path(__file__).with_name("MARKER").write_text("evil_game was imported")
"""


@pytest.fixture
def evil_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding ``evil_game.py`` (which leaves ``MARKER`` if imported), the current
    folder and first on ``sys.path``, as in a notebook or ``python -m`` from there."""
    (tmp_path / "evil_game.py").write_text(EVIL)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "evil_game", raising=False)
    return tmp_path


def record_naming(game: str, folder: Path) -> Path:
    record = json.loads(inland_port.dumps(make_record(inland_port, 2, 1, ["build wood_company"])))
    record["game"] = game
    record["data"]["game"] = game
    path = folder / "evil.json"
    path.write_text(json.dumps(record))
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["--plain", *argv])
    out, err = capsys.readouterr()
    return status, out, err


NAMES = [
    "evil_game",
    "..x",
    "../evil_game",
    "evil_game.sub",
    "os",
    "harborgames.cli",
    "",
    "inland_port.x",
    "x" * 10_000,
    "evil\x00game",
]


@pytest.mark.parametrize("name", NAMES)
def test_replay_never_imports_a_module_a_record_names(
    name: str, evil_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_naming(name, evil_dir)
    status, out, err = run(["replay", "evil.json"], capsys)
    assert status == 1 and out == ""
    assert (
        err.startswith("harborgames: error: evil.json: unknown game ")
        and "known games: inland_port, gdansk" in err
    )
    assert len(err) < 500 and "Traceback" not in err
    assert not (evil_dir / "MARKER").exists() and "evil_game" not in sys.modules
    assert path.exists()


@pytest.mark.parametrize("name", ["evil_game", "..x"])
def test_python_m_harborgames_replay_never_imports_a_module_a_record_names(name: str, tmp_path: Path) -> None:
    (tmp_path / "evil_game.py").write_text(EVIL)
    record_naming(name, tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(["", *sys.path])}  # "" = the current folder
    result = subprocess.run(
        [sys.executable, "-m", "harborgames", "replay", "evil.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert f"unknown game {name!r}; known games: inland_port, gdansk" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "MARKER").exists()


def test_load_refuses_unknown_names_before_any_import(evil_dir: Path) -> None:
    for name in ("evil_game", "..x", "os", "harborgames.cli", "testing"):
        with pytest.raises(ValueError, match=r"unknown game .*; known games: inland_port, gdansk"):
            harborgames.load(name)
    with pytest.raises(ValueError, match="unknown game"):
        run_arena("evil_game", 2, ["random", "random"], games=1, seed=0)
    assert not (evil_dir / "MARKER").exists() and "evil_game" not in sys.modules


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (bytes(range(256)) * 10, "not a text file"),
        (b"\xef\xbb\xbf" + b"\x00" * 100, "neither a JSON record nor JSONL"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"game": "inland_port", "n": ' + b"9" * 5000 + b"}", "an integer of 5,000 digits"),
        (b'{"game": "inland_port", "n": ' + b"[" * 900 + b"]" * 900 + b"}", "nested deeper than the limit"),
        (b'{"game": ["inland_port"]}', "no 'game' name"),
        (b"", "the file is empty"),
    ],
)
def test_replay_of_hostile_files(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    status, _, err = run(["replay", str(path)], capsys)
    assert status == 1 and message in err and "Traceback" not in err
    assert len(err) < 1000


def test_replay_of_a_folder_and_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for target in (str(tmp_path), str(tmp_path / "missing" / "x.json")):
        status, _, err = run(["replay", target], capsys)
        assert status == 1 and err.startswith(f"harborgames: error: cannot read {target}")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_replay_of_an_endless_file_stops(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["replay", "/dev/zero"], capsys)
    assert status == 1 and "more than 268,435,456 bytes" in err


@pytest.mark.parametrize("spec", ["random:seed=5,random", "random,mcts:iterations=5:seed=1"])
def test_arena_bot_specs_cannot_set_the_seed(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["arena", "inland_port", "--bots", spec, "--games", "2", "--quiet"], capsys)
    assert status == 2 and out == ""
    assert "the arena, from --seed, seeds every bot itself" in err and "leave it out" in err
    assert "Traceback" not in err and "TypeError" not in err


def test_play_bot_specs_cannot_set_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("quit\n"))
    status, _, err = run(["play", "inland_port", "--bots", "greedy:seed=3"], capsys)
    assert status == 2 and "seeds every bot itself" in err


def test_run_arena_refuses_a_seeded_spec() -> None:
    with pytest.raises(ValueError, match="seeds every bot itself"):
        run_arena("inland_port", 2, ["random:seed=1", "random"], games=1, seed=0)


@pytest.mark.parametrize("option", ["--json", "--records"])
@pytest.mark.parametrize("where", ["DIR", "/missing/dir/x", "DIR/missing/x.json"])
def test_arena_outputs_are_checked_before_the_first_game(
    option: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = where.replace("DIR", str(tmp_path))
    status, out, err = run(
        ["arena", "inland_port", "--bots", "random,random", "--games", "100000", "--quiet", option, target],
        capsys,
    )
    assert status == 2 and out == "" and "Traceback" not in err
    assert err.startswith(f"harborgames: error: {option} {target}: ")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--games", "0"], "--games must be from 1 to 1,000,000"),
        (["--games", "-5"], "--games must be from 1 to 1,000,000"),
        (["--games", "9" * 30], "--games must be from 1 to 1,000,000"),
        (["--games", "9" * 5000], "invalid int value"),
        (["--jobs", "0"], "--jobs must be from 1 to 256"),
        (["--jobs", "-1"], "--jobs must be from 1 to 256"),
        (["--jobs", "100000"], "--jobs must be from 1 to 256"),
        (["--players", "9" * 30], "is for exactly 2 players"),
        (["--players", "-2"], "is for exactly 2 players"),
        (["--games", "1.5"], "invalid int value"),
        (["--seed", "x"], "invalid int value"),
    ],
)
def test_arena_hostile_numbers(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["arena", "inland_port", "--bots", "random,random", "--quiet", *extra], capsys)
    assert status == 2 and message in err and "Traceback" not in err


@pytest.mark.parametrize("seed", ["0", "-3", str(2**64), "9" * 40])
def test_arena_any_int_seed_plays(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        ["arena", "inland_port", "--bots", "random,random", "--games", "1", "--quiet", "--seed", seed], capsys
    )
    assert status == 0, err


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["play", "inland_port", "--seed", "-1"], 2, "a seed must be a non-negative int"),
        (["play", "inland_port", "--players", "9" * 30], 2, "is for exactly 2 players"),
        (["play", "inland_port", "--seats", "٣"], 2, "--seats must name seats 0-1"),
        (["play", "inland_port", "--seats", "9" * 5000], 2, "--seats"),
        (["replay", "x.json", "--every", "0"], 2, "--every must be at least 1"),
        (["replay", "x.json", "--show", "٣x"], 2, "--show takes move numbers"),
    ],
)
def test_other_hostile_arguments(
    argv: list[str],
    status: int,
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("quit\n"))
    got, _, err = run(argv, capsys)
    assert got == status and message in err and "Traceback" not in err


def test_play_hostile_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        "²",
        "٣",
        "9" * 5000,
        "99999999999999999999",
        "execute \x00",
        "x" * 1_000_000,
        f"save {tmp_path}/a\x00b",
        f"save {tmp_path}",
        "quit",
    ]
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("\n".join(lines) + "\n"))
    status, out, err = run(["play", "inland_port", "--seed", "1", "--bots", "random"], capsys)
    # `quit`, and the input ends at its question: the game is saved, not lost
    assert status == 1 and err == "", err
    assert out.count("choose a number from 1 to") == 2
    assert out.count("not a legal action: ") == 4
    assert out.count("could not save: ") == 2
    assert "input ended; the game is left unfinished\nsaved " in out
