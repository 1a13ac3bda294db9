"""Loading and unloading (rulebook "Dice actions: loading", "Central Port"): cube by cube,
each cube spending loading symbols equal to its weight; a full cargo space may return a cube
to make room; unloading in the Central Port scores each cube."""

from __future__ import annotations

from ..core.decisions import Rule
from ..core.update import update
from .actions import TURN_ACTION_TYPES, Action, Discard, Load, Unload
from .data import GOOD_INDEX, GOODS, Components
from .decisions import Decision, FillRoom, LoadCubes, UnloadCubes, not_now
from .state import LOAD, UNLOAD, Player, State, with_count, with_player

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


# The decisions while a loading or unloading is under way, by the symbols left, built once
# (three dice of at most 2 loading symbols each leave at most 6).
_LOADING = tuple(LoadCubes(left) for left in range(7))
_FILLING = tuple(FillRoom(left) for left in range(7))
_UNLOADING = tuple(UnloadCubes(left) for left in range(7))


def symbols_left(state: State, decision: Decision, kind: int) -> int:
    """Loading symbols left for the cube-by-cube action ``kind`` (LOAD or UNLOAD): the first
    cube starts it with every loading symbol rolled."""
    if kind == LOAD:
        if type(decision) is LoadCubes or type(decision) is FillRoom:
            return decision.left
    elif type(decision) is UnloadCubes:
        return decision.left
    return state.turn.load


def _move_cube(state: State, g: int, step: int, kind: int, decision: Decision, vp: int = 0) -> State:
    """One cube of good ``g`` between the unloading zone and the cargo space (+1 loads it,
    -1 returns it), scoring ``vp``: loading, returning to make room, and unloading alike; the
    action ``kind`` is used up (a cube-by-cube action is used from its first cube)."""
    me = state.current_player
    assert me is not None
    p = state.players[me]
    mover = update(p, score=p.score + vp, hold=with_count(p.hold, g, step))
    turn = state.turn
    return update(
        state,
        decision=decision,
        players=with_player(state.players, me, mover),
        turn=turn if turn.used & kind else update(turn, used=turn.used | kind),
        supply=with_count(state.supply, g, -step),
    )


def load(state: State, decision: Decision, action: Load) -> State:
    g = GOOD_INDEX[action.good]
    left = symbols_left(state, decision, LOAD) - state.rules.components.weight[g]
    return _move_cube(state, g, 1, LOAD, _LOADING[left])


def discard(state: State, decision: Decision, action: Discard) -> State:
    left = symbols_left(state, decision, LOAD)
    return _move_cube(state, GOOD_INDEX[action.good], -1, LOAD, _FILLING[left])


def unload(state: State, decision: Decision, action: Unload) -> State:
    g = GOOD_INDEX[action.good]
    c = state.rules.components
    left = symbols_left(state, decision, UNLOAD) - c.weight[g]
    return _move_cube(state, g, -1, UNLOAD, _UNLOADING[left], c.unload_vp[g])


# -- a cube returned to make room: one must be loaded now -----------------------------------
def fill_room_choices(state: State, decision: FillRoom) -> tuple[Action, ...]:
    out: list[Action] = []
    add_loads(out, state.rules.components.weight, state.supply, decision.left)
    return tuple(out)


def fill_room(state: State, decision: FillRoom, action: Action) -> State:
    assert type(action) is Load
    return load(state, decision, action)


def why_not_fill_room(state: State, decision: FillRoom, action: Action) -> str:
    if type(action) not in TURN_ACTION_TYPES:
        return not_now(action, decision)
    if type(action) is Load:
        return why_not_load(state, decision, action)
    if type(action) is Discard:
        return "you have just returned a cube: load one before returning another"
    return f"{action} must wait: you returned a cube to make room, so load a cube first"


FILL_ROOM_RULE: Rule[State, FillRoom, Action] = Rule(fill_room_choices, fill_room, why_not_fill_room)


# -- why not (the shared dice-action reasons are in turn.py) ---------------------------------
def _good(name: str) -> str | None:
    if name not in GOOD_INDEX:
        return f"{name!r} is not a good; the goods are {', '.join(GOODS)}"
    return None


def _too_heavy(state: State, decision: Decision, good: str, kind: int, verb: str) -> str | None:
    """The cube weighs more than the loading symbols left for this action."""
    weight = state.rules.components.weight[GOOD_INDEX[good]]
    left = symbols_left(state, decision, kind)
    if weight > left:
        return f"{verb} {good} needs {weight} loading symbol(s): you have {left} left"
    return None


def why_not_load(state: State, decision: Decision, action: Load) -> str:
    bad = _good(action.good) or _too_heavy(state, decision, action.good, LOAD, "loading")
    if bad:
        return bad
    c = state.rules.components
    g = GOOD_INDEX[action.good]
    if not state.supply[g]:
        return f"no {action.good} cubes are left in the unloading zone (the cubes are limited)"
    return f"your cargo space is full ({c.cargo_capacity} cubes): return a cube to make room first"


def why_not_discard(state: State, decision: Decision, action: Discard) -> str:
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
    left = symbols_left(state, decision, LOAD)
    return (
        f"returning {action.good} would make room for nothing: no cube you could load weighs {left} or less"
    )


def why_not_unload(state: State, decision: Decision, action: Unload) -> str:
    bad = _good(action.good) or _too_heavy(state, decision, action.good, UNLOAD, "unloading")
    if bad:
        return bad
    return f"you have no {action.good} in your cargo space"
