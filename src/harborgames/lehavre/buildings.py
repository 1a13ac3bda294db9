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
from typing import Any

import attrs

from ..core.decisions import Rule
from ..core.update import update
from .actions import DONE, KEEP_ORDER, SWAP_ORDER, Action, Choose, Give, Order, Times, Trade
from .construction import builder, wharf
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
    ENERGY_VALUE,
    FISH,
    FRANC,
    FULL,
    GOODS,
    GRAIN,
    HIDES,
    IRON,
    LEATHER,
    MEAT,
    OFFER_SPACES,
    ROUND_CARDS,
    SHIP_ENERGY,
    SHIP_TYPES,
    SHIPPING_FRANCS,
    SMOKED_FISH,
    SPECIAL_BUILD,
    STANDARD_GOODS,
    STEEL,
    TOKEN_NAMES,
    UPGRADED_GOODS,
    WOOD,
    round_cards,
)
from .decisions import (
    BridgeSell,
    IronworksExtra,
    JoineryWood,
    MarketplaceGoods,
    MarketplaceLook,
    OfficeExchange,
    OfficeSteel,
    PayEnergy,
    PayUpgradeEnergy,
    ShippingLoad,
    UpgradeGoods,
)
from .effect import (
    ENERGY_GOODS,
    GIVES,
    Effect,
    always,
    amount_rule,
    ask,
    count_type,
    done,
    done_gaining,
    energy_due,
    energy_of,
    fishermen,
    gain,
    hammers,
    me,
    stock_of,
    times,
    times_range,
    token,
    turn_seat,
)
from .explain import explain, not_a_choice
from .payment import ENERGY, energy_worth
from .readings import SOURCE_READINGS
from .state import Player, State, with_player

# -- what every effect uses ------------------------------------------------------------------


def _receive(**counts: int) -> Effect:
    """A building that simply gives goods."""
    change = {token(name): n for name, n in counts.items()}
    return Effect(always, lambda state: done_gaining(state, me(state), change))


# -- producing buildings -----------------------------------------------------------------------
def _fishery(state: State) -> State:
    """3 fish, +1 per Fisherman on your building cards."""
    return done_gaining(state, me(state), {FISH: 3 + fishermen(state, me(state))})


def _clay_mound(state: State) -> State:
    """3 clay, +1 per hammer on your building cards."""
    return done_gaining(state, me(state), {CLAY: 3 + hammers(state, me(state))})


def _colliery(state: State) -> State:
    """3 coal, +1 if you have at least one hammer (not more for more hammers)."""
    return done_gaining(state, me(state), {COAL: 3 + (hammers(state, me(state)) > 0)})


def _black_market(state: State) -> State:
    """2 of each good (Francs included) whose Offer space is empty."""
    change = {OFFER_SPACES[i]: 2 for i, n in enumerate(state.offers) if n == 0}
    return done_gaining(state, me(state), change)


def _black_market_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or 0 in state.offers


def _guests(state: State, seat: int) -> int:
    """Other players whose Person disc stands in one of ``seat``'s buildings."""
    owner = state.owner
    guests = 0
    for s, p in enumerate(state.players):
        if s != seat and p.location >= 0 and owner[p.location] == seat:
            guests += 1
    return guests


def _arts_center_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or _guests(state, seat) > 0


def _arts_center(state: State) -> State:
    """4 Francs per other player whose Person disc is in one of your buildings."""
    seat = me(state)
    return done_gaining(state, seat, {FRANC: 4 * _guests(state, seat)})


def _church_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    """At least 5 bread and 2 fish (smoked fish does not count)."""
    return stock[BREAD] >= 5 and stock[FISH] >= 2


def _local_court_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
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
def _joinery_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return stock[WOOD] >= 1


def _joinery_choices(state: State, decision: JoineryWood) -> tuple[Action, ...]:
    return times_range(1, min(3, stock_of(state)[WOOD]))


def _joinery_choose(state: State, decision: JoineryWood, action: Action) -> State:
    assert isinstance(action, Times)
    return done_gaining(state, me(state), {WOOD: -action.count, FRANC: 4 + action.count})


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
    return [k for k in range(1, most + 1) if energy_due(state, seat, upgrade.energy(k)) <= energy]


UPGRADE_OF = {BUILDING_INDEX[key]: upgrade for key, upgrade in UPGRADES.items()}


def _upgrader(key: str) -> Effect:
    upgrade = UPGRADES[key]
    building = BUILDING_INDEX[key]
    first_energy = upgrade.energy(1)

    source = upgrade.source

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        # one good and its energy are enough to start (asked of every built upgrader every turn);
        # the Wind Farm's discount is looked at only where the full energy is not held
        if not stock[source]:
            return False
        if not first_energy:
            return True
        held = energy_worth(stock)
        return first_energy <= held or energy_due(state, seat, first_energy) <= held

    return Effect(
        can_enter, lambda state: ask(state, UpgradeGoods(building)), reads=ENERGY_GOODS | {upgrade.source}
    )


def _upgrade_legal(state: State, decision: UpgradeGoods) -> tuple[Action, ...]:
    return tuple(times(k) for k in _upgrade_counts(state, me(state), UPGRADE_OF[decision.building]))


def _upgrade(state: State, decision: UpgradeGoods, action: Action) -> State:
    assert isinstance(action, Times)
    energy = UPGRADE_OF[decision.building].energy(action.count)
    if energy:
        due = energy_due(state, me(state), energy)
        return ask(state, PayUpgradeEnergy(decision.building, action.count, due))
    return _upgraded(state, decision.building, action.count)


def _upgrade_paid(state: State, decision: PayUpgradeEnergy) -> State:
    return _upgraded(state, decision.building, decision.goods)


def _upgraded(state: State, building: int, k: int) -> State:
    upgrade = UPGRADE_OF[building]
    change = {upgrade.source: -k, upgrade.product: k, FRANC: upgrade.francs(k)}
    if upgrade.hides(k):
        change[HIDES] = change.get(HIDES, 0) + upgrade.hides(k)
    return done_gaining(state, me(state), change)


def _why_not_upgrade(state: State, decision: UpgradeGoods, action: Action) -> str:
    """E.g. "the Steel Mill needs 15 energy for 3 iron (5 per iron): you have 7 energy"."""
    name = BUILDINGS[decision.building].name
    if not isinstance(action, Times):
        return not_a_choice(state, decision.building, action)
    upgrade, count = UPGRADE_OF[decision.building], action.count
    seat = state.turn_player
    stock = state.players[seat].stock
    source = TOKEN_NAMES[upgrade.source]
    if count < 1:
        return f"the {name} upgrades at least 1 {source}"
    if upgrade.limit is not None and count > upgrade.limit:
        return f"the {name} upgrades at most {upgrade.limit} {source}"
    if count > stock[upgrade.source]:
        return f"the {name} cannot upgrade {count} {source}: you have {stock[upgrade.source]}"
    energy = energy_due(state, seat, upgrade.energy(count))
    return f"the {name} needs {energy} energy for {count} {source}: you have {energy_of(stock)} energy"


# -- the Ironworks: 3 iron, and 1 more for 6 energy ------------------------------------------------
IRONWORKS_EXTRA_ENERGY = 6


def _ironworks(state: State) -> State:
    state = gain(state, me(state), {IRON: 3})
    if energy_of(stock_of(state)) >= energy_due(state, me(state), IRONWORKS_EXTRA_ENERGY):
        return ask(state, IronworksExtra())
    return done(state)


def _ironworks_choices(state: State, decision: IronworksExtra) -> tuple[Action, ...]:
    return (times(1), DONE)


def _ironworks_choose(state: State, decision: IronworksExtra, action: Action) -> State:
    if isinstance(action, Times):
        return ask(state, PayEnergy(IRONWORKS, energy_due(state, me(state), IRONWORKS_EXTRA_ENERGY)))
    return done(state)


def _ironworks_paid(state: State) -> State:
    return done_gaining(state, me(state), {IRON: 1})


IRONWORKS = BUILDING_INDEX["ironworks"]


# -- the Marketplace: different standard goods, 2 + 1 per craftsman's building, at most 8 --------
MARKET_MAX = 8


def _market_size(state: State) -> int:
    cap = MARKET_MAX
    if state.num_players == 1 and state.rules.solo_marketplace == "sources":
        value = SOURCE_READINGS[("marketplace", "solo maximum goods")]
        assert isinstance(value, int)
        cap = value
    return min(cap, 2 + count_type(state, me(state), CRAFTSMAN), len(STANDARD_GOODS))


def _order_can_matter(state: State) -> bool:
    """Whether a coming round end turns a special building up (this round's included): only then
    can the order of the top two cards change the game, and only then is it asked."""
    cards = round_cards(state.num_players, state.rules.variant)
    return any(card.town_build_for(state.num_players) == SPECIAL_BUILD for card in cards[state.round :])


def _marketplace_choices(state: State, decision: MarketplaceGoods) -> tuple[Action, ...]:
    return _MARKET_CHOICES[_market_size(state)]


def _look_choices(state: State, decision: MarketplaceLook) -> tuple[Action, ...]:
    """The full game's look at the top two special buildings: keep or swap their order."""
    return (KEEP_ORDER, SWAP_ORDER)


def _look_choose(state: State, decision: MarketplaceLook, action: Action) -> State:
    assert isinstance(action, Order)
    return done(_return_specials(state, me(state), action.swap))


_MARKET_CHOICES = {
    size: tuple(Choose(tuple(TOKEN_NAMES[g] for g in goods)) for goods in combinations(STANDARD_GOODS, size))
    for size in range(2, MARKET_MAX + 1)
}


def _marketplace_choose(state: State, decision: MarketplaceGoods, action: Action) -> State:
    assert isinstance(action, Choose)
    state = gain(state, me(state), {token(name): 1 for name in action.goods})
    if not state.specials or state.rules.variant != FULL:  # the short game, or an empty deck
        return done(state)
    # "Then look at the top two Special building cards and return them in any order."
    state = _look_at_specials(state, me(state))
    if len(state.specials) < 2 or not _order_can_matter(state):
        return done(state)
    return ask(state, MarketplaceLook())


def _look_at_specials(state: State, seat: int) -> State:
    """``seat`` learns the top two special buildings (the others only see that it looked)."""
    seen = list(state.known[seat])
    for position in range(min(2, len(state.specials))):
        seen[position] = state.specials[position]
    known = (*state.known[:seat], tuple(seen), *state.known[seat + 1 :])
    return update(state, known=known)


def _return_specials(state: State, seat: int, swap: bool) -> State:
    """The two cards go back, in the order ``seat`` chose; no other seat knows that order now."""
    deck = state.specials
    if swap:
        deck = (deck[1], deck[0], *deck[2:])
    known = tuple(
        (*deck[:2], *seen[2:]) if s == seat else (-1, -1, *seen[2:]) for s, seen in enumerate(state.known)
    )
    return update(state, specials=deck, known=known)


# -- building at the Building Firms, the Construction Firm and the Sawmill -------------------------


# -- the Wharves: one ship per visit ---------------------------------------------------------------


# -- the Shipping Line: its goods for Francs, 3 energy per ship used --------------------------------
# "Pay 3 energy for each ship used to ship goods": the goods are chosen first, one at a time, and
# the energy follows from the ships that carry them (paid from goods not shipped, so the order of
# the two steps changes nothing the player holds at the end).
def shipping_capacities(state: State, seat: int) -> list[int]:
    """Goods each of the player's ships can ship, largest first (Luxury liners ship nothing)."""
    types = [ROUND_CARDS[card].ship_type for card in state.players[seat].ships]
    return sorted((SHIP_TYPES[t].capacity for t in types if SHIP_TYPES[t].capacity), reverse=True)


def _goods_held(stock: tuple[int, ...]) -> int:
    return sum(stock[:FRANC])  # goods are the tokens before Francs


def _energy_leaving_a_good(stock: tuple[int, ...], energy: int) -> bool:
    """Whether ``energy`` can be paid while a good is kept back to ship (3 wood and nothing else
    pay a ship's energy but leave nothing to load: the action could not be carried out)."""
    total = energy_of(stock)
    return any(stock[g] and total - ENERGY_VALUE[g] >= energy for g in GOODS)


def _shipping_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    energy = energy_due(state, seat, SHIP_ENERGY)
    return bool(shipping_capacities(state, seat)) and _energy_leaving_a_good(stock, energy)


def ships_used(capacities: list[int], goods: int) -> int:
    """The fewest ships that carry ``goods``, filled largest first: the ships "used to ship goods"
    whose energy is paid."""
    carried = 0
    for used, capacity in enumerate(capacities, start=1):
        carried += capacity
        if carried >= goods:
            return used
    return len(capacities)


def _shipping_enter(state: State) -> State:
    return ask(state, ShippingLoad())


def _shipping_gives(state: State, shipped: int) -> tuple[Action, ...]:
    """The goods that can be loaded as the next one: room is left on the ships, and the energy of
    the ships then used can still be paid from what stays behind."""
    seat = me(state)
    capacities = shipping_capacities(state, seat)
    if shipped >= sum(capacities):
        return ()
    stock = stock_of(state)
    energy = energy_due(state, seat, SHIP_ENERGY * ships_used(capacities, shipped + 1))
    total = energy_of(stock)
    return tuple(GIVES[g] for g in GOODS if stock[g] and total - ENERGY_VALUE[g] >= energy)


def _shipping_choices(state: State, decision: ShippingLoad) -> tuple[Action, ...]:
    # the ships' energy is paid once the loading is over
    gives = _shipping_gives(state, decision.shipped)
    return (*gives, DONE) if decision.shipped else gives


def _shipping_choose(state: State, decision: ShippingLoad, action: Action) -> State:
    if isinstance(action, Give):
        good = token(action.good)
        state = gain(state, me(state), {good: -1, FRANC: SHIPPING_FRANCS[good]})
        shipped = decision.shipped + 1
        if _shipping_gives(state, shipped):
            return ask(state, ShippingLoad(shipped))
    else:
        shipped = decision.shipped
    ships = ships_used(shipping_capacities(state, me(state)), shipped)
    return ask(state, PayEnergy(SHIPPING_LINE, energy_due(state, me(state), SHIP_ENERGY * ships)))


SHIPPING_LINE = BUILDING_INDEX["shipping_line"]


# -- the Business Office: 4 goods for 1 steel, and/or 1 good for a charcoal, leather or brick --------
PRODUCTS = (CHARCOAL, LEATHER, BRICK)


def _office_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return _goods_held(stock) > 0


def _office_steel_choices(state: State, decision: OfficeSteel) -> tuple[Action, ...]:
    """The steel exchange, one good at a time (``done``: skip it, before the first good)."""
    stock = stock_of(state)
    gives: tuple[Action, ...] = ()
    if decision.given or _goods_held(stock) >= 4:
        gives = tuple(GIVES[g] for g in GOODS if stock[g])
    return gives if decision.given else (*gives, DONE)


def _office_choices(state: State, decision: OfficeExchange) -> tuple[Action, ...]:
    stock = stock_of(state)
    held = [g for g in GOODS if stock[g]]
    if decision.after_steel and state.rules.business_office == "goods_held" and stock[STEEL] == 1:
        # "In addition … exchange 1 good": a good the visitor held, not the steel just received
        # (option ``business_office=steel_received_too`` offers it)
        held.remove(STEEL)
    trades: tuple[Action, ...] = tuple(TRADES[g, product] for g in held for product in PRODUCTS)
    # "in addition or alternatively": skipping the second is allowed only after the first
    return (*trades, DONE) if decision.after_steel else trades


def _office_steel(state: State, decision: OfficeSteel, action: Action) -> State:
    if isinstance(action, Give):
        state = gain(state, me(state), {token(action.good): -1})
        given = decision.given + 1
        if given < 4:
            return ask(state, OfficeSteel(given))
        state = gain(state, me(state), {STEEL: 1})
        return ask(state, OfficeExchange(after_steel=True)) if _goods_held(stock_of(state)) else done(state)
    return ask(state, OfficeExchange())  # skipped the steel: the single exchange must follow


def _office_exchange(state: State, decision: OfficeExchange, action: Action) -> State:
    if isinstance(action, Trade):
        # a leather for a leather changes nothing ({LEATHER: -1, LEATHER: 1} would give one)
        change = {token(action.good): -1}
        change[token(action.product)] = change.get(token(action.product), 0) + 1
        return done_gaining(state, me(state), change)
    return done(state)


# -- the Bridge over the Seine: 1 Franc per upgraded good, 1 per 3 standard goods -----------------
def _bridge_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return sum(stock[SMOKED_FISH:FRANC]) > 0 or sum(stock[:SMOKED_FISH]) >= 3  # upgraded, standard


def _bridge_choices(state: State, decision: BridgeSell) -> tuple[Action, ...]:
    # "1 Franc for
    # any combination of 3 standard goods": a standard good is offered only where it can be part
    # of a whole three, and ``done`` only with every three complete (a good is never given away
    # for nothing).
    stock = stock_of(state)
    standard_left = sum(stock[:SMOKED_FISH])
    open_three = decision.standard % 3
    gives: tuple[Action, ...] = tuple(
        GIVES[g] for g in GOODS if stock[g] and (g in UPGRADED_GOODS or open_three or standard_left >= 3)
    )
    finished = (decision.upgraded or decision.standard) and not open_three
    return (*gives, DONE) if finished else gives


def _bridge_choose(state: State, decision: BridgeSell, action: Action) -> State:
    if isinstance(action, Give):
        good = token(action.good)
        state = gain(state, me(state), {good: -1})
        upgraded, standard = decision.upgraded, decision.standard
        if good in UPGRADED_GOODS:
            upgraded += 1
        else:
            standard += 1
        decision = BridgeSell(upgraded, standard)
        if _bridge_choices(state, decision) != (DONE,):
            return ask(state, decision)
    return done_gaining(state, me(state), {FRANC: decision.upgraded + decision.standard // 3})


# -- the table --------------------------------------------------------------------------------------
TRADES = {(g, product): Trade(TOKEN_NAMES[g], TOKEN_NAMES[product]) for g in GOODS for product in PRODUCTS}

EFFECTS: dict[str, Effect] = {
    "building_firm_1": builder("building_firm_1", 1),
    "building_firm_2": builder("building_firm_2", 1),
    "construction_firm": builder("construction_firm", 2),
    "sawmill": builder("sawmill", 1, sawmill=True),
    "marketplace": Effect(always, lambda state: ask(state, MarketplaceGoods())),
    "fishery": Effect(always, _fishery),
    "joinery": Effect(_joinery_can, lambda state: ask(state, JoineryWood()), reads=frozenset({WOOD})),
    **{key: _upgrader(key) for key in UPGRADES},
    "hardware_store": _receive(wood=1, brick=1, iron=1),
    "clay_mound": Effect(always, _clay_mound),
    "arts_center": Effect(_arts_center_can, _arts_center, reads=frozenset()),
    "wharf_1": wharf("wharf_1"),
    "wharf_2": wharf("wharf_2"),
    "black_market": Effect(_black_market_can, _black_market, reads=frozenset()),
    "local_court": Effect(_local_court_can, _local_court, reads=frozenset()),
    "colliery": Effect(always, _colliery),
    "shipping_line": Effect(_shipping_can, _shipping_enter),
    "grocery_market": _receive(cattle=1, meat=1, fish=1, smoked_fish=1, grain=1, bread=1),
    "business_office": Effect(_office_can, lambda state: ask(state, OfficeSteel())),
    "ironworks": Effect(always, _ironworks),
    "bridge_over_the_seine": Effect(_bridge_can, lambda state: ask(state, BridgeSell())),
    "church": Effect(_church_can, lambda state: done_gaining(state, me(state), {BREAD: 5, FISH: 3})),
}
"""The standard buildings' actions (``visit.py`` adds the special buildings'). Locked buildings
(a padlock: Storehouse, Dock, Town Hall, Bank) have no effect and are never entered."""

ENERGY_PAID: dict[int, Callable[[State], State]] = {
    IRONWORKS: _ironworks_paid,
    SHIPPING_LINE: done,  # the goods were shipped before the energy
}
"""What follows ``PayEnergy`` at these buildings (``visit.py`` adds the special buildings')."""


def _choice(building: str) -> Callable[[State, Any, Action], str]:
    index = BUILDING_INDEX[building]
    return lambda state, decision, action: not_a_choice(state, index, action)


RULES: dict[type, Rule[State, Any, Action]] = {
    UpgradeGoods: Rule(_upgrade_legal, _upgrade, _why_not_upgrade),
    PayUpgradeEnergy: amount_rule(ENERGY, turn_seat, _upgrade_paid, explain),
    JoineryWood: Rule(_joinery_choices, _joinery_choose, _choice("joinery")),
    IronworksExtra: Rule(_ironworks_choices, _ironworks_choose, _choice("ironworks")),
    MarketplaceGoods: Rule(_marketplace_choices, _marketplace_choose, _choice("marketplace")),
    MarketplaceLook: Rule(_look_choices, _look_choose, _choice("marketplace")),
    ShippingLoad: Rule(_shipping_choices, _shipping_choose, _choice("shipping_line")),
    OfficeSteel: Rule(_office_steel_choices, _office_steel, _choice("business_office")),
    OfficeExchange: Rule(_office_choices, _office_exchange, _choice("business_office")),
    BridgeSell: Rule(_bridge_choices, _bridge_choose, _choice("bridge_over_the_seine")),
}
"""The rules of the standard buildings' own decisions."""

__all__ = ["EFFECTS", "ENERGY_PAID", "RULES", "UPGRADES", "Effect"]
