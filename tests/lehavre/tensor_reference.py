"""Le Havre's observation tensor as it was first written (before issue 30): build the whole
``observe(state, player)`` value, then write it field by field at the layout's offsets, then
scale.

Kept verbatim as the reference the fast writer (``lehavre.tensor``) must equal on every state
(``test_tensor_fast.py``); only the layout, its start offsets and the scale vector come from the
package (``tensor._tables``), so a deliberate layout change shows up in both; the index arrays
the first writer kept beside them are computed here (``_ReferenceTables``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from harborgames.lehavre.codec import decision_building
from harborgames.lehavre.data import (
    FRANC,
    FULL,
    GOODS,
    NUM_TOKEN_KINDS,
    OPTIONS,
    PROPOSAL_PILES,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    STANDARD_BUILDINGS,
    SUPPLY_TILES,
    TURNS_PER_ROUND,
    round_cards,
)
from harborgames.lehavre.decisions import BuildGoods, Decision, Feed, PayShipEnergy, PayShipGoods
from harborgames.lehavre.obligations import food_due
from harborgames.lehavre.observe import KNOWN_TO_THEM, observe
from harborgames.lehavre.scoring import wealth
from harborgames.lehavre.state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, State
from harborgames.lehavre.tensor import _tables
from harborgames.lehavre.tensor_layout import (
    DECISION_COUNTS,
    DECISION_INDEX,
    MIN_OWNER,
    NUM_SHIP_CARDS,
    OPTION_NAMES,
    WHARVES,
)

__all__ = ["reference_tensor"]


class _Tables:
    """The package's layout, start offsets and scale vector, and the lookups the first writer
    computed beside them."""

    def __init__(self, num_players: int, variant: str) -> None:
        package = _tables(num_players, variant)
        self.num_players = num_players
        self.variant = variant
        self.buildings = package.buildings
        self.rounds = package.rounds
        self.layout = package.layout
        self.start = package.start
        self.scale = package.scale
        cards = round_cards(num_players, variant)
        self.round_card = tuple(ROUND_CARD_INDEX[card.card] for card in cards)
        self.round_food = tuple(card.food_demand(num_players) for card in cards)
        n = num_players
        self.building_rows = self.start["buildings"] + np.arange(self.buildings, dtype=np.intp) * (n + 3)
        places = {SPECIAL_DECK: n + 2, OUT: n + 2, PROPOSAL: n + 1, TOWN: n}
        places.update((seat, seat) for seat in range(n))
        self.place_of_owner = np.array([places[code] for code in range(MIN_OWNER, n)], dtype=np.intp)
        self.ship_rows = self.start["ship_cards"] + np.arange(NUM_SHIP_CARDS, dtype=np.intp) * (n + 2)


_REFERENCE_TABLES: dict[tuple[int, str], _Tables] = {}


def _reference_tables(num_players: int, variant: str) -> _Tables:
    key = (num_players, variant)
    if key not in _REFERENCE_TABLES:
        _REFERENCE_TABLES[key] = _Tables(num_players, variant)
    return _REFERENCE_TABLES[key]


def reference_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may know, as the float32 vector of ``observation_layout``."""
    seen = observe(state, player).state
    tables = _reference_tables(seen.num_players, seen.rules.variant)
    values = np.zeros(tables.layout.size, dtype=np.float32)
    _write_seats(values, tables, seen, player)
    _write_decision(values, tables, seen)
    _write_round_card(values, tables, seen)
    _write_supply(values, tables, seen)
    _write_buildings(values, tables, seen)
    _write_ships(values, tables, seen)
    if tables.variant == FULL:
        _write_specials(values, tables, seen)
    _write_players(values, tables, seen)
    values *= tables.scale
    return values


def _write_seats(values: npt.NDArray[np.float32], tables: _Tables, seen: State, player: int) -> None:
    """Who I am, who decides, whose turn, and where in the game we are."""
    at = tables.start
    values[at["observer"] + player] = 1
    if seen.current_player is not None:
        values[at["current_player"] + seen.current_player] = 1
    values[at["turn_player"] + seen.turn_player] = 1
    values[at["round"] + min(seen.round, tables.rounds)] = 1
    values[at["turn"] + min(seen.turn, TURNS_PER_ROUND)] = 1  # 7 while the round ends
    values[at["main_done"]] = seen.main_done
    values[at["final_turns"]] = seen.final_turns


def _write_decision(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """What is decided and about what (all 0 once the game is over), and the rule options."""
    at = tables.start
    rules = seen.rules
    for k, name in enumerate(OPTION_NAMES):
        values[at["rule_options"] + k] = getattr(rules, name) != OPTIONS[name][0]
    decision: Decision | None = seen.decision
    if decision is None:
        return
    cls = type(decision)
    values[at["decision"] + DECISION_INDEX[cls]] = 1
    building = decision_building(decision)
    if building >= 0:
        values[at["decision_building"] + building] = 1
    if isinstance(decision, BuildGoods):
        values[at["decision_target"] + decision.target] = 1
    elif isinstance(decision, (PayShipGoods, PayShipEnergy)):
        values[at["decision_ship_type"] + decision.ship_type] = 1
    elif isinstance(decision, Feed):
        values[at["decision_first"] + decision.first] = 1
    due = getattr(decision, "due", 0)
    values[at["decision_due"]] = due
    for k, name in enumerate(DECISION_COUNTS[cls]):
        values[at["decision_counts"] + k] = getattr(decision, name)
    chosen: tuple[int, ...] = getattr(decision, "chosen", ())[:NUM_TOKEN_KINDS]
    values[at["decision_chosen"] : at["decision_chosen"] + len(chosen)] = chosen


def _write_round_card(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """This round's card: its food, harvest and town build (nothing in the final stage)."""
    if seen.round >= tables.rounds:
        return
    at = tables.start
    card = ROUND_CARDS[tables.round_card[seen.round]]
    values[at["round_card"] + tables.round_card[seen.round]] = 1
    values[at["round_food"]] = tables.round_food[seen.round]
    values[at["round_harvest"]] = card.harvest
    values[at["round_town_build"] + card.town_build_for(tables.num_players)] = 1


def _write_supply(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """The Offer spaces, and the Supply tiles turned face up (observe hides the others as -1)."""
    at = tables.start
    values[at["offers"] : at["offers"] + len(seen.offers)] = seen.offers
    width = len(SUPPLY_TILES) + 1
    for space, tile in enumerate(seen.tiles):
        values[at["supply_tiles"] + space * width + (tile if tile >= 0 else width - 1)] = 1


def _write_buildings(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """Where each building is, the proposal piles (face up, fanned out), sales, Wharves, discs."""
    at = tables.start
    # One store for every building's place: its row start plus the place of its owner code.
    owner = np.array(seen.owner[: tables.buildings], dtype=np.intp)
    values[tables.building_rows + tables.place_of_owner[owner - MIN_OWNER]] = 1
    for pile_number, pile in enumerate(seen.piles):
        for depth, building in enumerate(pile):
            values[at["proposal_pile"] + building * PROPOSAL_PILES + pile_number] = 1
            values[at["proposal_depth"] + building] = depth
        if pile:
            values[at["proposal_top"] + pile[0]] = 1
    for building in seen.sold:
        values[at["sold_this_turn"] + building] = 1
    for number, wharf in enumerate(WHARVES):
        values[at["modernised"] + number] = wharf in seen.modernised
    home = tables.buildings
    for seat, p in enumerate(seen.players):
        where = p.location if p.location >= 0 else home
        values[at["person"] + seat * (home + 1) + where] = 1


def _write_ships(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """Each ship card: its owner, or on its pile (and whether on top), or not in play."""
    at = tables.start
    n = tables.num_players
    placed = [n + 1] * NUM_SHIP_CARDS
    for ship_type, pile in enumerate(seen.ship_piles):
        values[at["ship_piles"] + ship_type] = len(pile)
        for card in pile:
            placed[card] = n
        if pile:
            values[at["ship_pile_top"] + pile[0]] = 1
    for seat, p in enumerate(seen.players):
        for card in p.ships:
            placed[card] = seat
    values[tables.ship_rows + np.array(placed, dtype=np.intp)] = 1


def _write_specials(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """The face-down special deck as the observer knows it: its size, the cards it looked at,
    and which seats know each position (``observe`` has already cut the rest)."""
    at = tables.start
    n = tables.num_players
    values[at["specials_left"]] = len(seen.specials)
    first_special = len(STANDARD_BUILDINGS)
    specials = len(SPECIAL_BUILDINGS)
    for position, card in enumerate(seen.specials[:SPECIAL_DEALT]):
        if card >= 0:
            values[at["specials_seen"] + position * specials + card - first_special] = 1
    for seat, known in enumerate(seen.known):
        for position, card in enumerate(known[:SPECIAL_DEALT]):
            if card >= 0 or card == KNOWN_TO_THEM:
                values[at["specials_known_by"] + position * n + seat] = 1


def _write_players(values: npt.NDArray[np.float32], tables: _Tables, seen: State) -> None:
    """Each seat's goods, Francs, loans, wealth and food due (all public)."""
    at = tables.start
    kinds = len(GOODS)
    in_round = seen.round < tables.rounds
    for seat, p in enumerate(seen.players):
        goods = at["goods"] + seat * kinds
        values[goods : goods + kinds] = p.stock[:kinds]
        values[at["francs"] + seat] = p.stock[FRANC]
        values[at["loans"] + seat] = p.loans
        values[at["wealth"] + seat] = wealth(seen, seat)
        if in_round:
            values[at["food_due"] + seat] = food_due(seen, seat)
