"""Building (rulebook: "Build", "The Buildings"): take a building that is in play but not yet
built, pay its cost, and put it in sector 0 of one's own wheel; then the main action is done.

A building costs Wood and/or Clay, Food (any mix of Fish and Grain) or Francs. Francs are paid
at once; goods are paid by moving the warehouse markers, and since a warehouse gives no change
there may be several ways (``PayBuildCost``), each a minimal one (``warehouse.payment_ends``).
"""

from __future__ import annotations

from ..core.decisions import Rule
from ..core.update import update
from .actions import Action, Build, Pay, paid
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    CLAY,
    FISH,
    FOOD_COST,
    FRANCS_COST,
    GRAIN,
    NUM_ROUNDS,
    ROUND_LETTERS,
    WOOD,
)
from .decisions import PayBuildCost
from .round_end import main_action_done
from .state import State
from .warehouse import Goods, payment_ends, why_not_payment

__all__ = ["BUILD_ACTIONS", "PAY_BUILD_COST", "build", "build_payments", "builds", "why_not_build"]

BUILD_ACTIONS = tuple(Build(b.id) for b in BUILDINGS)

# Per round, the buildings in play; per building, its cost as plain values: ``builds`` runs on
# every main action, so it reads these tables.
_ENTERED = tuple(tuple(b for b, info in enumerate(BUILDINGS) if info.round <= r) for r in range(NUM_ROUNDS))
_COSTS = tuple((b.cost.kind, b.cost.wood, b.cost.clay, b.cost.amount) for b in BUILDINGS)


def builds(state: State, player: int) -> list[Build]:
    """The buildings the player may build: in play, not built, and affordable."""
    owner = state.owner
    francs = state.francs[player]
    fish, clay, wood, grain = state.goods[player]
    food = fish + grain
    offered: list[Build] = []
    for b in _ENTERED[state.round]:
        if owner[b] >= 0:
            continue
        kind, wood_cost, clay_cost, amount = _COSTS[b]
        if kind == FRANCS_COST:
            affordable = francs >= amount
        elif kind == FOOD_COST:
            affordable = food >= amount
        else:
            affordable = wood >= wood_cost and clay >= clay_cost
        if affordable:
            offered.append(BUILD_ACTIONS[b])
    return offered


def build(state: State, player: int, action: Build) -> State:
    """A Francs cost is paid and the building placed; a cost in goods asks how to pay it."""
    building = BUILDING_INDEX[action.building]
    cost = BUILDINGS[building].cost
    if cost.kind == FRANCS_COST:
        francs = state.francs
        left = francs[player] - cost.amount
        state = update(state, francs=(left, francs[1]) if player == 0 else (francs[0], left))
        return _place(state, player, building)
    return update(state, decision=PayBuildCost(action.building))


def _place(state: State, player: int, building: int) -> State:
    state = update(
        state,
        owner=(*state.owner[:building], player, *state.owner[building + 1 :]),
        placed=(*state.placed[:building], state.round, *state.placed[building + 1 :]),
    )
    return main_action_done(state, player)


def build_payments(state: State, player: int, building: int) -> tuple[Goods, ...]:
    """The warehouses the player may end with after paying for ``building`` (goods costs)."""
    cost = BUILDINGS[building].cost
    goods = state.goods[player]
    overpay = state.rules.overpay
    if cost.kind == FOOD_COST:
        ends = payment_ends((goods[FISH], goods[GRAIN]), cost.amount, overpay)
        return tuple((f, goods[CLAY], goods[WOOD], g) for f, g in ends)
    woods = payment_ends((goods[WOOD],), cost.wood, overpay)
    clays = payment_ends((goods[CLAY],), cost.clay, overpay)
    return tuple((goods[FISH], c, w, goods[GRAIN]) for (w,) in woods for (c,) in clays)


def why_not_build(state: State, player: int, b: int) -> str:
    """Why the player may not build ``b`` (an index of ``BUILDINGS``) as the main action."""
    info = BUILDINGS[b]
    if state.owner[b] >= 0:
        return f"{info.name} is already built by player {state.owner[b]}"
    if info.round > state.round:
        return (
            f"{info.name} enters the game in round {info.letter}, this is round {ROUND_LETTERS[state.round]}"
        )
    goods = state.goods[player]
    cost = info.cost
    if cost.kind == FRANCS_COST:
        have = f"{state.francs[player]} Francs"
    elif cost.kind == FOOD_COST:
        have = f"{goods[FISH]} Fish + {goods[GRAIN]} Grain"
    else:
        have = f"{goods[WOOD]} Wood, {goods[CLAY]} Clay"
    return f"{info.name} costs {cost}: you have {have}"


# -- the decision: which goods pay the cost ------------------------------------------------------
def _payments(state: State, decision: PayBuildCost) -> tuple[Action, ...]:
    player = state.current_player
    assert player is not None
    before = state.goods[player]
    ends = build_payments(state, player, BUILDING_INDEX[decision.building])
    return tuple(paid(before, after) for after in ends)


def _pay(state: State, decision: PayBuildCost, action: Action) -> State:
    assert isinstance(action, Pay) and state.current_player is not None
    player = state.current_player
    after = action.taken_from(state.goods[player])
    goods = (after, state.goods[1]) if player == 0 else (state.goods[0], after)
    return _place(update(state, goods=goods), player, BUILDING_INDEX[decision.building])


def _why_not_pay(state: State, decision: PayBuildCost, action: Action) -> str:
    name = BUILDINGS[BUILDING_INDEX[decision.building]].name
    return why_not_payment(name, _payments(state, decision), action)


PAY_BUILD_COST: Rule[State, PayBuildCost, Action] = Rule(_payments, _pay, _why_not_pay)
"""``PayBuildCost``: the ways to pay, paying one, and why another is refused."""
