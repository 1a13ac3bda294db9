"""What each special building does when entered (rulebook "Special Buildings (36)"; full game).

Most are exchanges ("Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair"): one table
and one decision, how many times (``exchanges.py``). Buildings that simply give goods are
``_receive`` rows. The rest have a small function each, and a building with its own choice
declares the ``Kind`` of each decision it asks in its section (``kind.py``). Buildings without an
action (Business Park, Feedlot, Football Stadium, Guildhouse, Masons' Guild, Wind Farm) act
elsewhere: at harvest, when building, when paying energy, at the game's end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations

from ..core.checks import StateChecks
from ..core.decisions import Rule
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
    STEEL,
    TOKEN_NAMES,
    UPGRADED_GOODS,
    WOOD,
)
from .decisions import (
    CoalTraderCharcoal,
    CoalTraderChoose,
    CoalTraderCoal,
    CoalTraderPay,
    FurrieryHides,
    FurrieryLeather,
    HaulagePair,
    TownSquareGoods,
)
from .effect import (
    ENERGY_GOODS,
    Effect,
    EnergyPaid,
    always,
    amount_rule,
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
    times_range,
    turn_seat,
)
from .exchanges import EXCHANGE_TIMES, EXCHANGING_EFFECTS
from .explain import choice_refused
from .kind import Kind, Phase, at_most, said
from .payment import FOOD, food_worth
from .state import State


# -- buildings that give goods -------------------------------------------------------------------
def _receive(change: Mapping[int, int]) -> Effect:
    return Effect(always, lambda state: done_gaining(state, me(state), dict(change)))


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
    return done_gaining(state, seat, {FISH: fishermen(state, seat), COAL: hammers(state, seat)})


def _zoo_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or (stock[CATTLE] + stock[FISH]) >= 3


def _labor_exchange_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return state.rules.empty_visits == "allowed" or fishermen(state, seat) + hammers(state, seat) > 0


def _zoo(state: State) -> State:
    """⅓ Franc per cattle and per fish you own, rounded down; the animals stay."""
    stock = stock_of(state)
    return done_gaining(state, me(state), {FRANC: (stock[CATTLE] + stock[FISH]) // 3})


# -- one-shot exchanges with a cash condition --------------------------------------------------
def _cash_deal(give: int, count: int, show: int, receive: int) -> Effect:
    """Return ``count`` of ``give``, show ``show`` Francs in cash, receive ``receive`` Francs."""

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return stock[give] >= count and stock[FRANC] >= show

    return Effect(
        can_enter,
        lambda state: done_gaining(state, me(state), {give: -count, FRANC: receive}),
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
        return ask_energy(state, building, energy)

    reads = ENERGY_GOODS | set(inputs) | {SUBSTITUTES[good] for good in inputs if good in SUBSTITUTES}
    return Effect(can_enter, enter, reads=reads)


def _energy_paid(outputs: Mapping[int, int]) -> EnergyPaid:
    """What follows the energy of an energy deal: its outputs."""
    return EnergyPaid(
        lambda state: done_gaining(state, me(state), dict(outputs)), goods=sum(outputs.values())
    )


KILN_INPUTS, KILN_OUTPUTS = {CLAY: 1}, {BRICK: 3}
STEELWORKS_INPUTS, STEELWORKS_OUTPUTS = {IRON: 1}, {STEEL: 2}


# -- the Furriery: hides for bread, and/or up to 2 leather for 5 Francs each -----------------------
FURRIERY_LEATHER = 2


def _furriery_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return stock[HIDES] > 0 or stock[LEATHER] > 0


def _furriery_hides_choices(state: State, decision: FurrieryHides) -> tuple[Action, ...]:
    stock = stock_of(state)
    low = 0 if stock[LEATHER] else 1  # hides to bread (0 allowed if leather can be sold)
    return times_range(low, stock[HIDES])


def _furriery_hides(state: State, decision: FurrieryHides, action: Action) -> State:
    assert isinstance(action, Times)
    state = gain(state, me(state), {HIDES: -action.count, BREAD: action.count})
    if stock_of(state)[LEATHER]:
        return ask(state, FurrieryLeather(action.count))
    return done(state)


def _furriery_leather_choices(state: State, decision: FurrieryLeather) -> tuple[Action, ...]:
    low = 0 if decision.hides else 1  # something must be exchanged
    return times_range(low, min(FURRIERY_LEATHER, stock_of(state)[LEATHER]))


def _furriery_leather(state: State, decision: FurrieryLeather, action: Action) -> State:
    assert isinstance(action, Times)
    return done_gaining(state, me(state), {LEATHER: -action.count, FRANC: 5 * action.count})


_FURRIERY_HIDES = Kind(
    FurrieryHides,
    Rule(_furriery_hides_choices, _furriery_hides, choice_refused("furriery")),
    said("the Furriery: how many hides to exchange for bread"),
    at="furriery",
    left=at_most(0, 5 * FURRIERY_LEATHER),
)
_FURRIERY_LEATHER = Kind(
    FurrieryLeather,
    Rule(_furriery_leather_choices, _furriery_leather, choice_refused("furriery")),
    said("the Furriery: how many leather to sell for 5 Francs each"),
    at="furriery",
    left=at_most(0, 5 * FURRIERY_LEATHER),
)


# -- the Coal Trader: food for charcoal or coal ----------------------------------------------------
COAL_TRADER_CHOICES = (Choose(("charcoal",)), Choose(("coal",)))


COAL_TRADER_CHARCOAL_MAX, COAL_TRADER_COAL_MAX = 1, 5  # the sources' limits per visit


def _coal_trader_enter(state: State) -> State:
    if state.rules.coal_trader == "rulebook":
        return ask(state, CoalTraderChoose())
    return ask(state, CoalTraderCharcoal())


def _coal_trader_choices(state: State, decision: CoalTraderChoose) -> tuple[Action, ...]:
    """The rulebook's one exchange: 1 food for a charcoal, or 2 for a coal."""
    food = food_worth(stock_of(state))
    return tuple(c for c, price in zip(COAL_TRADER_CHOICES, (1, 2), strict=True) if food >= price)


def _coal_trader_choose(state: State, decision: CoalTraderChoose, action: Action) -> State:
    assert isinstance(action, Choose)
    charcoal, coal = (1, 0) if action.goods == ("charcoal",) else (0, 1)
    return ask(state, CoalTraderPay(charcoal, coal))


# The sources: charcoal (how many, at most 1), then coal (at most 5), both paid together; at
# least one good in all.
def _charcoal_choices(state: State, decision: CoalTraderCharcoal) -> tuple[Action, ...]:
    food = food_worth(stock_of(state))
    low = 0 if food >= 2 else 1
    return times_range(low, min(COAL_TRADER_CHARCOAL_MAX, food))


def _charcoal_choose(state: State, decision: CoalTraderCharcoal, action: Action) -> State:
    assert isinstance(action, Times)
    return ask(state, CoalTraderCoal(action.count))


def _coal_choices(state: State, decision: CoalTraderCoal) -> tuple[Action, ...]:
    food = food_worth(stock_of(state))
    low = 0 if decision.charcoal else 1
    return times_range(low, min(COAL_TRADER_COAL_MAX, (food - decision.charcoal) // 2))


def _coal_choose(state: State, decision: CoalTraderCoal, action: Action) -> State:
    assert isinstance(action, Times)
    return ask(state, CoalTraderPay(decision.charcoal, action.count))


def _coal_trader_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return food_worth(stock) >= 1


def _coal_trader_paid(state: State, decision: CoalTraderPay) -> State:
    return done_gaining(state, me(state), {CHARCOAL: decision.charcoal, COAL: decision.coal})


def _asked_by_the_rulebook(rulebook: bool) -> Callable[[StateChecks, State, object], None]:
    """The check of a Coal Trader decision asked by the rulebook's reading, or the sources'."""

    def check_reading(check: StateChecks, state: State, decision: object) -> None:
        fits = (state.rules.coal_trader == "rulebook") == rulebook
        check.require(fits, "the Coal Trader's decision does not fit the option coal_trader")

    return check_reading


_asked_by_the_sources = _asked_by_the_rulebook(False)


def _check_coal(check: StateChecks, state: State, decision: CoalTraderCoal) -> None:
    _asked_by_the_sources(check, state, decision)
    check.within("the Coal Trader's charcoal", decision.charcoal, 0, COAL_TRADER_CHARCOAL_MAX)


def _check_coal_trader_pay(check: StateChecks, state: State, decision: CoalTraderPay) -> None:
    goods = (decision.charcoal, decision.coal)
    if state.rules.coal_trader == "rulebook":
        check.require(goods in ((1, 0), (0, 1)), "the Coal Trader gives a charcoal or a coal")
    else:
        check.within("the Coal Trader's charcoal", decision.charcoal, 0, COAL_TRADER_CHARCOAL_MAX)
        check.within("the Coal Trader's coal", decision.coal, 0, COAL_TRADER_COAL_MAX)
        check.require(sum(goods) >= 1, "the Coal Trader gives at least one good")


def _coal_left(state: State, decision: CoalTraderCoal) -> tuple[int, int]:
    return decision.charcoal + COAL_TRADER_COAL_MAX, 0


def _describe_coal_trader_pay(state: State, decision: CoalTraderPay, viewer: int | None) -> str:
    return f"{decision.due} food to the Coal Trader"


def _coal_trader_pay_left(state: State, decision: CoalTraderPay) -> tuple[int, int]:
    return decision.charcoal + decision.coal, 0


_COAL_TRADER_CHOOSE = Kind(
    CoalTraderChoose,
    Rule(_coal_trader_choices, _coal_trader_choose, choice_refused("coal_trader")),
    said("the Coal Trader: a charcoal for 1 food, or a coal for 2 food"),
    at="coal_trader",
    check=_asked_by_the_rulebook(True),
    left=at_most(1, 0),
)
_COAL_TRADER_CHARCOAL = Kind(
    CoalTraderCharcoal,
    Rule(_charcoal_choices, _charcoal_choose, choice_refused("coal_trader")),
    said("the Coal Trader: how many charcoal (1 food each)"),
    at="coal_trader",
    check=_asked_by_the_sources,
    left=at_most(COAL_TRADER_CHARCOAL_MAX + COAL_TRADER_COAL_MAX, 0),
)
_COAL_TRADER_COAL = Kind(
    CoalTraderCoal,
    Rule(_coal_choices, _coal_choose, choice_refused("coal_trader")),
    said("the Coal Trader: how many coal (2 food each)"),
    at="coal_trader",
    check=_check_coal,
    left=_coal_left,
)
_COAL_TRADER_PAY = Kind(
    CoalTraderPay,
    amount_rule(FOOD, turn_seat, _coal_trader_paid),
    _describe_coal_trader_pay,
    phase=Phase.PAY,
    at="coal_trader",
    check=_check_coal_trader_pay,
    left=_coal_trader_pay_left,
    paid_in=FOOD,
)


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


def _haulage_choices(state: State, decision: HaulagePair) -> tuple[Action, ...]:
    return tuple(HAULAGE_CHOICES[k] for k in _haulage_pairs(state))


def _haulage_choose(state: State, decision: HaulagePair, action: Action) -> State:
    assert isinstance(action, Choose)
    a, b = HAULAGE_PAIRS[HAULAGE_CHOICES.index(action)]
    offers = list(state.offers)
    change = {FRANC: -HAULAGE_FRANCS}
    for space in (a, b):
        change[OFFER_SPACES[space]] = offers[space]
        offers[space] = 0
    state = update(state, offers=tuple(offers))
    return done_gaining(state, me(state), change)


def _check_haulage(check: StateChecks, state: State, decision: HaulagePair) -> None:
    francs = state.players[state.turn_player].stock[FRANC]
    costs = f"the Haulage Firm costs {HAULAGE_FRANCS} Francs: the player has {francs}"
    check.require(francs >= HAULAGE_FRANCS, costs)


_HAULAGE_PAIR = Kind(
    HaulagePair,
    Rule(_haulage_choices, _haulage_choose, choice_refused("haulage_firm")),
    said("the Haulage Firm: which two adjacent Offer spaces to empty"),
    at="haulage_firm",
    check=_check_haulage,
)


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


def _town_square_choices(state: State, decision: TownSquareGoods) -> tuple[Action, ...]:
    return _TOWN_SQUARE_CHOICES[_town_square_size(state, me(state))]


def _town_square_choose(state: State, decision: TownSquareGoods, action: Action) -> State:
    assert isinstance(action, Choose)
    return done_gaining(state, me(state), {TOKEN_NAMES.index(name): 1 for name in action.goods})


_TOWN_SQUARE_GOODS = Kind(
    TownSquareGoods,
    Rule(_town_square_choices, _town_square_choose, choice_refused("town_square")),
    said("the Town Square: which different upgraded goods to take"),
    at="town_square",
    left=at_most(len(TOWN_SQUARE_GOODS), 0),
)


SPECIAL_EFFECTS: dict[str, Effect] = {
    **EXCHANGING_EFFECTS,
    **{key: _receive(change) for key, change in RECEIVES.items()},
    "labor_exchange": Effect(_labor_exchange_can, _labor_exchange, reads=frozenset()),
    "zoo": Effect(_zoo_can, _zoo),
    # "Return 3 brick, show ≥10 Francs cash, receive 14 Francs."
    "brick_manufacturer": _cash_deal(BRICK, 3, 10, 14),
    # "Return 3 leather, show 14 Francs cash, receive 16 Francs."
    "leather_industry": _cash_deal(LEATHER, 3, 14, 16),
    # "Exchange 1 clay + 1 energy for 3 bricks."
    "kiln": _energy_deal("kiln", KILN_INPUTS, 1, KILN_OUTPUTS),
    # "Pay 15 energy to exchange max 1 iron for 2 steel."
    "steelworks": _energy_deal("steelworks", STEELWORKS_INPUTS, 15, STEELWORKS_OUTPUTS),
    "furriery": Effect(
        _furriery_can, lambda state: ask(state, FurrieryHides()), reads=frozenset({HIDES, LEATHER})
    ),
    "coal_trader": Effect(_coal_trader_can, _coal_trader_enter, needs_francs=True),
    "haulage_firm": Effect(_haulage_can, lambda state: ask(state, HaulagePair()), needs_francs=True),
    "town_square": Effect(
        lambda state, seat, stock: _town_square_size(state, seat) > 0,
        lambda state: ask(state, TownSquareGoods()),
    ),
}
"""The special buildings' actions. Not here: the Harbor Watch (it enters another building:
``visit.py``), the Luxury Yacht (swapped at a Wharf: ``construction.py``) and the buildings
without an action."""

SPECIAL_ENERGY_PAID = {
    BUILDING_INDEX["kiln"]: _energy_paid(KILN_OUTPUTS),
    BUILDING_INDEX["steelworks"]: _energy_paid(STEELWORKS_OUTPUTS),
}
"""What follows ``ask_energy`` at the Kiln and the Steelworks: their outputs."""


SPECIAL_KINDS = (
    EXCHANGE_TIMES,
    _FURRIERY_HIDES,
    _FURRIERY_LEATHER,
    _COAL_TRADER_CHOOSE,
    _COAL_TRADER_CHARCOAL,
    _COAL_TRADER_COAL,
    _COAL_TRADER_PAY,
    _HAULAGE_PAIR,
    _TOWN_SQUARE_GOODS,
)
"""The special buildings' own decisions, each declared in its building's section."""
