"""What a seat may know: the Inland Port hides nothing, so the observation carries the state."""

from __future__ import annotations

from .state import Observation, State


def observe(state: State, player: int) -> Observation:
    if player not in (0, 1):
        raise ValueError(f"the Inland Port has seats 0 and 1, not {player!r}")
    return Observation(player, state)


def resample(state: State, player: int, seed: int) -> State:
    """The state itself: every seat sees everything, so there is nothing to deal again."""
    observe(state, player)  # the same check of the seat
    return state
