"""The course of play, top to bottom (rulebook "Setup" steps 5-6 and "Course of play"), and
the game end.

After the deal (``setup.py``): with two players the colour that sits out (an option), and each
player's meeple in turn. Then the turns: the roll and rerolls (``dice.py``), then the dice
actions and additional actions in any allowed order, and ``end``. Each kind of decision
(``state.Decision``) has a :class:`~harborgames.core.decisions.Rule` of its options, its effect
and its reasons for refusing, written next to its rule: the setup's and the choice of actions
here, the dice's in ``dice.py``, a cube that must fill the room made in ``loading.py``, the
second half of an HR swap in ``hr_panel.py``. Each action of the choice of actions is done by
the file of its part of the rulebook (``_PERFORM``). The ``RULEBOOK`` joins them: a lone
option, such as every roll of the dice, is taken by the engine and noted in ``State.forced``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.checks import require_state
from ..core.decisions import Rule, Rulebook, next_in_turn_order
from ..core.update import update
from . import cruise_ships, dice, hr_panel, loading, movement, orders
from .actions import (
    ACTION_TYPES,
    END,
    RECRUIT,
    TURN_ACTION_TYPES,
    Action,
    Cruise,
    Discard,
    End,
    Execute,
    HrPlace,
    HrSwap,
    Load,
    Move,
    PlaceMeeple,
    Recruit,
    RemoveSector,
    Roll,
    Unload,
)
from .data import ROUND_LIMIT, SECTOR_INDEX, SECTORS, MemoTable
from .decisions import (
    CHOOSE_START,
    ROLL_DICE,
    ChooseAction,
    ChooseSector,
    ChooseStart,
    Decision,
    FillRoom,
    LoadCubes,
    RerollDice,
    RollDice,
    SwapWith,
    UnloadCubes,
    not_now,
)
from .state import CRUISE, DICE_ACTIONS, EXECUTE, HR, LOAD, MOVE, NO_TURN, UNLOAD, State
from .state import RECRUIT as RECRUIT_BIT

_DONE = {
    LOAD: "loaded",
    UNLOAD: "unloaded",
    MOVE: "moved",
    RECRUIT_BIT: "recruited",
    EXECUTE: "executed an order",
    HR: "used your HR panel",
    CRUISE: "served a cruise ship",
}


def is_terminal(state: State) -> bool:
    """The game is over (final scoring is in ``scores``)."""
    require_state(state, State, "is_terminal", "Port Gdańsk")
    return state.current_player is None


# -- two players: the colour that sits out -----------------------------------------------------
REMOVES = tuple(RemoveSector(sector) for sector in SECTORS)


def sector_choices(state: State, _: ChooseSector) -> tuple[Action, ...]:
    return tuple(REMOVES[s] for s in state.rules.components.removable_sectors)


def remove_sector(state: State, _: ChooseSector, action: Action) -> State:
    assert type(action) is RemoveSector
    c = state.rules.components
    sector = SECTOR_INDEX[action.sector]
    board = state.board
    deck = tuple(q for q in board.deck if c.quay_sector[q] != sector)
    return update(state, board=update(board, deck=deck, removed_sector=sector), decision=CHOOSE_START)


def why_not_remove_sector(state: State, decision: ChooseSector, action: Action) -> str:
    if type(action) is not RemoveSector:
        return not_now(action, decision)
    c = state.rules.components
    names = ", ".join(SECTORS[x] for x in c.removable_sectors)
    return f"two players remove one colour other than green: {names}, not {action.sector!r}"


# -- each player in turn places the meeple -----------------------------------------------------
# The meeple's places per ``Rules.meeple_start`` (the Central Port is one or not).
MEEPLE_CHOICES: MemoTable[str, tuple[PlaceMeeple, ...]] = MemoTable("meeple places per start rule")


def meeple_choices(state: State, _: ChooseStart) -> tuple[Action, ...]:
    rules = state.rules
    c = rules.components
    memo = c.memo.table(MEEPLE_CHOICES)
    choices = memo.get(rules.meeple_start)
    if choices is None:
        choices = tuple(
            PlaceMeeple(name)
            for i, name in enumerate(c.location_ids)
            if rules.meeple_start == "any_location" or i != c.central_port
        )
        memo[rules.meeple_start] = choices
    return choices


def place_meeple(state: State, _: ChooseStart, action: Action) -> State:
    assert type(action) is PlaceMeeple
    me = state.current_player
    assert me is not None
    c = state.rules.components
    mover = update(state.players[me], location=c.location_index[action.location])
    players = (*state.players[:me], mover, *state.players[me + 1 :])
    following = next_in_turn_order(me, state.first_player, state.num_players)
    if following is not None:
        return update(state, current_player=following, players=players)
    # Every meeple is out: the first Port cards and Order tokens are revealed; round 1 begins.
    return update(
        state,
        current_player=state.first_player,
        decision=ROLL_DICE,
        players=players,
        turn=NO_TURN,
        board=orders.reveal(state.board, c.initial_cards),
        round=1,
    )


def why_not_place_meeple(state: State, decision: ChooseStart, action: Action) -> str:
    if type(action) is not PlaceMeeple:
        return not_now(action, decision)
    c = state.rules.components
    where = c.location_index.get(action.location)
    if where is None:
        return f"{action.location!r} is not a location; locations: {', '.join(c.location_ids)}"
    return "meeples start on a Port location, not the Central Port (rule option meeple_start=quays_only)"


# -- the choice of actions, once rolling is over ---------------------------------------------
ActionChoice = ChooseAction | LoadCubes | UnloadCubes


def dice_actions_open(decision: ActionChoice, additional_actions: str) -> bool:
    """Dice actions may still start: not after an additional action that followed dice actions
    (rule option ``additional_actions=around_dice``: before and/or after *all* of them)."""
    return not (type(decision) is ChooseAction and decision.after_dice) or additional_actions == "any_time"


def action_choices(state: State, decision: ActionChoice) -> tuple[Action, ...]:
    """The cube-by-cube action under way, if any (its next cube), then the dice actions (each
    once), the additional actions (each once, paid with workers), then ``end``."""
    turn = state.turn
    me = state.current_player
    assert me is not None
    player = state.players[me]
    rules = state.rules
    c = rules.components
    out: list[Action] = []
    if type(decision) is LoadCubes:
        loading.add_loading(out, c, player.hold, state.supply, decision.left)
    elif type(decision) is UnloadCubes:
        loading.add_unloads(out, c.weight, player.hold, decision.left)
    used = turn.used
    if dice_actions_open(decision, rules.additional_actions):
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
            if player.workers >= c.hr_place_cost and player.markers_left:
                out.extend(hr_panel.HR_PLACES[q] for q in hr_panel.place_targets(state, me))
        if not used & CRUISE:
            cruise_ships.add_cruises(out, state, player)
    out.append(END)
    return tuple(out)


def perform_action(state: State, decision: ActionChoice, action: Action) -> State:
    """The state after ``action``, which ``action_choices`` offered (nothing is checked again)."""
    return _PERFORM[type(action)](state, decision, action)


def _end(state: State, _: Decision, action: End) -> State:
    return end_turn(state)


# Each handler takes its own action class; a dict by type is the fastest dispatch (hot path).
_PERFORM: dict[type, Callable[[State, Decision, Any], State]] = {
    Load: loading.load,
    Discard: loading.discard,
    Unload: loading.unload,
    Move: movement.move,
    Recruit: movement.recruit,
    End: _end,
    Execute: orders.execute,
    HrSwap: hr_panel.swap,
    HrPlace: hr_panel.place,
    Cruise: cruise_ships.cruise,
}


def why_not_action(state: State, decision: ActionChoice, action: Action) -> str:
    """Which rule forbids ``action`` in the choice of actions (called only when it is not legal)."""
    if type(action) not in TURN_ACTION_TYPES:
        return not_now(action, decision)
    kind = _KIND.get(type(action), 0)
    if kind & DICE_ACTIONS:
        reason = _why_not_dice_action(state, decision, action, kind)
        if reason:
            return reason
    elif kind and state.turn.used & kind:
        return f"you have already {_DONE[kind]} this turn: at most once per turn"
    match action:
        case Load():
            return loading.why_not_load(state, decision, action)
        case Discard():
            return loading.why_not_discard(state, decision, action)
        case Unload():
            return loading.why_not_unload(state, decision, action)
        case Move():
            return movement.why_not_move(state, decision, action)
        case Execute():
            return orders.why_not_execute(state, decision, action)
        case HrSwap():
            return hr_panel.why_not_swap(state, decision, action)
        case HrPlace():
            return hr_panel.why_not_place(state, decision, action)
        case Cruise():
            return cruise_ships.why_not_cruise(state, decision, action)
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


def _why_not_dice_action(state: State, decision: ActionChoice, action: Action, kind: int) -> str | None:
    """The rules every dice action shares: once per turn, all before or all after, symbols."""
    turn = state.turn
    if (kind == LOAD and type(decision) is LoadCubes) or (kind == UNLOAD and type(decision) is UnloadCubes):
        return None  # continuing a cube-by-cube action: only the cube's own reasons remain
    if turn.used & kind:
        return f"you have already {_DONE[kind]} this turn: each action at most once a turn"
    rules = state.rules
    if not dice_actions_open(decision, rules.additional_actions):
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


# -- the end of a turn, and the game end -----------------------------------------------------
def end_condition(state: State) -> bool:
    """Any of the three end triggers (the round is then played to its end)."""
    c = state.rules.components
    for p in state.players:
        if p.score >= c.end_vp or not p.markers_left:
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
            return update(
                state, current_player=None, decision=None, turn=NO_TURN, round=round_, end_triggered=triggered
            )
        round_ += 1
    return update(
        state,
        current_player=following,
        decision=ROLL_DICE,
        turn=NO_TURN,
        round=round_,
        end_triggered=triggered,
    )


def outcome(before: State, action: Action, after: State) -> str:
    """What chance made of a forced action: the dice of a roll."""
    return dice.rolled(after) if isinstance(action, Roll) and after.turn.dice else ""


_ACTION_RULE: Rule[State, ActionChoice, Action] = Rule(action_choices, perform_action, why_not_action)

RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Port Gdańsk",
    state_type=State,
    action_types=ACTION_TYPES,
    rules={
        ChooseSector: Rule(sector_choices, remove_sector, why_not_remove_sector),
        ChooseStart: Rule(meeple_choices, place_meeple, why_not_place_meeple),
        RollDice: dice.ROLL_RULE,
        RerollDice: dice.REROLL_RULE,
        ChooseAction: _ACTION_RULE,
        LoadCubes: _ACTION_RULE,
        FillRoom: loading.FILL_ROOM_RULE,
        UnloadCubes: _ACTION_RULE,
        SwapWith: hr_panel.SWAP_WITH_RULE,
    },
    outcome=outcome,
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply
