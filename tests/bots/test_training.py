"""The training pipeline end to end on a tiny run (``harborgames train``, ``bots.training``):
weights written, loaded and used; the same seed gives the same weights with any number of
workers and across an interruption; a folder of another run is refused; bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import harborgames
from harborgames.bots import model as models
from harborgames.bots.training import ModelGreedyBot, TrainConfig, TrainingError, train
from harborgames.bots.view import make_view
from harborgames.cli import main

TINY = ["inland_port", "--players", "2", "--games", "4", "--match-games", "2", "--hidden", "8", "--quiet"]


def _train(out: Path, *extra: str) -> int:
    return main(["train", *TINY, "--out", str(out), *extra])


def _weights(path: Path) -> list[bytes]:
    model = models.load(path)
    return [model.w1.tobytes(), model.b1.tobytes(), model.w2.tobytes(), np.float32(model.b2).tobytes()]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("train") / "run"
    assert _train(out, "--generations", "2", "--seed", "5") == 0
    return out


def test_a_run_writes_weights_that_load_and_play(run: Path) -> None:
    names = sorted(p.name for p in run.iterdir())
    assert names == [
        "gen-0-data.npz", "gen-0.npz", "gen-1-data.npz", "gen-1.npz", "model.npz", "progress.json",
    ]  # fmt: skip
    model = models.load(run / "model.npz")
    game = harborgames.load("inland_port")
    assert (model.game, model.num_players, model.variant, model.hidden) == ("inland_port", 2, "standard", 8)
    assert model.inputs == game.observation_layout(2).size
    meta = model.meta
    assert meta["seed"] == 5 and meta["games"] == 12 and meta["generations"] == 2
    assert str(meta["command"]).startswith("harborgames train inland_port --players 2 --variant standard")
    for key in ("cpu_seconds", "wall_seconds", "date", "harborgames_version", "rules_version", "matches"):
        assert key in meta
    state = game.new_game(2, seed=3)
    values = model.values(game, state)
    assert len(values) == 2 and all(0.0 < v < 1.0 for v in values)
    bot = ModelGreedyBot(model, seed=1)
    assert bot.choose(make_view(game, state, state.current_player)) in game.legal_actions(state)
    progress = json.loads((run / "progress.json").read_text())
    assert len(progress["generations"]) == 2
    kept = [e["generation"] for e in progress["generations"] if e["kept"]]
    assert progress["best"] == (kept[-1] if kept else 1)  # the last kept, else the newest
    assert meta["beat_greedy"] is bool(kept)


def test_the_same_seed_gives_the_same_weights_with_any_workers(run: Path, tmp_path: Path) -> None:
    assert _train(tmp_path / "again", "--generations", "2", "--seed", "5") == 0
    assert _train(tmp_path / "two", "--generations", "2", "--seed", "5", "--jobs", "2") == 0
    expected = _weights(run / "model.npz")
    assert _weights(tmp_path / "again" / "model.npz") == expected
    assert _weights(tmp_path / "two" / "model.npz") == expected
    for k in (0, 1):
        assert _weights(tmp_path / "two" / f"gen-{k}.npz") == _weights(run / f"gen-{k}.npz")


def test_a_run_continues_where_it_stopped(run: Path, tmp_path: Path) -> None:
    out = tmp_path / "resumed"
    assert _train(out, "--generations", "1", "--seed", "5") == 0
    assert len(json.loads((out / "progress.json").read_text())["generations"]) == 1
    assert _train(out, "--generations", "2", "--seed", "5") == 0
    for name in ("gen-0.npz", "gen-1.npz", "model.npz"):
        assert _weights(out / name) == _weights(run / name)
    assert _train(out, "--generations", "2", "--seed", "5") == 0  # nothing left to do
    assert len(json.loads((out / "progress.json").read_text())["generations"]) == 2


def test_a_folder_of_another_run_is_refused(run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = (run / "progress.json").read_text()
    assert _train(run, "--generations", "2", "--seed", "6") == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "another config" in error and "seed 5 there, 6 here" in error
    assert (run / "progress.json").read_text() == before


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["nogame"], "unknown game 'nogame'"),
        (["gdansk"], "--players is needed"),
        (["inland_port", "--players", "3"], "for exactly 2 players"),
        (["inland_port", "--variant", "huge"], "unknown variant 'huge'"),
        (["inland_port", "--games", "1"], "--games must be from 2"),
        (["inland_port", "--generations", "0"], "--generations must be from 1"),
        (["inland_port", "--hidden", "0"], "--hidden must be from 1"),
        (["inland_port", "--jobs", "0"], "--jobs must be from 1"),
        (["inland_port", "--address", "1.2.3.4:5"], "needs --backend ray"),
    ],
)
def test_bad_arguments_give_one_line(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", *arguments, "--out", str(tmp_path / "x"), "--quiet"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error
    assert not (tmp_path / "x").exists()


def test_a_non_empty_folder_without_a_run_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(TrainingError, match="not empty and holds no training run"):
        train(TrainConfig("inland_port", 2, "standard", games=2), tmp_path, 1, log=lambda line: None)
    with pytest.raises(TrainingError, match="epsilon and outcome_weight are from 0 to 1"):
        TrainConfig("inland_port", 2, "standard", epsilon=2.0).check()


def test_every_shipped_model_fits_its_game() -> None:
    folder = Path(models.__file__).parent / "models"
    for path in sorted(folder.glob("*.npz")):
        game_name, players, variant = path.stem.split("-")
        shipped = models.shipped(game_name, int(players.rstrip("p")), variant)
        assert shipped is not None, path.name
        game = harborgames.load(game_name)
        assert shipped.inputs == game.observation_layout(shipped.num_players, variant).size, path.name
        assert json.loads(path.with_suffix(".json").read_text())["cpu_seconds"] > 0
        assert path.stat().st_size < 400_000, path.name
