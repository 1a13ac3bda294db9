"""What a seat cannot see reaches neither adapter: for Port Gdańsk and Le Havre, a seat's
PettingZoo observation and its OpenSpiel observation (tensor and string) are the same for the
state and for a ``resample`` of it from that seat's view; and OpenSpiel's ISMCTS bot searches
over such resamples (``resample_from_infostate``), never the true hidden cards."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import harborgames

from .games import encoded_or_skip

HIDDEN = [
    ("gdansk", 2, "standard"),
    ("gdansk", 4, "standard"),
    ("lehavre", 3, "full"),
    ("lehavre", 2, "short"),
]
DECISIONS = 150  # a game's first decisions, checked every few: dice rolled, cards and tiles dealt
EVERY = 9


def _positions(name: str, players: int, variant: str, seed: int) -> list[Any]:
    """States of one random game, every ``EVERY``-th of its first ``DECISIONS``."""
    game = harborgames.load(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, variant=variant)
    kept = []
    for decision in range(DECISIONS):
        if game.is_terminal(state):
            break
        if decision % EVERY == 0:
            kept.append(state)
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return kept


@pytest.mark.parametrize(("name", "players", "variant"), HIDDEN)
def test_pettingzoo_observations_do_not_tell_a_resample_apart(name: str, players: int, variant: str) -> None:
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    from harborgames.adapters.pettingzoo import raw_env

    encoded_or_skip(name)
    game = harborgames.load(name)
    table, twin = raw_env(name, players, variant), raw_env(name, players, variant)
    table.reset(seed=0)
    twin.reset(seed=0)
    differed = 0
    for number, state in enumerate(_positions(name, players, variant, seed=5)):
        for seat, agent in enumerate(table.possible_agents):
            other = game.resample(state, seat, number)
            differed += other != state
            _place(table, state)
            _place(twin, other)
            seen, twin_seen = table.observe(agent), twin.observe(agent)
            assert np.array_equal(seen["observation"], twin_seen["observation"]), (number, agent)
            assert np.array_equal(seen["action_mask"], twin_seen["action_mask"]), (number, agent)
            assert seen["action_mask"].dtype == np.int8
    assert differed, "the resamples changed something hidden, so the test compared something"


def _place(table: Any, state: Any) -> None:
    """Put ``state`` under the environment (PettingZoo offers no way to start from a position:
    this sets what ``reset`` and ``step`` set)."""
    table._state = state
    table._after_move()


@pytest.mark.parametrize(("name", "players", "variant"), HIDDEN)
def test_openspiel_observations_do_not_tell_a_resample_apart(name: str, players: int, variant: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from harborgames.adapters.openspiel import load_game

    encoded_or_skip(name)
    spiel_game = load_game(name, players=players, variant=variant, seed=5)
    state = spiel_game.new_initial_state()
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for decision in range(DECISIONS):
        if state.is_terminal():
            break
        if decision % EVERY == 0:
            for seat in range(players):
                other = state.resample_from_infostate(seat, sampler)
                differed += other.harbor_state != state.harbor_state
                assert other.observation_string(seat) == state.observation_string(seat), (decision, seat)
                assert other.observation_tensor(seat) == state.observation_tensor(seat), (decision, seat)
                assert other.legal_actions() == state.legal_actions() or seat != state.current_player()
                assert other.current_player() == state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
    assert differed


def test_ismcts_plays_gdansk_over_resampled_worlds() -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from open_spiel.python.algorithms import ismcts, mcts

    from harborgames.adapters.openspiel import load_game

    encoded_or_skip("gdansk")
    game = load_game("gdansk", players=2, seed=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    worlds: list[Any] = []

    def resample(at: Any, seat: int) -> Any:
        world = at.resample_from_infostate(seat, lambda: rng.random())
        worlds.append(world.harbor_state)
        return world

    random_state = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, random_state),
        2.0,
        20,
        random_state=random_state,
        use_observation_string=True,
    )
    bot.set_resampler(resample)
    assert bot.step(state) in state.legal_actions()
    assert worlds and all(world.rng != state.harbor_state.rng for world in worlds)
