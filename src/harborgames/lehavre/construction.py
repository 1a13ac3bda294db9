"""Building buildings and ships (rulebook "Constructing new buildings", "Building Ships"): the
Building Firms, the Construction Firm, the Sawmill and the Wharves."""

from __future__ import annotations

import attrs

from ..core.checks import StateChecks
from ..core.decisions import Rule
from ..core.update import update
from .actions import DONE, Action, Build, BuildShip, Pay
from .data import (
    BRICK,
    BUILDING_INDEX,
    BUILDINGS,
    CLAY,
    IRON,
    IRON_SHIP,
    MODERNISE_BRICK,
    ROUND_CARDS,
    SHIP_ENERGY,
    SHIP_NAMES,
    SHIP_TYPES,
    STEEL,
    WOOD,
    WOODEN_SHIP,
    BuildCost,
)
from .decisions import BuildGoods, ChooseBuilding, ChooseShip, PayShipEnergy, PayShipGoods
from .effect import (
    BUILD_COSTS,
    BUILDING_GOODS,
    BUILDS,
    ENERGY_GOODS,
    Effect,
    amount_rule,
    ask,
    build_cost,
    done,
    energy_due,
    energy_of,
    me,
    turn_seat,
)
from .explain import explain, payment_refused
from .kind import Kind, Phase
from .names import building_name, with_article
from .offered import built_after, with_owner
from .payment import ENERGY, can_afford, goods_ways, subtract
from .state import TOWN, Built, Player, State, pay_tokens, with_at, with_player


def buildable(
    state: State,
    seat: int,
    *,
    sawmill: bool = False,
    stock: tuple[int, ...] | None = None,
    first_only: bool = False,
) -> tuple[int, ...]:
    """Top proposal buildings ``seat`` can pay the building goods of (the Sawmill: only those
    needing wood, one wood less); ``stock``: the seat's goods as they would be (after a fee);
    ``first_only``: just the first found (whether any can be built: asked on every turn)."""
    return _buildable(state, seat, state.players[seat].stock if stock is None else stock, sawmill, first_only)


def _buildable(
    state: State, seat: int, stock: tuple[int, ...], sawmill: bool, first_only: bool
) -> tuple[int, ...]:
    """``buildable`` with positional arguments (the can-build checks call it every turn)."""
    rules = state.rules
    rows = _COST_ROWS[rules.ironworks_cost, rules.arts_center_cost][state.owner[MASONS_GUILD] == seat]
    wood, brick, steel = stock[WOOD] + sawmill, stock[BRICK], stock[STEEL]
    clay_or_brick, iron_or_steel = stock[CLAY] + brick, stock[IRON] + steel
    out: list[int] = []
    for top in build_candidates(state):
        row = rows[top]
        if row is None:
            continue
        needs_wood, needs_brick, needs_steel, needs_clay, needs_iron = row
        # ``can_afford`` written out against the cost's totals (brick for clay, steel for iron)
        if (
            needs_wood <= wood
            and needs_brick <= brick
            and needs_steel <= steel
            and needs_clay <= clay_or_brick
            and needs_iron <= iron_or_steel
            and (needs_wood or not sawmill)  # the Sawmill builds only buildings needing wood
        ):
            if first_only:
                return (top,)
            out.append(top)
    return tuple(out)


# Per building: its wood, brick, steel, clay-and-brick and iron-and-steel due (None: no cost),
# per rule options and whether the builder owns the Masons' Guild; made at import.
_CostRow = tuple[int, int, int, int, int]


def _cost_row(cost: BuildCost | None) -> _CostRow | None:
    if cost is None:
        return None
    return (cost.wood, cost.brick, cost.steel, cost.clay + cost.brick, cost.iron + cost.steel)


def _masons_cost(cost: BuildCost | None) -> BuildCost | None:
    """ "1 clay or 1 brick less" (clay where the cost has clay, else brick: none costs both)."""
    if cost is None:
        return None
    if cost.clay:
        return attrs.evolve(cost, clay=cost.clay - 1)
    if cost.brick:
        return attrs.evolve(cost, brick=cost.brick - 1)
    return cost


FOOTBALL_STADIUM = BUILDING_INDEX["football_stadium"]
MASONS_GUILD = BUILDING_INDEX["masons_guild"]


def build_candidates(state: State) -> tuple[int, ...]:
    """The top building of each Building Proposal pile, and the Football Stadium where it waits
    face up in the town once a pile is empty ("can only be built when a Building Proposals space
    has been emptied"). (No building lies in two piles: ``validate_state`` checks it.)"""
    first, second, third = state.piles  # (``validate_state``: always three)
    if first and second and third:  # asked on every turn: the common case without a loop
        return (first[0], second[0], third[0])
    tops = tuple(pile[0] for pile in (first, second, third) if pile)
    if state.owner[FOOTBALL_STADIUM] == TOWN:
        return (*tops, FOOTBALL_STADIUM)
    return tops


def cost_for(state: State, seat: int, building: int, *, sawmill: bool) -> BuildCost | None:
    """What ``seat`` pays to build ``building``: its cost (by the rule options), one wood less at
    the Sawmill, and for the Masons' Guild's owner "1 clay or 1 brick less" (clay where the
    cost has clay, else brick: no building costs both)."""
    cost = build_cost(state.rules, building)
    if cost is None:
        return None
    if sawmill:
        cost = attrs.evolve(cost, wood=cost.wood - 1)
    if state.owner[MASONS_GUILD] == seat:
        cost = _masons_cost(cost)
    return cost


_COST_ROWS = {
    options: tuple(
        tuple(_cost_row(_masons_cost(c) if masons else c) for c in costs) for masons in (False, True)
    )
    for options, costs in BUILD_COSTS.items()
}


def builder(key: str, builds: int, sawmill: bool = False) -> Effect:
    """A Building Firm (1 build), the Construction Firm (2) or the Sawmill (1, a wood less)."""
    building = BUILDING_INDEX[key]
    can_enter = _can_build_at_sawmill if sawmill else _can_build
    return Effect(can_enter, lambda state: ask(state, ChooseBuilding(building)), reads=BUILDING_GOODS)


# One check shared by the Building Firms and the Construction Firm, so ``visit.enterable``
# asks it once per turn for all three (the same function of the same stock).
def _can_build(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return bool(_buildable(state, seat, stock, False, True))


def _can_build_at_sawmill(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    return bool(_buildable(state, seat, stock, True, True))


BUILDERS = {
    BUILDING_INDEX["building_firm_1"]: (1, False),
    BUILDING_INDEX["building_firm_2"]: (1, False),
    BUILDING_INDEX["construction_firm"]: (2, False),
    BUILDING_INDEX["sawmill"]: (1, True),
}  # per builder: the builds per visit, and whether it is the Sawmill


def _choose_building_legal(state: State, decision: ChooseBuilding) -> tuple[Action, ...]:
    sawmill = BUILDERS[decision.building][1]
    options: tuple[Action, ...] = tuple(BUILDS[b] for b in buildable(state, me(state), sawmill=sawmill))
    return (*options, DONE) if decision.built > 0 else options


def _choose_building(state: State, decision: ChooseBuilding, action: Action) -> State:
    if not isinstance(action, Build):
        return done(state)
    return ask(state, BuildGoods(decision.building, BUILDING_INDEX[action.building], decision.built))


def _goods_due(state: State, decision: BuildGoods) -> BuildCost:
    cost = cost_for(state, me(state), decision.target, sawmill=BUILDERS[decision.building][1])
    assert cost is not None  # only buildings with a cost are offered
    return cost


def _build_goods_legal(state: State, decision: BuildGoods) -> tuple[Action, ...]:
    """Building goods, brick for clay and steel for iron as the player likes."""
    return tuple(Pay(way) for way in goods_ways(stock_of_seat(state), _goods_due(state, decision)))


def _build_goods(state: State, decision: BuildGoods, action: Action) -> State:
    assert isinstance(action, Pay)
    state = place_building(pay_tokens(state, me(state), action.tokens), decision.target, me(state))
    builds, sawmill = BUILDERS[decision.building]
    built = decision.built + 1
    if built < builds and buildable(state, me(state), sawmill=sawmill):
        return ask(state, ChooseBuilding(decision.building, built))
    return done(state)


def stock_of_seat(state: State) -> tuple[int, ...]:
    return state.players[state.turn_player].stock


def place_building(state: State, building: int, seat: int) -> State:
    """``building`` goes to ``seat`` (or the town), leaving its pile if it is on top of one
    (built, bought, or the town's round-end build)."""
    piles, owner, built = placed(state, building, seat)
    return update(state, piles=piles, owner=owner, built=built)


def placed(
    state: State, building: int, seat: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], Built]:
    """The piles, owners and what is built once ``building`` goes to ``seat`` (``place_building``
    without the copy, for callers that change more in the same copy)."""
    piles = state.piles
    for pile in piles:
        if pile and pile[0] == building:  # from the top of a pile
            piles = tuple(pile[1:] if pile and pile[0] == building else pile for pile in piles)
            break
    owner = with_at(state.owner, building, seat)
    return piles, owner, built_after(state, owner, moved=building)


def ship_goods(state: State, wharf: int, ship_type: int) -> BuildCost:
    """A ship's goods at this Wharf: its cost, plus the brick that modernises the Wharf for the
    first non-wooden ship built there."""
    modernise = ship_type != WOODEN_SHIP and wharf not in state.modernised
    return _SHIP_COSTS[modernise][ship_type]


_SHIP_COSTS = (
    tuple(t.cost for t in SHIP_TYPES),
    tuple(attrs.evolve(t.cost, brick=t.cost.brick + MODERNISE_BRICK) for t in SHIP_TYPES),
)
# Per modernising (a wooden ship never does) and ship type: the cost's totals (``_cost_row``).
_SHIP_ROWS = tuple(
    tuple(
        _cost_row(_SHIP_COSTS[modernise and t != WOODEN_SHIP][t]) or (0, 0, 0, 0, 0)
        for t in range(len(SHIP_TYPES))
    )
    for modernise in (False, True)
)


def ship_ways(state: State, seat: int, wharf: int, ship_type: int) -> list[tuple[int, ...]]:
    """Ways to pay a ship's goods that leave the 3 energy to pay."""
    stock = state.players[seat].stock
    cost = ship_goods(state, wharf, ship_type)
    if not can_afford(stock, cost):
        return []
    energy = energy_due(state, seat, SHIP_ENERGY)
    return [way for way in goods_ways(stock, cost) if energy_of(subtract(stock, way)) >= energy]


def _ship_types(
    state: State, seat: int, wharf: int, stock: tuple[int, ...] | None = None, *, first_only: bool = False
) -> list[int]:
    """The ship types whose top ship ``seat`` can build here: the goods, and 3 energy besides
    (the only energy good in a ship's cost is wood, worth 1 energy each); ``first_only``: just
    the first found (whether any can be built: asked on every turn)."""
    if stock is None:
        stock = state.players[seat].stock
    spare = energy_of(stock) - energy_due(state, seat, SHIP_ENERGY)  # energy beyond the 3 due
    if spare < 0:
        return []
    out = []
    rows = _SHIP_ROWS[wharf not in state.modernised]  # a wooden ship never modernises
    wood, brick, steel = stock[WOOD], stock[BRICK], stock[STEEL]
    clay_or_brick, iron_or_steel = stock[CLAY] + brick, stock[IRON] + steel
    for t, pile in enumerate(state.ship_piles):
        if pile:
            needs_wood, needs_brick, needs_steel, needs_clay, needs_iron = rows[t]
            # ``can_afford`` against the cost's totals, and the wood within the spare energy
            if (
                needs_wood <= wood
                and needs_wood <= spare
                and needs_brick <= brick
                and needs_steel <= steel
                and needs_clay <= clay_or_brick
                and needs_iron <= iron_or_steel
            ):
                out.append(t)
                if first_only:
                    break
    return out


def wharf(key: str) -> Effect:
    """A Wharf: one ship per visit (or the Luxury Yacht swap)."""
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return (
            bool(_ship_types(state, seat, building, stock, first_only=True))
            or _yacht_swap(state, seat) is not None
        )

    return Effect(
        can_enter, lambda state: ask(state, ChooseShip(building)), reads=BUILDING_GOODS | ENERGY_GOODS
    )


def _choose_ship_legal(state: State, decision: ChooseShip) -> tuple[Action, ...]:
    ships = tuple(BUILD_SHIPS[t] for t in _ship_types(state, me(state), decision.wharf))
    return (*ships, SWAP_FOR_YACHT) if _yacht_swap(state, me(state)) else ships


def _choose_ship(state: State, decision: ChooseShip, action: Action) -> State:
    assert isinstance(action, BuildShip)
    if action == SWAP_FOR_YACHT:
        return done(_take_yacht(state, me(state)))
    return ask(state, PayShipGoods(decision.wharf, SHIP_NAMES.index(action.ship)))


def _ship_goods_legal(state: State, decision: PayShipGoods) -> tuple[Action, ...]:
    return tuple(Pay(way) for way in ship_ways(state, me(state), decision.wharf, decision.ship_type))


def _pay_ship_goods(state: State, decision: PayShipGoods, action: Action) -> State:
    assert isinstance(action, Pay)
    state = pay_tokens(state, me(state), action.tokens)
    due = energy_due(state, me(state), SHIP_ENERGY)
    return ask(state, PayShipEnergy(decision.wharf, decision.ship_type, due))


def _ship_built(state: State, decision: PayShipEnergy) -> State:
    ship_type, wharf_built = decision.ship_type, decision.wharf
    card = state.ship_piles[ship_type][0]
    piles = tuple(pile[1:] if t == ship_type else pile for t, pile in enumerate(state.ship_piles))
    modernised = state.modernised
    if ship_type != WOODEN_SHIP and wharf_built not in modernised:
        modernised = tuple(sorted((*modernised, wharf_built)))
    seat = me(state)
    p = state.players[seat]
    player = Player(p.stock, p.loans, (*p.ships, card), p.location)
    players = with_player(state.players, seat, player)
    return done(update(state, ship_piles=piles, modernised=modernised, players=players))


BUILD_SHIPS = tuple(BuildShip(name) for name in SHIP_NAMES)

# -- the Luxury Yacht (a special building): swapped for an iron ship at a Wharf ----------------------
LUXURY_YACHT = BUILDING_INDEX["luxury_yacht"]
SWAP_FOR_YACHT = BuildShip("yacht")


def _yacht_swap(state: State, seat: int) -> int | None:
    """The iron ship ``seat`` would give for the Luxury Yacht waiting in the town: "swap one Iron
    ship for the Luxury Yacht for no cost (exchanged Iron ship removed)". The lowest-valued iron
    ship is given (any other choice only loses value)."""
    if state.owner[LUXURY_YACHT] != TOWN:
        return None
    irons = [card for card in state.players[seat].ships if ROUND_CARDS[card].ship_type == IRON_SHIP]
    return min(irons, key=lambda card: ROUND_CARDS[card].ship_value) if irons else None


def _take_yacht(state: State, seat: int) -> State:
    card = _yacht_swap(state, seat)
    assert card is not None
    p = state.players[seat]
    ships = list(p.ships)
    ships.remove(card)  # out of the game
    player = Player(p.stock, p.loans, tuple(ships), p.location)
    state = update(state, players=with_player(state.players, seat, player))
    return with_owner(state, with_at(state.owner, LUXURY_YACHT, seat), moved=LUXURY_YACHT)


# -- the decisions of building, as every layer reads them --------------------------------------------
def _building_goods(decision: object) -> str:
    return "building goods"


def _describe_choose_building(state: State, decision: ChooseBuilding, viewer: int | None) -> str:
    again = " (another one)" * bool(decision.built)
    return f"the {building_name(decision.building)}: which top proposal to build{again}"


def _describe_build_goods(state: State, decision: BuildGoods, viewer: int | None) -> str:
    target = decision.target
    return f"the goods to build the {building_name(target)}: {build_cost(state.rules, target)}"


def _check_builds(check: StateChecks, state: State, decision: ChooseBuilding | BuildGoods) -> None:
    key = BUILDINGS[decision.building].id
    check.require(decision.building in BUILDERS, f"{key} builds no buildings")
    builds = BUILDERS[decision.building][0]
    check.require(decision.built < builds, f"{key} builds at most {builds}")


def _check_build_goods(check: StateChecks, state: State, decision: BuildGoods) -> None:
    _check_builds(check, state, decision)
    check.require(decision.target in build_candidates(state), "the building to build is no top card")


_MOST_BUILDING_SALE = max(b.value // 2 for b in BUILDINGS if b.cost)


def _builds_left(state: State, decision: ChooseBuilding | BuildGoods) -> tuple[int, int]:
    """Each build still to come: half a building's value when sold."""
    builds = BUILDERS[decision.building][0] if decision.building in BUILDERS else 0
    return 0, _MOST_BUILDING_SALE * max(0, builds - decision.built)


_AtWharf = ChooseShip | PayShipGoods | PayShipEnergy


def _describe_choose_ship(state: State, decision: ChooseShip, viewer: int | None) -> str:
    return f"the {building_name(decision.wharf)}: which ship to build"


def _describe_ship_goods(state: State, decision: PayShipGoods, viewer: int | None) -> str:
    kind = SHIP_TYPES[decision.ship_type]
    return f"the goods for {with_article(kind.name)}: {kind.cost}"


def _describe_ship_energy(state: State, decision: PayShipEnergy, viewer: int | None) -> str:
    return f"{decision.due} energy for the {SHIP_TYPES[decision.ship_type].name}"


def _check_wharf(check: StateChecks, state: State, decision: _AtWharf) -> None:
    check.require(decision.wharf in WHARVES, f"{BUILDINGS[decision.wharf].id} builds no ships")


def _check_ship(check: StateChecks, state: State, decision: PayShipGoods | PayShipEnergy) -> None:
    _check_wharf(check, state, decision)
    t = decision.ship_type
    check.require(0 <= t < len(SHIP_TYPES) and bool(state.ship_piles[t]), "no such ship to build")


_MOST_SHIP_SALE = max(card.ship_value // 2 for card in ROUND_CARDS)


def _ship_left(state: State, decision: object) -> tuple[int, int]:
    """The ship built: half its value when sold."""
    return 0, _MOST_SHIP_SALE


WHARVES = frozenset(BUILDING_INDEX[key] for key in ("wharf_1", "wharf_2"))

KINDS = (
    Kind(
        ChooseBuilding,
        Rule(_choose_building_legal, _choose_building, explain),
        _describe_choose_building,
        check=_check_builds,
        left=_builds_left,
    ),
    Kind(
        BuildGoods,
        Rule(_build_goods_legal, _build_goods, payment_refused(_building_goods)),
        _describe_build_goods,
        phase=Phase.PAY,
        check=_check_build_goods,
        left=_builds_left,
        slot="target",
    ),
    Kind(
        ChooseShip,
        Rule(_choose_ship_legal, _choose_ship, explain),
        _describe_choose_ship,
        check=_check_wharf,
        left=_ship_left,
    ),
    Kind(
        PayShipGoods,
        Rule(_ship_goods_legal, _pay_ship_goods, payment_refused(_building_goods)),
        _describe_ship_goods,
        phase=Phase.PAY,
        check=_check_ship,
        left=_ship_left,
        slot="ship_type",
    ),
    Kind(
        PayShipEnergy,
        amount_rule(ENERGY, turn_seat, _ship_built),
        _describe_ship_energy,
        phase=Phase.PAY,
        check=_check_ship,
        left=_ship_left,
        paid_in=ENERGY,
        slot="ship_type",
    ),
)
"""The decisions of building buildings and ships (``visit.py`` joins them to the others)."""
