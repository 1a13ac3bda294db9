"""The Inland Port's observation tensor as it was first written (before issue 30): build the
whole ``observe(state, player)`` value, then write it field by field at the layout's offsets.

Kept verbatim as the reference the fast writer (``inland_port.encoding``) must equal on every
state (``test_tensor_fast.py``); only the scales and layout come from the package, so a deliberate
layout change shows up in both.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from harborgames.inland_port.data import (
    BUILDING_INDEX,
    BUILDINGS,
    MAX_GOODS,
    NUM_BUILDINGS,
    OPTIONS,
    ROUND_ACTIONS,
)
from harborgames.inland_port.decisions import DECISION_TYPES, ChooseUse, PayBuildCost, PayExchangeFood
from harborgames.inland_port.encoding import (
    FRANCS_SCALE,
    GOODS_SQUARES,
    MAX_APPLICATIONS,
    OPTION_VALUES,
    WHEEL_SECTORS,
    observation_layout,
)
from harborgames.inland_port.observe import observe
from harborgames.inland_port.state import Observation, State, sector_age

_ENTERS = np.array([b.round for b in BUILDINGS], dtype=np.int64)
_UNLOCKED = tuple(not b.locked for b in BUILDINGS)
_DECISION_INDEX = {kind: number for number, kind in enumerate(DECISION_TYPES)}
_OPTION_INDEX = {pair: number for number, pair in enumerate(OPTION_VALUES)}
_MOST_ACTIONS = max(ROUND_ACTIONS)


def available(state: State) -> npt.NDArray[np.bool_]:
    """Per building: entered and not built, as ``state.is_available``."""
    return (np.array(state.owner) < 0) & (state.round >= _ENTERS)


@cache
def _starts(num_players: int) -> dict[str, int]:
    """Each field's first position in the vector."""
    return {name: where.start for name, where in observation_layout(num_players).offsets.items()}


def _tensor_of(observation: Observation) -> npt.NDArray[np.float32]:
    """The vector, written value by value at the layout's offsets (``_starts``)."""
    state = observation.state
    seats = state.num_players
    layout = observation_layout(seats)
    at = _starts(seats)
    values = np.zeros(layout.size, dtype=np.float32)
    values[at["me"] + observation.player] = 1.0
    if state.current_player is not None:
        values[at["current_player"] + state.current_player] = 1.0
    values[at["first_player"] + state.first_player] = 1.0
    decision = state.decision
    if decision is not None:
        values[at["decision"] + _DECISION_INDEX[type(decision)]] = 1.0
    values[at["round"] + state.round] = 1.0
    values[at["actions_left"]] = state.actions_left / _MOST_ACTIONS
    start = at["francs"]
    values[start : start + seats] = [francs / FRANCS_SCALE for francs in state.francs]
    start = at["goods"]
    values[start : start + seats * 4] = [count / MAX_GOODS for goods in state.goods for count in goods]
    start = at["warehouse"]
    for seat, goods in enumerate(state.goods):
        for good, count in enumerate(goods):
            values[start + (seat * 4 + good) * GOODS_SQUARES + count] = 1.0
    start = at["available"]
    values[start : start + NUM_BUILDINGS] = available(state)
    owner, sector = at["owner"], at["sector"]
    for b, seat in enumerate(state.owner):
        if seat < 0:
            continue
        values[owner + b * seats + seat] = 1.0
        if _UNLOCKED[b]:
            values[sector + b * WHEEL_SECTORS + min(max(sector_age(state, b), 0), WHEEL_SECTORS - 1)] = 1.0
    if isinstance(decision, (ChooseUse, PayBuildCost, PayExchangeFood)):
        values[at["decision_building"] + BUILDING_INDEX[decision.building]] = 1.0
        if isinstance(decision, ChooseUse):
            values[at["decision_applications"]] = decision.applications / MAX_APPLICATIONS
        elif isinstance(decision, PayExchangeFood):
            values[at["decision_times"]] = decision.times / MAX_APPLICATIONS
    start, rules = at["rules"], state.rules
    for name in OPTIONS:
        values[start + _OPTION_INDEX[(name, getattr(rules, name))]] = 1.0
    return values


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """The layout's vector, read only from ``observe(state, player)`` (here: the whole state)."""
    return _tensor_of(observe(state, player))
