"""What each standard building does when entered (rulebook, "Standard Buildings (33)").

One small ``Effect`` per building, next to nothing else: ``can_enter`` (the action can be carried
out: "a player entering a building must carry out its action") and ``enter`` (right after the fee:
do it, or ask). A building with its own choice declares, in its section, the ``Kind`` of each
decision it asks: the rule (options, effect, refusal), its words, and what a loaded document
asking it must satisfy (``kind.py``). The upgrading buildings are in ``upgrading.py``, the Shipping
Line in ``shipping.py``, the builders and the Wharves in ``construction.py``.
"""

from __future__ import annotations

from itertools import combinations

from ..core.checks import StateChecks
from ..core.decisions import Rule
from ..core.update import update
from .actions import DONE, KEEP_ORDER, SWAP_ORDER, Action, Choose, Give, Order, Times, Trade
from .construction import builder, wharf
from .data import (
    BREAD,
    BRICK,
    BUILDING_INDEX,
    CHARCOAL,
    CLAY,
    COAL,
    CRAFTSMAN,
    FISH,
    FRANC,
    FULL,
    GOODS,
    IRON,
    LEATHER,
    OFFER_SPACES,
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
)
from .effect import (
    GIVES,
    Effect,
    EnergyPaid,
    always,
    ask,
    ask_energy,
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
)
from .explain import choice_refused
from .kind import Kind, at_most, said
from .readings import SOURCE_READINGS
from .shipping import SHIPPED, SHIPPING_LINE, SHIPPING_LINE_EFFECT, SHIPPING_LOAD
from .state import Player, State, with_player
from .upgrading import UPGRADING_EFFECTS

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


_JOINERY_WOOD = Kind(
    JoineryWood,
    Rule(_joinery_choices, _joinery_choose, choice_refused("joinery")),
    said("the Joinery: how many wood to sell (1, 2 or 3 for 5, 6 or 7 Francs)"),
    at="joinery",
    left=at_most(0, 7),
)


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
        return ask_energy(state, IRONWORKS, IRONWORKS_EXTRA_ENERGY)
    return done(state)


def _ironworks_paid(state: State) -> State:
    return done_gaining(state, me(state), {IRON: 1})


IRONWORKS = BUILDING_INDEX["ironworks"]


def _check_ironworks(check: StateChecks, state: State, decision: IronworksExtra) -> None:
    due = energy_due(state, state.turn_player, IRONWORKS_EXTRA_ENERGY)
    energy = energy_of(state.players[state.turn_player].stock)
    check.require(energy >= due, f"the Ironworks' extra iron needs {due} energy: the player has {energy}")


_IRONWORKS_EXTRA = Kind(
    IronworksExtra,
    Rule(_ironworks_choices, _ironworks_choose, choice_refused("ironworks")),
    said("the Ironworks: whether to pay 6 energy for a fourth iron"),
    at="ironworks",
    check=_check_ironworks,
    left=at_most(1, 0),
)


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


def _check_look(check: StateChecks, state: State, decision: MarketplaceLook) -> None:
    check.require(len(state.specials) >= 2, "the Marketplace looks at two special buildings")


_MARKETPLACE_GOODS = Kind(
    MarketplaceGoods,
    Rule(_marketplace_choices, _marketplace_choose, choice_refused("marketplace")),
    said("the Marketplace: which different standard goods to take"),
    at="marketplace",
    left=at_most(MARKET_MAX + 1, 0),  # different goods: one cattle at most
)


_MARKETPLACE_LOOK = Kind(
    MarketplaceLook,
    Rule(_look_choices, _look_choose, choice_refused("marketplace")),
    said("the Marketplace: the two special buildings back as they were, or swapped"),
    at="marketplace",
    check=_check_look,
)


# -- the Business Office: 4 goods for 1 steel, and/or 1 good for a charcoal, leather or brick --------
PRODUCTS = (CHARCOAL, LEATHER, BRICK)


def _goods_held(stock: tuple[int, ...]) -> int:
    return sum(stock[:FRANC])  # goods are the tokens before Francs


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


def _describe_office_steel(state: State, decision: OfficeSteel, viewer: int | None) -> str:
    return f"the Business Office: the next good toward a steel ({decision.given} of 4 given)"


def _check_office_steel(check: StateChecks, state: State, decision: OfficeSteel) -> None:
    check.within("the goods given for the steel so far", decision.given, 0, 3)


_OFFICE_STEEL = Kind(
    OfficeSteel,
    Rule(_office_steel_choices, _office_steel, choice_refused("business_office")),
    _describe_office_steel,
    at="business_office",
    check=_check_office_steel,
)


_OFFICE_EXCHANGE = Kind(
    OfficeExchange,
    Rule(_office_choices, _office_exchange, choice_refused("business_office")),
    said("the Business Office: a good to exchange for a charcoal, a leather or a brick"),
    at="business_office",
)


# -- the Bridge over the Seine: 1 Franc per upgraded good, 1 per 3 standard goods -----------------
def _bridge_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return sum(stock[SMOKED_FISH:FRANC]) > 0 or sum(stock[:SMOKED_FISH]) >= 3  # upgraded, standard


def _bridge_choices(state: State, decision: BridgeSell) -> tuple[Action, ...]:
    # "1 Franc for any combination of 3 standard goods": a standard good is offered only where it
    # can be part of a whole three, and ``done`` only with every three complete (a good is never
    # given away for nothing).
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


def _bridge_sold(decision: BridgeSell) -> int:
    return decision.upgraded + decision.standard


def _bridge_left(state: State, decision: BridgeSell) -> tuple[int, int]:
    """The goods sold so far and those still held, a Franc each at most."""
    return 0, _bridge_sold(decision) + _goods_held(stock_of(state))


_BRIDGE_SELL = Kind(
    BridgeSell,
    Rule(_bridge_choices, _bridge_choose, choice_refused("bridge_over_the_seine")),
    said("the Bridge over the Seine: the next good to sell"),
    at="bridge_over_the_seine",
    left=_bridge_left,
    held=_bridge_sold,
)


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
    **UPGRADING_EFFECTS,
    "hardware_store": _receive(wood=1, brick=1, iron=1),
    "clay_mound": Effect(always, _clay_mound),
    "arts_center": Effect(_arts_center_can, _arts_center, reads=frozenset()),
    "wharf_1": wharf("wharf_1"),
    "wharf_2": wharf("wharf_2"),
    "black_market": Effect(_black_market_can, _black_market, reads=frozenset()),
    "local_court": Effect(_local_court_can, _local_court, reads=frozenset()),
    "colliery": Effect(always, _colliery),
    "shipping_line": SHIPPING_LINE_EFFECT,
    "grocery_market": _receive(cattle=1, meat=1, fish=1, smoked_fish=1, grain=1, bread=1),
    "business_office": Effect(_office_can, lambda state: ask(state, OfficeSteel())),
    "ironworks": Effect(always, _ironworks),
    "bridge_over_the_seine": Effect(_bridge_can, lambda state: ask(state, BridgeSell())),
    "church": Effect(_church_can, lambda state: done_gaining(state, me(state), {BREAD: 5, FISH: 3})),
}
"""The standard buildings' actions (``visit.py`` adds the special buildings'). Locked buildings
(a padlock: Storehouse, Dock, Town Hall, Bank) have no effect and are never entered."""

ENERGY_PAID = {
    IRONWORKS: EnergyPaid(_ironworks_paid, goods=1),  # the fourth iron
    SHIPPING_LINE: SHIPPED,
}
"""What follows ``ask_energy`` at these buildings (``visit.py`` adds the special buildings')."""


KINDS = (
    _JOINERY_WOOD,
    _IRONWORKS_EXTRA,
    _MARKETPLACE_GOODS,
    _MARKETPLACE_LOOK,
    SHIPPING_LOAD,
    _OFFICE_STEEL,
    _OFFICE_EXCHANGE,
    _BRIDGE_SELL,
)
"""The standard buildings' own decisions, each declared in its building's section (``upgrading.py``
has the upgrading buildings')."""

__all__ = ["EFFECTS", "ENERGY_PAID", "KINDS", "Effect"]
