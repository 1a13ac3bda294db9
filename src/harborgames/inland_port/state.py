"""The position: a frozen value shared structurally between successive states."""

from __future__ import annotations

import attrs

from ..core.decisions import Forced, forced_field, legal_memo_field
from ..core.rng import Rng
from .data import Rules

# Turn phases
MAIN = "main"  # sell any number, then build, use or pass
CHOOSE = "choose"  # the building being used asks how its moves or exchanges fall
PAY = "pay"  # choose which goods pay a cost (a build, or a Wood Trader / Restaurant exchange)
AFTER = "after"  # the main action is done: sell more, or end the turn
OVER = "over"
PHASES = (MAIN, CHOOSE, PAY, AFTER, OVER)


@attrs.frozen(slots=True, weakref_slot=False)
class Pending:
    """A main action waiting for the player's next choice."""

    building: int  # index into data.BUILDINGS
    action: str  # "build" or "use"
    applications: int = 0  # the sector value N: how often the main effect applies (at most, with up_to)
    times: int = 0  # the exchanges chosen (Wood Trader, Restaurant) awaiting payment


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class State:
    """Le Havre: The Inland Port, between two decisions."""

    num_players: int  # always 2
    current_player: int | None  # the seat deciding next; None once the game is over
    round: int  # 0..11 for rounds A..L; 12 once over
    actions_left: int  # main actions still to take in this round, the current one included
    first_player: int  # the seat holding the A-F board, who starts round A
    phase: str  # one of state.PHASES
    francs: tuple[int, int]  # each seat's money
    goods: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]  # fish, clay, wood, grain
    owner: tuple[int, ...]  # per building: the owning seat, or -1 if not built
    placed: tuple[int, ...]  # per building: the round it was last built or used (sector 0 then)
    pending: Pending | None  # the main action awaiting a choice, in phases CHOOSE and PAY
    rules: Rules  # the rule options the game was started with
    rng: Rng  # the seeded stream (used only for the starting player)
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What a seat sees: everything (the Inland Port has no hidden information)."""

    player: int
    state: State
