"""What each standard building does when entered (rulebook, "Standard Buildings (33)").

One small ``Effect`` per building, next to nothing else: ``can_enter`` (the action can be carried
out: "a player entering a building must carry out its action"), ``enter`` (right after the fee:
do it, or ask), and, for buildings with choices, ``choices``/``choose`` for its ``CHOOSE``
decisions and ``paid`` for what follows a payment it asked for. Upgrading buildings share one
table (``UPGRADES``); builders share ``_builder``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import attrs

from ..core.update import update
from .actions import DONE, Action, Build, BuildShip, Choose, Give, Times, Trade
from .data import (
    BREAD,
    BRICK,
    BUILDING_INDEX,
    BUILDINGS,
    CATTLE,
    CHARCOAL,
    CLAY,
    COAL,
    COKE,
    CRAFTSMAN,
    ECONOMIC,
    FISH,
    FRANC,
    GOODS,
    GRAIN,
    HIDES,
    INDUSTRIAL,
    IRON,
    LEATHER,
    LOAN_FRANCS,
    LUXURY_LINER,
    MEAT,
    MODERNISE_BRICK,
    NUM_TOKEN_KINDS,
    OFFER_SPACES,
    ROUND_CARDS,
    SHIP_ENERGY,
    SHIP_TYPES,
    SHIPPING_FRANCS,
    SMOKED_FISH,
    SOURCE_READINGS,
    STANDARD_GOODS,
    STEEL,
    TOKEN_NAMES,
    UPGRADED_GOODS,
    WOOD,
    WOODEN_SHIP,
    BuildCost,
)
from .payment import ENERGY, ZERO, can_afford, goods_ways, subtract, worth
from .state import CHOOSE, PAY, PROPOSAL, TURN, Pending, Player, Rules, State, with_player, with_stock

# -- what every effect uses ------------------------------------------------------------------


def me(state: State) -> int:
    """The seat taking the main action (interest and feeding never reach a building)."""
    return state.turn_player


def stock_of(state: State) -> tuple[int, ...]:
    return state.players[state.turn_player].stock


def gain(state: State, seat: int, change: dict[int, int]) -> State:
    """``seat`` receives (or, negative, gives) these tokens."""
    p = state.players[seat]
    stock = list(p.stock)
    for token, count in change.items():
        stock[token] += count
    return update(state, players=with_player(state.players, seat, with_stock(p, tuple(stock))))


def pay_tokens(state: State, seat: int, paid: tuple[int, ...]) -> State:
    p = state.players[seat]
    return update(state, players=with_player(state.players, seat, with_stock(p, subtract(p.stock, paid))))


def done(state: State) -> State:
    """The main action is over: back to the player's turn."""
    return update(state, phase=TURN, pending=None, main_done=True)


def ask(
    state: State, building: int, *, step: int = 0, amount: int = 0, chosen: tuple[int, ...] = ()
) -> State:
    """A ``CHOOSE`` decision of ``building``'s effect."""
    pending = Pending("choose", state.turn_player, building, amount, (), chosen, step)
    return update(state, phase=CHOOSE, pending=pending)


def ask_payment(
    state: State, purpose: str, building: int, *, amount: int = 0, due: tuple[int, ...] = (), step: int = 0
) -> State:
    """A ``PAY`` decision: energy (``amount``) or building goods (``due``, a BuildCost vector)."""
    pending = Pending(purpose, state.turn_player, building, amount, due, (), step)
    return update(state, phase=PAY, pending=pending)


def owned(state: State, seat: int) -> list[int]:
    return [b for b, who in enumerate(state.owner) if who == seat]


def building_type(rules: Rules, building: int) -> int:
    if BUILDINGS[building].id == "hardware_store" and rules.hardware_store_type == "sources":
        value = SOURCE_READINGS[("hardware_store", "type")]
        assert isinstance(value, int)
        return value
    return BUILDINGS[building].type


def build_cost(rules: Rules, building: int) -> BuildCost | None:
    """The building goods, by the rule options (Ironworks and Arts Center costs are disputed)."""
    costs = _COSTS.get((rules.ironworks_cost, rules.arts_center_cost))
    if costs is None:
        costs = _COSTS[rules.ironworks_cost, rules.arts_center_cost] = tuple(
            _read_cost(rules, b) for b in range(len(BUILDINGS))
        )
    return costs[building]


_COSTS: dict[tuple[str, str], tuple[BuildCost | None, ...]] = {}


def _read_cost(rules: Rules, building: int) -> BuildCost | None:
    key = BUILDINGS[building].id
    if (key == "ironworks" and rules.ironworks_cost == "sources") or (
        key == "arts_center" and rules.arts_center_cost == "sources"
    ):
        value = SOURCE_READINGS[(key, "cost")]
        assert isinstance(value, BuildCost)
        return value
    return BUILDINGS[building].cost


def count_type(state: State, seat: int, kind: int) -> int:
    return sum(1 for b in owned(state, seat) if building_type(state.rules, b) == kind)


def hammers(state: State, seat: int) -> int:
    return sum(BUILDINGS[b].hammers for b in owned(state, seat))


def fishermen(state: State, seat: int) -> int:
    return sum(BUILDINGS[b].fishermen for b in owned(state, seat))


def energy_of(stock: tuple[int, ...]) -> int:
    return worth(stock, ENERGY)


def always(state: State, seat: int) -> bool:
    """``can_enter`` of a building whose action can always be carried out."""
    return True


@attrs.frozen
class Effect:
    can_enter: Callable[[State, int], bool]
    enter: Callable[[State], State]
    choices: Callable[[State, Pending], tuple[Action, ...]] | None = None
    choose: Callable[[State, Pending, Action], State] | None = None
    paid: Callable[[State, Pending], State] | None = None  # after a payment this effect asked for


def _receive(**counts: int) -> Effect:
    """A building that simply gives goods."""
    change = {_token(name): n for name, n in counts.items()}
    return Effect(always, lambda state: done(gain(state, me(state), change)))


def _token(name: str) -> int:
    return TOKEN_NAMES.index(name)


# -- producing buildings -----------------------------------------------------------------------
def _fishery(state: State) -> State:
    """3 fish, +1 per Fisherman on your building cards."""
    return done(gain(state, me(state), {FISH: 3 + fishermen(state, me(state))}))


def _clay_mound(state: State) -> State:
    """3 clay, +1 per hammer on your building cards."""
    return done(gain(state, me(state), {CLAY: 3 + hammers(state, me(state))}))


def _colliery(state: State) -> State:
    """3 coal, +1 if you have at least one hammer (not more for more hammers)."""
    return done(gain(state, me(state), {COAL: 3 + (hammers(state, me(state)) > 0)}))


def _black_market(state: State) -> State:
    """2 of each good (Francs included) whose Offer space is empty."""
    change = {OFFER_SPACES[i]: 2 for i, n in enumerate(state.offers) if n == 0}
    return done(gain(state, me(state), change))


def _arts_center(state: State) -> State:
    """4 Francs per other player whose Person disc is in one of your buildings."""
    seat = me(state)
    mine = set(owned(state, seat))
    guests = sum(1 for s, p in enumerate(state.players) if s != seat and p.location in mine)
    return done(gain(state, seat, {FRANC: 4 * guests}))


def _church_can(state: State, seat: int) -> bool:
    """At least 5 bread and 2 fish (smoked fish does not count)."""
    stock = state.players[seat].stock
    return stock[BREAD] >= 5 and stock[FISH] >= 2


def _local_court_can(state: State, seat: int) -> bool:
    return state.players[seat].loans > 0


def _local_court(state: State) -> State:
    """Return 1 or 2 loans for free; with exactly 2 loans, return one and receive 2 Francs."""
    seat = me(state)
    p = state.players[seat]
    if p.loans == 2:
        returned, bonus = 1, 2
    else:
        returned, bonus = min(p.loans, 2), 0
    stock = list(p.stock)
    stock[FRANC] += bonus
    player = Player(tuple(stock), p.loans - returned, p.ships, p.location)
    return done(update(state, players=with_player(state.players, seat, player)))


# -- the Joinery: 1-3 wood for 5-7 Francs --------------------------------------------------------
def _joinery_can(state: State, seat: int) -> bool:
    return state.players[seat].stock[WOOD] >= 1


def _joinery_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return tuple(TIMES[k] for k in range(1, min(3, stock_of(state)[WOOD]) + 1))


def _joinery_choose(state: State, pending: Pending, action: Action) -> State:
    assert isinstance(action, Times)
    return done(gain(state, me(state), {WOOD: -action.count, FRANC: 4 + action.count}))


# -- upgrading ---------------------------------------------------------------------------------
@attrs.frozen
class Upgrade:
    """An arrow on a card: ``source`` to ``product``, at most ``limit`` (None: any number)."""

    source: int
    product: int
    limit: int | None
    energy: Callable[[int], int]  # energy for upgrading k goods
    francs: Callable[[int], int]  # subsidy for k goods
    hides: Callable[[int], int] = lambda k: 0  # the Abattoir's hides


def _half_up(k: int) -> int:
    return (k + 1) // 2


def _half_down(k: int) -> int:
    return k // 2


def _none(k: int) -> int:
    return 0


UPGRADES = {
    # "each bread costs ½ energy (rounded up). For every 2 bread baked, 1 Franc (rounded down)"
    "bakehouse": Upgrade(GRAIN, BREAD, None, _half_up, _half_down),
    "charcoal_kiln": Upgrade(WOOD, CHARCOAL, None, _none, _none),  # no energy required
    # "up to 6 fish ... for 1 energy total. For every 2 fish smoked, 1 Franc (rounded down)"
    "smokehouse": Upgrade(FISH, SMOKED_FISH, 6, lambda k: 1 if k else 0, _half_down),
    # "1 hide for every 2 cattle slaughtered (rounded down)"
    "abattoir": Upgrade(CATTLE, MEAT, None, _none, _none, _half_down),
    "brickworks": Upgrade(CLAY, BRICK, None, _half_up, _half_down),
    "tannery": Upgrade(HIDES, LEATHER, 4, _none, lambda k: k),  # "for every hide tanned, 1 Franc"
    "steel_mill": Upgrade(IRON, STEEL, None, lambda k: 5 * k, _none),  # "5 energy for each iron"
    "cokery": Upgrade(COAL, COKE, None, _none, lambda k: k),  # "for every coke, 1 Franc"
}


def _upgrade_counts(state: State, seat: int, upgrade: Upgrade) -> list[int]:
    """The numbers of goods that can be upgraded, 1 and up (the energy must be payable)."""
    stock = state.players[seat].stock
    most = stock[upgrade.source] if upgrade.limit is None else min(upgrade.limit, stock[upgrade.source])
    energy = energy_of(stock)
    return [k for k in range(1, most + 1) if upgrade.energy(k) <= energy]


def _upgrader(key: str) -> Effect:
    upgrade = UPGRADES[key]
    building = BUILDING_INDEX[key]
    first_energy = upgrade.energy(1)

    def can_enter(state: State, seat: int) -> bool:
        stock = state.players[seat].stock  # one good and its energy are enough to start
        return stock[upgrade.source] > 0 and (not first_energy or first_energy <= energy_of(stock))

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        return tuple(TIMES[k] for k in _upgrade_counts(state, me(state), upgrade))

    def choose(state: State, pending: Pending, action: Action) -> State:
        assert isinstance(action, Times)
        energy = upgrade.energy(action.count)
        if energy:
            return ask_payment(state, "energy", building, amount=energy, step=action.count)
        return finish(state, action.count)

    def paid(state: State, pending: Pending) -> State:
        return finish(state, pending.step)

    def finish(state: State, k: int) -> State:
        change = {upgrade.source: -k, upgrade.product: k, FRANC: upgrade.francs(k)}
        if upgrade.hides(k):
            change[HIDES] = change.get(HIDES, 0) + upgrade.hides(k)
        return done(gain(state, me(state), change))

    return Effect(can_enter, enter, choices, choose, paid)


# -- the Ironworks: 3 iron, and 1 more for 6 energy ------------------------------------------------
IRONWORKS_EXTRA_ENERGY = 6


def _ironworks(state: State) -> State:
    state = gain(state, me(state), {IRON: 3})
    if energy_of(stock_of(state)) >= IRONWORKS_EXTRA_ENERGY:
        return ask(state, BUILDING_INDEX["ironworks"])
    return done(state)


def _ironworks_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return (TIMES[1], DONE)


def _ironworks_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Times):
        return ask_payment(state, "energy", pending.building, amount=IRONWORKS_EXTRA_ENERGY)
    return done(state)


def _ironworks_paid(state: State, pending: Pending) -> State:
    return done(gain(state, me(state), {IRON: 1}))


# -- the Marketplace: different standard goods, 2 + 1 per craftsman's building, at most 8 --------
MARKET_MAX = 8


def _market_size(state: State) -> int:
    return min(MARKET_MAX, 2 + count_type(state, me(state), CRAFTSMAN), len(STANDARD_GOODS))


def _marketplace_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return _MARKET_CHOICES[_market_size(state)]


_MARKET_CHOICES = {
    size: tuple(Choose(tuple(TOKEN_NAMES[g] for g in goods)) for goods in combinations(STANDARD_GOODS, size))
    for size in range(2, MARKET_MAX + 1)
}


def _marketplace_choose(state: State, pending: Pending, action: Action) -> State:
    assert isinstance(action, Choose)
    return done(gain(state, me(state), {_token(name): 1 for name in action.goods}))


# -- building at the Building Firms, the Construction Firm and the Sawmill -------------------------
def buildable(state: State, seat: int, *, sawmill: bool = False) -> list[int]:
    """Top proposal buildings ``seat`` can pay the building goods of (the Sawmill: only those
    needing wood, one wood less)."""
    last = _LAST_BUILDABLE
    if last.state is state and last.seat == seat and last.sawmill == sawmill:
        return last.found  # the Building Firms and the Construction Firm ask alike
    stock = state.players[seat].stock
    if sawmill:  # one wood less to pay is one wood more to pay with
        stock = (*stock[:WOOD], stock[WOOD] + 1, *stock[WOOD + 1 :])
    out = []
    for pile in state.piles:
        if not pile:
            continue
        top = pile[0]
        cost = build_cost(state.rules, top)
        if cost is None or (sawmill and cost.wood == 0):
            continue
        if can_afford(stock, cost) and top not in out:
            out.append(top)
    last.state, last.seat, last.sawmill, last.found = state, seat, sawmill, out
    return out


class _LastAnswer:
    """The last answer of ``buildable`` (states are immutable, so it holds while it is asked
    about the same state object)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.seat = -1
        self.sawmill = False
        self.found: list[int] = []


_LAST_BUILDABLE = _LastAnswer()


def _builder(key: str, builds: int, sawmill: bool = False) -> Effect:
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int) -> bool:
        return bool(buildable(state, seat, sawmill=sawmill))

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        options: tuple[Action, ...] = tuple(BUILDS[b] for b in buildable(state, me(state), sawmill=sawmill))
        return (*options, DONE) if pending.step > 0 else options

    def choose(state: State, pending: Pending, action: Action) -> State:
        if not isinstance(action, Build):
            return done(state)
        target = BUILDING_INDEX[action.building]
        cost = build_cost(state.rules, target)
        assert cost is not None
        if sawmill:
            cost = attrs.evolve(cost, wood=cost.wood - 1)
        due = cost_vector(cost)
        return ask_payment(state, "goods", building, amount=target, due=due, step=pending.step)

    def paid(state: State, pending: Pending) -> State:
        state = place_building(state, pending.amount, me(state))
        if pending.step + 1 < builds and buildable(state, me(state), sawmill=sawmill):
            return ask(state, building, step=pending.step + 1)
        return done(state)

    return Effect(can_enter, enter, choices, choose, paid)


def cost_vector(cost: BuildCost) -> tuple[int, ...]:
    out = list(ZERO)
    out[WOOD], out[CLAY], out[BRICK], out[IRON], out[STEEL] = (
        cost.wood,
        cost.clay,
        cost.brick,
        cost.iron,
        cost.steel,
    )
    return tuple(out)


def vector_cost(due: tuple[int, ...]) -> BuildCost:
    return BuildCost(wood=due[WOOD], clay=due[CLAY], brick=due[BRICK], iron=due[IRON], steel=due[STEEL])


def place_building(state: State, building: int, seat: int) -> State:
    """A proposal building leaves its pile (it is on top of one) for ``seat`` (or the town)."""
    piles = tuple(pile[1:] if pile and pile[0] == building else pile for pile in state.piles)
    owner = (*state.owner[:building], seat, *state.owner[building + 1 :])
    return update(state, piles=piles, owner=owner)


# -- the Wharves: one ship per visit ---------------------------------------------------------------
SHIP_NAMES = ("wooden", "iron", "steel", "luxury")


def ship_goods(state: State, wharf: int, ship_type: int) -> BuildCost:
    """A ship's goods at this Wharf: its cost, plus the brick that modernises the Wharf for the
    first non-wooden ship built there."""
    modernise = ship_type != WOODEN_SHIP and wharf not in state.modernised
    return _SHIP_COSTS[modernise][ship_type]


_SHIP_COSTS = (
    tuple(t.cost for t in SHIP_TYPES),
    tuple(attrs.evolve(t.cost, brick=t.cost.brick + MODERNISE_BRICK) for t in SHIP_TYPES),
)


def ship_ways(state: State, seat: int, wharf: int, ship_type: int) -> list[tuple[int, ...]]:
    """Ways to pay a ship's goods that leave the 3 energy to pay."""
    stock = state.players[seat].stock
    cost = ship_goods(state, wharf, ship_type)
    if not can_afford(stock, cost):
        return []
    return [way for way in goods_ways(stock, cost) if energy_of(subtract(stock, way)) >= SHIP_ENERGY]


def _ship_types(state: State, seat: int, wharf: int) -> list[int]:
    """The ship types whose top ship ``seat`` can build here: the goods, and 3 energy besides
    (the only energy good in a ship's cost is wood, worth 1 energy each)."""
    stock = state.players[seat].stock
    energy = energy_of(stock)
    out = []
    for t, pile in enumerate(state.ship_piles):
        if pile:
            cost = ship_goods(state, wharf, t)
            if can_afford(stock, cost) and energy - cost.wood >= SHIP_ENERGY:
                out.append(t)
    return out


def _wharf(key: str) -> Effect:
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int) -> bool:
        return bool(_ship_types(state, seat, building))

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        return tuple(BUILD_SHIPS[t] for t in _ship_types(state, me(state), building))

    def choose(state: State, pending: Pending, action: Action) -> State:
        assert isinstance(action, BuildShip)
        ship_type = SHIP_NAMES.index(action.ship)
        due = cost_vector(ship_goods(state, building, ship_type))
        return ask_payment(state, "ship_goods", building, amount=ship_type, due=due)

    def paid(state: State, pending: Pending) -> State:
        if pending.purpose == "ship_goods":
            return ask_payment(state, "energy", building, amount=SHIP_ENERGY, step=pending.amount + 1)
        ship_type = pending.step - 1
        card = state.ship_piles[ship_type][0]
        piles = tuple(pile[1:] if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
        modernised = state.modernised
        if ship_type != WOODEN_SHIP and building not in modernised:
            modernised = tuple(sorted((*modernised, building)))
        seat = me(state)
        p = state.players[seat]
        player = Player(p.stock, p.loans, (*p.ships, card), p.location)
        players = with_player(state.players, seat, player)
        return done(update(state, ship_piles=piles, modernised=modernised, players=players))

    return Effect(can_enter, enter, choices, choose, paid)


# -- the Shipping Line: 3 energy per ship used, then its goods for Francs ---------------------------
def shipping_capacities(state: State, seat: int) -> list[int]:
    """Goods each of the player's ships can ship, largest first (Luxury liners ship nothing)."""
    types = [ROUND_CARDS[card].ship_type for card in state.players[seat].ships]
    return sorted((SHIP_TYPES[t].capacity for t in types if SHIP_TYPES[t].capacity), reverse=True)


def _goods_held(stock: tuple[int, ...]) -> int:
    return sum(stock[:FRANC])  # goods are the tokens before Francs


def _shipping_can(state: State, seat: int) -> bool:
    stock = state.players[seat].stock
    return (
        bool(shipping_capacities(state, seat)) and energy_of(stock) >= SHIP_ENERGY and _goods_held(stock) > 0
    )


def _shipping_enter(state: State) -> State:
    return ask(state, BUILDING_INDEX["shipping_line"])


def _shipping_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = stock_of(state)
    if pending.step == 0:  # how many ships (the largest are used first)
        ships = len(shipping_capacities(state, me(state)))
        return tuple(TIMES[k] for k in range(1, ships + 1) if SHIP_ENERGY * k <= energy_of(stock))
    gives: tuple[Action, ...] = tuple(GIVES[g] for g in GOODS if stock[g])
    return (*gives, DONE)


def _shipping_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Times):
        return ask_payment(
            state, "energy", pending.building, amount=SHIP_ENERGY * action.count, step=action.count
        )
    if isinstance(action, Give):
        good = _token(action.good)
        state = gain(state, me(state), {good: -1, FRANC: SHIPPING_FRANCS[good]})
        left = pending.amount - 1
        if left and _goods_held(stock_of(state)):
            return ask(state, pending.building, step=1, amount=left)
    return done(state)


def _shipping_paid(state: State, pending: Pending) -> State:
    capacity = sum(shipping_capacities(state, me(state))[: pending.step])
    if not _goods_held(stock_of(state)):
        return done(state)
    return ask(state, pending.building, step=1, amount=capacity)


# -- the Business Office: 4 goods for 1 steel, and/or 1 good for a charcoal, leather or brick --------
PRODUCTS = (CHARCOAL, LEATHER, BRICK)


def _office_can(state: State, seat: int) -> bool:
    return _goods_held(state.players[seat].stock) > 0


def _office_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = stock_of(state)
    held = [g for g in GOODS if stock[g]]
    if pending.step == 0:  # the steel exchange, one good at a time; ``amount`` given so far
        gives: tuple[Action, ...] = ()
        if pending.amount or _goods_held(stock) >= 4:
            gives = tuple(GIVES[g] for g in held)
        return gives if pending.amount else (*gives, DONE)
    trades: tuple[Action, ...] = tuple(TRADES[g, product] for g in held for product in PRODUCTS)
    # "in addition or alternatively": skipping the second is allowed only after the first
    return (*trades, DONE) if pending.chosen else trades


def _office_choose(state: State, pending: Pending, action: Action) -> State:
    building = pending.building
    if isinstance(action, Give):
        state = gain(state, me(state), {_token(action.good): -1})
        given = pending.amount + 1
        if given < 4:
            return ask(state, building, amount=given)
        state = gain(state, me(state), {STEEL: 1})
        return ask(state, building, step=1, chosen=(1,)) if _goods_held(stock_of(state)) else done(state)
    if isinstance(action, Trade):
        return done(gain(state, me(state), {_token(action.good): -1, _token(action.product): 1}))
    if pending.step == 0:  # skipped the steel: the single exchange must follow
        return ask(state, building, step=1)
    return done(state)


# -- the Bridge over the Seine: 1 Franc per upgraded good, 1 per 3 standard goods -----------------
def _bridge_can(state: State, seat: int) -> bool:
    stock = state.players[seat].stock
    return sum(stock[SMOKED_FISH:FRANC]) > 0 or sum(stock[:SMOKED_FISH]) >= 3  # upgraded, standard


def _bridge_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = stock_of(state)
    gives: tuple[Action, ...] = tuple(GIVES[g] for g in GOODS if stock[g])
    return (*gives, DONE) if pending.amount or pending.step else gives


def _bridge_choose(state: State, pending: Pending, action: Action) -> State:
    # ``amount``: upgraded goods sold so far; ``step``: standard goods sold so far
    if isinstance(action, Give):
        good = _token(action.good)
        state = gain(state, me(state), {good: -1})
        upgraded, standard = pending.amount, pending.step
        if good in UPGRADED_GOODS:
            upgraded += 1
        else:
            standard += 1
        if _goods_held(stock_of(state)):
            return ask(state, pending.building, amount=upgraded, step=standard)
        pending = attrs.evolve(pending, amount=upgraded, step=standard)
    return done(gain(state, me(state), {FRANC: pending.amount + pending.step // 3}))


# -- the table --------------------------------------------------------------------------------------
TIMES = tuple(Times(k) for k in range(0, 200))
GIVES = {g: Give(TOKEN_NAMES[g]) for g in GOODS}
TRADES = {(g, product): Trade(TOKEN_NAMES[g], TOKEN_NAMES[product]) for g in GOODS for product in PRODUCTS}
BUILDS = {b: Build(BUILDINGS[b].id) for b in range(len(BUILDINGS))}
BUILD_SHIPS = tuple(BuildShip(name) for name in SHIP_NAMES)

EFFECTS: dict[str, Effect] = {
    "building_firm_1": _builder("building_firm_1", 1),
    "building_firm_2": _builder("building_firm_2", 1),
    "construction_firm": _builder("construction_firm", 2),
    "sawmill": _builder("sawmill", 1, sawmill=True),
    "marketplace": Effect(
        always,
        lambda state: ask(state, BUILDING_INDEX["marketplace"]),
        _marketplace_choices,
        _marketplace_choose,
    ),
    "fishery": Effect(always, _fishery),
    "joinery": Effect(
        _joinery_can, lambda state: ask(state, BUILDING_INDEX["joinery"]), _joinery_choices, _joinery_choose
    ),
    **{key: _upgrader(key) for key in UPGRADES},
    "hardware_store": _receive(wood=1, brick=1, iron=1),
    "clay_mound": Effect(always, _clay_mound),
    "arts_center": Effect(always, _arts_center),
    "wharf_1": _wharf("wharf_1"),
    "wharf_2": _wharf("wharf_2"),
    "black_market": Effect(always, _black_market),
    "local_court": Effect(_local_court_can, _local_court),
    "colliery": Effect(always, _colliery),
    "shipping_line": Effect(
        _shipping_can, _shipping_enter, _shipping_choices, _shipping_choose, _shipping_paid
    ),
    "grocery_market": _receive(cattle=1, meat=1, fish=1, smoked_fish=1, grain=1, bread=1),
    "business_office": Effect(
        _office_can,
        lambda state: ask(state, BUILDING_INDEX["business_office"]),
        _office_choices,
        _office_choose,
    ),
    "ironworks": Effect(always, _ironworks, _ironworks_choices, _ironworks_choose, _ironworks_paid),
    "bridge_over_the_seine": Effect(
        _bridge_can,
        lambda state: ask(state, BUILDING_INDEX["bridge_over_the_seine"]),
        _bridge_choices,
        _bridge_choose,
    ),
    "church": Effect(_church_can, lambda state: done(gain(state, me(state), {BREAD: 5, FISH: 3}))),
}
# Locked buildings (a padlock: Storehouse, Dock, Town Hall, Bank) have no effect and are never
# entered; the special buildings' effects belong to the full game.

__all__ = ["EFFECTS", "UPGRADES", "Effect"]
_UNUSED = (COKE, ECONOMIC, INDUSTRIAL, LOAN_FRANCS, LUXURY_LINER, NUM_TOKEN_KINDS, PROPOSAL, PAY, MEAT)
