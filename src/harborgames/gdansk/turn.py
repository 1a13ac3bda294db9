"""A player's turn (rulebook "Course of play"), top to bottom, and the game end.

``legal`` lists what the deciding seat may do in each phase: setup choices, the roll, rerolls,
then the dice actions and additional actions in any allowed order, and ``end``. ``perform`` does
an offered action without checking it again; ``explain`` says why another is refused. The
``RULEBOOK`` joins them (``harborgames.core.decisions``): a lone option, such as every roll of
the dice, is taken by the engine and noted in ``State.forced``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from ..core.decisions import Rulebook
from . import cruise_ships, dice, hr_panel, loading, movement, orders, setup
from .actions import (
    ACTION_TYPES,
    END,
    RECRUIT,
    ROLL,
    Action,
    Cruise,
    Discard,
    End,
    Execute,
    HrPlace,
    HrSwap,
    HrSwapWith,
    Keep,
    Load,
    Move,
    PlaceMeeple,
    Recruit,
    RemoveSector,
    Reroll,
    Roll,
    Unload,
)
from .data import ROUND_LIMIT, Components
from .state import (
    ACTIONS,
    AFTER_DICE,
    CHOOSE_SECTOR,
    CRUISE,
    EXECUTE,
    HR,
    LOAD,
    MOVE,
    NO_TURN,
    OVER,
    PLACE_MEEPLE,
    REROLL,
    SWAP_WITH,
    UNLOAD,
    State,
    Turn,
    with_next_turn,
)
from .state import RECRUIT as RECRUIT_BIT
from .state import ROLL as ROLL_PHASE

_DONE = {
    LOAD: "loaded",
    UNLOAD: "unloaded",
    MOVE: "moved",
    RECRUIT_BIT: "recruited",
    EXECUTE: "executed an order",
    HR: "used your HR panel",
    CRUISE: "served a cruise ship",
}
_PHASE_WORDS = {
    CHOOSE_SECTOR: "choosing the colour that sits out (remove <colour>)",
    PLACE_MEEPLE: "placing a meeple (start <location>)",
    ROLL_PHASE: "rolling the dice (roll)",
    REROLL: "rerolling or keeping the dice (reroll <faces> / keep)",
    ACTIONS: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    SWAP_WITH: "choosing the marker to swap with (with P<seat> <quay>)",
    OVER: "nothing: the game is over",
}
_PHASE_OF: dict[type, str] = {
    RemoveSector: CHOOSE_SECTOR,
    PlaceMeeple: PLACE_MEEPLE,
    Roll: ROLL_PHASE,
    Reroll: REROLL,
    Keep: REROLL,
    HrSwapWith: SWAP_WITH,
}


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
    components: str | os.PathLike[str] | Components | None = None,
) -> State:
    """A dealt game (``setup.deal``), waiting on the first real decision."""
    return RULEBOOK.settle(setup.deal(num_players, seed, variant, options, components))


def is_terminal(state: State) -> bool:
    """The game is over (final scoring is in ``scores``)."""
    return state.current_player is None


# -- what may be done -------------------------------------------------------------------------
def legal(state: State) -> tuple[Action, ...]:
    """Every decision the current player may take, in a fixed order."""
    phase = state.phase
    if phase == ACTIONS:
        return _turn_actions(state)
    if phase == REROLL:
        return dice.reroll_choices(state)
    if phase == ROLL_PHASE:
        return (ROLL,)
    if phase == SWAP_WITH:
        return hr_panel.swap_targets(state)
    if phase == PLACE_MEEPLE:
        return setup.meeple_choices(state)
    return setup.sector_choices(state)  # CHOOSE_SECTOR


def dice_actions_open(turn: Turn, additional_actions: str) -> bool:
    """Dice actions may still start: not after an additional action that followed dice actions
    (rule option ``additional_actions=around_dice``: before and/or after *all* of them)."""
    return turn.stage != AFTER_DICE or additional_actions == "any_time"


def _turn_actions(state: State) -> tuple[Action, ...]:
    """Dice actions (each once; loading and unloading cube by cube), then additional actions
    (each once, paid with workers), then ``end``."""
    turn = state.turn
    me = state.current_player
    assert me is not None
    player = state.players[me]
    rules = state.rules
    c = rules.components
    out: list[Action] = []
    if turn.must_load:  # a cube was returned to make room: one must be loaded now
        loading.add_loads(out, c.weight, state.supply, turn.left)
        return tuple(out)
    used = turn.used
    if turn.active == LOAD:
        loading.add_loading(out, c, player.hold, state.supply, turn.left)
    elif turn.active == UNLOAD:
        loading.add_unloads(out, c.weight, player.hold, turn.left)
    if dice_actions_open(turn, rules.additional_actions):
        if turn.load:
            on_port = loading.on_central_port(state, player)
            once = rules.load_and_unload == "either"
            if not used & LOAD and not on_port and not (once and used & UNLOAD):
                loading.add_loading(out, c, player.hold, state.supply, turn.load)
            if not used & UNLOAD and on_port and not (once and used & LOAD):
                loading.add_unloads(out, c.weight, player.hold, turn.load)
        if turn.move and not used & MOVE:
            out.extend(c.reach[player.location][turn.move])
        if turn.recruit and not used & RECRUIT_BIT:
            out.append(RECRUIT)
    if player.workers:
        if not used & EXECUTE:
            orders.add_executes(out, state, player, c)
        if not used & HR:
            if player.workers >= c.hr_swap_cost:
                out.extend(hr_panel.HR_SWAPS[q] for q in hr_panel.swap_sources(state.players, me))
            if player.workers >= c.hr_place_cost and player.stock:
                out.extend(hr_panel.HR_PLACES[q] for q in hr_panel.place_targets(state, me))
        if not used & CRUISE:
            cruise_ships.add_cruises(out, state, player)
    out.append(END)
    return tuple(out)


# -- doing it ---------------------------------------------------------------------------------
def perform(state: State, action: Action) -> State:
    """The state after ``action``, which ``legal`` offered (nothing is checked again here)."""
    return _PERFORM[type(action)](state, action)


def _end(state: State, _: End) -> State:
    return end_turn(state)


# Each handler takes its own action class; a dict by type is the fastest dispatch (hot path).
_PERFORM: dict[type, Callable[[State, Any], State]] = {
    Reroll: dice.reroll,
    Keep: dice.keep,
    Roll: dice.roll,
    Load: loading.load,
    Discard: loading.discard,
    Unload: loading.unload,
    Move: movement.move,
    Recruit: movement.recruit,
    End: _end,
    Execute: orders.execute,
    HrSwap: hr_panel.swap,
    HrSwapWith: hr_panel.swap_with,
    HrPlace: hr_panel.place,
    Cruise: cruise_ships.cruise,
    PlaceMeeple: setup.place_meeple,
    RemoveSector: setup.remove_sector,
}


def end_condition(state: State) -> bool:
    """Any of the three end triggers (the round is then played to its end)."""
    c = state.rules.components
    for p in state.players:
        if p.score >= c.end_vp or not p.stock:
            return True
    return max(state.board.tokens) < 0


def end_turn(state: State) -> State:
    """The next player's turn; after the last player of a round, the game may end."""
    me = state.current_player
    assert me is not None
    triggered = state.end_triggered or end_condition(state)
    following = (me + 1) % state.num_players
    round_ = state.round
    if following == state.first_player:
        if triggered or round_ >= ROUND_LIMIT:
            return with_next_turn(state, None, OVER, NO_TURN, round_, triggered)
        round_ += 1
    return with_next_turn(state, following, ROLL_PHASE, NO_TURN, round_, triggered)


def outcome(before: State, action: Action, after: State) -> str:
    """What chance made of a forced action: the dice of a roll."""
    return dice.rolled(after) if isinstance(action, Roll) and after.turn.dice else ""


# -- why not ----------------------------------------------------------------------------------
def explain(state: State, action: Action) -> str:
    """Which rule forbids ``action`` here (called only when it is not legal)."""
    phase = _PHASE_OF.get(type(action), ACTIONS)
    if state.phase != phase:
        return f"{action} is not possible now: the current decision is {_PHASE_WORDS[state.phase]}"
    match action:
        case RemoveSector():
            return setup.why_not_remove_sector(state, action)
        case PlaceMeeple():
            return setup.why_not_place_meeple(state, action)
        case Reroll():
            return dice.why_not_reroll(state, action)
        case HrSwapWith():
            return hr_panel.why_not_swap_with(state, action)
    if state.turn.must_load and not isinstance(action, Load):
        if isinstance(action, Discard):
            return "you have just returned a cube: load one before returning another"
        return f"{action} must wait: you returned a cube to make room, so load a cube first"
    kind = _KIND.get(type(action), 0)
    if kind & (LOAD | UNLOAD | MOVE | RECRUIT_BIT):
        reason = _why_not_dice_action(state, action, kind)
        if reason:
            return reason
    elif kind and state.turn.used & kind:
        return f"you have already {_DONE[kind]} this turn: at most once per turn"
    match action:
        case Load():
            return loading.why_not_load(state, action)
        case Discard():
            return loading.why_not_discard(state, action)
        case Unload():
            return loading.why_not_unload(state, action)
        case Move():
            return movement.why_not_move(state, action)
        case Execute():
            return orders.why_not_execute(state, action)
        case HrSwap():
            return hr_panel.why_not_swap(state, action)
        case HrPlace():
            return hr_panel.why_not_place(state, action)
        case Cruise():
            return cruise_ships.why_not_cruise(state, action)
    return f"{action} is not legal here"


_KIND: dict[type, int] = {
    Load: LOAD,
    Discard: LOAD,
    Unload: UNLOAD,
    Move: MOVE,
    Recruit: RECRUIT_BIT,
    Execute: EXECUTE,
    HrSwap: HR,
    HrPlace: HR,
    Cruise: CRUISE,
}


def _why_not_dice_action(state: State, action: Action, kind: int) -> str | None:
    """The rules every dice action shares: once per turn, all before or all after, symbols."""
    turn = state.turn
    if turn.active == kind:
        return None  # continuing a cube-by-cube action: only the cube's own reasons remain
    if turn.used & kind:
        return f"you have already {_DONE[kind]} this turn: each action at most once a turn"
    rules = state.rules
    if not dice_actions_open(turn, rules.additional_actions):
        return (
            f"{action} is too late: additional actions come before and/or after all the "
            "dice actions, and you took one after a dice action"
        )
    if kind == MOVE:
        return None if turn.move else "you rolled no movement symbols"
    if kind == RECRUIT_BIT:
        return None if turn.recruit else "you rolled no recruitment symbols"
    if not turn.load:
        return "you rolled no loading symbols"
    me = state.current_player
    assert me is not None
    on_port = loading.on_central_port(state, state.players[me])
    if kind == LOAD and on_port:
        return "you may not load on the Central Port location once the Central Port card is out"
    if kind == UNLOAD and not state.board.central_port_open:
        return "unloading in Central Port needs the Central Port card on the board"
    if kind == UNLOAD and not on_port:
        return "unloading happens only with your meeple on the Central Port location"
    other = UNLOAD if kind == LOAD else LOAD
    if rules.load_and_unload == "either" and turn.used & other:
        return (
            f"your loading symbols were spent when you {_DONE[other]} this turn "
            "(rule option load_and_unload=either)"
        )
    return None


RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Port Gdańsk",
    state_type=State,
    action_types=ACTION_TYPES,
    legal=legal,
    perform=perform,
    explain=explain,
    outcome=outcome,
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply
