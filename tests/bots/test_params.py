"""Parameter sets as data: the hand-written weights, ``params=hand|tuned|PATH``, the shipped sets,
and the search config's bounds."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

import harborgames
from harborgames import bots
from harborgames.bots.arena import play_game
from harborgames.bots.config import ISMCTS, MCTS, SearchConfig
from harborgames.bots.tuned import ParamsError, dump_set, param_set, shipped_files
from harborgames.core.params import ranges, to_mapping

GAMES = harborgames.games()
_SET = '{"format": "harborgames-params", "game": "inland_port", "heuristic": {}}'


@pytest.mark.parametrize("name", GAMES)
def test_the_hand_written_weights_are_the_heuristics_default(name: str) -> None:
    game = harborgames.load(name)
    hand = game.HeuristicParams()
    state = game.new_game(2, seed=4)
    for _ in range(60):
        if game.is_terminal(state):
            break
        for seat in range(2):
            assert game.heuristic(state, seat) == game.heuristic(state, seat, hand)
        state = game.apply(state, game.legal_actions(state)[0])


@pytest.mark.parametrize("name", GAMES)
def test_every_weight_has_a_range_around_its_hand_value(name: str) -> None:
    kind = harborgames.load(name).HeuristicParams
    hand = to_mapping(kind())
    assert hand, "a heuristic reads at least one weight"
    for weight, (low, high) in ranges(kind).items():
        assert low <= hand[weight] <= high


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, 2, 1.0, True, "0"])
def test_a_heuristic_refuses_what_is_no_seat(name: str, seat: object) -> None:
    game = harborgames.load(name)
    state = game.new_game(2, seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        game.heuristic(state, seat)


def test_params_hand_and_a_file_change_what_greedy_plays(tmp_path: Path) -> None:
    game = harborgames.load("inland_port")
    weights = game.HeuristicParams(fish=2.0, clay=0.0, wood=0.0, grain=2.0)
    path = tmp_path / "mine.json"
    path.write_text(dump_set("inland_port", weights, serves=[]), encoding="utf-8")
    moves = {}
    for spec in ("greedy:params=hand", f"greedy:params={path}"):
        players = [bots.make_from_spec(spec, seed=1), bots.make("greedy", seed=2)]
        _, actions = play_game(game, players, seed=5)
        moves[spec] = [str(a) for a in actions]
        assert players[0].plays.startswith("greedy on the ")  # type: ignore[attr-defined]
    assert moves["greedy:params=hand"] != moves[f"greedy:params={path}"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such parameter file"),
        ("{not json", "the JSON does not parse"),
        ('{"format": "other"}', "not a parameter file"),
        (_SET.replace("inland_port", "gdansk"), "for gdansk, not inland_port"),
        (_SET.replace("{}", '{"fsh": 1}'), "no weight 'fsh'"),
        (_SET.replace("{}", '{"fish": "a"}'), "finite number"),
        (_SET.replace("{}", '{"fish": NaN}'), "finite number"),
        (_SET.replace("{}", '{}, "search": {"c": -1}'), "c must be at least 0"),
    ],
)
def test_a_bad_parameter_file_is_named_with_its_fault(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "set.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ParamsError, match=message) as refused:
        bot = bots.make_from_spec(f"hard:params={path}:time_limit=none")
        state = harborgames.load("inland_port").new_game(2, seed=1)
        game = harborgames.load("inland_port")
        while True:  # a file that reads but does not fit the game fails at the first choice
            view = bots.make_view(game, state, state.current_player)
            if len(view.legal_actions) > 1:
                bot.choose(view)
                break
            state = game.apply(state, view.legal_actions[0])
    assert str(path) in str(refused.value)


@pytest.mark.parametrize("path", shipped_files(), ids=lambda p: p.name)
def test_every_shipped_set_loads_for_what_it_serves_and_says_how_it_was_made(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    game = harborgames.load(document["game"])
    assert document["serves"], "a shipped set serves at least one configuration"
    for players, variant in document["serves"]:
        game.INFO.check_new_game(players, variant, None)
        chosen = param_set("tuned", game, players, variant)
        assert chosen.name == f"tuned ({path.name})"
    for key in ("command", "seed", "trials", "games", "cpu_seconds", "selection"):
        assert key in document["provenance"], key


def test_a_configuration_no_set_serves_plays_the_hand_written_set() -> None:
    game = harborgames.load("lehavre")
    served = {
        (p, v)
        for path in shipped_files()
        for p, v in json.loads(path.read_text(encoding="utf-8"))["serves"]
        if json.loads(path.read_text(encoding="utf-8"))["game"] == "lehavre"
    }
    for players in range(1, 6):
        for variant in ("full", "short"):
            chosen = param_set("tuned", game, players, variant)
            assert (chosen.name == "hand") == ((players, variant) not in served)


def test_ismcts_is_mcts_with_three_settings_changed() -> None:
    differ = [f for f in ("c", "widen", "anchor", "rollout", "rollout_depth", "leaf", "cutoff", "epsilon")
              if getattr(MCTS, f) != getattr(ISMCTS, f)]
    assert differ == ["c", "widen", "anchor"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:iterations=99999999999999999999999", "iterations must be at most 1e+06"),
        ("ismcts:time_limit=100000", "time_limit must be at most 3600"),
        ("mcts:rollout_depth=-1", "rollout_depth must be at least 0"),
        ("mcts:cutoff=later", "cutoff must be one of turn, own, others, decision"),
        ("mcts:leaf=model", "leaf must be one of margin, rank"),
        ("hard:time_limit=0", "time_limit must be above 0"),
        ("hard:time_limit=100000", "time_limit must be at most 3600"),
        ("greedy:lookahead=100", "lookahead must be from 1 to 8"),
        ("greedy:params=", "params must be hand, tuned or a file's path"),
    ],
)
def test_search_settings_past_their_bounds_are_refused_with_the_bound(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        bots.make_from_spec(spec)


def test_a_search_config_is_a_frozen_value() -> None:
    config = SearchConfig(iterations=5)
    assert config == SearchConfig(iterations=5) and hash(config) == hash(SearchConfig(iterations=5))
    with pytest.raises(AttributeError):
        config.iterations = 6  # type: ignore[misc]
    assert not math.isnan(config.c)


def test_a_program_may_hand_a_bot_its_own_heuristic() -> None:
    game = harborgames.load("inland_port")

    def francs_only(state: object, seat: int) -> float:
        return float(game.scores(state)[seat])

    greedy = bots.GreedyBot(3, heuristic=francs_only)
    search = bots.MCTSBot(3, config=SearchConfig(iterations=8), heuristic=francs_only)
    final, _ = play_game(game, [greedy, search], seed=2)
    assert game.is_terminal(final)
    assert greedy.plays == "greedy on its own heuristic"
