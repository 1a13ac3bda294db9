"""``harborgames tune`` end to end, tiny: a few trials of a few games, resumed once, the same
result from the same seed."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from harborgames import bots
from harborgames.bots.tuning import TuneConfig, TuneError, _check_same_run, tune
from harborgames.cli import main

pytest.importorskip("optuna", reason="tuning needs optuna: pip install 'harborgames[tune]'")

TINY = TuneConfig(
    game="inland_port",
    players=2,
    variant="standard",
    trials=3,
    deals=2,
    min_deals=2,
    batch=1,
    finalists=1,
    selection_deals=1,
    seed=7,
)


class _Stop(Exception):
    """Stands for a run cut off (Ctrl-C, a kill) after some trials."""


def _outcome(out: Path) -> dict[str, object]:
    """What must not depend on the run being cut off: the trials' proposals and fitness, the
    selection and the chosen set (CPU seconds and the wall clock may differ)."""
    trials = [json.loads(line) for line in (out / "trials.jsonl").read_text().splitlines()]
    best = json.loads((out / "best.json").read_text())
    for entry in [*trials, *best["provenance"]["selection"].values()]:
        entry.pop("cpu_seconds", None)
    return {
        "trials": [t for t in trials if "trial" in t],
        "selection": best["provenance"]["selection"],
        "chosen": best["provenance"]["chosen_trial"],
        "heuristic": best["heuristic"],
    }


def test_a_tiny_run_resumed_once_gives_what_an_uncut_run_gives(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    result = tune(TINY, whole, say=lambda line: None)
    assert json.loads(result.path.read_text())["format"] == "harborgames-params"

    cut = tmp_path / "cut"
    seen: list[str] = []

    def stop_after_two(line: str) -> None:
        seen.append(line)
        if len(seen) == 2:
            raise _Stop

    with pytest.raises(_Stop):
        tune(TINY, cut, say=stop_after_two)
    assert not (cut / "best.json").exists()
    tune(TINY, cut, say=lambda line: None)  # the same command carries it on
    assert _outcome(cut) == _outcome(whole)

    # the set it chose plays as a bot's params
    bots.make_from_spec(f"greedy:params={result.path}")


def test_a_folder_keeps_one_run(tmp_path: Path) -> None:
    _check_same_run(tmp_path, TINY, "the first command")
    _check_same_run(tmp_path, attrs.evolve(TINY, jobs=2), "")  # the same games, in two processes
    with pytest.raises(TuneError, match="holds a run with other settings"):
        tune(attrs.evolve(TINY, trials=5), tmp_path)


def test_the_command_runs_and_says_what_it_chose(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code = main(
        ["tune", "inland_port", "--players", "2", "--trials", "2", "--deals", "1", "--finalists", "1",
         "--selection-deals", "1", "--seed", "3", "--out", str(out)]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert "trial 2/2" in captured.err and "best.json" in captured.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tune", "inland_port", "--players", "3", "--out", "x"], "player"),
        (["tune", "inland_port", "--players", "2", "--trials", "0", "--out", "x"], "--trials must be from 1"),
        (["tune", "chess", "--players", "2", "--out", "x"], "chess"),
    ],
)
def test_bad_tune_arguments_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
