"""Wealth: Francs plus the value of one's buildings (factories and the Dock by the end position)."""

from __future__ import annotations

from ..core.checks import require_state
from ..core.outcome import winners_by
from .data import BUILDINGS, DOCK_PER_ANCHOR, FACTORY_GOOD, NUM_BUILDINGS
from .state import State


def building_value(state: State, building: int) -> int:
    """The building's worth to its owner now (its printed value, or its factory/Dock count)."""
    info = BUILDINGS[building]
    if info.value is not None:
        return info.value
    owner = state.owner[building]
    if info.id in FACTORY_GOOD:
        return state.goods[owner][FACTORY_GOOD[info.id]] if owner >= 0 else 0
    anchors = sum(1 for b in range(NUM_BUILDINGS) if BUILDINGS[b].anchor and state.owner[b] == owner)
    return DOCK_PER_ANCHOR * anchors


def sale_price(state: State, building: int) -> int:
    """Half the current value, rounded down (fixed values are all even, so only variable ones round)."""
    return building_value(state, building) // 2


def wealth(state: State, player: int) -> int:
    return state.francs[player] + sum(
        building_value(state, b) for b in range(NUM_BUILDINGS) if state.owner[b] == player
    )


def scores(state: State) -> tuple[int, ...]:
    """Each player's wealth; final once the game is over."""
    require_state(state, State, "scores", "Inland Port")
    return tuple(wealth(state, p) for p in range(state.num_players))


def winners(state: State) -> tuple[int, ...]:
    """The seats with the top wealth; a tie is a shared win (the rulebook replays instead)."""
    require_state(state, State, "winners", "Inland Port")
    if state.current_player is not None:
        return ()
    return winners_by(scores(state))

