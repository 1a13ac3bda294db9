"""What each special building does when entered (rulebook "Special Buildings (36)"; full game).

Most are exchanges ("Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair"): one table,
``EXCHANGES``, and one decision, how many times (``Times``). Buildings that simply give goods
are ``_receive`` rows. The rest have a small function each. Buildings without an action (Business
Park, Feedlot, Football Stadium, Guildhouse, Masons' Guild, Wind Farm) act elsewhere: at harvest,
when building, when paying energy, at the game's end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations

import attrs

from ..core.update import update
from .actions import Action, Choose, Times
from .data import (
    BREAD,
    BRICK,
    BUILDING_INDEX,
    CATTLE,
    CHARCOAL,
    CLAY,
    COAL,
    COKE,
    CRAFTSMAN,
    FISH,
    FRANC,
    GRAIN,
    HIDES,
    IRON,
    LEATHER,
    MEAT,
    OFFER_SPACES,
    SMOKED_FISH,
    STEEL,
    TOKEN_NAMES,
    UPGRADED_GOODS,
    WOOD,
)
from .state import Pending, State
from .visit import (
    Effect,
    always,
    ask,
    ask_payment,
    count_type,
    done,
    energy_due,
    energy_of,
    fishermen,
    gain,
    hammers,
    me,
    stock_of,
    times_range,
)


# -- exchanges: give the inputs k times, receive the outputs k times -----------------------------
@attrs.frozen
class Exchange:
    """``inputs`` for ``outputs``, at most ``limit`` times per visit (None: any number)."""

    inputs: Mapping[int, int]
    outputs: Mapping[int, int]
    limit: int | None


def _times_possible(stock: tuple[int, ...], exchange: Exchange) -> int:
    most = min(stock[good] // count for good, count in exchange.inputs.items())
    return most if exchange.limit is None else min(most, exchange.limit)


EXCHANGES: dict[str, Exchange] = {
    # "Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair."
    "baguette_shop": Exchange({MEAT: 1, BREAD: 1}, {FRANC: 6}, 4),
    # "Exchange up to 6 bread for 3 Francs each."
    "bakery": Exchange({BREAD: 1}, {FRANC: 3}, 6),
    # "Exchange pairs of 1 hide + 1 leather for 7 Francs each."
    "clothing_industry": Exchange({HIDES: 1, LEATHER: 1}, {FRANC: 7}, None),
    # "Exchange 1 wood + 1 smoked fish + 1 bread up to 3 times for 8 Francs each set." (rule option)
    "diner": Exchange({WOOD: 1, SMOKED_FISH: 1, BREAD: 1}, {FRANC: 8}, 3),
    # "Exchange up to 7 fish for 2 Francs each (not smoked fish)."
    "fish_market": Exchange({FISH: 1}, {FRANC: 2}, 7),
    # "Exchange any smoked fish for 3 Francs each."
    "fish_restaurant": Exchange({SMOKED_FISH: 1}, {FRANC: 3}, None),
    # "Exchange 1 wood + 1 meat up to 4 times for 5 Francs each pair."
    "forest_hut": Exchange({WOOD: 1, MEAT: 1}, {FRANC: 5}, 4),
    # "Exchange pairs of leather + wood for 6 Francs each."
    "furniture_factory": Exchange({LEATHER: 1, WOOD: 1}, {FRANC: 6}, None),
    # "Exchange 1 bread + 1 grain up to 3 times for 5 Francs each pair."
    "patisserie": Exchange({BREAD: 1, GRAIN: 1}, {FRANC: 5}, 3),
    # "Exchange up to 4 grain for 2 Francs each."
    "schnaps_distillery": Exchange({GRAIN: 1}, {FRANC: 2}, 4),
    # "Exchange 1 meat + 1 charcoal up to 4 times for 6 Francs each pair."
    "steakhouse": Exchange({MEAT: 1, CHARCOAL: 1}, {FRANC: 6}, 4),
    # "Exchange 1 wood + 1 grain up to 4 times for 3 Francs each pair."
    "tavern": Exchange({WOOD: 1, GRAIN: 1}, {FRANC: 3}, 4),
}
# The sources' Diner (rule option diner=sources): up to 6 sets for 3 Francs each.
DINER_SOURCES = Exchange({WOOD: 1, SMOKED_FISH: 1, BREAD: 1}, {FRANC: 3}, 6)


def exchange_of(state: State, key: str) -> Exchange:
    if key == "diner" and state.rules.diner == "sources":
        return DINER_SOURCES
    return EXCHANGES[key]


def _exchanger(key: str) -> Effect:
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return _times_possible(stock, exchange_of(state, key)) > 0

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        most = _times_possible(stock_of(state), exchange_of(state, key))
        return times_range(1, most)

    def choose(state: State, pending: Pending, action: Action) -> State:
        assert isinstance(action, Times)
        exchange = exchange_of(state, key)
        change = {good: -count * action.count for good, count in exchange.inputs.items()}
        for good, count in exchange.outputs.items():
            change[good] = change.get(good, 0) + count * action.count
        return done(gain(state, me(state), change))

    return Effect(can_enter, lambda state: ask(state, building), choices, choose)


# -- buildings that give goods -------------------------------------------------------------------
def _receive(change: Mapping[int, int]) -> Effect:
    return Effect(always, lambda state: done(gain(state, me(state), dict(change))))


RECEIVES: dict[str, Mapping[int, int]] = {
    "farm": {FISH: 2, GRAIN: 2, WOOD: 2, HIDES: 1, CATTLE: 1},  # "2 fish, 2 grain, 2 wood, 1 hide, 1 cattle"
    "fishpond_and_wood": {FISH: 3, WOOD: 3},  # "3 fish and 3 wood"
    "hunting_lodge": {HIDES: 2, MEAT: 3},  # "2 hides and 3 meat"
    "iron_mine_and_coal_seam": {IRON: 2, COAL: 1},  # "2 iron and 1 coal"
    "plant_nursery": {WOOD: 4, FRANC: 3},  # "4 wood and 3 Francs"
    "smelter": {COAL: 1, COKE: 1, IRON: 1},  # "1 coal, 1 coke, and 1 iron"
}


def _labor_exchange(state: State) -> State:
    """1 fish per Fisherman and 1 coal per Hammer on your building cards."""
    seat = me(state)
    return done(gain(state, seat, {FISH: fishermen(state, seat), COAL: hammers(state, seat)}))


def _zoo_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or (stock[CATTLE] + stock[FISH]) >= 3


def _labor_exchange_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or fishermen(state, seat) + hammers(state, seat) > 0


def _zoo(state: State) -> State:
    """⅓ Franc per cattle and per fish you own, rounded down; the animals stay."""
    stock = stock_of(state)
    return done(gain(state, me(state), {FRANC: (stock[CATTLE] + stock[FISH]) // 3}))


# -- one-shot exchanges with a cash condition --------------------------------------------------
def _cash_deal(give: int, count: int, show: int, receive: int) -> Effect:
    """Return ``count`` of ``give``, show ``show`` Francs in cash, receive ``receive`` Francs."""

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return stock[give] >= count and stock[FRANC] >= show

    return Effect(
        can_enter,
        lambda state: done(gain(state, me(state), {give: -count, FRANC: receive})),
        needs_francs=True,
    )


# -- the Kiln and the Steelworks: energy for an upgrade ----------------------------------------
# Components: "brick can be used as clay", "steel can be used as iron". By default (option
# ``substitutes=everywhere``) that holds wherever clay or iron is paid, here too; the clay or iron
# held is paid first (a brick or steel can stand in for it anywhere, so keeping it is never worse).
# ``substitutes=building_costs`` allows it for building and ship costs only.
SUBSTITUTES = {CLAY: BRICK, IRON: STEEL}


def paid_inputs(state: State, stock: tuple[int, ...], inputs: Mapping[int, int]) -> dict[int, int] | None:
    """The tokens paid for ``inputs`` from ``stock`` (brick for missing clay, steel for missing
    iron, by the rule option), or ``None`` if the stock cannot pay them."""
    paid: dict[int, int] = {}
    for good, count in inputs.items():
        held = min(stock[good], count)
        if held:
            paid[good] = paid.get(good, 0) + held
        missing = count - held
        if missing:
            substitute = SUBSTITUTES.get(good)
            if substitute is None or state.rules.substitutes != "everywhere":
                return None
            if stock[substitute] - paid.get(substitute, 0) < missing:
                return None
            paid[substitute] = paid.get(substitute, 0) + missing
    return paid


def _energy_deal(key: str, inputs: Mapping[int, int], energy: int, outputs: Mapping[int, int]) -> Effect:
    """Once: ``inputs`` and ``energy`` for ``outputs``."""
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        enough = energy_of(stock) >= energy_due(state, seat, energy)
        return enough and paid_inputs(state, stock, inputs) is not None

    def enter(state: State) -> State:
        paid = paid_inputs(state, stock_of(state), inputs)
        assert paid is not None  # ``can_enter`` held
        state = gain(state, me(state), {good: -n for good, n in paid.items()})
        return ask_payment(state, "energy", building, amount=energy)

    def paid(state: State, pending: Pending) -> State:
        return done(gain(state, me(state), dict(outputs)))

    return Effect(can_enter, enter, paid=paid)


# -- the Furriery: hides for bread, and/or up to 2 leather for 5 Francs each -----------------------
FURRIERY_LEATHER = 2


def _furriery_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return stock[HIDES] > 0 or stock[LEATHER] > 0


def _furriery_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = stock_of(state)
    if pending.step == 0:  # hides to bread (0 allowed if leather can be sold)
        low = 0 if stock[LEATHER] else 1
        return times_range(low, stock[HIDES])
    low = 0 if pending.amount else 1  # something must be exchanged
    return times_range(low, min(FURRIERY_LEATHER, stock[LEATHER]))


def _furriery_choose(state: State, pending: Pending, action: Action) -> State:
    assert isinstance(action, Times)
    if pending.step == 0:
        state = gain(state, me(state), {HIDES: -action.count, BREAD: action.count})
        if stock_of(state)[LEATHER]:
            return ask(state, pending.building, step=1, amount=action.count)
        return done(state)
    return done(gain(state, me(state), {LEATHER: -action.count, FRANC: 5 * action.count}))


# -- the Coal Trader: food for charcoal or coal ----------------------------------------------------
COAL_TRADER_CHOICES = (Choose(("charcoal",)), Choose(("coal",)))


COAL_TRADER_CHARCOAL_MAX, COAL_TRADER_COAL_MAX = 1, 5  # the sources' limits per visit


def _coal_trader_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    from .payment import FOOD, worth

    food = worth(stock_of(state), FOOD)
    if state.rules.coal_trader == "rulebook":  # one exchange: 1 food for a charcoal, or 2 for a coal
        return tuple(c for c, price in zip(COAL_TRADER_CHOICES, (1, 2), strict=True) if food >= price)
    # The sources: charcoal (step 0: how many, at most 1), then coal (step 1: at most 5), both paid
    # together; at least one good in all.
    if pending.step == 0:
        low = 0 if food >= 2 else 1
        return times_range(low, min(COAL_TRADER_CHARCOAL_MAX, food))
    low = 0 if pending.amount else 1
    return times_range(low, min(COAL_TRADER_COAL_MAX, (food - pending.amount) // 2))


def _coal_trader_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    from .payment import FOOD, worth

    return worth(stock, FOOD) >= 1


def _coal_trader_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Times):  # the sources' reading
        if pending.step == 0:
            return ask(state, pending.building, step=1, amount=action.count)
        charcoal, coal = pending.amount, action.count
        return ask_payment(
            state, "food", pending.building, amount=charcoal + 2 * coal, step=charcoal * 8 + coal
        )
    assert isinstance(action, Choose)
    product = CHARCOAL if action.goods == ("charcoal",) else COAL
    charcoal, coal = (1, 0) if product == CHARCOAL else (0, 1)
    return ask_payment(state, "food", pending.building, amount=charcoal + 2 * coal, step=charcoal * 8 + coal)


def _coal_trader_paid(state: State, pending: Pending) -> State:
    charcoal, coal = divmod(pending.step, 8)  # both counts in ``step``: charcoal * 8 + coal
    return done(gain(state, me(state), {CHARCOAL: charcoal, COAL: coal}))


# -- the Haulage Firm: 3 Francs for two adjacent Offer spaces --------------------------------------
HAULAGE_FRANCS = 3
# "Adjacent pairs: cattle-grain, grain-iron, iron-clay, clay-wood, wood-fish" (Offer spaces in board
# order, Francs excluded).
HAULAGE_PAIRS = tuple(
    (OFFER_SPACES.index(a), OFFER_SPACES.index(b))
    for a, b in ((FISH, WOOD), (WOOD, CLAY), (CLAY, IRON), (IRON, GRAIN), (GRAIN, CATTLE))
)
HAULAGE_CHOICES = tuple(
    Choose((TOKEN_NAMES[OFFER_SPACES[a]], TOKEN_NAMES[OFFER_SPACES[b]])) for a, b in HAULAGE_PAIRS
)


def _haulage_pairs(state: State) -> list[int]:
    """The pairs offered: both spaces hold goods (option ``haulage_firm=both_spaces``, the card's
    "take goods from two adjacent Offer spaces"), or at least one (``either_space``)."""
    offers = state.offers
    if state.rules.haulage_firm == "both_spaces":
        return [k for k, (a, b) in enumerate(HAULAGE_PAIRS) if offers[a] and offers[b]]
    return [k for k, (a, b) in enumerate(HAULAGE_PAIRS) if offers[a] + offers[b] > 0]


def _haulage_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return stock[FRANC] >= HAULAGE_FRANCS and bool(_haulage_pairs(state))


def _haulage_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return tuple(HAULAGE_CHOICES[k] for k in _haulage_pairs(state))


def _haulage_choose(state: State, pending: Pending, action: Action) -> State:
    assert isinstance(action, Choose)
    a, b = HAULAGE_PAIRS[HAULAGE_CHOICES.index(action)]
    offers = list(state.offers)
    change = {FRANC: -HAULAGE_FRANCS}
    for space in (a, b):
        change[OFFER_SPACES[space]] = offers[space]
        offers[space] = 0
    state = update(state, offers=tuple(offers))
    return done(gain(state, me(state), change))


# -- the Town Square: one different upgraded good per craftsman's building -------------------------
TOWN_SQUARE_GOODS = tuple(g for g in UPGRADED_GOODS if g != STEEL)  # "not steel"
_TOWN_SQUARE_CHOICES = {
    size: tuple(
        Choose(tuple(TOKEN_NAMES[g] for g in goods)) for goods in combinations(TOWN_SQUARE_GOODS, size)
    )
    for size in range(1, len(TOWN_SQUARE_GOODS) + 1)
}


def _town_square_size(state: State, seat: int) -> int:
    return min(count_type(state, seat, CRAFTSMAN), len(TOWN_SQUARE_GOODS))


def _town_square_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return _TOWN_SQUARE_CHOICES[_town_square_size(state, me(state))]


def _town_square_choose(state: State, pending: Pending, action: Action) -> State:
    assert isinstance(action, Choose)
    return done(gain(state, me(state), {TOKEN_NAMES.index(name): 1 for name in action.goods}))


# -- the Harbor Watch (rule option harbor_watch=sources): enter an occupied building -----------------
HARBOR_WATCH_FRANCS = 1


def _watch_targets(state: State, seat: int, stock: tuple[int, ...]) -> list[int]:
    """Buildings where another player's disc stands that ``seat`` could then use: "Pay 1 Franc to
    another player; that player takes back her Person marker, and you move your marker to that
    building (paying its entry fee if not owned)" and carry out its action."""
    from .turn import enterable_with  # the entering rules live with the main action

    if stock[FRANC] < HARBOR_WATCH_FRANCS:
        return []
    after = (*stock[:FRANC], stock[FRANC] - HARBOR_WATCH_FRANCS, *stock[FRANC + 1 :])
    watch = BUILDING_INDEX["harbor_watch"]
    occupied = {p.location for s, p in enumerate(state.players) if s != seat and p.location >= 0}
    return [b for b in sorted(occupied) if b != watch and enterable_with(state, seat, b, after)]


def _watch_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    from .offered import ENTERS

    return tuple(ENTERS[b] for b in _watch_targets(state, me(state), stock_of(state)))


def _watch_choose(state: State, pending: Pending, action: Action) -> State:
    from .actions import Enter
    from .turn import enter_building

    assert isinstance(action, Enter)
    target = BUILDING_INDEX[action.building]
    seat = me(state)
    occupant = next(s for s, p in enumerate(state.players) if s != seat and p.location == target)
    state = gain(state, seat, {FRANC: -HARBOR_WATCH_FRANCS})
    state = gain(state, occupant, {FRANC: HARBOR_WATCH_FRANCS})
    players = tuple(attrs.evolve(p, location=-1) if s == occupant else p for s, p in enumerate(state.players))
    return enter_building(update(state, players=players), target)


def _asker(key: str) -> Callable[[State], State]:
    building = BUILDING_INDEX[key]
    return lambda state: ask(state, building)


SPECIAL_EFFECTS: dict[str, Effect] = {
    **{key: _exchanger(key) for key in EXCHANGES},
    **{key: _receive(change) for key, change in RECEIVES.items()},
    "labor_exchange": Effect(_labor_exchange_can, _labor_exchange),
    "zoo": Effect(_zoo_can, _zoo),
    # "Return 3 brick, show ≥10 Francs cash, receive 14 Francs."
    "brick_manufacturer": _cash_deal(BRICK, 3, 10, 14),
    # "Return 3 leather, show 14 Francs cash, receive 16 Francs."
    "leather_industry": _cash_deal(LEATHER, 3, 14, 16),
    # "Exchange 1 clay + 1 energy for 3 bricks."
    "kiln": _energy_deal("kiln", {CLAY: 1}, 1, {BRICK: 3}),
    # "Pay 15 energy to exchange max 1 iron for 2 steel."
    "steelworks": _energy_deal("steelworks", {IRON: 1}, 15, {STEEL: 2}),
    "furriery": Effect(_furriery_can, _asker("furriery"), _furriery_choices, _furriery_choose),
    "coal_trader": Effect(
        _coal_trader_can,
        _asker("coal_trader"),
        _coal_trader_choices,
        _coal_trader_choose,
        _coal_trader_paid,
        needs_francs=True,
    ),
    "haulage_firm": Effect(
        _haulage_can, _asker("haulage_firm"), _haulage_choices, _haulage_choose, needs_francs=True
    ),
    "harbor_watch": Effect(
        lambda state, seat, stock: bool(_watch_targets(state, seat, stock)),
        _asker("harbor_watch"),
        _watch_choices,
        _watch_choose,
        needs_francs=True,
    ),
    "town_square": Effect(
        lambda state, seat, stock: _town_square_size(state, seat) > 0,
        _asker("town_square"),
        _town_square_choices,
        _town_square_choose,
    ),
}
# Not here: the Luxury Yacht (swapped at a Wharf: ``construction.py``) and the buildings
# without an action.
