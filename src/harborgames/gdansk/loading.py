"""Loading and unloading (rulebook "Dice actions: loading", "Central Port"): cube by cube,
each cube spending loading symbols equal to its weight; a full cargo space may return a cube
to make room; unloading in the Central Port scores each cube."""

from __future__ import annotations

from .actions import Action, Discard, Load, Unload
from .data import GOOD_INDEX, GOODS, Components
from .state import (
    DURING_DICE,
    LOAD,
    UNLOAD,
    Player,
    State,
    Turn,
    with_count,
    with_cube_moved,
    with_hold,
    with_player,
    with_progress,
)

LOADS = tuple(Load(g) for g in GOODS)
DISCARDS = tuple(Discard(g) for g in GOODS)
UNLOADS = tuple(Unload(g) for g in GOODS)
_GOOD_RANGE = range(len(GOODS))


def add_loads(out: list[Action], weight: tuple[int, ...], supply: tuple[int, ...], left: int) -> None:
    for g in _GOOD_RANGE:
        if weight[g] <= left and supply[g]:
            out.append(LOADS[g])


def add_loading(
    out: list[Action], c: Components, hold: tuple[int, ...], supply: tuple[int, ...], left: int
) -> None:
    """A cube to load, or, with a full cargo space, a cube to return that makes room for one."""
    if sum(hold) < c.cargo_capacity:
        add_loads(out, c.weight, supply, left)
        return
    weight = c.weight
    # Cubes go back only to make room: returning one must let some cube be loaded (itself
    # again, or another from the unloading zone).
    loadable = any(weight[g] <= left and supply[g] for g in _GOOD_RANGE)
    for g in _GOOD_RANGE:
        if hold[g] and (loadable or weight[g] <= left):
            out.append(DISCARDS[g])


def add_unloads(out: list[Action], weight: tuple[int, ...], hold: tuple[int, ...], left: int) -> None:
    for g in _GOOD_RANGE:
        if hold[g] and weight[g] <= left:
            out.append(UNLOADS[g])


def on_central_port(state: State, player: Player) -> bool:
    """Loading is barred and unloading possible here: the meeple on the opened Central Port."""
    return player.location == state.rules.components.central_port and state.board.central_port_open


def _cube_turn(turn: Turn, kind: int, left: int, must_load: bool = False) -> Turn:
    return with_progress(turn, turn.used | kind, kind, left, must_load, DURING_DICE)


def _symbols_left(turn: Turn, kind: int) -> int:
    """Loading symbols left for the cube-by-cube action ``kind``: the first cube starts it."""
    return turn.left if turn.active == kind else turn.load


def _move_cube(state: State, g: int, step: int, turn: Turn, vp: int = 0) -> State:
    """One cube of good ``g`` between the unloading zone and the cargo space (+1 loads it,
    -1 returns it), scoring ``vp``: loading, returning to make room, and unloading alike."""
    me = state.current_player
    assert me is not None
    p = state.players[me]
    mover = with_hold(p, p.score + vp, with_count(p.hold, g, step))
    return with_cube_moved(
        state, with_player(state.players, me, mover), turn, with_count(state.supply, g, -step)
    )


def load(state: State, action: Load) -> State:
    g = GOOD_INDEX[action.good]
    turn = state.turn
    left = _symbols_left(turn, LOAD) - state.rules.components.weight[g]
    return _move_cube(state, g, 1, _cube_turn(turn, LOAD, left))


def discard(state: State, action: Discard) -> State:
    turn = state.turn
    return _move_cube(
        state, GOOD_INDEX[action.good], -1, _cube_turn(turn, LOAD, _symbols_left(turn, LOAD), True)
    )


def unload(state: State, action: Unload) -> State:
    g = GOOD_INDEX[action.good]
    c = state.rules.components
    turn = state.turn
    left = _symbols_left(turn, UNLOAD) - c.weight[g]
    return _move_cube(state, g, -1, _cube_turn(turn, UNLOAD, left), c.unload_vp[g])


# -- why not (the shared dice-action reasons are in turn.py) ---------------------------------
def _good(name: str) -> str | None:
    if name not in GOOD_INDEX:
        return f"{name!r} is not a good; the goods are {', '.join(GOODS)}"
    return None


def _too_heavy(state: State, good: str, kind: int, verb: str) -> str | None:
    """The cube weighs more than the loading symbols left for this action."""
    weight = state.rules.components.weight[GOOD_INDEX[good]]
    left = _symbols_left(state.turn, kind)
    if weight > left:
        return f"{verb} {good} needs {weight} loading symbol(s): you have {left} left"
    return None


def why_not_load(state: State, action: Load) -> str:
    bad = _good(action.good) or _too_heavy(state, action.good, LOAD, "loading")
    if bad:
        return bad
    c = state.rules.components
    g = GOOD_INDEX[action.good]
    if not state.supply[g]:
        return f"no {action.good} cubes are left in the unloading zone (the cubes are limited)"
    return f"your cargo space is full ({c.cargo_capacity} cubes): return a cube to make room first"


def why_not_discard(state: State, action: Discard) -> str:
    bad = _good(action.good)
    if bad:
        return bad
    me = state.current_player
    assert me is not None
    c = state.rules.components
    hold = state.players[me].hold
    if sum(hold) < c.cargo_capacity:
        return "cubes go back only to make room, and your cargo space is not full"
    if not hold[GOOD_INDEX[action.good]]:
        return f"you have no {action.good} in your cargo space"
    left = _symbols_left(state.turn, LOAD)
    return (
        f"returning {action.good} would make room for nothing: no cube you could load weighs {left} or less"
    )


def why_not_unload(state: State, action: Unload) -> str:
    bad = _good(action.good) or _too_heavy(state, action.good, UNLOAD, "unloading")
    if bad:
        return bad
    return f"you have no {action.good} in your cargo space"
