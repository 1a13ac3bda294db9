"""Integer actions and observation tensors for Le Havre (``docs/rl/lehavre.md``).

Actions. Nearly every decision names something from the component tables (an Offer space, a
building, a ship type, a round card's ship, a good, a set of goods from a card's fixed list), so
it gets a *fixed* id, the same in every position and at every player count of a variant. Three
kinds are open-ended and use slot blocks ("the k-th offered action of that class"): ``Pay`` (the
list of non-dominated ways, at most ``payment.LIST_LIMIT``), and ``PayPart`` and ``Times``, whose
counts are limited only by the goods a player holds (tokens are unlimited in the rules).

Observations. ``observation_tensor`` reads nothing but ``observe(state, player)``, so the
face-down Supply tiles and the special cards the player has not looked at cannot leak into it.
Counts are written raw and multiplied by one precomputed scale vector (``_Tables.scale``), so
each field's scale is declared once, next to its name, in ``_fields``.

>>> from harborgames import lehavre
>>> state = lehavre.new_game(2, seed=1)
>>> lehavre.decode(state, lehavre.encode(state, lehavre.Take("wood")))
Take(space='wood')
>>> lehavre.observation_tensor(state, 0).shape == lehavre.observation_layout(2).shape
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from itertools import combinations

import attrs
import numpy as np
import numpy.typing as npt

from ..core.encoding import ActionSpace, Field, Slot, TensorLayout
from ..core.update import update
from .actions import (
    DONE,
    END,
    KEEP_ORDER,
    LOAN,
    REPAY,
    SWAP_ORDER,
    Action,
    Build,
    BuildShip,
    Buy,
    BuyShip,
    Choose,
    Enter,
    Give,
    Pay,
    PayPart,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .buildings import MARKET_MAX, PRODUCTS
from .codec import CODEC, decision_building
from .data import (
    BUILDING_INDEX,
    FRANC,
    FULL,
    GOODS,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    PROPOSAL_PILES,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    SHIP_NAMES,
    SHIP_TYPES,
    SPECIAL_BUILDINGS,
    SPECIAL_DEALT,
    STANDARD_BUILDINGS,
    STANDARD_GOODS,
    SUPPLY_TILES,
    TOKEN_NAMES,
    TOWN_BUILD_NAMES,
    TURNS_PER_ROUND,
    round_cards,
)
from .decisions import DECISION_TYPES, BuildGoods, Decision, Feed, PayShipEnergy, PayShipGoods
from .info import INFO
from .obligations import food_due
from .observe import KNOWN_TO_THEM, observe
from .payment import LIST_LIMIT
from .render import render
from .scoring import wealth
from .specials import COAL_TRADER_CHOICES, HAULAGE_CHOICES, TOWN_SQUARE_GOODS
from .state import OPTIONS, OUT, PROPOSAL, SPECIAL_DECK, TOWN, State
from .turn import legal_actions

__all__ = [
    "PAY_PART_CAPACITY",
    "TIMES_CAPACITY",
    "action_space",
    "decode",
    "encode",
    "legal_action_mask",
    "num_distinct_actions",
    "observation_layout",
    "observation_string",
    "observation_tensor",
]

DEFAULT_PLAYERS = 2  # as ``new_game``

# -- the action ids ---------------------------------------------------------------------------------
# Slot capacities. The rules bound neither count (goods tokens are unlimited, docs/rules/lehavre.md
# I6), so these are generous bounds, far above anything seen: ``Times`` offers at most one count per
# good held + 1 (0..wood at the Charcoal Kiln, 0..grain at the Bakehouse, ...), ``PayPart`` at most
# min(held, due / worth) + 1 counts of one token, where food due is at most 35 (the largest food
# demand on a round card) and energy due grows with the goods upgraded. The most seen at once in
# random and goods-hoarding playouts: 39 counts for Times, 7 for PayPart (tests/lehavre/
# test_encoding.py checks random playouts stay under half); a position beyond the bound makes
# ``ActionSpace`` raise IllegalActionError naming it, rather than give two actions one id.
TIMES_CAPACITY = 100
PAY_PART_CAPACITY = 100


def _variant_buildings(variant: str) -> tuple[str, ...]:
    """The building names a variant can use, in ``data.BUILDINGS`` order (the short game has no
    special buildings), so a building's position here is its index in a state."""
    chosen = STANDARD_BUILDINGS + (SPECIAL_BUILDINGS if variant == FULL else ())
    return tuple(b.id for b in chosen)


def _choices(variant: str) -> tuple[Choose, ...]:
    """Every ``Choose`` a card can offer, from the cards' fixed lists, duplicates once: the
    Marketplace's sets of different standard goods, then (full game) the Coal Trader's product,
    the Town Square's sets of upgraded goods and the Haulage Firm's adjacent Offer spaces."""
    found: dict[Choose, None] = {}
    for size in range(2, MARKET_MAX + 1):
        for goods in combinations(STANDARD_GOODS, size):
            found[Choose(tuple(TOKEN_NAMES[g] for g in goods))] = None
    if variant == FULL:
        found.update(dict.fromkeys(COAL_TRADER_CHOICES))
        for size in range(1, len(TOWN_SQUARE_GOODS) + 1):
            for goods in combinations(TOWN_SQUARE_GOODS, size):
                found[Choose(tuple(TOKEN_NAMES[g] for g in goods))] = None
        found.update(dict.fromkeys(HAULAGE_CHOICES))
    return tuple(found)


def _catalogue(variant: str) -> Iterator[Action]:
    """The fixed actions in id order, kind by kind in ``actions.ACTION_TYPES`` order, each kind in
    its data table's order (never set or hash order: the ids must not move between runs)."""
    names = _variant_buildings(variant)
    yield from (Take(TOKEN_NAMES[token]) for token in OFFER_SPACES)
    yield from (Enter(name) for name in names)
    yield from (Buy(name) for name in names)
    yield from (BuyShip(name) for name in SHIP_NAMES)
    yield from (Sell(name) for name in names)
    yield from (SellShip(card.card) for card in ROUND_CARDS)
    yield REPAY
    yield LOAN
    yield from _choices(variant)
    yield from (Build(name) for name in names)
    yield from (BuildShip(name) for name in SHIP_NAMES)
    if variant == FULL:
        yield BuildShip("yacht")  # the Luxury Yacht swapped for an iron ship at a Wharf
    yield from (Give(TOKEN_NAMES[g]) for g in GOODS)
    yield from (Trade(TOKEN_NAMES[g], TOKEN_NAMES[p]) for g in GOODS for p in PRODUCTS)
    if variant == FULL:  # the Marketplace's look at the special deck
        yield KEEP_ORDER
        yield SWAP_ORDER
    yield DONE
    yield END


_SLOTS = (
    Slot(Pay, LIST_LIMIT, "the k-th listed way to pay; longer lists are asked one token kind at a time"),
    Slot(PayPart, PAY_PART_CAPACITY, "the k-th offered count of the token being paid"),
    Slot(Times, TIMES_CAPACITY, "the k-th offered count (how many goods to upgrade, sell, ...)"),
)


@functools.cache
def action_space(
    num_players: int = DEFAULT_PLAYERS, variant: str | None = None
) -> ActionSpace[State, Action]:
    """The ids of one configuration (the same for every player count of a variant)."""
    chosen = INFO.check_configuration(num_players, variant)
    if variant is None or num_players != DEFAULT_PLAYERS:
        return action_space(DEFAULT_PLAYERS, chosen)  # one shared object per variant
    return ActionSpace(_catalogue(chosen), _SLOTS, legal_actions)


def _space_of(state: State) -> ActionSpace[State, Action]:
    return action_space(state.num_players, state.rules.variant)


def num_distinct_actions(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> int:
    """The size of a policy head for this configuration."""
    return action_space(num_players, variant).size


def encode(state: State, action: Action) -> int:
    """The id of ``action`` in ``state`` (a slot action must be offered there)."""
    return _space_of(state).encode(state, action)


def decode(state: State, index: int) -> Action:
    """The action id ``index`` stands for in ``state`` (IllegalActionError for an unused slot)."""
    return _space_of(state).decode(state, index)


def legal_action_mask(state: State) -> npt.NDArray[np.int8]:
    """1 at the id of every legal action."""
    return _space_of(state).mask(state)


# -- the observation layout ---------------------------------------------------------------------------
# Scales: counts are divided by a typical maximum so most values lie in 0..1. Those marked
# "unbounded" can exceed 1 (tokens and loans are unlimited in the rules); one-hots and flags are 0/1.
GOODS_SCALE = 10  # goods and Offer-space tokens: a dozen is a lot
FRANCS_SCALE = 50
LOANS_SCALE = 5
WEALTH_SCALE = 100  # wealth can be negative (7 per unpaid loan)
FOOD_SCALE = max(food for card in ROUND_CARDS for food in card.food if food is not None)  # 35
AMOUNT_SCALE = 20  # a decision's food or energy due
STEP_SCALE = 10  # a decision's counts (goods to upgrade, builds done, goods handed over so far, ...)
PILE_DEPTH_SCALE = 10  # position in a Building Proposal pile (about 10 cards each)
SHIP_PILE_SCALE = max(t.cards for t in SHIP_TYPES)
DECISION_NAMES = tuple(cls.__name__ for cls in DECISION_TYPES)
DECISION_INDEX: dict[type, int] = {cls: k for k, cls in enumerate(DECISION_TYPES)}
# Per decision class: its count fields, in field order (at most two; a flag counts as 0/1).
_NOT_COUNTS = frozenset({"building", "wharf", "target", "ship_type", "seat", "first", "due", "chosen"})
DECISION_COUNTS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls) if f.name not in _NOT_COUNTS) for cls in DECISION_TYPES
}
assert all(len(names) <= 2 for names in DECISION_COUNTS.values())
OPTION_NAMES = tuple(OPTIONS)
WHARVES = (BUILDING_INDEX["wharf_1"], BUILDING_INDEX["wharf_2"])  # the ones that can be modernised
NUM_SHIP_CARDS = len(ROUND_CARDS)
MIN_OWNER = min(OUT, PROPOSAL, SPECIAL_DECK, TOWN)  # the owner codes below the seats


class _Tables:
    """One configuration's layout, its fields' start offsets and scale vector, and the lookups the
    writer needs, computed once (``_tables``)."""

    def __init__(self, num_players: int, variant: str) -> None:
        self.num_players = num_players
        self.variant = variant
        self.buildings = len(_variant_buildings(variant))
        self.cards = round_cards(num_players, variant)
        self.rounds = len(self.cards)
        scaled = list(_fields(num_players, variant, self.buildings, self.rounds))
        self.layout = TensorLayout(tuple(field for field, _ in scaled))
        self.start = {name: where.start for name, where in self.layout.offsets.items()}
        self.scale = np.ones(self.layout.size, dtype=np.float32)
        for field, divisor in scaled:
            self.scale[self.layout.offsets[field.name]] = np.float32(1.0 / divisor)
        self.round_card = tuple(ROUND_CARD_INDEX[card.card] for card in self.cards)
        self.round_food = tuple(card.food_demand(num_players) for card in self.cards)
        # ``buildings``: per building a row of n + 3 places; an owner code's place in its row
        # (seat 0..n-1, town, proposal pile, out; the face-down special deck shows as out).
        n = num_players
        self.building_rows = self.start["buildings"] + np.arange(self.buildings, dtype=np.intp) * (n + 3)
        places = {SPECIAL_DECK: n + 2, OUT: n + 2, PROPOSAL: n + 1, TOWN: n}
        places.update((seat, seat) for seat in range(n))
        self.place_of_owner = np.array([places[code] for code in range(MIN_OWNER, n)], dtype=np.intp)
        # ``ship_cards``: per ship card a row of n + 2 places (seat 0..n-1, its pile, elsewhere).
        self.ship_rows = self.start["ship_cards"] + np.arange(NUM_SHIP_CARDS, dtype=np.intp) * (n + 2)


def _fields(num_players: int, variant: str, buildings: int, rounds: int) -> Iterator[tuple[Field, float]]:
    """The layout, field by field, each with the divisor its raw counts are scaled by (1: one-hots
    and flags)."""
    n, b, g = num_players, buildings, GOODS_SCALE
    # fmt: off
    rows: list[tuple[str, int, str, float]] = [
        ("observer", n, "1 at the observing seat (me)", 1),
        ("current_player", n, "1 at the seat deciding now (all 0 once the game is over)", 1),
        ("turn_player", n, "1 at the seat whose turn it is (one paying interest or food may differ)", 1),
        ("decision", len(DECISION_NAMES), "one-hot what is decided (all 0 once it is over): "
         + ", ".join(DECISION_NAMES), 1),
        ("round", rounds + 1, "one-hot round being played; the last position: the final stage", 1),
        ("turn", TURNS_PER_ROUND + 1, "one-hot turn of the round (Supply track position); last: feeding", 1),
        ("main_done", 1, "1 once the turn's main action is taken", 1),
        ("final_turns", 1, f"final actions left, / {n}", n),
        ("decision_building", b, "one-hot building the decision is about (fee, choice, payment)", 1),
        ("decision_target", b, "one-hot building whose goods are being paid (BuildGoods)", 1),
        ("decision_ship_type", len(SHIP_TYPES), "one-hot ship type being built (wooden .. luxury)", 1),
        ("decision_first", n, "one-hot first seat fed (Feed)", 1),
        ("decision_due", 1, f"food or energy due, / {AMOUNT_SCALE}, unbounded", AMOUNT_SCALE),
        ("decision_counts", 2,
         f"the decision's counts in field order (goods, builds, given ...), / {STEP_SCALE}", STEP_SCALE),
        ("decision_chosen", NUM_TOKEN_KINDS, f"counts chosen so far paying kind by kind, / {g}", g),
        ("rule_options", len(OPTION_NAMES),
         "per rule option: 1 if not its default: " + ", ".join(OPTION_NAMES), 1),
        ("round_card", NUM_SHIP_CARDS, "one-hot this round's card R01..R20 (none in the final stage)", 1),
        ("round_food", 1, f"this round's food demand, / {FOOD_SCALE} (the largest on any card)", FOOD_SCALE),
        ("round_harvest", 1, "1 if this round's card has a harvest", 1),
        ("round_town_build", len(TOWN_BUILD_NAMES), "one-hot town build: " + ", ".join(TOWN_BUILD_NAMES), 1),
        ("offers", len(OFFER_SPACES),
         f"tokens per Offer space (francs, fish, wood, clay, iron, grain, cattle), / {g}, unbounded", g),
        ("supply_tiles", TURNS_PER_ROUND * (len(SUPPLY_TILES) + 1),
         "per round space: one-hot Supply tile 0..6, or face down (8th)", 1),
        ("buildings", b * (n + 3),
         f"per building: one-hot seat 0..{n - 1}, town, proposal pile, out (box, face-down deck, unused)", 1),
        ("proposal_pile", b * PROPOSAL_PILES, "per building: one-hot Building Proposal pile it lies in", 1),
        ("proposal_depth", b, f"per building: position in its pile (0 = top), / {PILE_DEPTH_SCALE}",
         PILE_DEPTH_SCALE),
        ("proposal_top", b, "per building: 1 on top of a pile (can be bought or built)", 1),
        ("sold_this_turn", b, "per building: 1 if sold to the town this turn (cannot be bought back)", 1),
        ("modernised", len(WHARVES), "Wharf 1, Wharf 2: 1 if it carries a brick", 1),
        ("person", n * (b + 1), "per seat: one-hot building its Person disc is in; last: at home", 1),
        ("ship_cards", NUM_SHIP_CARDS * (n + 2),
         f"per ship card R01..R20: one-hot owner seat 0..{n - 1}, on its ship pile, elsewhere", 1),
        ("ship_pile_top", NUM_SHIP_CARDS, "per ship card: 1 on top of its pile (can be bought or built)", 1),
        ("ship_piles", len(SHIP_TYPES),
         f"cards per ship pile (wooden, iron, steel, luxury), / {SHIP_PILE_SCALE}",
         SHIP_PILE_SCALE),
    ]
    if variant == FULL:
        rows += [
            ("specials_left", 1, f"special buildings face down, / {SPECIAL_DEALT}", SPECIAL_DEALT),
            ("specials_seen", SPECIAL_DEALT * len(SPECIAL_BUILDINGS),
             "per face-down position (top first): one-hot the special card, if I looked at it", 1),
            ("specials_known_by", SPECIAL_DEALT * n, "per face-down position: 1 per seat that knows it", 1),
        ]
    rows += [
        ("goods", n * len(GOODS), f"per seat: goods held (fish .. leather), / {g}, unbounded", g),
        ("francs", n, f"per seat: Francs, / {FRANCS_SCALE}, unbounded", FRANCS_SCALE),
        ("loans", n, f"per seat: loans not repaid, / {LOANS_SCALE}, unbounded", LOANS_SCALE),
        ("wealth", n, f"per seat: wealth now (buildings, ships, Francs, -7 per loan) / {WEALTH_SCALE}",
         WEALTH_SCALE),
        ("food_due", n, f"per seat: food owed at round end after its ships, / {FOOD_SCALE}", FOOD_SCALE),
    ]
    # fmt: on
    for name, size, doc, divisor in rows:
        yield Field(name, size, doc), divisor


@functools.cache
def _tables(num_players: int, variant: str) -> _Tables:
    return _Tables(num_players, variant)


def observation_layout(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The named slices of ``observation_tensor`` for this configuration."""
    return _tables(num_players, INFO.check_configuration(num_players, variant)).layout


def observation_string(state: State, player: int) -> str:
    """The table as ``player`` sees it (``render`` observes first, so nothing hidden shows),
    headed by the seat, then the observation as JSON (``Codec.observation_string``)."""
    shown = update(state, forced=()) if state.forced else state
    table = f"You are player {player}.\n{render(shown, player)}"
    return CODEC.observation_string(observe(state, player), table)


def observation_tensor(state: State, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may know, as the float32 vector of ``observation_layout``."""
    seen = observe(state, player).state
    tables = _tables(seen.num_players, seen.rules.variant)
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
