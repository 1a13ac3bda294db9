"""Refusals name the rule: the numbers of an upgrade that cannot be paid."""

from __future__ import annotations

import attrs
import pytest

from harborgames import lehavre as lh
from harborgames.core.errors import IllegalActionError
from harborgames.lehavre.data import BUILDING_INDEX, token_counts


def _at_the_steel_mill(**goods: int) -> lh.State:
    state = lh.new_game(2, seed=1, variant="short")
    owner = list(state.owner)
    owner[BUILDING_INDEX["steel_mill"]] = 0
    me = attrs.evolve(state.players[0], stock=token_counts(**goods))
    state = attrs.evolve(state, owner=tuple(owner), players=(me, state.players[1]))
    return lh.apply(state, lh.parse_action(state, "enter steel_mill"))


def test_steel_mill_refusal_names_the_energy_it_needs() -> None:
    state = _at_the_steel_mill(iron=3, wood=12, francs=5)
    assert [str(a) for a in lh.legal_actions(state)] == ["times 1", "times 2"]
    with pytest.raises(IllegalActionError, match="needs 15 energy for 3 iron: you have 12 energy"):
        lh.apply(state, lh.parse_action(state, "times 3"))
    with pytest.raises(IllegalActionError, match="cannot upgrade 9 iron: you have 3"):
        lh.apply(state, lh.parse_action(state, "times 9"))
