"""The flow of a turn: ``new_game``, ``legal_actions`` and ``apply``, top to bottom.

A turn: sell any number of one's buildings, then one main action (build, use, or pass when
neither is possible), answering the choices the main action holds, then sell more or end.
A round is a fixed number of such turns, strictly alternating; at its end both wheels turn and
buildings reaching the forced-sale sector are sold for half their value.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.decisions import Rulebook
from ..core.rng import Rng
from ..core.update import update
from .actions import ACTION_TYPES, Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .buildings import Choice, Tables, effects
from .data import (
    BONUS_SECTOR,
    BUILDING_INDEX,
    BUILDINGS,
    CLAY,
    FISH,
    FOOD_COST,
    FORCED_SALE_AGE,
    FRANCS_COST,
    GRAIN,
    NUM_BUILDINGS,
    NUM_ROUNDS,
    ROUND_ACTIONS,
    ROUND_LETTERS,
    SECTOR_APPLICATIONS,
    START_FRANCS,
    START_GOODS,
    WOOD,
    Rules,
)
from .info import INFO
from .scoring import sale_price
from .state import AFTER, CHOOSE, MAIN, OVER, PAY, Pending, State
from .warehouse import Goods, gain_tables, payment_ends, repeated_payment_ends

_TABLES: dict[Rules, Tables] = {}

BUILD_ACTIONS = tuple(Build(b.key) for b in BUILDINGS)
USE_ACTIONS = tuple(Use(b.key) for b in BUILDINGS)
SELL_ACTIONS = tuple(Sell(b.key) for b in BUILDINGS)
PASS, END = Pass(), End()


def tables(rules: Rules) -> Tables:
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = gain_tables(rules)
    return found


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
) -> State:
    """A fresh game: a random starting player (from ``seed``) takes the A-F board and starts."""
    rules = Rules(**INFO.check_new_game(num_players, variant, options))
    first, rng = Rng.from_seed(seed).below(2)
    start = State(
        num_players=2,
        current_player=first,
        round=0,
        actions_left=ROUND_ACTIONS[0],
        first_player=first,
        phase=MAIN,
        francs=(START_FRANCS, START_FRANCS),
        goods=(START_GOODS, START_GOODS),
        owner=(-1,) * NUM_BUILDINGS,
        placed=(0,) * NUM_BUILDINGS,
        pending=None,
        rules=rules,
        rng=rng,
    )
    return RULEBOOK.settle(start)


# -- what may be done -------------------------------------------------------------------------
def sector_age(state: State, building: int) -> int:
    """Rounds since the building was built or last used: 0 is sector 0, 4 is "4+"."""
    return state.round - state.placed[building]


def is_available(state: State, building: int) -> bool:
    return state.owner[building] < 0 and BUILDINGS[building].round <= state.round


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


def food_payments(state: State, player: int, amount: int, times: int) -> tuple[Goods, ...]:
    """Warehouses after paying ``amount`` food ``times`` over (combined or per application)."""
    goods = state.goods[player]
    food = (goods[FISH], goods[GRAIN])
    if state.rules.effect_cost_payment == "per_application":
        ends = repeated_payment_ends(food, amount, times, state.rules.overpay)
    else:
        ends = payment_ends(food, amount * times, state.rules.overpay)
    return tuple((f, goods[CLAY], goods[WOOD], g) for f, g in ends)


def _pay_action(before: Goods, after: Goods) -> Pay:
    return Pay(*(b - a for b, a in zip(before, after, strict=True)))


def pending_payments(state: State) -> tuple[Goods, ...]:
    pending = state.pending
    assert pending is not None and state.current_player is not None
    player = state.current_player
    if pending.action == "build":
        return build_payments(state, player, pending.building)
    effect = effects(state.rules)[BUILDINGS[pending.building].key]
    return food_payments(state, player, effect.food_per_time, pending.times)


def pending_choices(state: State) -> tuple[Choice, ...]:
    pending = state.pending
    assert pending is not None and state.current_player is not None
    effect = effects(state.rules)[BUILDINGS[pending.building].key]
    assert effect.options is not None
    player = state.current_player
    choices = effect.options(
        state.goods[player], state.francs[player], pending.applications, tables(state.rules)
    )
    if effect.food_per_time and state.rules.effect_cost_payment == "per_application":
        # Paid one application at a time, food can run out before the total does (no change).
        choices = tuple(
            c
            for c in choices
            if not isinstance(c, Times)
            or c.count == 0
            or food_payments(state, player, effect.food_per_time, c.count)
        )
    return choices


def _own_buildings(state: State, player: int) -> list[int]:
    return [b for b in range(NUM_BUILDINGS) if state.owner[b] == player]


# Precomputed per building, for the hot path of listing main actions.
_ENTERED = tuple(tuple(b for b in range(NUM_BUILDINGS) if BUILDINGS[b].round <= r) for r in range(NUM_ROUNDS))
_LOCKED = tuple(b.locked for b in BUILDINGS)
_COSTS = tuple((b.cost.kind, b.cost.wood, b.cost.clay, b.cost.amount) for b in BUILDINGS)


def _main_actions(state: State, player: int) -> tuple[Action, ...]:
    """Builds (entered, unbuilt, affordable), uses (built, unlocked, out of sector 0, and the
    1-Franc fee if it is the opponent's), ``pass`` if neither exists, then sells. This is the one
    place these conditions are written; it runs on every decision, so it reads the tables above.
    """
    owner, placed, now = state.owner, state.placed, state.round
    francs = state.francs[player]
    fish, clay, wood, grain = state.goods[player]
    food = fish + grain
    actions: list[Action] = []
    for b in _ENTERED[now]:
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
            actions.append(BUILD_ACTIONS[b])
    sells = []
    for b, who in enumerate(owner):
        if who < 0:
            continue
        if who == player:
            sells.append(SELL_ACTIONS[b])
        if not _LOCKED[b] and placed[b] < now and (who == player or francs >= 1):
            actions.append(USE_ACTIONS[b])
    if not actions:
        actions.append(PASS)
    actions += sells
    return tuple(actions)


def legal(state: State) -> tuple[Action, ...]:
    """Every legal decision of the current player (``RULEBOOK`` keeps it on the state)."""
    player = state.current_player
    assert player is not None
    phase = state.phase
    if phase == MAIN:
        return _main_actions(state, player)
    if phase == AFTER:
        return (*(SELL_ACTIONS[b] for b in _own_buildings(state, player)), END)
    if phase == CHOOSE:
        return pending_choices(state)
    before = state.goods[player]  # PAY
    return tuple(_pay_action(before, after) for after in pending_payments(state))


def is_terminal(state: State) -> bool:
    return state.current_player is None


# -- doing it ---------------------------------------------------------------------------------
def perform(state: State, action: Action) -> State:
    """The state after ``action``, which ``legal`` offered (nothing is checked again here)."""
    player = state.current_player
    assert player is not None
    match action:
        case Sell():
            return _sell(state, player, action)
        case Build():
            return _build(state, player, action)
        case Use():
            return _use(state, player, action)
        case Move() | Times():
            return _choose(state, player, action)
        case Pay():
            return _pay(state, player, action)
        case Pass():
            return _after_main(state, player)
        case End():
            return _end_turn(state, player)


def _with(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _with_goods(state: State, player: int, goods: Goods) -> tuple[Goods, Goods]:
    pair = state.goods
    return (goods, pair[1]) if player == 0 else (pair[0], goods)


def _with_at(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _sell(state: State, player: int, action: Sell) -> State:
    building = BUILDING_INDEX[action.building]
    price = sale_price(state, building)
    state = update(
        state,
        francs=_with(state.francs, player, state.francs[player] + price),
        owner=_with_at(state.owner, building, -1),
    )
    if state.phase == AFTER and not _own_buildings(state, player):
        return _end_turn(state, player)
    return state


def _build(state: State, player: int, action: Build) -> State:
    building = BUILDING_INDEX[action.building]
    cost = BUILDINGS[building].cost
    if cost.kind == FRANCS_COST:
        state = update(state, francs=_with(state.francs, player, state.francs[player] - cost.amount))
        return _place(state, player, building)
    return update(state, phase=PAY, pending=Pending(building, "build"))


def _place(state: State, player: int, building: int) -> State:
    state = update(
        state,
        owner=_with_at(state.owner, building, player),
        placed=_with_at(state.placed, building, state.round),
        phase=MAIN,
        pending=None,
    )
    return _after_main(state, player)


def _use(state: State, player: int, action: Use) -> State:
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
        placed=_with_at(state.placed, building, state.round),  # back to the owner's sector 0
        pending=Pending(building, "use", SECTOR_APPLICATIONS[age]),
    )
    if effects(state.rules)[BUILDINGS[building].key].options is None:
        return _resolve(state, player, None)
    return update(state, phase=CHOOSE)


def _choose(state: State, player: int, choice: Choice) -> State:
    pending = state.pending
    assert pending is not None
    effect = effects(state.rules)[BUILDINGS[pending.building].key]
    if isinstance(choice, Times) and effect.food_per_time and choice.count:
        pending = Pending(pending.building, "use", pending.applications, choice.count)
        return update(state, phase=PAY, pending=pending)
    return _resolve(state, player, choice)


def _pay(state: State, player: int, pay: Pay) -> State:
    pending = state.pending
    assert pending is not None
    before = state.goods[player]
    after = (before[0] - pay.fish, before[1] - pay.clay, before[2] - pay.wood, before[3] - pay.grain)
    state = update(state, goods=_with_goods(state, player, after))
    if pending.action == "build":
        return _place(state, player, pending.building)
    return _resolve(state, player, Times(pending.times))


def _resolve(state: State, player: int, choice: Choice | None) -> State:
    pending = state.pending
    assert pending is not None
    effect = effects(state.rules)[BUILDINGS[pending.building].key]
    goods, francs = effect.resolve(
        state.goods[player], state.francs[player], pending.applications, choice, tables(state.rules)
    )
    state = update(
        state,
        goods=_with_goods(state, player, goods),
        francs=_with(state.francs, player, francs),
        phase=MAIN,
        pending=None,
    )
    return _after_main(state, player)


def _after_main(state: State, player: int) -> State:
    if player in state.owner:
        return update(state, phase=AFTER)
    return _end_turn(state, player)


def _end_turn(state: State, player: int) -> State:
    actions_left = state.actions_left - 1
    if actions_left:
        return update(state, actions_left=actions_left, current_player=1 - player, phase=MAIN)
    return _end_round(update(state, actions_left=0), next_player=1 - player)


def _end_round(state: State, next_player: int) -> State:
    """Both pointers turn; buildings reaching the forced-sale sector are sold for half value."""
    next_round = state.round + 1
    francs = list(state.francs)
    owner = list(state.owner)
    for b in range(NUM_BUILDINGS):
        if owner[b] >= 0 and not BUILDINGS[b].locked and next_round - state.placed[b] >= FORCED_SALE_AGE:
            francs[owner[b]] += sale_price(state, b)
            owner[b] = -1
    over = next_round == NUM_ROUNDS
    return update(
        state,
        round=next_round,
        actions_left=0 if over else ROUND_ACTIONS[next_round],
        current_player=None if over else next_player,
        phase=OVER if over else MAIN,
        francs=(francs[0], francs[1]),
        owner=tuple(owner),
    )



# -- why not ----------------------------------------------------------------------------------
def explain_illegal(state: State, action: Action) -> str:
    """Which rule forbids ``action`` here (called only when it is not legal)."""
    player = state.current_player
    assert player is not None
    phase = state.phase
    if phase in (CHOOSE, PAY):
        assert state.pending is not None
        name = BUILDINGS[state.pending.building].name
        offered = RULEBOOK.legal_tuple(state)
        listed = ", ".join(str(a) for a in offered)
        if phase == PAY and isinstance(action, Pay):
            return (
                f"{action} is not a way to pay for {name} here (no change is given); choose one of: {listed}"
            )
        if phase == CHOOSE and isinstance(action, (Move, Times)):
            return f"{action} is not a choice {name} allows here; choose one of: {listed}"
        what = "how to pay" if phase == PAY else "a choice"
        return f"{name} is waiting for {what} ({listed}); {action} is not possible now"
    if isinstance(action, (Move, Times, Pay)):
        return f"{action}: no building is waiting for a choice or a payment"
    if isinstance(action, (Build, Use, Sell)):
        if action.building not in BUILDING_INDEX:
            return f"there is no building called {action.building!r}"
        b = BUILDING_INDEX[action.building]
        info = BUILDINGS[b]
        if isinstance(action, Sell):
            if state.owner[b] != player:
                return f"{info.name}: you may only sell your own buildings"
        elif phase == AFTER:
            return f"{action}: you have taken your main action this turn (sell or end)"
        elif isinstance(action, Build):
            return _why_not_build(state, player, b)
        else:
            return _why_not_use(state, player, b)
    if isinstance(action, Pass):
        if phase == AFTER:
            return "pass: you have taken your main action this turn (sell or end)"
        return "pass is allowed only when no building can be built or used"
    if isinstance(action, End):
        return "end: take a main action first (build, use, or pass)"
    return f"{action} is not legal here"


def _why_not_build(state: State, player: int, b: int) -> str:
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


def _why_not_use(state: State, player: int, b: int) -> str:
    info = BUILDINGS[b]
    if state.owner[b] < 0:
        return f"{info.name} has not been built"
    if info.locked:
        return f"{info.name} is locked: it has no function to use"
    if sector_age(state, b) <= 0:
        return f"{info.name} is in sector 0 and cannot be used this round"
    return f"using the opponent's {info.name} costs 1 Franc: you have {state.francs[player]}"


RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Inland Port",
    state_type=State,
    action_types=ACTION_TYPES,
    legal=legal,
    perform=perform,
    explain=explain_illegal,
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply
