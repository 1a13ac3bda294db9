"""OpenSpiel's Python ISMCTS, keyed by the observation string, plays whole games of every game
and configuration (issue 19: the string is one-to-one with the observation, so two information
states never share a tree node and the bot never picks an action the state does not offer).

The budget is small (eight simulations, values from no rollout; with the old, lossy string it
already crashed Port Gdańsk at every player count) so that the test is about the keys
and the resampling, not about playing well.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import harborgames

from .games import configurations, encoded_or_skip

# ISMCTS is for imperfect information (OpenSpiel asserts it): the Inland Port has none, and the
# conformance kit checks its observation string like every game's.
HIDDEN = [p for p in configurations() if harborgames.load(p.values[0]).INFO.information != "perfect"]


class _NoRollout:
    """An evaluator for ISMCTS that values every state 0 and spreads the prior evenly: the tree
    is still built from observation strings and resampled worlds, without random playouts (a
    Le Havre rollout is a thousand decisions)."""

    def evaluate(self, state: Any) -> np.ndarray:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize(("name", "players", "variant"), HIDDEN)
def test_ismcts_keyed_by_the_observation_string_finishes_a_whole_game(
    name: str, players: int, variant: str
) -> None:
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from open_spiel.python.algorithms import ismcts

    from harborgames.adapters.openspiel import load_game

    encoded_or_skip(name)
    params: dict[str, int | str] = {"players": players, "seed": 5}
    if variant:
        params["variant"] = variant
    game = load_game(name, **params)
    random_state = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        _NoRollout(),
        uct_c=2.0,
        max_simulations=8,
        random_state=random_state,
        use_observation_string=True,
    )
    rng = random.Random(0)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions(seat)
        # the bot moves for seat 0 and, every few decisions, for the others, so that trees of
        # several seats are built over the same resampled worlds
        action = bot.step(state) if seat == 0 or decisions % 5 == 0 else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
        decisions += 1
    assert len(state.returns()) == players
