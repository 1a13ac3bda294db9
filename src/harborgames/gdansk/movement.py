"""Movement and recruitment (rulebook "Dice actions: movement, recruitment")."""

from __future__ import annotations

from ..core.update import update
from .actions import Move, Recruit
from .decisions import CHOOSE_ACTION, Decision
from .state import MOVE, RECRUIT, Player, State, with_player


def _dice_action_done(state: State, mover: Player, kind: int) -> State:
    """The action is used up, any cube-by-cube action before it is over: the next action is
    chosen freely (dice actions are under way)."""
    me = state.current_player
    assert me is not None
    turn = state.turn
    return update(
        state,
        decision=CHOOSE_ACTION,
        players=with_player(state.players, me, mover),
        turn=update(turn, used=turn.used | kind),
    )


def move(state: State, _: Decision, action: Move) -> State:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    mover = update(state.players[me], location=c.location_index[action.location])
    return _dice_action_done(state, mover, MOVE)


def why_not_move(state: State, _: Decision, action: Move) -> str:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    there = c.location_index.get(action.location)
    if there is None:
        return f"{action.location!r} is not a location; locations: {', '.join(c.location_ids)}"
    location = state.players[me].location
    here = c.location_ids[location]
    moves = c.distance[location][there]
    if moves == 0:
        return f"your meeple is already on {here}"
    return (
        f"moving from {here} to {action.location} takes {moves} movement arrows: you rolled {state.turn.move}"
    )


def recruit(state: State, _: Decision, action: Recruit) -> State:
    me = state.current_player
    assert me is not None
    p = state.players[me]
    return _dice_action_done(state, update(p, workers=p.workers + state.turn.recruit), RECRUIT)
