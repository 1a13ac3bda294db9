"""What a loaded Le Havre document may hold: the limits, and the room the rest of its game needs.

A document that ``loads`` accepts must stay one it accepts for the rest of its game: every state
a legal move leads to must load again (issue 22). Fixed caps cannot promise that (a player at
9,999 wood who takes 9,999 wood from the Offer space holds 19,998, past any cap of 9,999, and a
wider cap only moves the edge). So each count is checked together with the most that the rest
of the game can still add to it, and that sum must stay within the limit:

* **goods** (every good a seat holds, a cattle counted twice: the Abattoir turns it into a
  meat and half a hide; plus every good on the Offer spaces, which the seat may take): the
  Supply action of each turn to come adds 2 tokens, each harvest to come a grain and 2 cattle,
  each main action to come at most ``ACTION_GOODS`` (the Fishery's 3 fish and a fish per
  fisherman of the game, the Black Market's 12, an entry fee received, ...). Every other rule
  only moves or converts goods one for one (or four for one) and never makes more of them. At
  most ``MAX_GOODS``: no "how many" decision (upgrade how many grain, exchange how many times)
  can list more actions than that (100,000 take about half a second to list).
* **Francs** (a seat's, the Francs Offer space's, and half the value of each building and ship
  the seat owns, which is what selling them gives): each main action to come at most
  ``ACTION_FRANCS`` (no good sells for more than 8 Francs, the Zoo pays a third of a Franc per
  animal, and nothing else pays more than a few dozen), each Supply action 2, each loan taken
  3 (what is left of the 4 Francs after the debt). At most ``MAX_FRANCS``.
* **loans**: each interest payment to come (every turn to come may show the interest symbol)
  one loan, each feeding to come at most a quarter of the largest food demand. At most
  ``MAX_LOANS``.

What is "to come" is read from the position: the rounds and turns left, whether this turn's
main action is still to come, under way (then what its decision can still bring, as each kind
of decision declares beside its rule, ``kind.Kind.left``: the Marketplace's goods, the Shipping
Line's room left, the Bridge's goods, another seat's entry fee) or taken, which seats still pay
this turn's interest or this round's food. Each legal move lowers these by at least what it
adds (a main action taken, a turn begun, a harvest, a loan), so the sum never grows along a
game: a position within the limits leads only to positions within them.
``tests/lehavre/test_document_limits.py`` checks this along random and greedy games, through
every way of every building's action, and from documents at the limits. A decision's own counts
(food or energy due, goods sold so far at the Bridge) are at most ``MAX_COUNTER``.
"""

from __future__ import annotations

from ..core.checks import StateChecks
from .data import (
    BUILDINGS,
    CATTLE,
    FRANC,
    OFFER_SPACES,
    ROUND_CARDS,
    ROUND_CARDS_FOR,
    TURNS_PER_ROUND,
)
from .kind import Phase
from .obligations import feeding, paying_interest
from .state import State
from .turn import KINDS

__all__ = [
    "ACTION_FRANCS",
    "ACTION_GOODS",
    "MAX_COUNTER",
    "MAX_FRANCS",
    "MAX_GOODS",
    "MAX_LOANS",
    "check_room",
    "francs_room",
    "goods_room",
    "loans_room",
    "main_actions_to_come",
]

MAX_GOODS = 100_000
"""The most goods (a cattle counted twice) a seat and the Offer spaces may come to hold."""
MAX_FRANCS = 10**9
"""The most Francs a seat may come to hold (with the Francs Offer space and half the value of its
buildings and ships)."""
MAX_LOANS = 999
"""The most loans a seat may come to hold."""
MAX_COUNTER = 10 * MAX_GOODS
"""The largest count a decision may carry (the Steel Mill's energy: 5 per iron upgraded)."""

_FISHERMEN = sum(b.fishermen for b in BUILDINGS)
_HAMMERS = sum(b.hammers for b in BUILDINGS)
FEE_GOODS, FEE_FRANCS = 3, 3  # an entry fee received: at most 3 food (in goods, or in Francs)
# The most goods one main action brings a seat: the Fishery's 3 fish and one per fisherman, the
# Clay Mound's 3 clay and one per hammer, the Labor Exchange (both), the Black Market's 2 of each
# of six goods, the Marketplace's 8, the Church's 8, the Coal Trader's 6 (the sources' reading),
# or, to another seat, an entry fee or two — each at most a cattle, counted twice.
ACTION_GOODS = 2 * (3 + _FISHERMEN + _HAMMERS + 12)
SUPPLY_GOODS = 2 * 2  # the two tokens of a Supply tile
HARVEST_GOODS = 1 + 2 * 2  # a grain, and two cattle with the Feedlot
# The most Francs one main action brings a seat: 8 per good given, a third per cattle and fish
# held (the Zoo), the Bridge's Francs for the goods sold, and at most 1,000 from anything else
# (the Joinery's 7, the Arts Center's 16, the Leather Industry's 16, fees received, half the
# value of buildings and ships built).
ACTION_FRANCS = 10 * MAX_GOODS + 1_000
SUPPLY_FRANCS = 2
LOAN_FRANCS_LEFT = 3  # a loan pays the debt; what is left of its 4 Francs is at most 3
_SHIP_SALE = tuple(card.ship_value // 2 for card in ROUND_CARDS)
_BUILDING_SALE = tuple(b.value // 2 for b in BUILDINGS)
_FRANCS_SPACE = OFFER_SPACES.index(FRANC)
_CATTLE_SPACE = OFFER_SPACES.index(CATTLE)
_LOANS_PER_FEEDING = {
    key: max(-(-card.food_demand(key[0]) // 4) for card in cards) for key, cards in ROUND_CARDS_FOR.items()
}


def _rounds(state: State) -> int:
    return len(ROUND_CARDS_FOR[state.num_players, state.rules.variant])


def _turns_to_come(state: State) -> int:
    """Turns of the rounds still to begin (each with its Supply action and, perhaps, interest)."""
    if state.current_player is None or state.final_turns:
        return 0
    later_rounds = (_rounds(state) - state.round - 1) * TURNS_PER_ROUND
    return later_rounds + max(0, TURNS_PER_ROUND - 1 - state.turn)


def main_actions_to_come(state: State) -> int:
    """Main actions not yet begun: the turns to come, this turn's if it is not taken or under way,
    and one final action per seat after the last round."""
    if state.current_player is None:
        return 0
    decision = state.decision
    before = decision is not None and KINDS[type(decision)].phase in (Phase.TURN, Phase.INTEREST)
    waiting = before and not state.main_done
    not_begun = 1 if waiting and state.turn < TURNS_PER_ROUND else 0
    if state.final_turns:
        return state.final_turns - 1 + not_begun
    return _turns_to_come(state) + not_begun + state.num_players


def _harvests_to_come(state: State) -> int:
    if state.current_player is None or state.final_turns:
        return 0
    return _rounds(state) - state.round - (1 if state.turn == TURNS_PER_ROUND else 0)


def _still_to(state: State, seat: int, first: int, deciding: int) -> bool:
    """Whether ``seat`` comes at or after ``deciding`` in the turn order from ``first``."""
    n = state.num_players
    return (seat - first) % n >= (deciding - first) % n


def _feedings_to_come(state: State, seat: int) -> int:
    if state.current_player is None or state.final_turns:
        return 0
    later = _rounds(state) - state.round - 1
    if state.turn < TURNS_PER_ROUND:
        return later + 1
    fed = feeding(state.decision)
    if fed is not None:
        return later + _still_to(state, seat, fed.first, fed.seat)
    return later


def _interest_to_come(state: State, seat: int) -> int:
    owed = paying_interest(state.decision)
    now = owed is not None and _still_to(state, seat, state.turn_player, owed.seat)
    return _turns_to_come(state) + now


# -- what the rest of a main action under way can bring -------------------------------------------
def _action_left(state: State, seat: int) -> tuple[int, int]:
    """The most goods and Francs the rest of the main action under way brings ``seat``: the seat
    taking it what its decision's kind declares (``kind.py``), any other seat the entry fees (and
    the Harbor Watch's Franc) still due."""
    decision = state.decision
    if decision is None:
        return 0, 0
    kind = KINDS[type(decision)]
    if not kind.phase.of_a_building:
        return 0, 0  # no building's action is under way
    if seat == state.turn_player:
        return (ACTION_GOODS, ACTION_FRANCS) if kind.action_to_come else kind.left(state, decision)
    fees, francs = kind.fees_to_others(decision)
    return FEE_GOODS * fees, FEE_FRANCS * fees + francs


def goods_room(state: State, seat: int) -> tuple[int, int]:
    """The goods ``seat`` and the Offer spaces hold now (a cattle counted twice; the goods sold at
    the Bridge so far included), and the most the rest of the game can add."""
    stock = state.players[seat].stock
    offers = state.offers
    held = sum(stock[:FRANC]) + stock[CATTLE]
    held += sum(offers) - offers[_FRANCS_SPACE] + offers[_CATTLE_SPACE]
    decision = state.decision
    if decision is not None and seat == state.turn_player:
        held += KINDS[type(decision)].held(decision)
    later = (
        SUPPLY_GOODS * _turns_to_come(state)
        + HARVEST_GOODS * _harvests_to_come(state)
        + ACTION_GOODS * main_actions_to_come(state)
        + _action_left(state, seat)[0]
    )
    return held, later


def francs_room(state: State, seat: int) -> tuple[int, int]:
    """The Francs ``seat`` holds now (with the Francs Offer space and what selling its buildings
    and ships would give), and the most the rest of the game can add."""
    p = state.players[seat]
    held = p.stock[FRANC] + state.offers[_FRANCS_SPACE]
    held += sum(_BUILDING_SALE[b] for b, who in enumerate(state.owner) if who == seat)
    held += sum(_SHIP_SALE[card] for card in p.ships)
    loans = _interest_to_come(state, seat) + _feedings_to_come(state, seat)
    later = (
        ACTION_FRANCS * main_actions_to_come(state)
        + _action_left(state, seat)[1]
        + SUPPLY_FRANCS * _turns_to_come(state)
        + LOAN_FRANCS_LEFT * loans
    )
    return held, later


def loans_room(state: State, seat: int) -> tuple[int, int]:
    """The loans ``seat`` holds, and the most the rest of the game can add."""
    per_feeding = _LOANS_PER_FEEDING[state.num_players, state.rules.variant]
    later = _interest_to_come(state, seat) + per_feeding * _feedings_to_come(state, seat)
    return state.players[seat].loans, later


def check_room(check: StateChecks, state: State) -> None:
    """Each seat's goods, Francs and loans, with what the rest of the game can add, within the
    limits (the module docstring says why)."""
    for seat in range(state.num_players):
        goods = f"player {seat}'s goods (a cattle counts 2) and the Offer spaces'"
        check.room(goods, *goods_room(state, seat), MAX_GOODS)
        francs = f"player {seat}'s Francs, the Francs space's and half its buildings' and ships' value"
        check.room(francs, *francs_room(state, seat), MAX_FRANCS)
        check.room(f"player {seat}'s loans", *loans_room(state, seat), MAX_LOANS)
