"""The ``harborgames`` command, called in-process through ``main(argv)``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import harborgames
from harborgames import inland_port
from harborgames.cli import main
from harborgames.core import replay

from ..bots import toy_nim


def _run(
    argv: list[str], stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> int:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["--plain", *argv])


def test_games_lists_every_game_with_players_and_variants(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(["games"]) == 0
    out = capsys.readouterr().out
    for name in harborgames.games():
        info = harborgames.load(name).INFO
        line = next(row for row in out.splitlines() if row.startswith(name))
        assert info.title in line and info.default_variant in line
        assert str(info.min_players) in line and str(info.max_players) in line


def test_games_and_arena_with_rich_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["games"]) == 0
    assert "┏━━" in capsys.readouterr().out  # a rich table
    assert main(["arena", "inland_port", "--players", "2", "--bots", "random,random",
                 "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "random" in captured.out and "100%" in captured.err  # rich's progress bar


def test_python_dash_m_runs_the_command() -> None:
    src = str(Path(harborgames.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "harborgames", "--plain", "games"],
        capture_output=True, text=True, env=env, check=False, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "inland_port" in done.stdout


def test_usage_errors_exit_with_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["arena", "inland_port", "--players", "3", "--bots", "a,b,c"]) == 2
    assert _run(["arena", "nowhere_game", "--players", "2", "--bots", "random,random"]) == 2
    assert _run(["arena", "inland_port", "--players", "2", "--bots", "random,nobody"]) == 2
    assert _run(["frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'nowhere_game'" in err and "unknown bot 'nobody'" in err


# -- play ------------------------------------------------------------------------------------


def test_play_a_whole_inland_port_game_from_scripted_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "early.json"
    # hint, a bad number, a bad notation, undo, save, then always the first listed action.
    script = "help\nhint\n999\nbuild nothing\n1\nundo\nsave " + str(saved) + "\n" + "1\n" * 400
    status = _run(
        ["play", "inland_port", "--players", "2", "--bots", "random", "--seed", "4"],
        stdin=script, monkeypatch=monkeypatch,
    )
    out = capsys.readouterr().out
    assert status == 0, out[-2000:]
    assert "hint (mcts): " in out
    assert "choose a number from 1 to" in out
    assert "not a legal action" in out
    assert "saved 0 moves" in out or "saved 1 moves" in out
    assert "winners: seat" in out and "scores: seat 0 (you)" in out
    assert "Round A" in out  # the table comes from the game's render
    record = inland_port.loads(saved.read_text())
    assert record.seed == 4


def test_play_by_notation_and_save_a_replayable_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "nim.json"
    moves = "\n".join(["pile 0", "take 1"] * 2 + ["1"] * 40)
    status = _run(
        ["play", toy_nim.__name__, "--players", "3", "--seats", "1", "--bots", "greedy,random",
         "--seed", "2", "--variant", "small"],
        stdin=f"save {saved}\n{moves}\n", monkeypatch=monkeypatch,
    )
    out = capsys.readouterr().out
    assert status == 0, out[-2000:]
    assert "seat 0 (greedy)" in out and "seat 2 (random)" in out
    assert "  pick:" in out and "  take:" in out  # actions grouped by kind
    assert _run(["replay", str(saved), "--game", toy_nim.__name__]) == 0
    assert "the record is valid" in capsys.readouterr().out


def test_undo_goes_back_to_the_previous_decision_of_yours(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "undone.json"
    script = f"pile 0\ntake 1\nundo\nsave {saved}\nquit\n"
    assert _run(["play", toy_nim.__name__, "--bots", "random", "--seed", "0"],
                stdin=script, monkeypatch=monkeypatch) == 0
    record = toy_nim.loads(saved.read_text())
    assert record.actions[-1] == "pile 0"  # `take 1` was taken back, the pick was not
    assert "game abandoned" in capsys.readouterr().out


def test_play_stops_when_the_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["play", "inland_port", "--bots", "random", "--seed", "1"],
                stdin="1\n", monkeypatch=monkeypatch) == 1
    assert "input ended" in capsys.readouterr().out


# -- replay ----------------------------------------------------------------------------------


def _record(tmp_path: Path, actions: int = 30) -> Path:
    path = tmp_path / "arena.jsonl"
    assert _run(["arena", "inland_port", "--players", "2", "--bots", "greedy,random",
                 "--games", "2", "--seed", "3", "--quiet", "--records", str(path)]) == 0
    return path


def test_replay_shows_chosen_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    capsys.readouterr()
    assert _run(["replay", str(path), "--show", "0,10"]) == 0
    out = capsys.readouterr().out
    assert "   1. seat " in out and "final scores: seat 0" in out
    assert out.count("Player 1 (") >= 3  # start, move 10, and the end
    assert _run(["replay", str(path), "--every", "50"]) == 0


def test_replay_names_the_move_that_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _record(tmp_path).read_text().splitlines()[0]
    document = json.loads(good)
    document["data"]["actions"][6] = "build lighthouse_of_nowhere"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document, indent=1))
    capsys.readouterr()
    assert _run(["replay", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "move 7 ('build lighthouse_of_nowhere')" in err and str(broken) in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "neither a JSON record nor JSONL"),
        ('{"format": 1}', "not a harborgames document"),
        ('{"format": 1, "game": "chess", "kind": "record", "data": {}}', "unknown game 'chess'"),
        ('{"format": 1, "game": "inland_port", "kind": "record", "data": {"seed": "x"}}',
         "malformed record"),
    ],
)
def test_replay_refuses_what_is_not_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert _run(["replay", str(path)]) == 1
    assert message in capsys.readouterr().err


def test_replay_refuses_a_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text(inland_port.dumps(inland_port.new_game(2, seed=1)))
    assert _run(["replay", str(path)]) == 1
    assert "not a game record" in capsys.readouterr().err
    assert _run(["replay", str(tmp_path / "missing.json")]) == 1


# -- arena -----------------------------------------------------------------------------------


def test_arena_is_the_same_with_one_and_two_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for jobs in (1, 2):
        summary, records = tmp_path / f"s{jobs}.json", tmp_path / f"r{jobs}.jsonl"
        assert _run(["arena", "inland_port", "--players", "2", "--bots", "greedy,random",
                     "--games", "4", "--seed", "7", "--jobs", str(jobs),
                     "--json", str(summary), "--records", str(records)]) == 0
        outputs.append((summary.read_text(), records.read_text()))
    assert outputs[0] == outputs[1]
    document = json.loads(outputs[0][0])
    assert document["bots"] == ["greedy", "random"] and document["games"] == 4
    assert sum(document["wins"]) == pytest.approx(4)
    assert len(document["mean_scores"]) == 2
    assert "greedy" in capsys.readouterr().out


def test_arena_records_replay_to_the_reported_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary, records = tmp_path / "s.json", tmp_path / "r.jsonl"
    assert _run(["arena", "inland_port", "--players", "2", "--bots", "random,mcts:iterations=10",
                 "--games", "4", "--seed", "2", "--json", str(summary),
                 "--records", str(records)]) == 0
    results = json.loads(summary.read_text())["results"]
    lines = records.read_text().splitlines()
    assert len(lines) == 4
    for line, result in zip(lines, results, strict=True):
        final = replay(inland_port, inland_port.loads(line))
        assert list(inland_port.scores(final)) == result["scores"]
        assert list(inland_port.winners(final)) == result["winners"]
    # seats rotate: each bot sat at each seat twice
    assert sorted(tuple(r["bots"]) for r in results) == [(0, 1), (0, 1), (1, 0), (1, 0)]
    assert "inland_port arena" in capsys.readouterr().err  # the text progress bar


def test_arena_counts_shared_wins_as_fractions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "s.json"
    assert _run(["arena", toy_nim.__name__, "--players", "3", "--bots", "random,random,greedy",
                 "--games", "6", "--seed", "1", "--quiet", "--json", str(summary)]) == 0
    document = json.loads(summary.read_text())
    assert sum(document["wins"]) == pytest.approx(6)
    assert all(0 <= low <= high <= 1 for low, high in document["wilson95"])


def test_without_rich_the_terminal_gets_plain_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # `import rich` now raises ImportError
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["arena", "inland_port", "--players", "2", "--bots", "random,random",
                 "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "┏" not in captured.out and "95% interval" in captured.out
    assert "[##############################] 2/2" in captured.err


def test_rule_options_reach_the_game_and_its_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "r.jsonl"
    name, values = next(iter(inland_port.INFO.options.items()))
    option = f"{name}={values[-1]}"
    assert _run(["arena", "inland_port", "--players", "2", "--bots", "random,random",
                 "--games", "2", "--quiet", "--option", option, "--records", str(records)]) == 0
    record = inland_port.loads(records.read_text().splitlines()[0])
    assert dict(record.options) == {name: values[-1]}
    assert _run(["replay", str(records)]) == 0
    assert _run(["arena", "inland_port", "--players", "2", "--bots", "random,random",
                 "--option", "no_such_rule=1"]) == 2
    assert "unknown rule option 'no_such_rule'" in capsys.readouterr().err
