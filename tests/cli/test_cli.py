"""The ``harborgames`` command, called in-process through ``main(argv)``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import harborgames
from harborgames import gdansk, inland_port
from harborgames.cli import main
from harborgames.cli.session import show_forced
from harborgames.core import replay
from harborgames.core.errors import IllegalActionError
from harborgames.core.play import make_record, replay_states
from harborgames.core.protocol import GameModule
from harborgames.core.render import fit

from ..bots import toy_nim
from .runner import run as _run


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


def test_games_lists_every_rule_option_with_its_values_default_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _run(["games"]) == 0
    out = capsys.readouterr().out
    assert "rule options (--option NAME=VALUE):" in out
    for name in harborgames.games():
        info = harborgames.load(name).INFO
        section = out.split(f"  {name}:\n", 1)[1]
        for option, (default, *others) in info.options.items():
            listed = " | ".join([f"{default} (default)", *others])
            assert any(line.split() == [option, *listed.split()] for line in section.splitlines()), (
                option,
                section,
            )


def test_plain_works_before_and_after_the_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    for argv in (["--plain", "games"], ["games", "--plain"]):
        assert main(argv) == 0
        assert "┏" not in capsys.readouterr().out, argv
    assert main(["replay", "--plain", "missing.json"]) == 1  # any command takes it


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


class _ClosedPipe:
    """A stdout whose reader has gone, like ``| head -1`` after its line."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def isatty(self) -> bool:
        return False


def test_a_closed_stdout_ends_the_command_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["games"]) == 141  # as a shell reports a command ended by SIGPIPE
    assert capsys.readouterr().err == ""


def test_head_closing_the_pipe_early_prints_no_traceback(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    assert _run(["arena", "inland_port", "--bots", "random,random", "--games", "1", "--quiet",
                 "--records", str(records)]) == 0
    src = str(Path(harborgames.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    # Every table of a whole game is far more than a pipe holds, so the writer meets the
    # closed pipe while it is still printing, as with `harborgames replay ... | head -1`.
    reader = subprocess.Popen(
        [sys.executable, "-m", "harborgames", "replay", str(records), "--every", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )
    assert reader.stdout is not None and reader.stderr is not None
    assert reader.stdout.readline().startswith(b"Le Havre")
    reader.stdout.close()
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 141
    assert err == ""


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
    assert "hint (hard: mcts" in out
    assert "choose a number from 1 to" in out
    assert "not a legal action" in out
    assert "saved 0 moves" in out or "saved 1 move to" in out
    assert "winners: seat" in out and "scores:\n  seat 0 (you): " in out
    assert "round A" in out  # the table comes from the game's render
    record = inland_port.loads(saved.read_text())
    assert record.seed == 4


def test_play_by_notation_and_save_a_replayable_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "nim.json"
    moves = "\n".join(["pile 0", "take 1"] * 2 + ["1"] * 40)
    status = _run(
        ["play", "toy_nim", "--players", "3", "--seats", "1", "--bots", "greedy,random",
         "--seed", "2", "--variant", "small"],
        stdin=f"save {saved}\n{moves}\n", monkeypatch=monkeypatch,
    )
    out = capsys.readouterr().out
    assert status == 0, out[-2000:]
    assert "seat 0 (greedy)" in out and "seat 2 (random)" in out
    assert "  pick:" in out and "  take:" in out  # actions grouped by kind
    assert _run(["replay", str(saved)]) == 0
    assert "the record is valid" in capsys.readouterr().out


def test_undo_goes_back_to_the_previous_decision_of_yours(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "undone.json"
    script = f"pile 0\ntake 1\nundo\nsave {saved}\nquit\n"
    assert _run(["play", "toy_nim", "--bots", "random", "--seed", "0"],
                stdin=script, monkeypatch=monkeypatch) == 0
    record = toy_nim.loads(saved.read_text())
    assert record.actions[-1] == "pile 0"  # `take 1` was taken back, the pick was not
    assert f"left the game; it is saved in {saved}" in capsys.readouterr().out


def test_play_stops_when_the_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(["play", "inland_port", "--bots", "random", "--seed", "1"],
                stdin="1\n", monkeypatch=monkeypatch) == 1
    assert "> \ninput ended; the game is left unfinished" in capsys.readouterr().out  # Ctrl-D


class _Interrupted:
    def readline(self) -> str:
        raise KeyboardInterrupt

    def isatty(self) -> bool:
        return True


def test_play_interrupted_with_ctrl_c_asks_and_a_second_ctrl_c_leaves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Interrupted())
    assert _run(["play", "inland_port", "--seats", "0,1", "--seed", "1"]) == 130
    out = capsys.readouterr().out
    assert "> \nleave the game? It is not saved" in out  # ^C on the prompt line, then the question
    assert "leave without saving? [y/N] \ninterrupted; the game is left unfinished\nsaved " in out


def _moves_until_refused(game: GameModule, line: str, seed: int) -> tuple[int, str]:
    """How many first-listed moves until ``line`` reads as an action the rules refuse, and
    the engine's reason."""
    state = game.new_game(2, seed=seed)
    for played in range(50):
        action = game.parse_action(state, line)
        try:
            game.apply(state, action)
        except IllegalActionError as error:
            return played, str(error)
        state = game.apply(state, game.legal_actions(state)[0])
    raise AssertionError(f"{line!r} was never refused")


@pytest.mark.parametrize(
    ("name", "line"),
    [("inland_port", "build farm"), ("inland_port", "end"), ("gdansk", "start L1")],
)
def test_play_gives_the_reason_for_an_action_the_rules_refuse_and_asks_again(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    line: str,
) -> None:
    game = harborgames.load(name)
    before, reason = _moves_until_refused(game, line, seed=1)
    saved = tmp_path / "after.json"
    script = "1\n" * before + f"{line}\n1\nsave {saved}\nquit\n"
    assert _run(["play", name, "--seats", "0,1", "--seed", "1"],
                stdin=script, monkeypatch=monkeypatch) == 0
    out = capsys.readouterr().out
    refusal = "\n".join(fit(f"not allowed now: {reason}", indent="  "))  # wrapped at 80 columns
    assert f"> {line}\n{refusal}\n> 1\n" in out  # asked again at once
    assert f"left the game; it is saved in {saved}" in out
    assert len(game.loads(saved.read_text()).actions) == before + 1  # the game went on


def test_play_shows_what_the_engine_decided_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "forced.json"
    script = "1\n" * 40 + f"save {saved}\nquit\n"
    assert _run(["play", "gdansk", "--seats", "0,1", "--seed", "3"],
                stdin=script, monkeypatch=monkeypatch) == 0
    out = capsys.readouterr().out
    record = gdansk.loads(saved.read_text())
    expected = [
        f"forced: {forced}"
        for _, state in replay_states(gdansk, record)
        for forced in getattr(state, "forced", ())  # the field is new: none before it lands
    ]
    assert [row for row in out.splitlines() if row.startswith("forced: ")] == expected


def test_forced_decisions_are_printed_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    class Taken:
        def __init__(self, text: str) -> None:
            self.text = text

        def __str__(self) -> str:
            return self.text

    show_forced(SimpleNamespace(forced=(Taken("P1 roll → L1 M2 R1"), Taken("P0 end"))))
    show_forced(SimpleNamespace(forced=()))  # a state where nothing was forced prints nothing
    assert capsys.readouterr().out == "forced: P1 roll → L1 M2 R1\nforced: P0 end\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["inland_port", "--bots", "random,greedy"],
         "--bots names 2 bots for 1 bot seat; name one bot per bot seat, or one bot for all"),
        (["gdansk", "--players", "4", "--bots", "random,greedy"], "--bots names 2 bots for 3 bot seats"),
        (["inland_port", "--seats", "2"], "--seats must name seats 0-1, not '2'"),
        (["inland_port", "--seats", "me"], "--seats takes seat numbers, not 'me'"),
        (["gdansk", "--players", "5"], "Port Gdańsk is for 2 to 4 players, not 5"),
    ],
)
def test_play_setup_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert _run(["play", *argv]) == 2
    assert f"harborgames: error: {message}" in capsys.readouterr().err


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
    state = inland_port.new_game(2, seed=1)
    path.write_text(inland_port.dumps(state))
    assert _run(["replay", str(path)]) == 1
    assert f"{path}: holds a 'state', not a game record" in capsys.readouterr().err
    path.write_text(inland_port.dumps(inland_port.observe(state, 0)))
    assert _run(["replay", str(path)]) == 1
    assert f"{path}: holds an 'observation', not a game record" in capsys.readouterr().err
    assert _run(["replay", str(tmp_path / "missing.json")]) == 1


def test_replay_of_an_arena_summary_says_where_records_come_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = tmp_path / "summary.json"
    arena = ["arena", "inland_port", "--bots", "random,random", "--games", "1", "--quiet"]
    assert _run([*arena, "--json", str(summary)]) == 0
    capsys.readouterr()
    assert _run(["replay", str(summary)]) == 1
    assert "the summary of an arena or ladder (--json), not a game record; arena --records FILE" in (
        capsys.readouterr().err
    )


def test_replay_names_a_file_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    assert _run(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"harborgames: error: {path}: not a text file (byte 0 is not UTF-8)" in err


def test_replay_refuses_to_show_moves_the_record_does_not_have(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = inland_port.new_game(2, seed=5)
    actions = []
    for _ in range(7):
        actions.append(inland_port.legal_actions(state)[0])
        state = inland_port.apply(state, actions[-1])
    path = tmp_path / "seven.json"
    path.write_text(inland_port.dumps(make_record(inland_port, 2, 5, actions)))
    assert _run(["replay", str(path), "--show", "7"]) == 0
    capsys.readouterr()
    assert _run(["replay", str(path), "--show", "3,999"]) == 2
    captured = capsys.readouterr()
    assert f"--show 999: the record in {path} has 7 moves, so moves 0 to 7 can be shown" in captured.err
    assert captured.out == ""
    path.write_text(inland_port.dumps(make_record(inland_port, 2, 5, actions[:1])))
    assert _run(["replay", str(path), "--show", "-1"]) == 2
    assert "has 1 move, so moves 0 to 1" in capsys.readouterr().err


def test_replay_checks_every_record_of_a_jsonl_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path)  # two records
    lines = path.read_text().splitlines()
    capsys.readouterr()
    assert _run(["replay", str(path)]) == 0
    assert f"{path}: all 2 records are valid" in capsys.readouterr().out
    broken = json.loads(lines[1])
    broken["data"]["actions"][6] = "build lighthouse_of_nowhere"
    path.write_text("\n".join([lines[0], "", json.dumps(broken)]) + "\n")
    assert _run(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: line 3: move 7 ('build lighthouse_of_nowhere')" in err
    for bad, message in [
        ("{not json", "line 2: not JSON"),
        ('{"game": "gdansk"}', "line 2: "),
        ("[1, 2]", "line 2: not a harborgames document"),
    ]:
        path.write_text(f"{lines[0]}\n{bad}\n")
        assert _run(["replay", str(path)]) == 1
        assert f"{path}: {message}" in capsys.readouterr().err, bad


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
    assert document["variant"] == inland_port.INFO.default_variant  # as the records say
    assert document["variant"] == json.loads(outputs[0][1].splitlines()[0])["data"]["variant"]
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
    assert _run(["arena", "toy_nim", "--players", "3", "--bots", "random,random,greedy",
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


def _commands() -> list[str]:
    import argparse

    from harborgames.cli import build_parser

    (commands,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(commands.choices)


@pytest.mark.parametrize("command", [[], *([name] for name in _commands())])
def test_every_command_prints_its_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` of every command prints and exits 0 (a '%' in a help text once made argparse
    raise a TypeError instead)."""
    assert main([*command, "--help"]) == 0
    assert "usage:" in capsys.readouterr().out
