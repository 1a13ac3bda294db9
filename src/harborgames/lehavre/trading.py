"""Additional actions (rulebook "Buying and Selling", "Loan Cards": repaying).

Buying happens at the player's own decision points (never in the final stage); selling and
repaying there and, for a seat that cannot pay, during interest and feeding (``obligations.py``,
where loans are taken).
"""

from __future__ import annotations

from ..core.update import update
from .actions import Action, Buy, BuyShip, Sell, SellShip
from .construction import placed
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FRANC,
    LOAN_REPAYMENT,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_NAMES,
    SHIP_TYPES,
)
from .offered import SELL_SHIPS, built_after, built_entry
from .payment import francs
from .state import TOWN, Player, State, new_player, pay_tokens, with_at, with_player, with_players, with_stock


def sales(state: State, seat: int) -> list[Action]:
    """What ``seat`` may sell: its buildings and its ships."""
    out: list[Action] = list(built_entry(state).sales[seat])
    out.extend(map(SELL_SHIPS.__getitem__, sorted(set(state.players[seat].ships))))
    return out


def buy(state: State, action: Buy) -> State:
    """The turn's player buys a building from the town or the top of a proposal pile."""
    building = BUILDING_INDEX[action.building]
    seat = state.turn_player
    price = BUILDINGS[building].price
    assert price is not None
    p = state.players[seat]
    stock = list(p.stock)
    stock[FRANC] -= price
    players = _sent_home(with_player(state.players, seat, with_stock(p, tuple(stock))), building)
    piles, owner, built = placed(state, building, seat)
    return update(state, players=players, piles=piles, owner=owner, built=built)


def buy_ship(state: State, action: BuyShip) -> State:
    """The turn's player buys the top ship of a pile."""
    ship_type = SHIP_NAMES.index(action.ship)
    seat = state.turn_player
    price = SHIP_TYPES[ship_type].price
    assert price is not None
    card = state.ship_piles[ship_type][0]
    state = pay_tokens(state, seat, francs(price))
    p = state.players[seat]
    players = with_player(state.players, seat, new_player(p.stock, p.loans, (*p.ships, card), p.location))
    piles = tuple(pile[1:] if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def sell(state: State, seat: int, action: Sell) -> State:
    """``seat`` sells a building to the town for half its value (not bought back this turn)."""
    building = BUILDING_INDEX[action.building]
    p = state.players[seat]
    stock = list(p.stock)
    stock[FRANC] += BUILDINGS[building].value // 2
    players = _sent_home(with_player(state.players, seat, with_stock(p, tuple(stock))), building)
    owner = with_at(state.owner, building, TOWN)
    built = built_after(state, owner, moved=building)
    return update(state, players=players, owner=owner, built=built, sold=(*state.sold, building))


def sell_ship(state: State, seat: int, action: SellShip) -> State:
    """``seat`` sells a ship for half its value; it goes back on its pile."""
    card = ROUND_CARD_INDEX[action.card]
    p = state.players[seat]
    ships = list(p.ships)
    ships.remove(card)
    value = ROUND_CARDS[card].ship_value // 2
    stock = list(p.stock)
    stock[FRANC] += value
    players = with_player(state.players, seat, new_player(tuple(stock), p.loans, tuple(ships), p.location))
    ship_type = ROUND_CARDS[card].ship_type
    piles = tuple((card, *pile) if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    return update(state, players=players, ship_piles=piles)


def _sent_home(players: tuple[Player, ...], building: int) -> tuple[Player, ...]:
    """ "Person discs are returned to the player when a building is bought or sold"."""
    for p in players:
        if p.location == building:
            break
    else:
        return players  # (a loop, not ``any``: no generator on every purchase and sale)
    return tuple(new_player(p.stock, p.loans, p.ships, -1) if p.location == building else p for p in players)


def repay(state: State, seat: int) -> State:
    """``seat`` repays a loan: 5 Francs."""
    p = state.players[seat]
    stock = list(p.stock)
    stock[FRANC] -= LOAN_REPAYMENT
    players = with_player(state.players, seat, new_player(tuple(stock), p.loans - 1, p.ships, p.location))
    return with_players(state, players)
