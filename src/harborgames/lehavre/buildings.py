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
from .actions import DONE, KEEP_ORDER, SWAP_ORDER, Action, Choose, Give, Order, Times, Trade
from .construction import (
    _builder,
    _wharf,
)
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
)
from .readings import SOURCE_READINGS
from .round_end import round_cards
from .specials import SPECIAL_EFFECTS
from .state import Pending, Player, State, with_player
from .visit import (
    GIVES,
    Effect,
    _token,
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
    owned,
    stock_of,
    times,
    times_range,
)

# -- what every effect uses ------------------------------------------------------------------


def _receive(**counts: int) -> Effect:
    """A building that simply gives goods."""
    change = {_token(name): n for name, n in counts.items()}
    return Effect(always, lambda state: done(gain(state, me(state), change)))


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


def _black_market_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or 0 in state.offers


def _guests(state: State, seat: int) -> int:
    """Other players whose Person disc stands in one of ``seat``'s buildings."""
    mine = set(owned(state, seat))
    return sum(1 for s, p in enumerate(state.players) if s != seat and p.location in mine)


def _arts_center_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or _guests(state, seat) > 0


def _arts_center(state: State) -> State:
    """4 Francs per other player whose Person disc is in one of your buildings."""
    seat = me(state)
    return done(gain(state, seat, {FRANC: 4 * _guests(state, seat)}))


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


def _joinery_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return times_range(1, min(3, stock_of(state)[WOOD]))


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
    return [k for k in range(1, most + 1) if energy_due(state, seat, upgrade.energy(k)) <= energy]


def _upgrader(key: str) -> Effect:
    upgrade = UPGRADES[key]
    building = BUILDING_INDEX[key]
    first_energy = upgrade.energy(1)

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        # one good and its energy are enough to start
        return stock[upgrade.source] > 0 and (
            not first_energy or energy_due(state, seat, first_energy) <= energy_of(stock)
        )

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        return tuple(times(k) for k in _upgrade_counts(state, me(state), upgrade))

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
    if energy_of(stock_of(state)) >= energy_due(state, me(state), IRONWORKS_EXTRA_ENERGY):
        return ask(state, BUILDING_INDEX["ironworks"])
    return done(state)


def _ironworks_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    return (times(1), DONE)


def _ironworks_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Times):
        return ask_payment(state, "energy", pending.building, amount=IRONWORKS_EXTRA_ENERGY)
    return done(state)


def _ironworks_paid(state: State, pending: Pending) -> State:
    return done(gain(state, me(state), {IRON: 1}))


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


def _marketplace_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    if pending.step == 1:  # the full game's look at the top two special buildings
        return (KEEP_ORDER, SWAP_ORDER)
    return _MARKET_CHOICES[_market_size(state)]


_MARKET_CHOICES = {
    size: tuple(Choose(tuple(TOKEN_NAMES[g] for g in goods)) for goods in combinations(STANDARD_GOODS, size))
    for size in range(2, MARKET_MAX + 1)
}


def _marketplace_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Order):
        return done(_return_specials(state, me(state), action.swap))
    assert isinstance(action, Choose)
    state = gain(state, me(state), {_token(name): 1 for name in action.goods})
    if not state.specials or state.rules.variant != FULL:  # the short game, or an empty deck
        return done(state)
    # "Then look at the top two Special building cards and return them in any order."
    state = _look_at_specials(state, me(state))
    if len(state.specials) < 2 or not _order_can_matter(state):
        return done(state)
    return ask(state, pending.building, step=1)


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
    return ask(state, BUILDING_INDEX["shipping_line"])


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


def _shipping_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    # ``amount``: goods loaded so far; the ships' energy is paid once the loading is over
    gives = _shipping_gives(state, pending.amount)
    return (*gives, DONE) if pending.amount else gives


def _shipping_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Give):
        good = _token(action.good)
        state = gain(state, me(state), {good: -1, FRANC: SHIPPING_FRANCS[good]})
        shipped = pending.amount + 1
        if _shipping_gives(state, shipped):
            return ask(state, pending.building, amount=shipped)
    else:
        shipped = pending.amount
    ships = ships_used(shipping_capacities(state, me(state)), shipped)
    return ask_payment(state, "energy", pending.building, amount=SHIP_ENERGY * ships)


def _shipping_paid(state: State, pending: Pending) -> State:
    return done(state)


# -- the Business Office: 4 goods for 1 steel, and/or 1 good for a charcoal, leather or brick --------
PRODUCTS = (CHARCOAL, LEATHER, BRICK)


def _office_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return _goods_held(stock) > 0


def _office_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    stock = stock_of(state)
    held = [g for g in GOODS if stock[g]]
    if pending.step == 0:  # the steel exchange, one good at a time; ``amount`` given so far
        gives: tuple[Action, ...] = ()
        if pending.amount or _goods_held(stock) >= 4:
            gives = tuple(GIVES[g] for g in held)
        return gives if pending.amount else (*gives, DONE)
    if pending.chosen and state.rules.business_office == "goods_held" and stock[STEEL] == 1:
        # "In addition … exchange 1 good": a good the visitor held, not the steel just received
        # (option ``business_office=steel_received_too`` offers it)
        held.remove(STEEL)
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
def _bridge_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return sum(stock[SMOKED_FISH:FRANC]) > 0 or sum(stock[:SMOKED_FISH]) >= 3  # upgraded, standard


def _bridge_choices(state: State, pending: Pending) -> tuple[Action, ...]:
    # ``amount``: upgraded goods sold so far; ``step``: standard goods sold so far. "1 Franc for
    # any combination of 3 standard goods": a standard good is offered only where it can be part
    # of a whole three, and ``done`` only with every three complete (a good is never given away
    # for nothing).
    stock = stock_of(state)
    standard_left = sum(stock[:SMOKED_FISH])
    open_three = pending.step % 3
    gives: tuple[Action, ...] = tuple(
        GIVES[g] for g in GOODS if stock[g] and (g in UPGRADED_GOODS or open_three or standard_left >= 3)
    )
    finished = (pending.amount or pending.step) and not open_three
    return (*gives, DONE) if finished else gives


def _bridge_choose(state: State, pending: Pending, action: Action) -> State:
    if isinstance(action, Give):
        good = _token(action.good)
        state = gain(state, me(state), {good: -1})
        upgraded, standard = pending.amount, pending.step
        if good in UPGRADED_GOODS:
            upgraded += 1
        else:
            standard += 1
        pending = attrs.evolve(pending, amount=upgraded, step=standard)
        if _bridge_choices(state, pending) != (DONE,):
            return ask(state, pending.building, amount=upgraded, step=standard)
    return done(gain(state, me(state), {FRANC: pending.amount + pending.step // 3}))


# -- the table --------------------------------------------------------------------------------------
TRADES = {(g, product): Trade(TOKEN_NAMES[g], TOKEN_NAMES[product]) for g in GOODS for product in PRODUCTS}

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
    "arts_center": Effect(_arts_center_can, _arts_center),
    "wharf_1": _wharf("wharf_1"),
    "wharf_2": _wharf("wharf_2"),
    "black_market": Effect(_black_market_can, _black_market),
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
EFFECTS.update(SPECIAL_EFFECTS)  # the full game's special buildings (specials.py)
# Locked buildings (a padlock: Storehouse, Dock, Town Hall, Bank) have no effect and are never
# entered.

__all__ = ["EFFECTS", "UPGRADES", "Effect"]
