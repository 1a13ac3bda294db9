"""The position: a frozen value shared structurally between successive states. What is being
decided in it (``State.decision``) is in ``decisions.py``."""

from __future__ import annotations

import attrs

from ..core.decisions import Forced, forced_field, legal_memo_field
from ..core.rng import Rng
from .data import BUILDINGS, Rules
from .decisions import Decision

__all__ = [
    "Observation",
    "State",
    "is_available",
    "sector_age",
]


# -- the position -------------------------------------------------------------------------------
@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class State:
    """Le Havre: The Inland Port, between two decisions."""

    num_players: int  # always 2
    current_player: int | None  # the seat deciding next; None once the game is over
    round: int  # 0..11 for rounds A..L; 12 once over
    actions_left: int  # main actions still to take in this round, the current one included
    first_player: int  # the seat holding the A-F board, who starts round A
    decision: Decision | None  # what current_player decides (see above); None once over
    francs: tuple[int, int]  # each seat's money
    goods: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]  # fish, clay, wood, grain
    owner: tuple[int, ...]  # per building: the owning seat, or -1 if not built
    placed: tuple[int, ...]  # per building: the round it was last built or used (sector 0 then)
    rules: Rules  # the rule options the game was started with
    rng: Rng  # the seeded stream (used only for the starting player)
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed

    @property
    def variant(self) -> str:
        """The variant played (``core.protocol.State``): this game has one."""
        return "standard"


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What a seat sees: everything (the Inland Port has no hidden information)."""

    player: int
    state: State


# -- readings of the position that several rules share ------------------------------------------
def sector_age(state: State, building: int) -> int:
    """Rounds since the building was built or last used: 0 is sector 0, 4 is "4+"."""
    return state.round - state.placed[building]


def is_available(state: State, building: int) -> bool:
    """The building is in play (its round has come) and not built: it may be built."""
    return state.owner[building] < 0 and BUILDINGS[building].round <= state.round



