"""Using a building (rulebook: "Use", "Built Buildings and Sectors", the Building Index's
functions): a built, unlocked building in a sector above 0, one's own or the opponent's for a
fee of 1 Franc to its owner.

Its main effect applies as often as its sector says (N: 2, 3, 4, or 4 with a bonus Franc in
"4+"); the building then goes back to its owner's sector 0 and the main action is done. An
effect that holds a choice asks it (``ChooseUse``: which ``move``, or how many exchanges,
``times``); the Wood Trader's and Restaurant's exchanges cost Food, which may be paid in
several ways (``PayExchangeFood``). What each building does is in ``buildings.py``.
"""

from __future__ import annotations

from ..core.decisions import Rule
from ..core.update import update
from .actions import Action, Move, Pay, Times, Use, paid
from .buildings import Choice, Effect, Tables, effects
from .data import BONUS_SECTOR, BUILDING_INDEX, BUILDINGS, CLAY, FISH, GRAIN, SECTOR_APPLICATIONS, WOOD, Rules
from .decisions import ChooseUse, PayExchangeFood
from .round_end import main_action_done
from .state import State, sector_age
from .warehouse import Goods, gain_tables, payment_ends, repeated_payment_ends, why_not_payment

__all__ = [
    "CHOOSE_USE",
    "PAY_EXCHANGE_FOOD",
    "USE_ACTIONS",
    "choices",
    "food_payments",
    "tables",
    "use",
    "uses",
    "why_not_use",
]

USE_ACTIONS = tuple(Use(b.id) for b in BUILDINGS)
_LOCKED = tuple(b.locked for b in BUILDINGS)
_TABLES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    """The warehouse's gain tables under these rule options (computed once per option set)."""
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = gain_tables(rules)
    return found


def uses(state: State, player: int) -> list[Use]:
    """The buildings the player may use: built, unlocked, out of sector 0, and the fee of 1
    Franc affordable if it is the opponent's."""
    owner, placed, now = state.owner, state.placed, state.round
    if 0 not in owner and 1 not in owner:  # nothing built yet (a C-speed scan first)
        return []
    can_pay_fee = state.francs[player] >= 1
    return [
        USE_ACTIONS[b]
        for b, who in enumerate(owner)
        if who >= 0 and not _LOCKED[b] and placed[b] < now and (who == player or can_pay_fee)
    ]


def use(state: State, player: int, action: Use) -> State:
    """Pay the fee, collect the "4+" bonus, move the building to sector 0, then apply its effect
    (or ask how, if it holds a choice)."""
    building = BUILDING_INDEX[action.building]
    owner = state.owner[building]
    age = sector_age(state, building)
    francs = list(state.francs)
    if owner != player:
        francs[player] -= 1  # the fee goes to the owner before anything else
        francs[owner] += 1
    if age == BONUS_SECTOR:
        francs[player] += 1  # the 4+ bonus, usable for this use's own costs
    state = update(
        state,
        francs=(francs[0], francs[1]),
        placed=(*state.placed[:building], state.round, *state.placed[building + 1 :]),  # owner's sector 0
    )
    applications = SECTOR_APPLICATIONS[age]
    effect = effects(state.rules)[action.building]
    if effect.options is None:
        return _resolve(state, player, effect, applications, None)
    return update(state, decision=ChooseUse(action.building, applications))


def _resolve(state: State, player: int, effect: Effect, applications: int, choice: Choice | None) -> State:
    goods, francs = effect.resolve(
        state.goods[player], state.francs[player], applications, choice, tables(state.rules)
    )
    state = update(
        state,
        goods=(goods, state.goods[1]) if player == 0 else (state.goods[0], goods),
        francs=(francs, state.francs[1]) if player == 0 else (state.francs[0], francs),
    )
    return main_action_done(state, player)


def why_not_use(state: State, player: int, b: int) -> str:
    """Why the player may not use ``b`` (an index of ``BUILDINGS``) as the main action."""
    info = BUILDINGS[b]
    if state.owner[b] < 0:
        return f"{info.name} has not been built"
    if info.locked:
        return f"{info.name} is locked: it has no function to use"
    if sector_age(state, b) <= 0:
        return f"{info.name} is in sector 0 and cannot be used this round"
    return f"using the opponent's {info.name} costs 1 Franc: you have {state.francs[player]}"


# -- the decision: how the use falls --------------------------------------------------------------
def food_payments(state: State, player: int, amount: int, times: int) -> tuple[Goods, ...]:
    """Warehouses after paying ``amount`` food ``times`` over (combined or per application)."""
    goods = state.goods[player]
    food = (goods[FISH], goods[GRAIN])
    if state.rules.effect_cost_payment == "per_application":
        ends = repeated_payment_ends(food, amount, times, state.rules.overpay)
    else:
        ends = payment_ends(food, amount * times, state.rules.overpay)
    return tuple((f, goods[CLAY], goods[WOOD], g) for f, g in ends)


def choices(state: State, decision: ChooseUse) -> tuple[Choice, ...]:
    """The outcomes the use may have: ``move`` vectors or ``times k`` (``buildings.py``)."""
    player = state.current_player
    assert player is not None
    effect = effects(state.rules)[decision.building]
    assert effect.options is not None
    offered = effect.options(
        state.goods[player], state.francs[player], decision.applications, tables(state.rules)
    )
    if effect.food_per_time and state.rules.effect_cost_payment == "per_application":
        # Paid one application at a time, food can run out before the total does (no change).
        offered = tuple(
            c
            for c in offered
            if not isinstance(c, Times)
            or c.count == 0
            or food_payments(state, player, effect.food_per_time, c.count)
        )
    return offered


def _choose(state: State, decision: ChooseUse, action: Action) -> State:
    assert isinstance(action, (Move, Times)) and state.current_player is not None
    effect = effects(state.rules)[decision.building]
    if isinstance(action, Times) and effect.food_per_time and action.count:
        return update(state, decision=PayExchangeFood(decision.building, action.count))
    return _resolve(state, state.current_player, effect, decision.applications, action)


def _why_not_choice(state: State, decision: ChooseUse, action: Action) -> str:
    name = BUILDINGS[BUILDING_INDEX[decision.building]].name
    listed = ", ".join(str(a) for a in choices(state, decision))
    if isinstance(action, (Move, Times)):
        return f"{action} is not a choice {name} allows here; choose one of: {listed}"
    return f"{name} is waiting for a choice ({listed}); {action} is not possible now"


CHOOSE_USE: Rule[State, ChooseUse, Action] = Rule(choices, _choose, _why_not_choice)
"""``ChooseUse``: the outcomes a use may have, carrying one out, and why another is refused."""


# -- the decision: which food pays for the exchanges -----------------------------------------------
def _food_ways(state: State, decision: PayExchangeFood) -> tuple[Action, ...]:
    player = state.current_player
    assert player is not None
    per_time = effects(state.rules)[decision.building].food_per_time
    before = state.goods[player]
    return tuple(paid(before, after) for after in food_payments(state, player, per_time, decision.times))


def _pay_food(state: State, decision: PayExchangeFood, action: Action) -> State:
    assert isinstance(action, Pay) and state.current_player is not None
    player = state.current_player
    after = action.taken_from(state.goods[player])
    state = update(state, goods=(after, state.goods[1]) if player == 0 else (state.goods[0], after))
    # The exchanges chosen are all that is left to apply: their Francs (and Wood) now.
    effect = effects(state.rules)[decision.building]
    return _resolve(state, player, effect, decision.times, Times(decision.times))


def _why_not_pay_food(state: State, decision: PayExchangeFood, action: Action) -> str:
    name = BUILDINGS[BUILDING_INDEX[decision.building]].name
    return why_not_payment(name, _food_ways(state, decision), action)


PAY_EXCHANGE_FOOD: Rule[State, PayExchangeFood, Action] = Rule(_food_ways, _pay_food, _why_not_pay_food)
"""``PayExchangeFood``: the ways to pay the exchanges' food, paying one, and why another is refused."""
