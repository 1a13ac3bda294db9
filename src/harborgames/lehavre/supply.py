"""A player's turn begins (rulebook "Supply Action"): the ship marker moves on, two tokens join
their Offer spaces (round 1: the tile is turned face up), and interest if the tile says so.

Interest is decided by each seat with loans in turn order, starting with the player whose turn
it is; then that player's own decisions follow.
"""

from __future__ import annotations

from .data import (
    OFFER_SPACES,
    SUPPLY_TILES,
)
from .state import (
    INTEREST,
    TURN,
    Pending,
    State,
    with_seat_deciding,
    with_turn_started,
)


def start_turn(state: State, seat: int, turn: int) -> State:
    """Turn ``turn`` of the round, ``seat``'s: the Supply action (the ship marker on the next
    tile, its two tokens onto their Offer spaces; in round 1 the tile is turned face up), then
    interest if the tile says so."""
    tile = SUPPLY_TILES[state.tiles[turn]]
    offers = list(state.offers)
    for token in tile.goods:
        offers[_SPACE_OF[token]] += 1
    state = with_turn_started(
        state, seat, seat, TURN, None, False, (), tuple(offers), max(state.revealed, turn + 1), turn
    )
    if tile.interest:
        first = _next_with_loans(state, seat, include=True)
        if first is not None:
            return with_seat_deciding(state, first, INTEREST, Pending("interest", first))
    return state


_SPACE_OF = {token: space for space, token in enumerate(OFFER_SPACES)}


def _next_with_loans(state: State, seat: int, *, include: bool) -> int | None:
    n = state.num_players
    start = state.turn_player
    order = [(start + k) % n for k in range(n)]
    position = order.index(seat) + (0 if include else 1)
    for s in order[position:]:
        if state.players[s].loans:
            return s
    return None


def _next_interest(state: State, seat: int) -> State:
    following = _next_with_loans(state, seat, include=False)
    if following is None:
        return with_seat_deciding(state, state.turn_player, TURN, None)
    return with_seat_deciding(state, following, INTEREST, Pending("interest", following))
