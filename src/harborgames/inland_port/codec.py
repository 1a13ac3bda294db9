"""JSON for the Inland Port, with the consistency checks that ``loads`` applies.

A state's ``decision`` is written as a tagged object, ``{"type": "ChooseUse", "building":
"marketplace", "applications": 4}``, or ``null`` once the game is over.
"""

from __future__ import annotations

import cattrs

from ..core.checks import StateChecks
from ..core.codec import Codec, register_decisions, strict_converter
from .actions import ACTION_TYPES
from .buildings import EFFECTS, effects
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FORCED_SALE_AGE,
    FRANCS_COST,
    MAX_GOODS,
    NUM_BUILDINGS,
    NUM_ROUNDS,
    ROUND_ACTIONS,
    SECTOR_APPLICATIONS,
)
from .decisions import DECISION_TYPES, ChooseUse, Decision, PayBuildCost, PayExchangeFood, SellOrEnd
from .info import INFO
from .limits import check_room
from .state import Observation, State
from .turn import RULEBOOK

__all__ = ["CODEC", "dumps", "loads", "validate_observation", "validate_state"]

_MOST_APPLICATIONS = max(SECTOR_APPLICATIONS)


def validate_state(state: State) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, decisions)."""
    check = StateChecks("inland_port")
    check.require(state.num_players == 2, f"num_players is {state.num_players}, must be 2")
    check.seat("first_player", state.first_player, 2)
    check.seat("current_player", state.current_player, 2, none_allowed=True)
    check.forced("forced", state.forced, 2)
    decision = state.decision
    over = decision is None
    if over:
        check.require(
            state.round == NUM_ROUNDS, f"a finished game is at round {NUM_ROUNDS}, not {state.round}"
        )
        check.require(state.actions_left == 0, f"a finished game has no actions left: {state.actions_left}")
    else:
        check.within("round", state.round, 0, NUM_ROUNDS - 1)
        check.within("actions_left", state.actions_left, 1, ROUND_ACTIONS[state.round])
    for p in range(2):
        check.require(state.francs[p] >= 0, f"player {p} has negative Francs ({state.francs[p]})")
        for g, count in enumerate(state.goods[p]):
            check.within(f"player {p}'s good #{g}", count, 0, MAX_GOODS)
    check.length("owner", state.owner, NUM_BUILDINGS)
    check.length("placed", state.placed, NUM_BUILDINGS)
    for b, (owner, placed) in enumerate(zip(state.owner, state.placed, strict=True)):
        name = BUILDINGS[b].id
        check.one_of(f"{name}: owner", owner, (-1, 0, 1))
        check.within(f"{name}: placed", placed, 0, state.round)
        if owner >= 0:
            check.require(
                BUILDINGS[b].round <= placed <= state.round,
                f"{name}: placed in round {placed}, before it entered or in the future",
            )
            # The forced sale at the end of each round leaves no building older than sector 4+.
            check.require(
                BUILDINGS[b].locked or state.round - placed < FORCED_SALE_AGE,
                f"{name}: placed in round {placed}, {state.round - placed} rounds ago: the forced "
                f"sale takes a building at {FORCED_SALE_AGE}",
            )
    check_room(check, state)
    if isinstance(decision, SellOrEnd):
        check.require(state.current_player in state.owner, "SellOrEnd needs a building to sell")
    if isinstance(decision, (ChooseUse, PayBuildCost, PayExchangeFood)):
        _check_building_decision(check, state, decision)
    legal_count = 0 if over else len(RULEBOOK.legal_tuple(state))
    check.decision(over, state.current_player, legal_count)


def _check_building_decision(
    check: StateChecks, state: State, decision: ChooseUse | PayBuildCost | PayExchangeFood
) -> None:
    """A decision about a building: one the rules can be waiting on, in the position they reach."""
    name = decision.building
    b = BUILDING_INDEX.get(name)
    check.require(b is not None, f"the decision names no building of the game: {name!r}")
    assert b is not None
    info = BUILDINGS[b]
    if isinstance(decision, PayBuildCost):
        check.require(
            state.owner[b] < 0 and info.round <= state.round and info.cost.kind != FRANCS_COST,
            f"a build of {name} cannot be waiting for its payment here (unbuilt, entered, paid in goods)",
        )
        return
    effect = EFFECTS.get(name)
    if isinstance(decision, ChooseUse):
        check.require(
            effect is not None and 2 <= decision.applications <= _MOST_APPLICATIONS,
            f"a use of {name} cannot be waiting with {decision.applications} applications",
        )
        check.require(effects(state.rules)[name].options is not None, f"{name} has no choice to wait for")
    else:
        check.require(effect is not None and effect.food_per_time > 0, f"{name} has no cost to wait for")
        check.within(f"{name}: times", decision.times, 1, _MOST_APPLICATIONS)
    check.require(
        state.owner[b] >= 0 and state.placed[b] == state.round,
        f"a use of {name} is under way: it is built and back in sector 0 this round",
    )


def validate_observation(observation: Observation) -> None:
    StateChecks("inland_port", "observation").seat("player", observation.player, 2)
    validate_state(observation.state)


def _converter() -> cattrs.Converter:
    converter = strict_converter()
    register_decisions(converter, DECISION_TYPES, Decision | None)
    return converter


CODEC = Codec(
    "inland_port",
    state_type=State,
    observation_type=Observation,
    action_types=ACTION_TYPES,
    validate_state=validate_state,
    validate_observation=validate_observation,
    converter=_converter(),
    info=INFO,
)
dumps = CODEC.dumps
loads = CODEC.loads
