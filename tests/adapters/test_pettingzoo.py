"""The PettingZoo adapter: PettingZoo's own api_test and seed_test on every game configuration,
its average_total_reward and render_test, and the promises of its module doc (the classic
wrappers, rewards, seeding, masks, render, illegal actions, actions of every integer kind)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="the pettingzoo extra is not installed: pip install -e '.[pettingzoo]'"
)

from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.test.api_test import play_test
from pettingzoo.utils import average_total_reward

import harborgames
from harborgames.adapters import observation_bounds
from harborgames.adapters.pettingzoo import HarborEnv, env, final_rewards, raw_env
from harborgames.core.errors import IllegalActionError

from .games import configurations, encoded_or_skip, is_long

# api_test warns about any Dict observation of an environment it does not know by name; our
# observations are Dicts of the tensor and the action mask, as PettingZoo's own classic games.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    # the classic wrappers' notice when an illegal id ends a game (the tests make it happen)
    "Illegal move made, game terminating with current player losing.",
)

EPISODES = 3  # api_test's episode, then more from other seeds through its play_test
# Le Havre: each episode stops after this many turns of every agent. Random games take 150-400
# decisions (bots that build take thousands), so they end well within it; the bound keeps the
# run short if they ever grow.
LONG_CYCLES = 1000


@pytest.fixture
def only_expected_warnings() -> Iterator[None]:
    """Any warning but the expected ones fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in EXPECTED_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(message))
        yield


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
@pytest.mark.usefixtures("only_expected_warnings")
def test_api_test_passes_over_several_episodes(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    cycles = LONG_CYCLES if is_long(name, variant) else 100_000
    table = env(name, players, variant)
    api_test(table, num_cycles=cycles)
    table.reset(seed=0)
    first = table.observe(table.agent_selection)["observation"]
    for seed in range(1, EPISODES):
        table.reset(seed=seed)  # play_test's own reset() then draws from this seed's stream
        play_test(table, first, cycles)
    seen = play_out(table, seed=EPISODES, cycles=cycles)
    state = table.state_value
    game = harborgames.load(name)
    assert game.is_terminal(state), "the game ends within the bound, so its end is tested too"
    expected = final_rewards("win", game.scores(state), game.winners(state))
    assert seen == {f"player_{seat}": value for seat, value in enumerate(expected)}


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
def test_seed_test_passes(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    cycles = LONG_CYCLES if is_long(name, variant) else 100_000
    seed_test(lambda: env(name, players, variant), num_cycles=cycles)


def play_out(table: Any, seed: int, cycles: int = 100_000) -> dict[str, float]:
    """A random masked game to the end (or ``cycles`` turns of each agent); each agent's final
    reward as ``last`` reports it."""
    table.reset(seed=seed)
    for agent in table.possible_agents:
        table.action_space(agent).seed(seed)
    seen: dict[str, float] = {}
    for agent in table.agent_iter(cycles * table.num_players):
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            seen[agent] = reward
            table.step(None)
        else:
            table.step(int(table.action_space(agent).sample(observation["action_mask"])))
    return seen


def test_rewards_come_at_the_end_from_the_final_scores_and_winners() -> None:
    encoded_or_skip("inland_port")
    for reward in ("win", "margin"):
        table = env("inland_port", reward=reward)
        seen = play_out(table, seed=4)
        state = table.state_value
        game = harborgames.load("inland_port")
        expected = final_rewards(reward, game.scores(state), game.winners(state))
        assert seen == {f"player_{seat}": value for seat, value in enumerate(expected)}


def test_reset_seed_is_the_new_game_seed_and_resets_without_one_repeat() -> None:
    encoded_or_skip("inland_port")
    table = env("inland_port")
    table.reset(seed=11)
    assert table.state_value == harborgames.load("inland_port").new_game(2, seed=11)
    table.reset()
    after = table.state_value
    table.reset(seed=11)
    table.reset()
    assert table.state_value == after


def test_spaces_are_cached_and_the_mask_is_the_movers_only() -> None:
    encoded_or_skip("inland_port")
    table = env("inland_port")
    table.reset(seed=2)
    for agent in table.possible_agents:
        assert table.observation_space(agent) is table.observation_space(agent)
        assert table.action_space(agent) is table.action_space(agent)
    mover = table.agent_selection
    other = next(agent for agent in table.possible_agents if agent != mover)
    mask = table.observe(mover)["action_mask"]
    assert mask.dtype == np.int8 and mask.any()
    assert not table.observe(other)["action_mask"].any()
    assert table.observe(mover)["observation"].dtype == np.float32


def test_the_raw_env_raises_on_an_illegal_action_and_changes_nothing() -> None:
    encoded_or_skip("inland_port")
    table = raw_env("inland_port")
    assert isinstance(table, HarborEnv) and env("inland_port").unwrapped.__class__ is HarborEnv
    table.reset(seed=3)
    before = table.state_value
    refused = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        table.step(refused)
    with pytest.raises(IllegalActionError, match="integer"):
        table.step(None)
    assert table.state_value == before


def test_render_ansi_is_the_games_render_and_human_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    encoded_or_skip("inland_port")
    table = env("inland_port", render_mode="ansi")
    table.reset(seed=5)
    assert table.render() == harborgames.load("inland_port").render(table.state_value)
    human = env("inland_port", render_mode="human")
    human.reset(seed=5)
    assert human.render() is None
    assert harborgames.load("inland_port").render(human.state_value) in capsys.readouterr().out


@pytest.mark.usefixtures("only_expected_warnings")
def test_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    encoded_or_skip("gdansk")
    render_test(lambda render_mode=None: env("gdansk", 3, render_mode=render_mode))
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize(("name", "players"), [("inland_port", 2), ("gdansk", 3), ("lehavre", 2)])
@pytest.mark.usefixtures("only_expected_warnings")
def test_average_total_reward_runs_on_the_classic_stack(
    name: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``average_total_reward`` reads ``last(observe=False)``, so it samples ids without the mask:
    the classic stack ends each game at its first illegal id, -1 for the offender, 0 for the others."""
    encoded_or_skip(name)
    average = average_total_reward(env(name, players), max_episodes=5)
    assert "Average total reward" in capsys.readouterr().out
    assert -1.0 <= average <= 2.0 - players


def test_the_classic_stack_ends_the_game_on_an_illegal_id() -> None:
    encoded_or_skip("gdansk")
    table = env("gdansk", 3)
    table.reset(seed=3)
    for _ in range(5):
        table.step(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0])
    offender = table.agent_selection
    before = table.state_value
    refused = np.flatnonzero(table.observe(offender)["action_mask"] == 0)[0]
    table.step(np.array(refused))
    assert table.state_value == before
    assert all(table.terminations.values())
    seen = {}
    while table.agents:
        agent = table.agent_selection
        _, reward, terminated, truncated, _ = table.last()
        assert terminated or truncated
        seen[agent] = reward
        table.step(None)
    assert seen == {agent: -1.0 if agent == offender else 0.0 for agent in table.possible_agents}
    table.reset(seed=4)  # and the next game starts as usual
    assert table.agents == table.possible_agents and not any(table.terminations.values())
    with pytest.raises(AssertionError, match="action space"):
        table.step(10_000)


@pytest.mark.parametrize("make", [env, raw_env])
def test_actions_of_every_integer_kind_are_taken(make: Any) -> None:
    encoded_or_skip("inland_port")
    for kind in (int, np.int64, np.int32, lambda a: np.array(a), lambda a: np.array(a, np.int16)):
        table = make("inland_port")
        table.reset(seed=2)
        before = table.state_value
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]
        table.step(kind(legal))
        assert table.state_value != before and not any(table.terminations.values())
    table = raw_env("inland_port")
    table.reset(seed=2)
    for refused, named in [(1.0, "float"), (np.array([1, 2]), r"shape \(2,\)"), (np.float64(1), "float64")]:
        with pytest.raises(IllegalActionError, match=named):
            table.step(refused)


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
def test_observations_lie_in_their_box(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    table = env(name, players, variant)
    low, high = observation_bounds(name, players, variant)
    table.reset(seed=1)
    for agent in table.agent_iter(200):
        observation, _, terminated, truncated, _ = table.last()
        assert observation in table.observation_space(agent)
        space = table.observation_space(agent)["observation"]
        assert np.array_equal(space.low, low) and np.array_equal(space.high, high)
        if terminated or truncated:
            table.step(None)
        else:
            table.step(table.action_space(agent).sample(observation["action_mask"]))


def test_rule_options_reach_new_game() -> None:
    encoded_or_skip("gdansk")
    table = env("gdansk", 3, options={"load_and_unload": "both"})
    table.reset(seed=1)
    assert table.state_value.rules.load_and_unload == "both"


def test_bad_setup_is_refused_at_construction() -> None:
    encoded_or_skip("inland_port")
    with pytest.raises(ValueError, match="2"):
        env("inland_port", 3)
    with pytest.raises(ValueError, match="reward"):
        env("inland_port", reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        env("inland_port", render_mode="rgb_array")
    with pytest.raises(RuntimeError, match="reset"):
        raw_env("inland_port").step(0)
    with pytest.raises(AssertionError, match="reset"):
        env("inland_port").step(0)


def test_after_the_end_each_agent_gets_its_reward_once_then_steps_none_out() -> None:
    """The AEC end: every agent is terminated with its final reward in ``last()`` (kept while
    the others step out), ``step(action)`` of a dead agent is refused, ``step(None)`` removes it,
    and no agent is ever truncated."""
    encoded_or_skip("inland_port")
    game = harborgames.load("inland_port")
    table = env("inland_port")
    table.reset(seed=6)
    rng = np.random.default_rng(6)
    while not game.is_terminal(table.state_value):
        assert not any(table.truncations.values())
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
    state = table.state_value
    expected = dict(
        zip(table.possible_agents, final_rewards("win", game.scores(state), game.winners(state)), strict=True)
    )
    assert table.terminations == dict.fromkeys(table.possible_agents, True)
    assert table._cumulative_rewards == expected
    assert not any(table.truncations.values())
    for agent in table.possible_agents:
        assert not table.observe(agent)["action_mask"].any()  # nobody moves once it is over
    left = []
    while table.agents:
        agent = table.agent_selection
        _, reward, terminated, truncated, info = table.last()
        assert (reward, terminated, truncated) == (expected[agent], True, False)
        assert info == {"scores": game.scores(state)}
        with pytest.raises(ValueError, match="None"):
            table.step(0)
        table.step(None)
        left.append(agent)
    assert sorted(left) == sorted(table.possible_agents) and table.rewards == {}
