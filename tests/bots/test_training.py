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
    with pytest.raises(TrainingError, match="epsilon, outcome_weight and td_lambda are from 0 to 1"):
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


# --- the residual model: the heuristic as a second input ---------------------------------------


def _greedy_positions(game_name: str, players: int) -> tuple[object, list[object]]:
    from harborgames.bots.arena import play_game

    game = harborgames.load(game_name)
    seen: list[object] = []
    play_game(
        game,
        [harborgames.bots.make("greedy", seed=s) for s in range(players)],
        seed=2,
        on_move=lambda state, action: seen.append(state),
    )
    return game, seen[::7]


@pytest.mark.parametrize(("game_name", "players"), [("inland_port", 2), ("gdansk", 4)])
def test_a_model_started_from_the_heuristic_ranks_positions_as_the_heuristic(
    game_name: str, players: int
) -> None:
    from harborgames.bots.simple import evaluate

    game, states = _greedy_positions(game_name, players)
    variant = game.INFO.default_variant
    size = game.observation_layout(players, variant).size
    model = models.ValueModel.initial(
        game_name, players, variant, inputs=size, hidden=8, seed=1, heuristic_scale=12.5, wh=0.7, b2=-0.2
    )
    assert model.residual and not model.w2.any()
    for seat in range(players):
        heuristic = [evaluate(game, s, seat) for s in states]  # type: ignore[arg-type]
        ranked = model.ranking(game, states, seat)
        order = sorted(range(len(states)), key=lambda i: (heuristic[i], i))
        assert sorted(range(len(states)), key=lambda i: (ranked[i], i)) == order
        values = model.predict(*model.inputs_of(game, states, [seat] * len(states)))
        assert all(0.0 < v < 1.0 for v in values)


def test_the_heuristic_start_is_calibrated_and_ranks_as_the_heuristic() -> None:
    from harborgames.bots.training import heuristic_start

    rng = np.random.default_rng(1)
    h = rng.normal(0.0, 30.0, 4000)
    y = (rng.random(4000) < 1.0 / (1.0 + np.exp(-h / 15.0))).astype(np.float32)
    model = heuristic_start(TrainConfig("inland_port", 2, "standard", hidden=4), 5, y, h, seed=1)
    assert model.heuristic_scale == pytest.approx(float(np.sqrt(np.mean(h * h))))
    assert model.wh * 15.0 / model.heuristic_scale == pytest.approx(1.0, abs=0.15)  # the slope found
    logits = model.logits(np.zeros((4000, 5), np.float32), h)
    assert list(np.argsort(logits, kind="stable")) == list(np.argsort(h, kind="stable"))


def test_the_greedy_bots_on_a_heuristic_model_play_greedys_game(tmp_path: Path) -> None:
    from harborgames.bots.arena import play_game

    game = harborgames.load("inland_port")
    size = game.observation_layout(2).size
    model = models.ValueModel.initial(
        "inland_port", 2, "standard", inputs=size, hidden=8, heuristic_scale=9.0, wh=1.3, b2=0.4
    )
    model.save(tmp_path / "h.npz")
    greedy = play_game(game, [harborgames.bots.make("greedy", seed=s) for s in (1, 2)], seed=4)[1]
    trainer_bots = [ModelGreedyBot(model, seed=s, max_nodes=400) for s in (1, 2)]
    assert play_game(game, trainer_bots, seed=4)[1] == greedy
    spec = f"greedy:value=model:model={tmp_path / 'h.npz'}"
    spec_bots = [harborgames.bots.make_from_spec(spec, seed=s) for s in (1, 2)]
    assert play_game(game, spec_bots, seed=4)[1] == greedy


def _format_one(path: Path, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: float, fmt: int = 1) -> None:
    header = {"format": fmt, "game": "inland_port", "num_players": 2, "variant": "standard"}
    header["meta"] = {"seed": 3}
    np.savez_compressed(
        path,
        header=np.frombuffer(json.dumps(header).encode(), dtype=np.uint8),
        w1=w1, b1=b1, w2=w2, b2=np.array([b2], np.float32),
    )  # fmt: skip


def test_a_format_one_file_loads_without_the_heuristic_input_and_another_format_is_refused(
    tmp_path: Path,
) -> None:
    rng = np.random.default_rng(2)
    w1, b1, w2 = (rng.standard_normal(s).astype(np.float32) for s in ((6, 3), 3, 3))
    _format_one(tmp_path / "old.npz", w1, b1, w2, 0.25)
    old = models.load(tmp_path / "old.npz")
    assert not old.residual and old.wh == 0.0 and old.meta == {"seed": 3}
    x = rng.random((4, 6)).astype(np.float32)
    expected = 1.0 / (1.0 + np.exp(-(np.tanh(x @ w1 + b1) @ w2 + 0.25)))
    assert np.allclose(old.predict(x), expected, atol=1e-6)
    old.save(tmp_path / "again.npz")  # written as format 2, still without the heuristic input
    again = models.load(tmp_path / "again.npz")
    assert not again.residual and np.array_equal(again.predict(x), old.predict(x))
    _format_one(tmp_path / "future.npz", w1, b1, w2, 0.25, fmt=7)
    with pytest.raises(models.ModelError, match="is a model of format 7; this version reads formats 1 and 2"):
        models.load(tmp_path / "future.npz")
    residual = models.ValueModel.initial(
        "inland_port", 2, "standard", inputs=6, hidden=3, heuristic_scale=4.0
    )
    with pytest.raises(models.ModelError, match="reads the relative heuristic of each row"):
        residual.predict(x)
    residual.save(tmp_path / "residual.npz")
    loaded = models.load(tmp_path / "residual.npz")
    assert (loaded.residual, loaded.wh, loaded.heuristic_scale) == (True, 1.0, 4.0)


def test_the_tiny_run_trains_a_residual_model_and_no_residual_the_tensor_alone(
    run: Path, tmp_path: Path
) -> None:
    model = models.load(run / "model.npz")
    assert model.residual and model.heuristic_scale is not None and model.heuristic_scale > 0
    assert model.meta["residual"] is True
    assert "relative" in np.load(run / "gen-0-data.npz").files
    assert _train(tmp_path / "plain", "--generations", "1", "--seed", "5", "--no-residual") == 0
    plain = models.load(tmp_path / "plain" / "model.npz")
    assert not plain.residual and str(plain.meta["command"]).endswith("--no-residual")
    assert plain.meta["td_lambda"] == 0.5 and "--td-lambda 0.5" in str(plain.meta["command"])


def test_td_targets_are_the_lambda_returns_of_the_starting_model() -> None:
    from harborgames.bots.training import td_targets

    model = models.ValueModel.initial("inland_port", 2, "standard", inputs=1, hidden=2, heuristic_scale=1.0)
    # two games: 3 positions x 2 seats, then 1 position; the model's value is sigmoid(h)
    h = np.array([0.0, 0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5])
    outcomes = np.array([1, 0, 1, 0, 1, 0, 0, 1], dtype=np.float32)
    games = np.array([0, 0, 0, 0, 0, 0, 1, 1])
    x = np.zeros((8, 1), np.float32)
    assert np.array_equal(td_targets(model, x, h, outcomes, games, 2, 1.0), outcomes)  # Monte Carlo
    v = 1.0 / (1.0 + np.exp(-h))
    td0 = td_targets(model, x, h, outcomes, games, 2, 0.0)
    assert np.allclose(td0, [v[2], v[3], v[4], v[5], 1, 0, 0, 1], atol=1e-6)  # the next position's value
    half = td_targets(model, x, h, outcomes, games, 2, 0.5)
    seat0_last = 1.0
    seat0_middle = 0.5 * v[4] + 0.5 * seat0_last
    seat0_first = 0.5 * v[2] + 0.5 * seat0_middle
    assert np.allclose(half[[4, 2, 0]], [seat0_last, seat0_middle, seat0_first], atol=1e-6)
