"""The OpenSpiel adapter: OpenSpiel's own random_sim_test on every game configuration, the
Python MCTS bot playing a game out, and the declarations of the module doc."""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed: pip install -e '.[openspiel]'")

import pyspiel
from open_spiel.python.algorithms import mcts

import harborgames
from harborgames.adapters.openspiel import load_game, register

from .games import configurations, encoded_or_skip

# random_sim_test checks every state of every game it plays (observations of every seat,
# serialization, clones), so a Le Havre game costs seconds: one game each, a few elsewhere.
SIMS = {"inland_port": 3, "gdansk": 1, "lehavre": 1}


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
def test_random_sim_test_passes(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    game = load_game(name, players=players, variant=variant, seed=players)
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=True, verbose=False)


@pytest.mark.parametrize("name", harborgames.games())
def test_rule_options_are_parameters(name: str) -> None:
    """Every option at its other value: the game is set up with them, and still passes."""
    encoded_or_skip(name)
    options = {option: values[-1] for option, values in harborgames.load(name).INFO.options.items()}
    game = load_game(name, players=2, seed=9, **options)
    rules = game.new_initial_state().harbor_state.rules
    assert {option: getattr(rules, option) for option in options} == options
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_python_mcts_bot_plays_the_inland_port_to_the_end() -> None:
    encoded_or_skip("inland_port")
    game = load_game("inland_port", seed=3)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]
    module = harborgames.load("inland_port")
    assert module.is_terminal(state.harbor_state)


def test_declarations_follow_the_games_info() -> None:
    encoded_or_skip("inland_port")
    module = harborgames.load("inland_port")
    game = load_game("inland_port")
    kind = game.get_type()
    assert kind.short_name == "harborgames_inland_port"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.max_game_length() == module.INFO.max_decisions
    assert game.num_distinct_actions() == module.num_distinct_actions(2, "standard")
    assert game.observation_tensor_shape() == list(module.observation_layout(2, "standard").shape)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("name", ["gdansk", "lehavre"])
def test_games_with_hidden_information_say_so(name: str) -> None:
    encoded_or_skip(name)
    game = load_game(name, players=3)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == -1.0  # 2 - n: one +1 (or a shared win), the others -1


def test_observations_are_the_games_tensor_and_string() -> None:
    encoded_or_skip("inland_port")
    module = harborgames.load("inland_port")
    state = load_game("inland_port", seed=8).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    for seat in range(2):
        expected = module.observation_tensor(state.harbor_state, seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32), expected)
        assert state.observation_string(seat) == module.observation_string(state.harbor_state, seat)


def test_serialization_goes_through_the_games_json() -> None:
    encoded_or_skip("inland_port")
    game = load_game("inland_port", seed=4)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    copy = game.deserialize_state(state.serialize())
    assert copy.harbor_state == state.harbor_state and copy.history() == state.history()
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.harbor_state == state.harbor_state and str(again_game) == str(game)
    assert pickle.loads(pickle.dumps(state)).harbor_state == state.harbor_state
    assert state.clone().harbor_state is state.harbor_state  # immutable: shared, not copied


def test_an_illegal_action_raises_spiel_error_and_changes_nothing() -> None:
    encoded_or_skip("inland_port")
    state = load_game("inland_port", seed=1).new_initial_state()
    before = state.harbor_state
    refused = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match="illegal action"):
        state.apply_action(refused)
    assert state.harbor_state == before and state.history() == []


def test_register_is_idempotent_and_names_every_game() -> None:
    names = [name for name in harborgames.games() if _has_encoding(name)]
    assert register(names) == register(names) == tuple(f"harborgames_{name}" for name in names)


def _has_encoding(name: str) -> bool:
    return callable(getattr(harborgames.load(name), "observation_tensor", None))


def test_the_cpp_mcts_bot_crashes_on_python_games_so_the_docs_warn() -> None:
    """OpenSpiel's C++ ``MCTSBot`` kills the interpreter on any Python game, OpenSpiel's own
    ``python_tic_tac_toe`` included (checked with open_spiel 2.0.2). If this starts failing,
    the bug is fixed: update docs/rl.md and the adapter's module doc."""
    script = textwrap.dedent(
        """
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # registers python_tic_tac_toe
        game = pyspiel.load_game("python_tic_tac_toe")
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 10, 100, False, 0, False)
        bot.step(game.new_initial_state())
        print("survived")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode < 0 or done.returncode > 128, done.stdout + done.stderr
    assert "survived" not in done.stdout


@pytest.mark.parametrize("name", ["gdansk", "lehavre"])
def test_no_information_state_is_offered_so_none_can_leak(name: str) -> None:
    """The games keep no perfect-recall view: the type says so, and asking raises instead of
    handing out a string or tensor built from the whole state."""
    encoded_or_skip(name)
    game = load_game(name, players=2)
    kind = game.get_type()
    assert not kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="perfect-recall"):
        state.information_state_string(0)
    with pytest.raises(ValueError, match="perfect-recall"):
        state.information_state_tensor(0)


def test_the_python_observer_is_the_adapters_numpy_tensor() -> None:
    """``make_observation(game)`` (docs/rl.md: the tensor without the bridge's list copy)."""
    from open_spiel.python.observation import make_observation

    encoded_or_skip("gdansk")
    game = load_game("gdansk", players=3, seed=2)
    observer = make_observation(game)
    state = game.new_initial_state()
    for action in (0, 1):
        state.apply_action(state.legal_actions()[action])
    module = harborgames.load("gdansk")
    for seat in range(3):
        observer.set_from(state, seat)
        assert observer.tensor.dtype == np.float32
        assert np.array_equal(observer.tensor, module.observation_tensor(state.harbor_state, seat))
        assert observer.string_from(state, seat) == state.observation_string(seat)


def test_actions_of_every_integer_kind_are_taken_and_others_refused() -> None:
    encoded_or_skip("inland_port")
    game = load_game("inland_port", seed=1)
    for kind in (int, np.int64, np.int32, lambda a: np.array(a), lambda a: np.array(a, np.int16)):
        state = game.new_initial_state()
        state.apply_action(kind(state.legal_actions()[0]))
        assert state.history() == [game.new_initial_state().legal_actions()[0]]
    state = game.new_initial_state()
    legal = state.legal_actions()[0]
    for refused, named in [(float(legal), "float"), (np.array([legal]), r"shape \(1,\)"), (True, "bool")]:
        with pytest.raises(pyspiel.SpielError, match=named):
            state.apply_action(refused)
    assert state.history() == []


def test_the_rl_environment_deals_a_new_game_each_episode() -> None:
    """OpenSpiel's own ``rl_environment.Environment`` replays one deal; ``environment`` does not,
    and its deals repeat for the same seed."""
    from open_spiel.python import rl_environment

    from harborgames.adapters.openspiel import environment

    encoded_or_skip("gdansk")
    plain = rl_environment.Environment(load_game("gdansk", players=2, seed=3))
    first = plain.reset().observations["info_state"][0]
    assert plain.reset().observations["info_state"][0] == first

    def deals(seed: int) -> list[object]:
        table = environment("gdansk", seed=seed, players=2)
        seen = []
        for _ in range(4):
            step = table.reset()
            seen.append(table.get_state.harbor_state)
            assert step.observations["current_player"] == table.get_state.current_player()
            actions = step.observations["legal_actions"][step.observations["current_player"]]
            table.step([np.int64(actions[0])])  # numpy ids, as an agent's argmax gives
        assert table.deal_seed >= 0
        return seen

    seen = deals(7)
    assert len(set(seen)) == 4 and deals(7) == seen
    from harborgames.adapters.openspiel import NewDealEnvironment

    with pytest.raises(ValueError, match="seed"):
        NewDealEnvironment("gdansk", 1, {"seed": 2})
