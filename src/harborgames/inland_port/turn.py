"""A turn, top to bottom (rulebook: "Main phase"), and the ``RULEBOOK`` that joins the rules.

A turn: sell any number of one's buildings, then one main action (build, use, or pass when
neither is possible), answering the choices the main action holds, then sell more or end.
A round is a fixed number of such turns, strictly alternating; at its end both wheels turn and
buildings reaching the forced-sale sector are sold for half their value (``round_end.py``).

Each kind of decision (``state.py``) has its rule next to the rulebook part it belongs to:

=====================  ==========================================  ==============
decision               what is decided                             rule
=====================  ==========================================  ==============
``MainAction``         sell, then build / use / pass               ``MAIN_ACTION`` here
``PayBuildCost``       which goods pay a build                     ``build.py``
``ChooseUse``          which move, or how many exchanges           ``use.py``
``PayExchangeFood``    which food pays the exchanges               ``use.py``
``SellOrEnd``          sell more, or end the turn                  ``SELL_OR_END`` here
=====================  ==========================================  ==============
"""

from __future__ import annotations

from ..core.checks import require_state
from ..core.decisions import Rule, Rulebook
from .actions import ACTION_TYPES, Action, Build, End, Move, Pass, Pay, Sell, Times, Use
from .build import PAY_BUILD_COST, build, builds, why_not_build
from .data import BUILDING_INDEX
from .decisions import ChooseUse, MainAction, PayBuildCost, PayExchangeFood, SellOrEnd
from .round_end import end_turn, main_action_done
from .sell import sell, sells, why_not_sell
from .state import State
from .use import CHOOSE_USE, PAY_EXCHANGE_FOOD, use, uses, why_not_use

__all__ = ["MAIN_ACTION", "RULEBOOK", "SELL_OR_END", "apply", "is_terminal", "legal_actions"]

PASS, END = Pass(), End()


# -- the main action -----------------------------------------------------------------------------
def _main_actions(state: State, decision: MainAction) -> tuple[Action, ...]:
    """Builds, uses, ``pass`` if neither exists (a stand-in rule, R27), then sells."""
    player = state.current_player
    assert player is not None
    actions: list[Action] = [*builds(state, player), *uses(state, player)]
    if not actions:
        actions.append(PASS)
    actions += sells(state, player)
    return tuple(actions)


def _main_action(state: State, decision: MainAction, action: Action) -> State:
    player = state.current_player
    assert player is not None
    match action:
        case Sell():
            return sell(state, player, action)  # before the main action: it is still to come
        case Build():
            return build(state, player, action)
        case Use():
            return use(state, player, action)
        case _:  # Pass
            return main_action_done(state, player)


def _why_not_main(state: State, decision: MainAction, action: Action) -> str:
    player = state.current_player
    assert player is not None
    if isinstance(action, (Build, Use, Sell)):
        b = _building(action)
        if b is None:
            return f"there is no building called {action.building!r}"
        if isinstance(action, Sell):
            return why_not_sell(state, player, b)
        if isinstance(action, Build):
            return why_not_build(state, player, b)
        return why_not_use(state, player, b)
    if isinstance(action, Pass):
        return "pass is allowed only when no building can be built or used"
    if isinstance(action, End):
        return "end: take a main action first (build, use, or pass)"
    return _nothing_waits(action)


MAIN_ACTION: Rule[State, MainAction, Action] = Rule(_main_actions, _main_action, _why_not_main)
"""``MainAction``: the turn's main action (and sales before it)."""


# -- after the main action -----------------------------------------------------------------------
def _sells_or_end(state: State, decision: SellOrEnd) -> tuple[Action, ...]:
    player = state.current_player
    assert player is not None
    return (*sells(state, player), END)


def _sell_or_end(state: State, decision: SellOrEnd, action: Action) -> State:
    player = state.current_player
    assert player is not None
    if isinstance(action, Sell):
        state = sell(state, player, action)
        if player in state.owner:
            return state
    return end_turn(state, player)  # ``end``, or the last building sold: nothing is left to do


def _why_not_after(state: State, decision: SellOrEnd, action: Action) -> str:
    player = state.current_player
    assert player is not None
    if isinstance(action, (Build, Use, Sell)):
        b = _building(action)
        if b is None:
            return f"there is no building called {action.building!r}"
        if isinstance(action, Sell):
            return why_not_sell(state, player, b)
        return f"{action}: you have taken your main action this turn (sell or end)"
    if isinstance(action, Pass):
        return "pass: you have taken your main action this turn (sell or end)"
    return _nothing_waits(action)


SELL_OR_END: Rule[State, SellOrEnd, Action] = Rule(_sells_or_end, _sell_or_end, _why_not_after)
"""``SellOrEnd``: sales after the main action, and the end of the turn."""


def _building(action: Build | Use | Sell) -> int | None:
    return BUILDING_INDEX.get(action.building)


def _nothing_waits(action: Action) -> str:
    if isinstance(action, (Move, Times, Pay)):
        return f"{action}: no building is waiting for a choice or a payment"
    return f"{action} is not legal here"


# -- the rulebook ----------------------------------------------------------------------------------
RULEBOOK: Rulebook[State, Action] = Rulebook(
    "Inland Port",
    state_type=State,
    action_types=ACTION_TYPES,
    rules={
        MainAction: MAIN_ACTION,
        PayBuildCost: PAY_BUILD_COST,
        ChooseUse: CHOOSE_USE,
        PayExchangeFood: PAY_EXCHANGE_FOOD,
        SellOrEnd: SELL_OR_END,
    },
)
legal_actions = RULEBOOK.legal_actions
apply = RULEBOOK.apply


def is_terminal(state: State) -> bool:
    require_state(state, State, "is_terminal", "Inland Port")
    return state.current_player is None


