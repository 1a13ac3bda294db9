"""A player's turn begins (rulebook "Supply Action"): the ship marker moves on, two tokens join
their Offer spaces (round 1: the tile is turned face up), and interest if the tile says so.

Interest (``obligations.py``) is decided by each seat with loans in turn order, starting with
the player whose turn it is; then that player's own decisions follow.
"""

from __future__ import annotations

from .data import OFFER_SPACES, SUPPLY_TILES
from .decisions import TURN
from .obligations import start_interest
from .state import State, with_turn_started


def start_turn(state: State, seat: int, turn: int) -> State:
    """The round's turn ``turn``, ``seat``'s: the Supply action (the ship marker on the next
    tile, its two tokens onto their Offer spaces; in round 1 the tile is turned face up), then
    interest if the tile says so."""
    tile = SUPPLY_TILES[state.tiles[turn]]
    offers = list(state.offers)
    for token in tile.goods:
        offers[_SPACE_OF[token]] += 1
    state = with_turn_started(
        state,
        current_player=seat,
        turn_player=seat,
        decision=TURN,
        main_done=False,
        sold=(),
        offers=tuple(offers),
        revealed=max(state.revealed, turn + 1),
        turn=turn,
    )
    return start_interest(state) if tile.interest else state


_SPACE_OF = {token: space for space, token in enumerate(OFFER_SPACES)}
