"""End of a round (rulebook "End of a Round"): harvest, feeding, the town's building, the new ship.

Feeding is decided by each seat in turn order, starting with the player after the one who took
the round's last turn; a seat owing nothing is skipped. A seat that cannot pay may sell
buildings and ships, or take loans (``trading.py``).
"""

from __future__ import annotations

from ..core.update import update
from .construction import place_building
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    CATTLE,
    GRAIN,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_TYPES,
    SPECIAL_BUILD,
    STANDARD_BUILD,
    RoundCard,
)
from .data import (
    round_cards as _round_cards,
)
from .state import (
    FEEDING,
    TOWN,
    TURN,
    Pending,
    State,
    with_at,
    with_seat_deciding,
    with_stock,
)
from .supply import start_turn

_ROUND_CARDS: dict[tuple[int, str], tuple[RoundCard, ...]] = {}


def round_cards(num_players: int, variant: str) -> tuple[RoundCard, ...]:
    """``data.round_cards``, looked up once per player count and variant."""
    cards = _ROUND_CARDS.get((num_players, variant))
    if cards is None:
        cards = _ROUND_CARDS[num_players, variant] = _round_cards(num_players, variant)
    return cards


def rounds(state: State) -> int:
    return len(round_cards(state.num_players, state.rules.variant))


FEEDLOT = BUILDING_INDEX["feedlot"]


def harvest_cattle(cattle: int, feedlot: bool) -> int:
    """Cattle received at a harvest: 1 with at least 2 cattle; the Feedlot's owner receives 2
    "instead of 1 if you have 2-6 cattle (7+: only 1 extra)"."""
    if cattle < 2:
        return 0
    return 2 if feedlot and cattle <= 6 else 1


def _round_end(state: State) -> State:
    """Harvest, then feeding (each seat in turn order from the next player), then the rest."""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    if card.harvest:
        feedlot = state.owner[FEEDLOT]
        players = []
        for seat, p in enumerate(state.players):
            stock = list(p.stock)
            stock[GRAIN] += 1 if stock[GRAIN] >= 1 else 0
            stock[CATTLE] += harvest_cattle(stock[CATTLE], feedlot == seat)
            players.append(with_stock(p, tuple(stock)))
        state = update(state, players=tuple(players))
    first = (state.turn_player + 1) % state.num_players
    return _feed_from(state, first, first)


def food_due(state: State, seat: int) -> int:
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    ships = sum(
        SHIP_TYPES[ROUND_CARDS[c].ship_type].food[state.num_players - 1] for c in state.players[seat].ships
    )
    return max(0, card.food_demand(state.num_players) - ships)


def _feed_from(state: State, seat: int, first: int) -> State:
    """Feeding for ``seat`` and the seats after it (turn order from ``first``); those owing
    nothing are skipped."""
    n = state.num_players
    s = seat
    while True:
        due = food_due(state, s)
        if due:
            return with_seat_deciding(state, s, FEEDING, Pending("feeding", s, amount=due, step=first))
        s = (s + 1) % n
        if s == first:
            return _after_feeding(state)


def _next_feeding(state: State, seat: int) -> State:
    pending = state.pending
    assert pending is not None
    first = pending.step
    following = (seat + 1) % state.num_players
    if following == first:
        return _after_feeding(state)
    return _feed_from(state, following, first)


def turn_up_special(state: State) -> State:
    """The round card's special symbol: the top face-down special building joins the town,
    face up (it can be bought, not built; the Football Stadium can also be built once a Building
    Proposal pile is empty)."""
    top, rest = state.specials[0], state.specials[1:]
    known = tuple(seen[1:] for seen in state.known)
    return update(state, owner=with_at(state.owner, top, TOWN), specials=rest, known=known)


def _after_feeding(state: State) -> State:
    """The town builds, the round card's ship joins its pile, and the next round (or the final
    stage) begins with the next player."""
    card = round_cards(state.num_players, state.rules.variant)[state.round]
    build = card.town_build_for(state.num_players)
    if build == STANDARD_BUILD:
        tops = [pile[0] for pile in state.piles if pile]
        if tops:
            lowest = min(tops, key=lambda b: BUILDINGS[b].sort or 0)
            state = place_building(state, lowest, TOWN)
    elif build == SPECIAL_BUILD and state.specials:
        state = turn_up_special(state)
    index = ROUND_CARD_INDEX[card.card]
    ship_type = card.ship_type
    ship_piles = tuple((index, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    following = (state.turn_player + 1) % state.num_players
    state = update(state, round=state.round + 1, turn=0, ship_piles=ship_piles, pending=None)
    if state.round == rounds(state):
        return update(
            state,
            current_player=following,
            turn_player=following,
            phase=TURN,
            main_done=False,
            final_turns=state.num_players,
            sold=(),
        )
    return start_turn(state, following, 0)
