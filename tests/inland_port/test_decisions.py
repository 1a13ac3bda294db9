"""The typed decision (issue 19): every running state says what is decided, states are values,
and what the seat to move observes determines its legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from harborgames import inland_port as ip
from harborgames.core.update import update
from harborgames.inland_port.decisions import DECISION_TYPES
from tests.inland_port.positions import play, position

OPTION_SETS = [{}, {"overpay": "least_goods", "effect_cost_payment": "per_application"},
               {"main_effect_applications": "up_to", "diagonal_edge": "per_axis"}]


def _playout(seed: int, options: dict[str, str]) -> list[ip.State]:
    state = ip.new_game(seed=seed, options=options)
    rng = random.Random(seed)
    states = [state]
    while not ip.is_terminal(state):
        state = ip.apply(state, rng.choice(ip.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(o.values()) or "defaults")
def test_every_running_state_has_a_typed_decision_and_is_a_value(options: dict[str, str]) -> None:
    seen: set[ip.State] = set()
    kinds = set()
    for state in _playout(3, options):
        assert (state.decision is None) == ip.is_terminal(state)
        if state.decision is not None:
            assert type(state.decision) in DECISION_TYPES
            kinds.add(type(state.decision))
        loaded = ip.loads(ip.dumps(state))
        assert loaded == state and hash(loaded) == hash(state)
        seen.add(state)
        assert loaded in seen
    assert ip.MainAction in kinds and ip.SellOrEnd in kinds


def test_a_position_equals_itself_reached_another_way() -> None:
    # The forced notes tell how a position was reached; they are not part of it.
    state = ip.apply(ip.new_game(seed=1), ip.Build("wood_company"))
    assert state.forced and update(state, forced=()) == state
    assert hash(update(state, forced=())) == hash(state)


def test_the_observation_holds_the_decision() -> None:
    # The same table waiting on the main action, and on how to pay for the Marketplace.
    state = position(round=3, goods={0: (7, 3, 2, 2)})
    paying = play(state, "build marketplace")
    waiting = update(paying, decision=ip.MainAction())
    assert ip.legal_actions(paying) != ip.legal_actions(waiting)
    assert ip.observe(paying, 0) != ip.observe(waiting, 0)
    assert ip.observation_string(paying, 0) != ip.observation_string(waiting, 0)
    assert not np.array_equal(ip.observation_tensor(paying, 0), ip.observation_tensor(waiting, 0))
    assert "Waiting: how to pay for building the Marketplace" in ip.render(paying)


def test_the_tensor_holds_the_rule_options() -> None:
    # The options change the payments and choices offered, so equal tensors need equal options.
    default = ip.observation_tensor(ip.new_game(seed=1), 0)
    for options in OPTION_SETS[1:]:
        assert not np.array_equal(default, ip.observation_tensor(ip.new_game(seed=1, options=options), 0))


def test_the_decision_is_saved_as_a_tagged_object() -> None:
    state = play(position(round=3, goods={0: (7, 3, 2, 2)}), "build marketplace")
    assert '"decision":{"type":"PayBuildCost","building":"marketplace"}' in ip.dumps(state)
    assert ip.loads(ip.dumps(state)).decision == ip.PayBuildCost("marketplace")
