"""Cruise ships (rulebook "Additional actions: serve a cruise ship"): pay the ship's workers
and take the top card of its pile face down."""

from __future__ import annotations

from ..core.update import update
from .actions import Action, Cruise
from .data import CRUISE_INDEX, CRUISE_SIZES, CRUISE_WORKERS
from .decisions import Decision
from .state import CRUISE, Player, State, additional_done, with_player

CRUISES = tuple(Cruise(size) for size in CRUISE_SIZES)


def add_cruises(out: list[Action], state: State, player: Player) -> None:
    piles = state.board.cruise_piles
    for size, workers in enumerate(CRUISE_WORKERS):
        if player.workers >= workers and piles[size]:
            out.append(CRUISES[size])


def cruise(state: State, _: Decision, action: Cruise) -> State:
    me = state.current_player
    assert me is not None
    size = CRUISE_INDEX[action.size]
    p = state.players[me]
    board = state.board
    pile = board.cruise_piles[size]
    mover = update(p, workers=p.workers - CRUISE_WORKERS[size], cruise=(*p.cruise, (size, pile[0])))
    piles = (*board.cruise_piles[:size], pile[1:], *board.cruise_piles[size + 1 :])
    turn, decision = additional_done(state, CRUISE)
    return update(
        state,
        decision=decision,
        players=with_player(state.players, me, mover),
        board=update(board, cruise_piles=piles),
        turn=turn,
    )


def why_not_cruise(state: State, _: Decision, action: Cruise) -> str:
    me = state.current_player
    assert me is not None
    size = CRUISE_INDEX.get(action.size)
    if size is None:
        return f"{action.size!r} is not a cruise ship size: {', '.join(CRUISE_SIZES)}"
    workers = state.players[me].workers
    if workers < CRUISE_WORKERS[size]:
        return f"a {action.size} cruise ship needs {CRUISE_WORKERS[size]} workers: you have {workers}"
    return f"the {action.size} cruise ship pile is empty"
