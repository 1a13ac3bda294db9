"""JSON for the Inland Port, with the consistency checks that ``loads`` applies."""

from __future__ import annotations

from typing import Any

from ..core.codec import Codec
from ..core.errors import FormatError
from .actions import ACTION_TYPES
from .buildings import EFFECTS
from .data import BUILDINGS, MAX_GOODS, NUM_BUILDINGS, NUM_ROUNDS, OPTIONS, ROUND_ACTIONS
from .rules import legal_tuple
from .state import CHOOSE, OVER, PAY, PHASES, Observation, State


def validate_state(state: State) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, phases)."""

    def fail(message: str) -> None:
        raise FormatError(f"inland_port: inconsistent state: {message}")

    if state.num_players != 2:
        fail(f"num_players is {state.num_players}, must be 2")
    for name, value in (("first_player", state.first_player),):
        if value not in (0, 1):
            fail(f"{name} is {value}, must be 0 or 1")
    if state.phase not in PHASES:
        fail(f"phase {state.phase!r} is not one of {PHASES}")
    over = state.phase == OVER
    if over != (state.current_player is None):
        fail("current_player must be null exactly when the phase is 'over'")
    if state.current_player not in (None, 0, 1):
        fail(f"current_player is {state.current_player}, must be 0, 1 or null")
    if over:
        if state.round != NUM_ROUNDS:
            fail(f"a finished game is at round {NUM_ROUNDS}, not {state.round}")
    elif not 0 <= state.round < NUM_ROUNDS:
        fail(f"round {state.round} is outside 0..{NUM_ROUNDS - 1}")
    elif not 1 <= state.actions_left <= ROUND_ACTIONS[state.round]:
        fail(f"actions_left {state.actions_left} is outside 1..{ROUND_ACTIONS[state.round]}")
    for p in range(2):
        if state.francs[p] < 0:
            fail(f"player {p} has negative Francs ({state.francs[p]})")
        for g, count in enumerate(state.goods[p]):
            if not 0 <= count <= MAX_GOODS:
                fail(f"player {p}'s good #{g} is {count}, outside the warehouse 0..{MAX_GOODS}")
    if len(state.owner) != NUM_BUILDINGS or len(state.placed) != NUM_BUILDINGS:
        fail(f"owner and placed must list all {NUM_BUILDINGS} buildings")
    for b, (owner, placed) in enumerate(zip(state.owner, state.placed, strict=True)):
        if owner not in (-1, 0, 1):
            fail(f"{BUILDINGS[b].key}: owner {owner} must be -1, 0 or 1")
        if owner >= 0 and not BUILDINGS[b].round <= placed <= state.round:
            fail(f"{BUILDINGS[b].key}: placed in round {placed}, before it entered or in the future")
    if (state.pending is not None) != (state.phase in (CHOOSE, PAY)):
        fail("a pending action exists exactly in phases 'choose' and 'pay'")
    pending = state.pending
    if pending is not None:
        if not 0 <= pending.building < NUM_BUILDINGS:
            fail(f"pending building {pending.building} does not exist")
        key = BUILDINGS[pending.building].key
        if pending.action not in ("build", "use"):
            fail(f"pending action {pending.action!r} must be 'build' or 'use'")
        elif pending.action == "use" and (key not in EFFECTS or not 2 <= pending.applications <= 4):
            fail(f"a use of {key} cannot be pending with {pending.applications} applications")
        elif state.phase == CHOOSE and (pending.action != "use" or EFFECTS[key].options is None):
            fail(f"{key} has no choice to wait for")
        elif state.phase == PAY and pending.action == "use" and not EFFECTS[key].food_per_time:
            fail(f"{key} has no cost to wait for")
    for name, values in OPTIONS.items():
        if getattr(state.rules, name) not in values:
            fail(f"rule option {name} must be one of {values}")
    if state.phase != OVER and not legal_tuple(state):
        fail("the player to decide would have no legal action")


def validate_observation(observation: Observation) -> None:
    if observation.player not in (0, 1):
        raise FormatError(f"inland_port: observation for seat {observation.player}")
    validate_state(observation.state)


CODEC = Codec(
    "inland_port",
    state_type=State,
    observation_type=Observation,
    action_types=ACTION_TYPES,
    validate_state=validate_state,
    validate_observation=validate_observation,
)


def dumps(obj: Any) -> str:
    """JSON text of a state, observation, action or game record."""
    return CODEC.dumps(obj)


def loads(text: str) -> Any:
    """The object ``dumps`` wrote; ``FormatError`` naming the problem if the text is not one."""
    return CODEC.loads(text)
