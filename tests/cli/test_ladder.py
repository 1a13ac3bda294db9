"""``harborgames ladder``: round robin tables, openskill ratings with intervals, clear refusals."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from harborgames.bots.arena import GameResult
from harborgames.cli.ladder import game_ranks, rate, tables

from .runner import run

pytest.importorskip("openskill", reason="the ladder needs openskill: pip install -e '.[cli]'")


def test_every_set_of_bots_meets_and_the_strongest_rates_highest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    assert run(["ladder", "toy_nim", "--players", "2", "--bots", "greedy,random,greedy:lookahead=1",
                "--games", "4", "--seed", "3", "--quiet", "--json", str(out)]) == 0
    document = json.loads(out.read_text())
    tables_played = {tuple(r["table"]) for r in document["results"]}
    assert tables_played == {("greedy", "random"), ("greedy", "greedy:lookahead=1"),
                             ("random", "greedy:lookahead=1")}
    assert len(document["results"]) == 3 * 4
    ratings = document["ratings"]
    assert [r["games"] for r in ratings] == [8, 8, 8]
    assert sum(r["wins"] for r in ratings) == pytest.approx(12)
    assert all(r["low"] < r["mu"] < r["high"] for r in ratings)
    ordinals = [r["ordinal"] for r in ratings]
    assert ordinals == sorted(ordinals, reverse=True)  # best first
    assert ratings[-1]["bot"] == "random"
    printed = capsys.readouterr().out
    assert "95% interval" in printed and "greedy:lookahead=1" in printed


def test_the_same_seed_gives_the_same_ladder(tmp_path: Path) -> None:
    documents = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        assert run(["ladder", "toy_nim", "--players", "3", "--bots",
                    "random,greedy,greedy:lookahead=1,greedy:relative=false",
                    "--games", "3", "--quiet", "--json", str(path)]) == 0
        documents.append(path.read_text())
    assert len(json.loads(documents[0])["results"]) == 4 * 3  # four tables of three
    assert documents[0] == documents[1]


def test_ranks_put_winners_first_then_scores() -> None:
    result = GameResult(0, 0, (0, 1, 2), (5, 9, 5), (0,), (1, 1, 1), (0.0, 0.0, 0.0), "")
    assert game_ranks(result) == [1, 2, 3]
    shared = GameResult(0, 0, (0, 1), (4, 4), (0, 1), (1, 1), (0.0, 0.0), "")
    assert game_ranks(shared) == [1, 1]
    assert tables(4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


def test_a_bot_that_always_wins_rates_above_one_that_never_does() -> None:
    table = (0, 1)
    played = [(table, GameResult(i, 0, (i % 2, 1 - i % 2), (1, 0) if i % 2 == 0 else (0, 1),
                                 (0,) if i % 2 == 0 else (1,), (1, 1), (0.0, 0.0), ""))
              for i in range(10)]
    ratings = rate(["strong", "weak"], played)
    assert [r["bot"] for r in ratings] == ["strong", "weak"]
    assert ratings[0]["low"] > ratings[1]["mu"]
    assert ratings[0]["wins"] == 10 and ratings[1]["wins"] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy"], "at least 2 different bots"),
        (["--bots", "greedy,greedy"], "names a bot twice"),
        (["--bots", "greedy,nobot"], "unknown bot 'nobot'"),
        (["--bots", "greedy,random", "--games", "0"], "--games must be from 1"),
        (["--bots", "greedy,random", "--jobs", "0"], "--jobs must be from 1"),
        (["--bots", "greedy:seed=3,random"], "cannot set seed"),
        (["--bots", "greedy,random", "--players", "9"], "9"),
    ],
)
def test_bad_ladders_are_refused_before_any_game(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["ladder", "inland_port", *argv]) == 2
    assert message in capsys.readouterr().err


def test_without_openskill_the_ladder_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)  # `import openskill` now raises
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    assert run(["ladder", "toy_nim", "--players", "2", "--bots", "greedy,random", "--games", "1"]) == 2
    assert "harborgames[cli]" in capsys.readouterr().err
