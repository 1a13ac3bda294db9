"""Building buildings and ships (rulebook "Constructing new buildings", "Building Ships"): the
Building Firms, the Construction Firm, the Sawmill and the Wharves."""

from __future__ import annotations

import attrs

from ..core.update import update
from .actions import DONE, Action, Build, BuildShip
from .data import (
    BRICK,
    BUILDING_INDEX,
    CLAY,
    IRON,
    IRON_SHIP,
    MODERNISE_BRICK,
    ROUND_CARDS,
    SHIP_ENERGY,
    SHIP_TYPES,
    STEEL,
    WOOD,
    WOODEN_SHIP,
    BuildCost,
)
from .payment import ZERO, can_afford, goods_ways, subtract
from .state import TOWN, Pending, Player, State, with_at, with_player

# -- what every effect uses ------------------------------------------------------------------
from .visit import BUILDS, Effect, ask, ask_payment, build_cost, done, energy_due, energy_of, me


def buildable(
    state: State, seat: int, *, sawmill: bool = False, stock: tuple[int, ...] | None = None
) -> list[int]:
    """Top proposal buildings ``seat`` can pay the building goods of (the Sawmill: only those
    needing wood, one wood less); ``stock``: the seat's goods as they would be (after a fee)."""
    if stock is None:
        stock = state.players[seat].stock
    last = _LAST_BUILDABLE
    if last.state is not state or last.stock is not stock or last.seat != seat:
        # The Building Firms, the Construction Firm and the Sawmill ask about the same state in
        # a row: both lists are made in one pass and kept.
        plain: list[int] = []
        at_sawmill: list[int] = []
        wood, brick, steel = stock[WOOD], stock[BRICK], stock[STEEL]
        clay_or_brick, iron_or_steel = stock[CLAY] + brick, stock[IRON] + steel
        for top, needs_wood, needs_brick, needs_steel, needs_clay, needs_iron in _candidate_costs(
            state, seat
        ):
            # ``can_afford`` written out against the cost's totals (brick for clay, steel for iron)
            if (
                needs_brick <= brick
                and needs_steel <= steel
                and needs_clay <= clay_or_brick
                and needs_iron <= iron_or_steel
            ):
                if needs_wood <= wood:
                    plain.append(top)
                if needs_wood and needs_wood <= wood + 1:
                    at_sawmill.append(top)
        last.state, last.stock, last.seat, last.plain, last.sawmill = state, stock, seat, plain, at_sawmill
    return last.sawmill if sawmill else last.plain


# Per candidate: the building, then its wood, brick, steel, clay-and-brick and iron-and-steel due.
_CostRow = tuple[int, int, int, int, int, int]


class _LastAnswer:
    """The last answer of ``buildable`` (states are immutable, so it holds while it is asked
    about the same state object, seat and goods)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.stock: tuple[int, ...] = ()
        self.seat = -1
        self.plain: list[int] = []
        self.sawmill: list[int] = []


_LAST_BUILDABLE = _LastAnswer()


class _LastCandidates:
    """The last candidates' costs: they change only when a pile's top, the rules, the Masons'
    Guild's owner or the Football Stadium's place does, far less often than the goods held."""

    __slots__ = ("masons", "piles", "rows", "rules", "stadium")

    def __init__(self) -> None:
        self.piles: tuple[tuple[int, ...], ...] = ()
        self.rules: object = None
        self.masons = False
        self.stadium = False
        self.rows: tuple[_CostRow, ...] = ()


_LAST_CANDIDATES = _LastCandidates()


def _candidate_costs(state: State, seat: int) -> tuple[_CostRow, ...]:
    last = _LAST_CANDIDATES
    masons = state.owner[MASONS_GUILD] == seat
    stadium = state.owner[FOOTBALL_STADIUM] == TOWN
    if (
        last.piles is not state.piles
        or last.rules is not state.rules
        or last.masons != masons
        or last.stadium != stadium
    ):
        rows = []
        for top in dict.fromkeys(_build_candidates(state)):
            cost = cost_for(state, seat, top, sawmill=False)
            if cost is not None:
                rows.append(
                    (top, cost.wood, cost.brick, cost.steel, cost.clay + cost.brick, cost.iron + cost.steel)
                )
        last.piles, last.rules, last.masons, last.stadium = state.piles, state.rules, masons, stadium
        last.rows = tuple(rows)
    return last.rows


FOOTBALL_STADIUM = BUILDING_INDEX["football_stadium"]
MASONS_GUILD = BUILDING_INDEX["masons_guild"]


def _build_candidates(state: State) -> list[int]:
    """The top building of each Building Proposal pile, and the Football Stadium where it waits
    face up in the town once a pile is empty ("can only be built when a Building Proposals space
    has been emptied")."""
    tops = [pile[0] for pile in state.piles if pile]
    if state.owner[FOOTBALL_STADIUM] == TOWN and len(tops) < len(state.piles):
        tops.append(FOOTBALL_STADIUM)
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
        if cost.clay:
            cost = attrs.evolve(cost, clay=cost.clay - 1)
        elif cost.brick:
            cost = attrs.evolve(cost, brick=cost.brick - 1)
    return cost


def _builder(key: str, builds: int, sawmill: bool = False) -> Effect:
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return bool(buildable(state, seat, sawmill=sawmill, stock=stock))

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        options: tuple[Action, ...] = tuple(BUILDS[b] for b in buildable(state, me(state), sawmill=sawmill))
        return (*options, DONE) if pending.step > 0 else options

    def choose(state: State, pending: Pending, action: Action) -> State:
        if not isinstance(action, Build):
            return done(state)
        target = BUILDING_INDEX[action.building]
        cost = cost_for(state, me(state), target, sawmill=sawmill)
        assert cost is not None
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
    """``building`` goes to ``seat`` (or the town), leaving its pile if it is on top of one
    (built, bought, or the town's round-end build)."""
    piles = tuple(pile[1:] if pile and pile[0] == building else pile for pile in state.piles)
    return update(state, piles=piles, owner=with_at(state.owner, building, seat))


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
    energy = energy_due(state, seat, SHIP_ENERGY)
    return [way for way in goods_ways(stock, cost) if energy_of(subtract(stock, way)) >= energy]


def _ship_types(state: State, seat: int, wharf: int, stock: tuple[int, ...] | None = None) -> list[int]:
    """The ship types whose top ship ``seat`` can build here: the goods, and 3 energy besides
    (the only energy good in a ship's cost is wood, worth 1 energy each)."""
    if stock is None:
        stock = state.players[seat].stock
    spare = energy_of(stock) - energy_due(state, seat, SHIP_ENERGY)  # energy beyond the 3 due
    out = []
    costs = _SHIP_COSTS[wharf not in state.modernised]  # a wooden ship never modernises
    for t, pile in enumerate(state.ship_piles):
        if pile:
            cost = costs[t] if t != WOODEN_SHIP else _SHIP_COSTS[False][t]
            if cost.wood <= spare and can_afford(stock, cost):
                out.append(t)
    return out


def _wharf(key: str) -> Effect:
    building = BUILDING_INDEX[key]

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        return bool(_ship_types(state, seat, building, stock)) or _yacht_swap(state, seat) is not None

    def enter(state: State) -> State:
        return ask(state, building)

    def choices(state: State, pending: Pending) -> tuple[Action, ...]:
        ships = tuple(BUILD_SHIPS[t] for t in _ship_types(state, me(state), building))
        return (*ships, SWAP_FOR_YACHT) if _yacht_swap(state, me(state)) else ships

    def choose(state: State, pending: Pending, action: Action) -> State:
        assert isinstance(action, BuildShip)
        if action == SWAP_FOR_YACHT:
            return done(_take_yacht(state, me(state)))
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
    owner = with_at(state.owner, LUXURY_YACHT, seat)
    return update(state, players=with_player(state.players, seat, player), owner=owner)
