"""What a seat may know: the Inland Port hides nothing, so the observation carries the state."""

from __future__ import annotations

from ..core.checks import require_seat, require_state
from .state import Observation, State


def observe(state: State, player: int) -> Observation:
    require_state(state, State, "observe", "Inland Port")
    require_seat(player, state.num_players)
    return Observation(player, state)


def resample(state: State, player: int, seed: int) -> State:
    """The state itself: every seat sees everything, so there is nothing to deal again."""
    require_state(state, State, "resample", "Inland Port")
    require_seat(player, state.num_players)
    return state
