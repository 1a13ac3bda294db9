"""Bots that use a learned model (leaf="model", order="model", greedy value="model") and the
presets easy, medium and hard, everywhere a bot spec is taken. Small budgets: behaviour, not
strength (the strength runs are docs/bots.md's)."""

from __future__ import annotations

import asyncio
import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from harborgames import bots, inland_port
from harborgames.bots import learned
from harborgames.bots.arena import play_game
from harborgames.bots.model import ModelError, ValueModel
from harborgames.bots.presets import PRESETS
from harborgames.cli import main

presets_module = importlib.import_module("harborgames.bots.presets")  # bots.presets is the function
SIZE = inland_port.observation_layout(2, "standard").size


@pytest.fixture
def model_path(tmp_path: Path) -> str:
    """An untrained Inland Port model (random weights): enough to check the plumbing."""
    path = tmp_path / "inland_port.npz"
    ValueModel.initial("inland_port", 2, "standard", inputs=SIZE, hidden=16, seed=3).save(path)
    return str(path)


def _game(specs: list[str], seed: int = 5) -> list[str]:
    players = [bots.make_from_spec(spec, seed=10 + seat) for seat, spec in enumerate(specs)]
    final, actions = play_game(inland_port, players, seed=seed)  # refuses an illegal choice
    assert inland_port.is_terminal(final)
    return [str(a) for a in actions]


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:leaf=model:iterations=12",
        "ismcts:leaf=blend:iterations=12",
        "ismcts:leaf=model:iterations=12:rollout_depth=0",
        "mcts:widen=1:order=model:iterations=12",
        "ismcts:order=root:iterations=12",
        "greedy:value=model",
    ],
)
def test_a_model_guided_bot_plays_a_whole_game_legally_and_reproducibly(spec: str, model_path: str) -> None:
    full = f"{spec}:model={model_path}"
    first = _game([full, "greedy"])
    assert first == _game([full, "greedy"])


def test_a_model_given_is_a_model_used(model_path: str) -> None:
    bot = bots.make("ismcts", model=model_path)
    assert isinstance(bot, bots.ISMCTSBot) and bot.leaf == "model"
    with pytest.raises(ValueError, match="neither is asked"):
        bots.make("mcts", leaf="margin", model=model_path)
    with pytest.raises(ValueError, match="order must be one of heuristic, model"):
        bots.make("mcts", order="best")
    with pytest.raises(ValueError, match="value must be one of heuristic, model"):
        bots.make("greedy", value="neural")


def test_the_leaf_values_each_seat_by_the_model_and_a_finished_game_by_its_outcome(model_path: str) -> None:
    from harborgames.bots.model import load
    from harborgames.bots.search import Leaf

    model = load(model_path)
    state = inland_port.new_game(2, seed=1)
    leaf = Leaf(inland_port, "model", model)
    assert leaf.rewards(state, None) == model.values(inland_port, state)
    final, _ = play_game(inland_port, [bots.make("random", seed=1), bots.make("random", seed=2)], seed=1)
    assert leaf.rewards(final, None) == bots.outcome_rewards(inland_port, final)


def test_a_missing_or_bad_model_is_refused_clearly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="mcts: cannot read the model file"):
        bots.make("mcts", leaf="model", model=str(tmp_path / "none.npz"))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    with pytest.raises(ValueError, match="is not a harborgames model file"):
        bots.make_from_spec(f"greedy:value=model:model={bad}")
    with pytest.raises(ValueError, match="hard: cannot read the model file"):
        bots.make("hard", model=str(tmp_path / "none.npz"))
    # a model for another configuration: refused at the first decision, naming both
    other = tmp_path / "gdansk.npz"
    ValueModel.initial("gdansk", 2, "standard", inputs=SIZE, hidden=4).save(other)
    state = inland_port.new_game(2, seed=1)
    view = bots.make_view(inland_port, state, state.current_player)  # type: ignore[arg-type]
    with pytest.raises(ModelError, match=r"is for gdansk with 2 players \(standard\), not inland_port"):
        bots.make("mcts", model=str(other), iterations=5).choose(view)
    # no shipped model for the configuration: leaf=model says so; hard falls back and says so
    monkeypatch.setattr(learned, "shipped", lambda *configuration: None)
    with pytest.raises(ModelError, match="no model is shipped for inland_port with 2 players"):
        bots.make("mcts", leaf="model", iterations=5).choose(view)
    hard = bots.make("hard", time_limit=None)
    assert hard.choose(view) in view.legal_actions
    assert getattr(hard, "plays", "").startswith("mcts on the heuristic (no learned model has measured")
    monkeypatch.setitem(presets_module.HARD, ("inland_port", 2, "standard"), {})  # as if it had
    hard = bots.make("hard", time_limit=None)
    assert hard.choose(view) in view.legal_actions
    assert getattr(hard, "plays", "").startswith("mcts on the heuristic (no model is shipped")


def test_hard_uses_the_shipped_model_where_it_measured_stronger(
    model_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from harborgames.bots.model import load

    monkeypatch.setattr(learned, "shipped", lambda *configuration: load(model_path))
    state = inland_port.new_game(2, seed=1)
    view = bots.make_view(inland_port, state, state.current_player)  # type: ignore[arg-type]
    assert bots.make("hard").choose(view) in view.legal_actions  # not listed: the heuristic
    monkeypatch.setitem(presets_module.HARD, ("inland_port", 2, "standard"), {"rollout_depth": 2})
    hard = bots.make("hard", time_limit=None)
    assert hard.choose(view) in view.legal_actions
    assert getattr(hard, "plays", "") == "mcts with the learned evaluation:leaf=blend:rollout_depth=2"
    forced = bots.make("hard", time_limit=None, model=model_path)  # a model given is used anywhere
    monkeypatch.delitem(presets_module.HARD, ("inland_port", 2, "standard"))
    assert forced.choose(view) in view.legal_actions
    assert getattr(forced, "plays", "") == "mcts with the learned evaluation:leaf=blend"


def test_the_presets_are_bot_specs_with_one_line_each() -> None:
    assert bots.presets() == ("easy", "medium", "hard")
    assert set(bots.presets()).isdisjoint(bots.names())
    for name in bots.presets():
        assert bots.make(name, seed=1).name == name
        assert bots.make_from_spec(name, seed=1).name == name
        assert "\n" not in bots.describe(name) and bots.describe(name) == PRESETS[name]
    assert bots.make_from_spec("medium:time_limit=0.1").name == "medium"
    assert "30%" in bots.describe("easy")  # the documented rule, in its line
    with pytest.raises(ValueError, match="easy: blunder must be a probability"):
        bots.make("easy", blunder=1.5)
    with pytest.raises(ValueError, match="unknown parameter 'iterations'"):
        bots.make("hard", iterations=5)
    _game(["easy", "medium:time_limit=0.02"])  # whole games, legal
    assert _game(["easy", "greedy"]) == _game(["easy", "greedy"])  # easy's blunders are seeded


def test_the_arena_and_the_ladder_take_presets(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    argv = ["--plain", "arena", "inland_port", "--players", "2", "--games", "2", "--seed", "1"]
    assert main([*argv, "--bots", "easy,medium:time_limit=0.02", "--quiet", "--json", str(out)]) == 0
    assert json.loads(out.read_text())
    ladder = ["--plain", "ladder", "inland_port", "--players", "2", "--games", "1", "--seed", "1"]
    assert main([*ladder, "--bots", "random,easy"]) == 0


def test_the_gymnasium_opponents_take_presets() -> None:
    gymnasium = pytest.importorskip("harborgames.adapters.gymnasium")
    table = gymnasium.env("inland_port", opponents="easy")
    table.reset(seed=1)
    table.close()


def _get(app: Any, path: str) -> Any:
    """One GET through the ASGI app, no server or HTTP client needed."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "GET", "path": path, "raw_path": path.encode(), "query_string": b"",
        "headers": [(b"host", b"localhost")], "scheme": "http", "server": ("localhost", 80),
        "client": ("127.0.0.1", 1), "root_path": "", "http_version": "1.1", "asgi": {"version": "3.0"},
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 200, sent
    return json.loads(b"".join(m.get("body", b"") for m in sent[1:]))


def test_the_web_lobby_offers_the_presets_with_one_line_each_and_the_hint_names_hard() -> None:
    pytest.importorskip("starlette")
    from harborgames.web import GameService
    from harborgames.web.app import create_app
    from harborgames.web.storage import MemoryStorage

    service = GameService(MemoryStorage())
    meta = _get(create_app(service), "/api/meta")
    for name in bots.presets():
        assert name in meta["bots"] and meta["bot_lines"][name] == bots.describe(name)
    created = service.create({"game": "inland_port", "players": 2, "seed": 1, "bots": {"1": "easy"}})
    token = created["tokens"]["0"]
    hint = service.hint(created["id"], token)
    assert hint["bot"] == "hard" and hint == service.hint(created["id"], token)
