"""JSON for the Inland Port, with the consistency checks that ``loads`` applies."""

from __future__ import annotations

from ..core.checks import StateChecks
from ..core.codec import Codec
from .actions import ACTION_TYPES
from .buildings import EFFECTS, effects
from .data import BUILDINGS, FORCED_SALE_AGE, FRANCS_COST, MAX_GOODS, NUM_BUILDINGS, NUM_ROUNDS, ROUND_ACTIONS
from .info import INFO
from .rules import RULEBOOK
from .state import AFTER, CHOOSE, OVER, PAY, PHASES, Observation, State


def validate_state(state: State) -> None:
    """Refuse positions the rules can never reach in form (counts, ranges, phases)."""
    check = StateChecks("inland_port")
    check.require(state.num_players == 2, f"num_players is {state.num_players}, must be 2")
    check.seat("first_player", state.first_player, 2)
    check.seat("current_player", state.current_player, 2, none_allowed=True)
    check.one_of("phase", state.phase, PHASES)
    check.forced("forced", state.forced, 2)
    over = state.phase == OVER
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
        key = BUILDINGS[b].key
        check.one_of(f"{key}: owner", owner, (-1, 0, 1))
        check.within(f"{key}: placed", placed, 0, state.round)
        if owner >= 0:
            check.require(
                BUILDINGS[b].round <= placed <= state.round,
                f"{key}: placed in round {placed}, before it entered or in the future",
            )
            # The forced sale at the end of each round leaves no building older than sector 4+.
            check.require(
                BUILDINGS[b].locked or state.round - placed < FORCED_SALE_AGE,
                f"{key}: placed in round {placed}, {state.round - placed} rounds ago: the forced "
                f"sale takes a building at {FORCED_SALE_AGE}",
            )
    if state.phase == AFTER:
        check.require(state.current_player in state.owner, "phase 'after' needs a building to sell")
    check.require(
        (state.pending is not None) == (state.phase in (CHOOSE, PAY)),
        "a pending action exists exactly in phases 'choose' and 'pay'",
    )
    pending = state.pending
    if pending is not None:
        check.within("pending building", pending.building, 0, NUM_BUILDINGS - 1)
        key = BUILDINGS[pending.building].key
        check.one_of("pending action", pending.action, ("build", "use"))
        if pending.action == "use":
            check.require(
                key in EFFECTS and 2 <= pending.applications <= 4,
                f"a use of {key} cannot be pending with {pending.applications} applications",
            )
        if state.phase == CHOOSE:
            check.require(
                pending.action == "use" and effects(state.rules)[key].options is not None,
                f"{key} has no choice to wait for",
            )
        elif pending.action == "use":
            check.require(EFFECTS[key].food_per_time > 0, f"{key} has no cost to wait for")
    legal_count = 0 if over else len(RULEBOOK.legal_tuple(state))
    check.decision(over, state.current_player, legal_count)
    if pending is not None:  # what the rules reached, checked after the checks above
        info = BUILDINGS[pending.building]
        key = info.key
        if pending.action == "use":
            check.require(
                state.owner[pending.building] >= 0 and state.placed[pending.building] == state.round,
                f"a use of {key} is pending: it is built and back in sector 0 this round",
            )
            if state.phase == CHOOSE:
                check.require(pending.times == 0, f"times {pending.times} before the choice is made")
            else:
                check.within("pending times", pending.times, 1, pending.applications)
        else:
            check.require(
                state.phase == PAY and pending.applications == 0 and pending.times == 0
                and state.owner[pending.building] < 0 and info.round <= state.round
                and info.cost.kind != FRANCS_COST,
                f"a build of {key} cannot be pending here (unbuilt, entered, paid in goods)",
            )


def validate_observation(observation: Observation) -> None:
    StateChecks("inland_port", "observation").seat("player", observation.player, 2)
    validate_state(observation.state)


CODEC = Codec(
    "inland_port",
    state_type=State,
    observation_type=Observation,
    action_types=ACTION_TYPES,
    validate_state=validate_state,
    validate_observation=validate_observation,
    info=INFO,
)
dumps = CODEC.dumps
loads = CODEC.loads
