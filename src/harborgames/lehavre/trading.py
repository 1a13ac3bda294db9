"""Additional actions and loans (rulebook "Buying and Selling", "Loan Cards").

Buying happens at the player's own decision points (never in the final stage); selling and
repaying there and, for a seat that cannot pay, during interest and feeding. A loan is taken only
when a seat cannot pay: it pays everything it has and the loans cover the rest.
"""

from __future__ import annotations

from ..core.update import update
from .actions import (
    LOAN,
    REPAY,
    Action,
    Buy,
    BuyShip,
    Loan,
    Pay,
    Repay,
    Sell,
    SellShip,
)
from .construction import SHIP_NAMES, place_building
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FOOD_VALUE,
    FRANC,
    LOAN_FRANCS,
    LOAN_REPAYMENT,
    NUM_TOKEN_KINDS,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_TYPES,
)
from .data import (
    INTEREST as INTEREST_FRANCS,
)
from .offered import SELL_SHIPS, SELLS, built_buildings, carry_built
from .payment import (
    FOOD,
    amount_ways,
    francs,
    worth,
)
from .round_end import _next_feeding
from .state import (
    FEEDING,
    INTEREST,
    TOWN,
    Pending,
    Player,
    State,
    give_tokens,
    pay_tokens,
    with_at,
    with_owner,
    with_player,
    with_players,
)
from .supply import _next_interest


def _obligation_options(state: State, pending: Pending) -> tuple[Action, ...]:
    """Interest (1 Franc) or feeding (``amount`` food): pay, or sell and borrow if one cannot."""
    p = state.players[pending.seat]
    if state.phase == INTEREST:
        if p.stock[FRANC] >= INTEREST_FRANCS:
            pay: tuple[Action, ...] = (Pay(francs(INTEREST_FRANCS)),)
            return (*pay, REPAY) if p.stock[FRANC] >= LOAN_REPAYMENT else pay
    elif worth(p.stock, FOOD) >= pending.amount:
        return amount_ways(p.stock, FOOD, pending.amount, pending.chosen)
    return (*_sales(state, pending.seat), LOAN)


def _sales(state: State, seat: int) -> list[Action]:
    owner = state.owner
    out: list[Action] = [SELLS[b] for b in built_buildings(state) if owner[b] == seat]
    out.extend(SELL_SHIPS[card] for card in sorted(set(state.players[seat].ships)))
    return out


def _buy(state: State, action: Buy) -> State:
    building = BUILDING_INDEX[action.building]
    seat = state.turn_player
    price = BUILDINGS[building].price
    assert price is not None
    state = pay_tokens(state, seat, francs(price))
    after = place_building(state, building, seat)
    if state.owner[building] == TOWN:
        carry_built(state.owner, after.owner)
    return _send_home(after, building)


def _buy_ship(state: State, action: BuyShip) -> State:
    ship_type = SHIP_NAMES.index(action.ship)
    seat = state.turn_player
    price = SHIP_TYPES[ship_type].price
    assert price is not None
    card = state.ship_piles[ship_type][0]
    state = pay_tokens(state, seat, francs(price))
    p = state.players[seat]
    players = with_player(state.players, seat, Player(p.stock, p.loans, (*p.ships, card), p.location))
    piles = tuple(pile[1:] if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def _seller(state: State) -> int:
    return state.pending.seat if state.phase in (INTEREST, FEEDING) and state.pending else state.turn_player


def _sell(state: State, action: Sell) -> State:
    building = BUILDING_INDEX[action.building]
    seat = _seller(state)
    state = give_tokens(state, seat, francs(BUILDINGS[building].value // 2))
    owner = with_at(state.owner, building, TOWN)
    carry_built(state.owner, owner)
    return _send_home(with_owner(state, owner, (*state.sold, building)), building)


def _sell_ship(state: State, action: SellShip) -> State:
    card = ROUND_CARD_INDEX[action.card]
    seat = _seller(state)
    p = state.players[seat]
    ships = list(p.ships)
    ships.remove(card)
    value = ROUND_CARDS[card].ship_value // 2
    stock = list(p.stock)
    stock[FRANC] += value
    players = with_player(state.players, seat, Player(tuple(stock), p.loans, tuple(ships), p.location))
    ship_type = ROUND_CARDS[card].ship_type
    piles = tuple((card, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def _send_home(state: State, building: int) -> State:
    """ "Person discs are returned to the player when a building is bought or sold"."""
    if not any(p.location == building for p in state.players):
        return state
    players = tuple(
        Player(p.stock, p.loans, p.ships, -1) if p.location == building else p for p in state.players
    )
    return with_players(state, players)


def _repay(state: State, _: Repay) -> State:
    seat = _seller(state)
    p = state.players[seat]
    stock = list(p.stock)
    stock[FRANC] -= LOAN_REPAYMENT
    players = with_player(state.players, seat, Player(tuple(stock), p.loans - 1, p.ships, p.location))
    state = with_players(state, players)
    if state.phase == INTEREST and not players[seat].loans:
        return _next_interest(state, seat)  # no loans left: no interest
    return state


def _loan(state: State, _: Loan) -> State:
    """Pay everything one has toward the obligation; loans of 4 Francs cover the rest."""
    pending = state.pending
    assert pending is not None
    seat = pending.seat
    p = state.players[seat]
    stock = list(p.stock)
    if state.phase == INTEREST:
        short = INTEREST_FRANCS - stock[FRANC]
        stock[FRANC] = 0
    else:
        short = pending.amount - worth(p.stock, FOOD)
        for token in range(NUM_TOKEN_KINDS):
            if FOOD_VALUE[token]:
                stock[token] = 0
    loans = -(-short // LOAN_FRANCS)
    stock[FRANC] += loans * LOAN_FRANCS - short
    players = with_player(state.players, seat, Player(tuple(stock), p.loans + loans, p.ships, p.location))
    state = with_players(state, players)
    return _next_interest(state, seat) if state.phase == INTEREST else _next_feeding(state, seat)
