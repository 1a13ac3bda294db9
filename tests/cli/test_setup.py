"""What the commands check before a game starts: which games load, setup, bots, output files."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

import harborgames
from harborgames import inland_port
from harborgames.cli import main
from harborgames.cli.setup import check_output_path, load_game, parse_options
from harborgames.core.play import make_record

from ..bots import toy_nim
from .runner import TOYS, run

# -- load_game: registered games, or modules the calling program passes ----------------------

_EVIL = """\
from pathlib import Path
Path(__file__).with_name("imported.txt").write_text("evil_game was imported")
"""


@pytest.fixture
def evil_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An importable ``evil_game`` module that leaves a mark if anything imports it."""
    (tmp_path / "evil_game.py").write_text(_EVIL)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "evil_game", raising=False)
    return tmp_path / "imported.txt"


def test_load_game_loads_registered_games_and_passed_modules_only(evil_game: Path) -> None:
    assert load_game("inland_port") is harborgames.load("inland_port")
    assert load_game("toy_nim", TOYS) is toy_nim
    for name in ("evil_game", toy_nim.__name__, "os"):
        with pytest.raises(ValueError, match=f"unknown game '{name}'; known games: inland_port"):
            load_game(name)
    assert not evil_game.exists() and "evil_game" not in sys.modules


def test_no_command_imports_a_module_named_by_a_record_or_argument(
    evil_game: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = json.loads(inland_port.dumps(make_record(inland_port, 2, 1, [])))
    record["game"] = "evil_game"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(record))
    assert run(["replay", str(path)]) == 1
    assert run(["play", "evil_game"], stdin="quit\n", monkeypatch=monkeypatch) == 2
    assert run(["arena", "evil_game", "--players", "2", "--bots", "random,random"]) == 2
    err = capsys.readouterr().err
    assert err.count("unknown game 'evil_game'") == 3 and f"{path}: " in err
    assert not evil_game.exists() and "evil_game" not in sys.modules


def test_parse_options() -> None:
    assert parse_options(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(ValueError, match="a rule option is NAME=VALUE, not 'flag'"):
        parse_options(["flag"])


# -- arena: output files are checked before the first game -----------------------------------


def test_check_output_path(tmp_path: Path) -> None:
    assert check_output_path(str(tmp_path / "new.json"), "--json") == tmp_path / "new.json"
    (tmp_path / "old.json").write_text("{}")
    assert check_output_path(str(tmp_path / "old.json"), "--json") == tmp_path / "old.json"
    assert check_output_path("here.json", "--json") == Path("here.json")  # the current folder
    with pytest.raises(ValueError, match="that is a folder, not a file"):
        check_output_path(str(tmp_path), "--json")
    with pytest.raises(ValueError, match=r"the folder '.*nowhere' does not exist"):
        check_output_path(str(tmp_path / "nowhere" / "x.json"), "--json")
    with pytest.raises(ValueError, match=r"'.*old\.json' is not a folder"):
        check_output_path(str(tmp_path / "old.json" / "x.json"), "--records")


@pytest.mark.parametrize("option", ["--json", "--records"])
@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("nonexistent/x.json", "does not exist"),
        (".", "that is a folder, not a file"),
        ("file.txt/x.json", "is not a folder"),
    ],
)
def test_arena_refuses_an_unwritable_output_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, where: str, message: str
) -> None:
    (tmp_path / "file.txt").write_text("")
    target = str(tmp_path / where)
    assert run(["arena", "inland_port", "--bots", "random,random", "--games", "500",
                option, target]) == 2
    captured = capsys.readouterr()
    assert f"harborgames: error: {option} {target}: " in captured.err and message in captured.err
    assert captured.out == "" and "arena [" not in captured.err  # no game was played
    assert "Traceback" not in captured.err


def test_arena_refuses_one_file_for_summary_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = str(tmp_path / "out.json")
    assert run(["arena", "inland_port", "--bots", "random,random", "--json", same,
                "--records", same]) == 2
    assert "--json and --records name the same file" in capsys.readouterr().err


def test_arena_says_when_workers_cannot_import_a_game_passed_as_a_module(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ghost = types.ModuleType("ghost_game")  # a module object that no process can import
    ghost.__dict__.update({k: v for k, v in vars(toy_nim).items() if not k.startswith("__")})
    argv = ["--plain", "arena", "ghost", "--bots", "random,random", "--games", "2", "--quiet"]
    assert main(argv, games={"ghost": ghost}) == 0  # in this process it plays
    capsys.readouterr()
    assert main([*argv, "--jobs", "2"], games={"ghost": ghost}) == 2
    err = capsys.readouterr().err
    assert "a worker process cannot import the game module 'ghost_game'" in err
    assert "Traceback" not in err


# -- arena: seats, game and bots are checked in that order -----------------------------------


def test_arena_defaults_the_players_to_the_games_only_count_or_the_bots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    summary = tmp_path / "s.json"
    assert run(["arena", "inland_port", "--bots", "random,greedy", "--games", "1", "--quiet",
                "--json", str(summary)]) == 0
    assert "inland_port, 2 players, 1 game, seed 0" in capsys.readouterr().out
    assert json.loads(summary.read_text())["players"] == 2
    assert run(["arena", "toy_nim", "--bots", "random,random,greedy", "--games", "3",
                "--quiet"]) == 0
    assert "toy_nim, 3 players, 3 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nogame", "--players", "2", "--bots", "random"], "unknown game 'nogame'; known games:"),
        (["inland_port", "--players", "3", "--bots", "random"],
         "Le Havre: The Inland Port is for exactly 2 players, not 3"),
        (["inland_port", "--bots", "random"], "--bots names 1 bot for 2 seats; name one bot per seat"),
        (["inland_port", "--bots", "random,random,random"], "--bots names 3 bots for 2 seats"),
        (["toy_nim", "--players", "2", "--bots", "random"], "--bots names 1 bot for 2 seats"),
        (["gdansk", "--bots", "random"],
         "Port Gdańsk is for 2 to 4 players, not 1 (one seat per bot in --bots, as --players is not given)"),
        (["inland_port", "--bots", "random,nobody"], "unknown bot 'nobody'; known bots: random"),
        (["inland_port", "--bots", ","], "--bots names no bot"),
        (["inland_port", "--bots", "random,random", "--variant", "fast"],
         "unknown variant 'fast'; Le Havre: The Inland Port has standard"),
    ],
)
def test_arena_setup_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert run(["arena", *argv]) == 2
    err = capsys.readouterr().err
    assert f"harborgames: error: {message}" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("mcts:iterations=abc", "mcts: iterations must be an int or none, not 'abc'"),
        ("mcts:iters=5", "mcts: unknown parameter 'iters'; known: iterations, time_limit, c, "),
        ("ismcts:c=wide", "ismcts: c must be a number, not 'wide'"),
        ("greedy:lookahead=0", "greedy: lookahead must be from 1 to 8, not 0"),
        ("mcts:iterations", "bot parameter 'iterations' in 'mcts:iterations' is not key=value"),
    ],
)
@pytest.mark.parametrize("command", ["arena", "play"])
def test_bot_parameter_errors_name_the_parameter(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    bot: str,
    message: str,
) -> None:
    assert run([command, "inland_port", "--bots", f"{bot},random" if command == "arena" else bot],
               stdin="quit\n", monkeypatch=monkeypatch) == 2
    captured = capsys.readouterr()
    assert f"harborgames: error: {message}" in captured.err
    assert "not supported between" not in captured.err and "__init__" not in captured.err
    assert captured.out == ""  # refused before any game started
