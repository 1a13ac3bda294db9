"""The vector env (``adapters.gymnasium.vector_env``): the same episodes as Gymnasium's own
``SyncVectorEnv`` over ``env(...)`` for the same seeds and actions, with the batch tensors."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from harborgames.adapters.gymnasium import env, vector_env  # noqa: E402
from harborgames.core.errors import IllegalActionError  # noqa: E402

CONFIGURATIONS = [
    ("inland_port", 2, None),
    ("gdansk", 3, None),
    ("lehavre", 2, "short"),
    ("lehavre", 3, "full"),
]


def _choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A legal id per row (any id where a row is all 0: the autoreset step ignores it)."""
    chosen = np.zeros(len(masks), dtype=np.int64)
    for k, row in enumerate(masks):
        legal = np.flatnonzero(row)
        chosen[k] = rng.choice(legal) if len(legal) else 0
    return chosen


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGURATIONS)
def test_vector_env_plays_the_same_episodes_as_sync_vector_env(name: str, players: int, variant: str | None):
    ours = vector_env(name, 3, players, variant, seat="random", opponents="random")
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: env(name, players, variant, seat="random", opponents="random")] * 3
    )
    observations, infos = ours.reset(seed=11)
    expected, expected_infos = theirs.reset(seed=11)
    np.testing.assert_array_equal(observations, expected)
    np.testing.assert_array_equal(infos["action_mask"], expected_infos["action_mask"])
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(400 if name != "lehavre" else 250):
        actions = _choose(infos["action_mask"], rng)
        observations, rewards, terminated, truncated, infos = ours.step(actions)
        expected, expected_rewards, expected_terminated, _, expected_infos = theirs.step(actions)
        np.testing.assert_array_equal(observations, expected)
        np.testing.assert_array_equal(rewards, expected_rewards)
        np.testing.assert_array_equal(terminated, expected_terminated)
        np.testing.assert_array_equal(infos["action_mask"], expected_infos["action_mask"])
        np.testing.assert_array_equal(ours.action_masks(), infos["action_mask"])
        assert not truncated.any()
        ended += int(terminated.sum())
    assert observations in ours.observation_space
    if name == "inland_port":
        assert ended >= 3, "a few episodes end and are dealt again along the way"


def test_an_illegal_id_ends_that_episode_with_the_illegal_reward():
    tables = vector_env("inland_port", 2, opponents="random")
    _, infos = tables.reset(seed=3)
    actions = infos["action_mask"].argmax(axis=1)
    actions[1] = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    _, rewards, terminated, _, infos = tables.step(actions)
    assert rewards.tolist() == [0.0, -1.0]
    assert terminated.tolist() == [False, True]
    assert infos["illegal_action"].tolist() == [False, True]
    assert not infos["action_mask"][1].any()
    _, rewards, terminated, _, infos = tables.step(infos["action_mask"].argmax(axis=1))
    assert terminated.tolist() == [False, False] and infos["action_mask"][1].any(), "dealt again"


def test_bad_calls_are_refused_with_a_clear_error():
    tables = vector_env("inland_port", 2)
    with pytest.raises(RuntimeError, match="reset"):
        tables.step(np.zeros(2, dtype=np.int64))
    tables.reset(seed=1)
    with pytest.raises(IllegalActionError, match="one integer action id per game"):
        tables.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(IllegalActionError, match="outside the action space"):
        tables.step(np.array([0, 10_000]))
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("inland_port", 0)
    with pytest.raises(ValueError, match="seeds"):
        tables.reset(seed=[1, 2, 3])
