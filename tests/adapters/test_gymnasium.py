"""The Gymnasium adapter: Gymnasium's own ``check_env`` on every game configuration, an
``AsyncVectorEnv`` of two worker processes, and the promises of its module doc (a new deal each
reset, opponents of every kind, the mask, the end of an episode, illegal ids, actions of every
integer kind, rendering)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed: pip install -e '.[gymnasium]'")

import gymnasium
from gymnasium.utils.env_checker import check_env

import harborgames
from harborgames import bots
from harborgames.adapters import final_rewards
from harborgames.adapters.gymnasium import HarborGymEnv, env, register_envs
from harborgames.core.errors import IllegalActionError

from .games import configurations, encoded_or_skip

# check_env makes the env again through its spec for each render mode: it then warns that the
# made env is wrapped (gymnasium.make's wrappers), which is gymnasium.make's doing, not ours.
EXPECTED_WARNINGS = ("The environment (",)


@pytest.fixture
def only_expected_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in EXPECTED_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(message))
        yield


def play_out(table: HarborGymEnv, seed: int, rng: np.random.Generator) -> tuple[float, dict[str, Any], int]:
    """A random masked episode: the last reward, the last info, the steps taken."""
    observation, info = table.reset(seed=seed)
    steps = 0
    while True:
        assert observation in table.observation_space
        action = rng.choice(np.flatnonzero(table.action_masks()))
        observation, reward, terminated, truncated, info = table.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
@pytest.mark.usefixtures("only_expected_warnings")
def test_check_env_passes(name: str, players: int, variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    encoded_or_skip(name)
    for seat in (0, "random"):
        check_env(env(name, players, variant, seat=seat, opponents="random"))
    check_env(env(name, players, variant, render_mode="ansi"))  # and, through the spec, "human"
    assert capsys.readouterr().out.strip(), "the human render mode printed the table"


@pytest.mark.parametrize(
    ("name", "players", "variant"), [("inland_port", 2, "standard"), ("gdansk", 3, "standard")]
)
def test_a_whole_episode_ends_with_the_final_reward(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    game = harborgames.load(name)
    for reward_kind in ("win", "margin"):
        table = env(name, players, variant, seat=1, reward=reward_kind)
        reward, info, steps = play_out(table, seed=3, rng=np.random.default_rng(3))
        state = table.state_value
        assert game.is_terminal(state) and steps > 10
        expected = final_rewards(reward_kind, game.scores(state), game.winners(state))[1]
        assert reward == expected and info["scores"] == game.scores(state)
        assert not table.action_masks().any() and not info["action_mask"].any()
        with pytest.raises(RuntimeError, match="reset"):
            table.step(0)


def test_a_long_game_plays_out_too() -> None:
    encoded_or_skip("lehavre")
    table = env("lehavre", 2, "short", opponents="random")
    reward, _, _ = play_out(table, seed=1, rng=np.random.default_rng(1))
    assert reward in (-1.0, 0.0, 1.0)


def test_each_reset_is_a_new_deal_and_a_seed_repeats_it() -> None:
    encoded_or_skip("gdansk")
    table = env("gdansk", 2, seat="random")
    first, _ = table.reset(seed=5)
    deal = table.state_value
    deals = {table.state_value}
    for _ in range(4):
        table.reset()
        deals.add(table.state_value)
    assert len(deals) == 5
    again, _ = table.reset(seed=5)
    assert table.state_value == deal and np.array_equal(first, again)
    seats = set()
    for seed in range(12):
        table.reset(seed=seed)
        seats.add(table.seat)
        assert table.state_value.current_player == table.seat
    assert seats == {0, 1}


def test_actions_of_every_integer_kind_are_taken_and_others_refused() -> None:
    encoded_or_skip("inland_port")
    table = env("inland_port")
    table.reset(seed=2)
    legal = int(np.flatnonzero(table.action_masks())[0])
    for kind in (int, np.int64, np.int32, np.uint16, lambda a: np.array(a), lambda a: np.array(a, np.int8)):
        table.reset(seed=2)
        before = table.state_value
        _, _, terminated, _, info = table.step(kind(legal))
        assert table.state_value != before and not terminated and "illegal_action" not in info
    table.reset(seed=2)
    for refused, named in [
        (float(legal), "float"),
        (np.array([legal]), r"shape \(1,\)"),
        (np.float32(legal), "float32"),
        (True, "bool"),
        (None, "None"),
    ]:
        with pytest.raises(IllegalActionError, match=named):
            table.step(refused)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        table.step(table.action_space.n)


def test_an_illegal_id_ends_the_episode_with_the_illegal_reward() -> None:
    encoded_or_skip("inland_port")
    table = env("inland_port")
    table.reset(seed=3)
    before = table.state_value
    refused = int(np.flatnonzero(table.action_masks() == 0)[0])
    observation, reward, terminated, truncated, info = table.step(np.int64(refused))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert table.state_value == before and observation in table.observation_space
    assert not table.action_masks().any()
    table.reset(seed=3)
    assert table.action_masks().any()


def test_opponents_of_every_kind() -> None:
    encoded_or_skip("gdansk")
    calls: list[int] = []

    def first_legal(observation: Any, mask: Any) -> np.int64:
        assert observation.dtype == np.float32 and mask.dtype == np.int8
        calls.append(1)
        return np.int64(np.flatnonzero(mask)[0])

    table = env("gdansk", 4, opponents=["greedy", bots.make("random", seed=1), first_legal])
    table.reset(seed=1)
    for _ in range(40):  # some rounds: every opponent is asked
        table.step(np.flatnonzero(table.action_masks())[-1])
    assert calls
    with pytest.raises(ValueError, match="3 other seat"):
        env("gdansk", 4, opponents=["greedy", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        env("gdansk", 3, opponents="grandmaster")
    with pytest.raises(ValueError, match="an opponent is"):
        env("gdansk", 3, opponents=[1, 2])

    def cheat(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask == 0)[0])

    table = env("inland_port", seat=1, opponents=cheat)
    with pytest.raises(IllegalActionError, match="opponent policy of seat 0"):
        table.reset(seed=1)
        for _ in range(100):  # until seat 0 is asked
            table.step(np.flatnonzero(table.action_masks())[0])


def test_greedy_opponents_win_more_than_random_ones() -> None:
    """The opponents are really played: a random agent does worse against greedy than random."""
    encoded_or_skip("inland_port")
    results = {}
    for opponent in ("random", "greedy"):
        table = env("inland_port", seat="random", opponents=opponent)
        rng = np.random.default_rng(0)
        results[opponent] = sum(play_out(table, seed=seed, rng=rng)[0] for seed in range(4))
    assert results["greedy"] < results["random"]


def test_async_vector_env_with_two_workers_plays_episodes() -> None:
    encoded_or_skip("inland_port")
    vector = gymnasium.vector.AsyncVectorEnv([lambda: env("inland_port", seat="random")] * 2)
    try:
        observations, infos = vector.reset(seed=11)
        assert observations.shape == (2, *vector.single_observation_space.shape)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(2000):
            masks = infos["action_mask"]
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            observations, rewards, terminated, truncated, infos = vector.step(actions)
            assert not truncated.any()
            ended += int(terminated.sum())
            if ended >= 2:
                break
            # AsyncVectorEnv resets a finished sub-env on the next step; its mask is then empty once
            infos["action_mask"] = np.where(
                terminated[:, None], np.ones_like(infos["action_mask"]), infos["action_mask"]
            )
        assert ended >= 2, "both workers finished a game"
        assert set(np.unique(rewards[terminated])) <= {-1.0, 0.0, 1.0}
    finally:
        vector.close()


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    encoded_or_skip("inland_port")
    game = harborgames.load("inland_port")
    table = env("inland_port", render_mode="ansi")
    table.reset(seed=4)
    assert table.render() == game.render(table.state_value)
    human = env("inland_port", render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert game.render(human.state_value) in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        env("inland_port", render_mode="rgb_array")


def test_gymnasium_make_knows_every_game() -> None:
    encoded_or_skip("gdansk")
    ids = register_envs()
    assert ids == register_envs()
    version = harborgames.load("gdansk").INFO.version
    made = gymnasium.make(f"harborgames/gdansk-v{version}", num_players=3, opponents="greedy")
    observation, info = made.reset(seed=1)
    assert observation.shape == made.observation_space.shape and info["action_mask"].any()
    assert isinstance(made.unwrapped, HarborGymEnv) and made.unwrapped.num_players == 3
    made.close()


def test_bad_setup_is_refused_at_construction() -> None:
    encoded_or_skip("inland_port")
    with pytest.raises(ValueError, match="2"):
        env("inland_port", 3)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        env("inland_port", seat=2)
    with pytest.raises(ValueError, match="reward"):
        env("inland_port", reward="points")
    with pytest.raises(RuntimeError, match="reset"):
        env("inland_port").step(0)
