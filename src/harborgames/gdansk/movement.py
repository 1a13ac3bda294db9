"""Movement and recruitment (rulebook "Dice actions: movement, recruitment")."""

from __future__ import annotations

from ..core.update import update
from .actions import Move, Recruit
from .state import DURING_DICE, MOVE, RECRUIT, State, Turn, with_mover, with_player, with_progress


def _dice_action_done(turn: Turn, kind: int) -> Turn:
    """The action is used up, any cube-by-cube action before it is over."""
    return with_progress(turn, turn.used | kind, 0, 0, False, DURING_DICE)


def move(state: State, action: Move) -> State:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    mover = update(state.players[me], location=c.location_index[action.location])
    return with_mover(state, with_player(state.players, me, mover), _dice_action_done(state.turn, MOVE))


def why_not_move(state: State, action: Move) -> str:
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


def recruit(state: State, _: Recruit) -> State:
    me = state.current_player
    assert me is not None
    p = state.players[me]
    mover = update(p, workers=p.workers + state.turn.recruit)
    turn = _dice_action_done(state.turn, RECRUIT)
    return with_mover(state, with_player(state.players, me, mover), turn)
