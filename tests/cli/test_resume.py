"""``play --load FILE`` alone resumes a saved game as it was: the record keeps who sat at each
seat (``human`` or the bot's spec) beside the setup and the moves; ``--seats`` and ``--bots``
override the saved seating, saying so; an older record without seats still loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import harborgames
from harborgames import inland_port
from harborgames.cli.session import HUMAN
from harborgames.core.errors import FormatError
from harborgames.core.play import make_record, replay

from .runner import run


def _play(argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> int:
    return run(["play", *argv], stdin=script, monkeypatch=monkeypatch)


def _moves(
    argv: list[str],
    count: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> list[str]:
    """``count`` human decisions of the game ``argv`` starts, each the notation of the first
    legal action (a number may start a composed choice's picker), found by playing them."""
    moves: list[str] = []
    probe = tmp_path / "probe.json"
    for _ in range(count):
        assert _play(argv, "".join(f"{move}\n" for move in moves) + f"save {probe}\nquit\n", monkeypatch) == 0
        record = harborgames.load(argv[0]).loads(probe.read_text())
        game = harborgames.load(record.game)
        state = replay(game, record)
        moves.append(str(game.legal_actions(state)[0]))
    capsys.readouterr()
    return moves


def _lines(moves: list[str]) -> str:
    return "".join(f"{move}\n" for move in moves)


# game, variant, players, your seats, bots, options, each seat as the record keeps it
SETUPS = [
    ("inland_port", None, 2, "1", "mcts:iterations=5", ["overpay=least_goods"], ["mcts:iterations=5", HUMAN]),
    ("gdansk", None, 2, "0", "greedy", [], [HUMAN, "greedy"]),
    ("gdansk", None, 4, "0,2", "random,greedy", ["load_and_unload=both"], [HUMAN, "random", HUMAN, "greedy"]),
    ("lehavre", "short", 3, "0", "random,greedy", ["empty_visits=allowed"], [HUMAN, "random", "greedy"]),
    ("lehavre", "full", 1, "0", None, ["solo_marketplace=sources"], [HUMAN]),
    ("lehavre", "full", 5, "4", "random", [], ["random", "random", "random", "random", HUMAN]),
]


@pytest.mark.parametrize(
    ("name", "variant", "players", "seats", "bots", "options", "kept"),
    SETUPS,
    ids=[f"{s[0]}-{s[1] or 'standard'}-{s[2]}p" for s in SETUPS],
)
def test_play_load_alone_resumes_with_the_same_seats_bots_options_and_moves(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    variant: str | None,
    players: int,
    seats: str,
    bots: str | None,
    options: list[str],
    kept: list[str],
) -> None:
    game = harborgames.load(name)
    argv = [name, "--players", str(players), "--seats", seats, "--seed", "3"]
    argv += ["--variant", variant] if variant else []
    argv += ["--bots", bots] if bots else []
    for option in options:
        argv += ["--option", option]
    first, second, whole = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "whole.json"
    moves = _moves(argv, 7, monkeypatch, capsys, tmp_path)
    assert _play(argv, _lines(moves[:4]) + f"save {first}\nquit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"resume with:\n  harborgames play --load {first}\n" in out
    saved = game.loads(first.read_text())
    assert saved.seats == tuple(kept)
    assert saved.options == dict(option.split("=") for option in options)

    assert _play(["--load", str(first)], _lines(moves[4:]) + f"save {second}\nquit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"resuming {first}: " in out
    assert "names no seats" not in out and "overridden" not in out
    words = " ".join(out.split())  # the header's lines may wrap anywhere
    header = words[words.index("seed 3 ") : words.index(" type `help`")]
    table = ["you" if who == HUMAN else who for who in kept]  # bots by their whole spec
    assert header == "seed 3 " + ", ".join(f"seat {seat}: {who}" for seat, who in enumerate(table))
    resumed = game.loads(second.read_text())
    assert (resumed.variant, resumed.num_players, resumed.seed) == (saved.variant, players, 3)
    assert resumed.options == saved.options and resumed.seats == saved.seats
    assert resumed.actions[: len(saved.actions)] == saved.actions
    assert len(resumed.actions) > len(saved.actions)  # the game went on

    # the same moves as if it had never stopped: the same bots, each decision seeded from the game
    # seed, the seat and the move number
    assert _play(argv, _lines(moves) + f"save {whole}\nquit\n", monkeypatch) == 0
    assert game.loads(whole.read_text()).actions == resumed.actions


def _saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    """An Inland Port game saved at seat 0's turn, the bot at seat 1 a greedy one."""
    saved = tmp_path / "saved.json"
    argv = ["inland_port", "--bots", "greedy", "--seed", "5"]
    assert _play(argv, "1\n" * 3 + f"save {saved}\nquit\n", monkeypatch) == 0
    capsys.readouterr()
    return saved


@pytest.mark.parametrize(
    ("flags", "line", "seating"),
    [
        (["--bots", "random"], "--bots", "seat 0: you, seat 1: random"),
        (["--seats", "0,1"], "--seats", "seat 0: you, seat 1: you"),
        # a seat that was yours gets the default bot; one that was a bot keeps it
        (["--seats", "1"], "--seats", "seat 0: mcts, seat 1: you"),
        (["--seats", "1", "--bots", "random"], "--seats and --bots", "seat 0: random, seat 1: you"),
    ],
)
def test_seats_and_bots_given_with_load_override_the_saved_seating_and_say_so(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    flags: list[str],
    line: str,
    seating: str,
) -> None:
    saved = _saved(tmp_path, monkeypatch, capsys)
    again = tmp_path / "again.json"
    # a bot at seat 0 (``--seats 1``) moves first; quitting at seat 1's turn asks, so save first
    assert _play(["--load", str(saved), *flags], f"save {again}\nquit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert [text for text in out.splitlines() if "overridden" in text] == [
        f"the seating saved in {saved} is overridden by {line}"
    ]
    assert seating in " ".join(out.split())
    kept = tuple(HUMAN if part.endswith(": you") else part.split(": ")[1] for part in seating.split(", "))
    assert inland_port.loads(again.read_text()).seats == kept


def test_a_record_saved_without_seats_loads_as_before_saying_it_names_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = _saved(tmp_path, monkeypatch, capsys)
    document = json.loads(saved.read_text())
    del document["data"]["seats"]  # as records were written before they kept the seats
    saved.write_text(json.dumps(document))
    assert _play(["--load", str(saved)], "quit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    default = "(default: you at seat 0, mcts at the others)"
    assert f"{saved} names no seats: they are --seats and --bots {default}" in out
    assert "seat 0: you, seat 1: mcts" in " ".join(out.split())  # today's default
    assert _play(["--load", str(saved), "--bots", "random"], "quit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert "names no seats" in out and "seat 0: you, seat 1: random" in " ".join(out.split())


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["human"], "inconsistent record: the record names 1 seats' players for 2 seats"),
        (["human", ""], "seat 1's player must be 1 to 200 printable characters"),
        (["human", "x" * 201], "seat 1's player must be 1 to 200 printable characters"),
        (["human", "mcts\n"], "seat 1's player must be 1 to 200 printable characters"),
        (["human", 3], "malformed record"),
        ({"0": "human"}, "malformed record"),
        (["human", "nobot"], "seat 1: unknown bot 'nobot'"),
        (["human", "greedy:lookahed=2"], "seat 1: greedy: unknown parameter 'lookahed'"),
        (["human", "random:seed=4"], "seat 1: bot 'random:seed=4': play, from the game seed, seeds"),
        (["greedy", "random"], "seats no person, only bots: choose your seat with --seats"),
    ],
)
def test_a_bad_seating_in_the_file_is_one_clear_error_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    seats: object,
    message: str,
) -> None:
    saved = _saved(tmp_path, monkeypatch, capsys)
    document = json.loads(saved.read_text())
    document["data"]["seats"] = seats
    saved.write_text(json.dumps(document))
    assert run(["play", "--load", str(saved)]) in (1, 2)
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert len(err) == 1 and err[0].startswith("harborgames: error: ") and message in err[0], err
    assert "Traceback" not in captured.err and "seat 0: you" not in captured.out


def test_a_record_without_seats_is_written_as_before_and_one_with_them_round_trips() -> None:
    plain = make_record(inland_port, 2, 5, [], options={"overpay": "minimal"})
    assert inland_port.dumps(plain) == (
        '{"format":1,"game":"inland_port","kind":"record","data":{"game":"inland_port",'
        '"variant":"standard","num_players":2,"seed":5,"actions":[],"version":2,'
        '"options":{"overpay":"minimal"}}}'
    )
    assert inland_port.loads(inland_port.dumps(plain)) == plain and plain.seats == ()
    seated = make_record(inland_port, 2, 5, [], seats=["human", "mcts:iterations=200"])
    text = inland_port.dumps(seated)
    assert text.endswith('"options":{},"seats":["human","mcts:iterations=200"]}}')
    assert inland_port.loads(text) == seated
    with pytest.raises(FormatError, match="the record names 3 seats' players for 2 seats"):
        inland_port.loads(text.replace('"seats":[', '"seats":["human",'))
