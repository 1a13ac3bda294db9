"""The flow of play: setup, the dice, the dice actions, the additional actions, the game end.

``legal_actions`` and ``apply`` read top to bottom like the rulebook's "A player's turn". Both are
hot paths for bots (millions of playouts), so they work on plain ints and tuples, take prebuilt
action objects from tables, and build successor states positionally instead of ``attrs.evolve``.
Each ``_apply_*`` checks its rule before building anything, so a refused action changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from ..core.errors import IllegalActionError
from ..core.rng import Rng
from .actions import (
    END,
    KEEP,
    RECRUIT,
    ROLL,
    Cruise,
    Discard,
    EndTurn,
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
from .data import (
    CRUISE_INDEX,
    CRUISE_SIZES,
    CRUISE_WORKERS,
    GOOD_INDEX,
    GOODS,
    LOADING,
    MAX_PLAYERS,
    MOVEMENT,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    SECTOR_INDEX,
    SECTORS,
    TWO_PLAYER_TOKENS_REMOVED,
    Components,
    Rules,
    load_components,
    standin_components,
)
from .info import INFO
from .state import (
    ACTIONS,
    AFTER_DICE,
    CHOOSE_SECTOR,
    CRUISE,
    DURING_DICE,
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
    Board,
    Player,
    State,
    Turn,
)
from .state import (
    RECRUIT as RECRUIT_BIT,
)
from .state import ROLL as ROLL_PHASE

# Prebuilt actions: legal_actions hands these out instead of constructing new objects.
LOADS = tuple(Load(g) for g in GOODS)
DISCARDS = tuple(Discard(g) for g in GOODS)
UNLOADS = tuple(Unload(g) for g in GOODS)
EXECUTES = tuple(Execute(q + 1) for q in range(NUM_QUAYS))
HR_SWAPS = tuple(HrSwap(q + 1) for q in range(NUM_QUAYS))
HR_PLACES = tuple(HrPlace(q + 1) for q in range(NUM_QUAYS))
HR_WITH = tuple(tuple(HrSwapWith(p, q + 1) for q in range(NUM_QUAYS)) for p in range(MAX_PLAYERS))
CRUISES = tuple(Cruise(size) for size in CRUISE_SIZES)
REMOVES = tuple(RemoveSector(sector) for sector in SECTORS)
_NUM_GOODS = len(GOODS)
_GOOD_RANGE = range(_NUM_GOODS)

_PHASE_WORDS = {
    CHOOSE_SECTOR: "choosing the colour that sits out (remove <colour>)",
    PLACE_MEEPLE: "placing a meeple (start <location>)",
    ROLL_PHASE: "rolling the dice (roll)",
    REROLL: "rerolling or keeping the dice (reroll <faces> / keep)",
    ACTIONS: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    SWAP_WITH: "choosing the marker to swap with (with P<seat> <quay>)",
    OVER: "nothing: the game is over",
}
_DONE = {
    LOAD: "loaded",
    UNLOAD: "unloaded",
    MOVE: "moved",
    RECRUIT_BIT: "recruited",
    EXECUTE: "executed an order",
    HR: "used your HR panel",
    CRUISE: "served a cruise ship",
}


# -- setup ---------------------------------------------------------------------------------------


def new_game(
    num_players: int = 2,
    *,
    seed: int = 0,
    variant: str = "standard",
    options: Mapping[str, str] | None = None,
    components: str | os.PathLike[str] | Components | None = None,
) -> State:
    """Setup steps 1-6 of the rulebook; steps 6-8 (meeples, first cards) follow as decisions.

    Draws from the seed, in this order: the Order-token stack shuffled, the Port deck shuffled,
    the three Cruise Ship piles shuffled (small, medium, large), the first player, and with two
    players the colour that sits out (unless the first player chooses it).
    """
    chosen = INFO.check_new_game(num_players, variant, options)
    if components is None:
        comp = standin_components()
    elif isinstance(components, Components):
        comp = components
    else:
        comp = load_components(components)
    rules = Rules(comp, **chosen)

    rng = Rng.from_seed(seed)
    stack, rng = rng.shuffled(range(NUM_TOKENS))
    deck, rng = rng.shuffled(range(NUM_QUAYS))
    piles = []
    for values in comp.cruise_vp:
        pile, rng = rng.shuffled(values)
        piles.append(pile)
    first, rng = rng.below(num_players)
    boxed: tuple[int, ...] = ()
    removed = -1
    phase = PLACE_MEEPLE
    if num_players == 2:
        boxed, stack = stack[:TWO_PLAYER_TOKENS_REMOVED], stack[TWO_PLAYER_TOKENS_REMOVED:]
        if rules.two_player_removed_sector == "random":
            pick, rng = rng.below(len(comp.removable_sectors))
            removed = comp.removable_sectors[pick]
            deck = tuple(q for q in deck if comp.quay_sector[q] != removed)
        else:
            phase = CHOOSE_SECTOR
    empty = (0,) * _NUM_GOODS
    player = Player(0, -1, empty, 0, comp.influence_markers, 0, empty, (), (), ())
    board = Board((-1,) * NUM_QUAYS, deck, False, stack, boxed, removed, tuple(piles))
    return State(
        first,
        num_players,
        rng,
        rules,
        phase,
        (player,) * num_players,
        NO_TURN,
        comp.supply,
        board,
        first,
        0,
        False,
    )


def _reveal(board: Board, count: int) -> Board:
    """Reveal Port cards, an Order token on each named quay; the Central Port card when exposed.

    Ruling: the Central Port card comes out the moment no Port card lies above it (3-4 players:
    it is the second card of the ninth order; 2 players: it is exposed by the last Port card).
    """
    deck = board.deck
    stack = board.token_stack
    tokens = list(board.tokens)
    for _ in range(count):
        if not deck:
            break
        card, deck = deck[0], deck[1:]
        if stack:
            tokens[card], stack = stack[0], stack[1:]
    return Board(
        tuple(tokens),
        deck,
        board.central_port_open or not deck,
        stack,
        board.boxed_tokens,
        board.removed_sector,
        board.cruise_piles,
    )


# -- legal actions -----------------------------------------------------------------------------


def is_terminal(state: State) -> bool:
    """The game is over (final scoring is in ``scores``)."""
    return state.current_player is None


def legal_actions(state: State) -> list[Any]:
    """Every decision the current player may take, in a fixed order; empty once the game is over."""
    phase = state.phase
    if phase == ACTIONS:
        return _action_choices(state)
    if phase == REROLL:
        return [*_dice_table(state.rules.components, state.turn.dice)[1], KEEP]
    if phase == ROLL_PHASE:
        return [ROLL]
    if phase == SWAP_WITH:
        return _swap_targets(state, state.turn.swap_from)
    if phase == PLACE_MEEPLE:
        return list(_meeple_choices(state.rules))
    if phase == CHOOSE_SECTOR:
        return [REMOVES[s] for s in state.rules.components.removable_sectors]
    return []


def _action_choices(s: State) -> list[Any]:
    t = s.turn
    me = s.current_player
    assert me is not None
    p = s.players[me]
    rules = s.rules
    c = rules.components
    out: list[Any] = []
    if t.must_load:
        _add_loads(out, c.weight, s.supply, t.left)
        return out
    used = t.used
    if t.active == LOAD:
        _add_loading(out, c, p.hold, s.supply, t.left)
    elif t.active == UNLOAD:
        _add_unloads(out, c.weight, p.hold, t.left)
    if t.stage != AFTER_DICE or rules.additional_actions == "any_time":
        if t.load:
            on_port = p.location == c.central_port and s.board.central_port_open
            once = rules.load_and_unload == "either"
            if not used & LOAD and not on_port and not (once and used & UNLOAD):
                _add_loading(out, c, p.hold, s.supply, t.load)
            if not used & UNLOAD and on_port and not (once and used & LOAD):
                _add_unloads(out, c.weight, p.hold, t.load)
        if t.move and not used & MOVE:
            out.extend(c.reach[p.location][t.move])
        if t.recruit and not used & RECRUIT_BIT:
            out.append(RECRUIT)
    workers = p.workers
    if workers:
        if not used & EXECUTE and p.stock:
            tokens = s.board.tokens
            for q in c.location_quays[p.location]:
                token = tokens[q]
                if token >= 0 and workers >= c.quay_workers[q] and _has_goods(p, c.token_requires[token]):
                    out.append(EXECUTES[q])
        if not used & HR:
            if workers >= c.hr_swap_cost:
                for q in _swap_sources(s.players, me):
                    out.append(HR_SWAPS[q])
            if workers >= c.hr_place_cost and p.stock:
                for q in _place_targets(s, me):
                    out.append(HR_PLACES[q])
        if not used & CRUISE:
            piles = s.board.cruise_piles
            for size in range(len(CRUISE_WORKERS)):
                if workers >= CRUISE_WORKERS[size] and piles[size]:
                    out.append(CRUISES[size])
    out.append(END)
    return out


def _add_loads(out: list[Any], weight: tuple[int, ...], supply: tuple[int, ...], left: int) -> None:
    for g in _GOOD_RANGE:
        if weight[g] <= left and supply[g]:
            out.append(LOADS[g])


def _add_loading(
    out: list[Any], c: Components, hold: tuple[int, ...], supply: tuple[int, ...], left: int
) -> None:
    """A cube to load, or, with a full cargo space, a cube to return that makes room for one."""
    if sum(hold) < c.cargo_capacity:
        _add_loads(out, c.weight, supply, left)
        return
    weight = c.weight
    for g in _GOOD_RANGE:
        if hold[g] and _room_helps(weight, supply, left, g):
            out.append(DISCARDS[g])


def _room_helps(weight: tuple[int, ...], supply: tuple[int, ...], left: int, returned: int) -> bool:
    """Returning this cube lets some cube be loaded (the only reason the rules allow returning)."""
    if weight[returned] <= left:
        return True
    return any(weight[g] <= left and supply[g] for g in _GOOD_RANGE)


def _add_unloads(out: list[Any], weight: tuple[int, ...], hold: tuple[int, ...], left: int) -> None:
    for g in _GOOD_RANGE:
        if hold[g] and weight[g] <= left:
            out.append(UNLOADS[g])


def _has_goods(p: Player, requires: tuple[int, ...]) -> bool:
    hold = p.hold
    bonus = p.bonus
    return all(requires[g] <= hold[g] + bonus[g] for g in _GOOD_RANGE)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _swap_sources(players: tuple[Player, ...], me: int) -> list[int]:
    """Quays with my marker that some other player's marker could trade places with.

    Ruling: a swap may never leave two markers of one player on one quay (the one-marker-per-quay
    rule holds for swaps too), and a swap between markers on the same quay is no swap.
    """
    mine = players[me].markers
    if not mine:
        return []
    others = [o.markers for i, o in enumerate(players) if i != me and o.markers & ~mine]
    if not others:
        return []
    out = []
    for q in _bits(mine):
        bit = 1 << q
        for theirs in others:
            if not theirs & bit:
                out.append(q)
                break
    return out


def _swap_targets(s: State, source: int) -> list[Any]:
    me = s.current_player
    assert me is not None
    mine = s.players[me].markers
    bit = 1 << source
    out: list[Any] = []
    for seat, other in enumerate(s.players):
        if seat != me and not other.markers & bit:
            row = HR_WITH[seat]
            for q in _bits(other.markers & ~mine):
                out.append(row[q])
    return out


def _place_targets(s: State, me: int) -> list[int]:
    """Quays holding another player's marker, none of mine, and no Order token."""
    players = s.players
    mine = players[me].markers
    union = 0
    for seat, other in enumerate(players):
        if seat != me:
            union |= other.markers
    tokens = s.board.tokens
    return [q for q in _bits(union & ~mine) if tokens[q] < 0]


def _meeple_choices(rules: Rules) -> tuple[PlaceMeeple, ...]:
    c = rules.components
    key = ("meeples", rules.meeple_start)
    choices = c.memo.get(key)
    if choices is None:
        choices = tuple(
            PlaceMeeple(name)
            for i, name in enumerate(c.location_ids)
            if rules.meeple_start == "any_location" or i != c.central_port
        )
        c.memo[key] = choices
    return choices


def _dice_table(
    c: Components, dice: tuple[int, ...]
) -> tuple[tuple[int, int, int], list[Reroll], dict[Reroll, tuple[int, ...]]]:
    """Per sorted dice tuple: the symbols rolled, the reroll choices, and the dice each keeps."""
    entry = c.memo.get(dice)
    if entry is None:
        symbols = [0, 0, 0]
        for face in dice:
            symbols[c.face_kind[face]] += c.face_value[face]
        subsets = sorted(
            {sub for k in range(1, len(dice) + 1) for sub in combinations(dice, k)},
            key=lambda sub: (len(sub), sub),
        )
        rerolls: list[Reroll] = []
        kept: dict[Reroll, tuple[int, ...]] = {}
        for sub in subsets:
            action = Reroll(tuple(c.face_codes[f] for f in sub))
            rest = list(dice)
            for f in sub:
                rest.remove(f)
            rerolls.append(action)
            kept[action] = tuple(rest)
        entry = ((symbols[LOADING], symbols[MOVEMENT], symbols[2]), rerolls, kept)
        c.memo[dice] = entry
    return entry


# -- apply -----------------------------------------------------------------------------------


def apply(state: State, action: Any) -> State:
    """The state after ``action``; ``IllegalActionError`` naming the rule if it is not legal."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalActionError(f"{action!r} is not a Port Gdańsk action")
    return handler(state, action)


def _refuse(message: str) -> IllegalActionError:
    return IllegalActionError(message)


def _expect(state: State, phase: str, action: Any) -> None:
    if state.phase != phase:
        raise _refuse(
            f"{action} is not possible now: the current decision is "
            f"{_PHASE_WORDS.get(state.phase, state.phase)}"
        )


def _good(name: Any) -> int:
    g = GOOD_INDEX.get(name) if isinstance(name, str) else None
    if g is None:
        raise _refuse(f"{name!r} is not a good; the goods are {', '.join(GOODS)}")
    return g


def _quay(number: Any) -> int:
    if type(number) is not int or not 1 <= number <= NUM_QUAYS:
        raise _refuse(f"{number!r} is not a quay number (1-{NUM_QUAYS})")
    return number - 1


def _seat(s: State) -> tuple[int, Player, Turn, Components]:
    me = s.current_player
    assert me is not None
    return me, s.players[me], s.turn, s.rules.components


def _with_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    return (*players[:seat], player, *players[seat + 1 :])


def _next(
    s: State,
    players: tuple[Player, ...],
    turn: Turn,
    supply: tuple[int, ...] | None = None,
    board: Board | None = None,
    phase: str = ACTIONS,
) -> State:
    return State(
        s.current_player,
        s.num_players,
        s.rng,
        s.rules,
        phase,
        players,
        turn,
        s.supply if supply is None else supply,
        s.board if board is None else board,
        s.first_player,
        s.round,
        s.end_triggered,
    )


# -- setup decisions


def _apply_remove_sector(s: State, a: RemoveSector) -> State:
    _expect(s, CHOOSE_SECTOR, a)
    c = s.rules.components
    sector = SECTOR_INDEX.get(a.sector) if isinstance(a.sector, str) else None
    if sector is None or sector not in c.removable_sectors:
        names = ", ".join(SECTORS[x] for x in c.removable_sectors)
        raise _refuse(f"two players remove one colour other than green: {names}, not {a.sector!r}")
    b = s.board
    deck = tuple(q for q in b.deck if c.quay_sector[q] != sector)
    board = Board(b.tokens, deck, b.central_port_open, b.token_stack, b.boxed_tokens, sector, b.cruise_piles)
    return _next(s, s.players, s.turn, board=board, phase=PLACE_MEEPLE)


def _apply_place_meeple(s: State, a: PlaceMeeple) -> State:
    _expect(s, PLACE_MEEPLE, a)
    me, p, t, c = _seat(s)
    where = c.location_index.get(a.location) if isinstance(a.location, str) else None
    if where is None:
        raise _refuse(f"{a.location!r} is not a location; locations: {', '.join(c.location_ids)}")
    if where == c.central_port and s.rules.meeple_start == "quays_only":
        raise _refuse(
            "meeples start on a Port location, not the Central Port (rule option meeple_start=quays_only)"
        )
    player = Player(
        p.score, where, p.hold, p.workers, p.stock, p.markers, p.bonus, p.tokens, p.cards, p.cruise
    )
    players = _with_player(s.players, me, player)
    nxt = (me + 1) % s.num_players
    if nxt != s.first_player:
        return State(
            nxt,
            s.num_players,
            s.rng,
            s.rules,
            PLACE_MEEPLE,
            players,
            t,
            s.supply,
            s.board,
            s.first_player,
            s.round,
            s.end_triggered,
        )
    board = _reveal(s.board, c.initial_cards)
    return State(
        nxt,
        s.num_players,
        s.rng,
        s.rules,
        ROLL_PHASE,
        players,
        NO_TURN,
        s.supply,
        board,
        s.first_player,
        1,
        s.end_triggered,
    )


# -- the dice


def _roll(rng: Rng, count: int, c: Components) -> tuple[list[int], Rng]:
    """``count`` dice from one draw: the base-6 digits of ``below(6**count)``, lowest first."""
    value, rng = rng.below(6**count)
    sides = c.die_sides
    faces = []
    for _ in range(count):
        faces.append(sides[value % 6])
        value //= 6
    return faces, rng


def _after_roll(s: State, dice: tuple[int, ...], rolls: int, rng: Rng) -> State:
    c = s.rules.components
    if rolls < 3:
        turn = Turn(dice, rolls, 0, 0, 0, 0, 0, 0, False, 0, -1)
        phase = REROLL
    else:
        turn = _dice_done(c, dice, rolls)
        phase = ACTIONS
    return State(
        s.current_player,
        s.num_players,
        rng,
        s.rules,
        phase,
        s.players,
        turn,
        s.supply,
        s.board,
        s.first_player,
        s.round,
        s.end_triggered,
    )


def dice_symbols(c: Components, dice: tuple[int, ...]) -> tuple[int, int, int]:
    """Loading, movement and recruitment symbols showing on these dice."""
    return _dice_table(c, dice)[0]


def _dice_done(c: Components, dice: tuple[int, ...], rolls: int) -> Turn:
    load, move, recruit = _dice_table(c, dice)[0]
    return Turn(dice, rolls, load, move, recruit, 0, 0, 0, False, 0, -1)


def _apply_roll(s: State, a: Roll) -> State:
    _expect(s, ROLL_PHASE, a)
    c = s.rules.components
    faces, rng = _roll(s.rng, c.dice_count, c)
    return _after_roll(s, tuple(sorted(faces)), 1, rng)


def _apply_reroll(s: State, a: Reroll) -> State:
    _expect(s, REROLL, a)
    c = s.rules.components
    table = _dice_table(c, s.turn.dice)
    try:
        kept = table[2].get(a)
    except TypeError:  # unhashable junk in the faces
        kept = None
    if kept is None:
        dice = " ".join(c.face_codes[f] for f in s.turn.dice)
        raise _refuse(
            f"{a} does not name dice you can reroll: the dice show {dice} "
            "(name the faces to reroll in order, e.g. 'reroll L1 M2')"
        )
    faces, rng = _roll(s.rng, len(a.faces), c)
    return _after_roll(s, tuple(sorted((*kept, *faces))), s.turn.rolls + 1, rng)


def _apply_keep(s: State, a: Keep) -> State:
    _expect(s, REROLL, a)
    return _next(s, s.players, _dice_done(s.rules.components, s.turn.dice, s.turn.rolls))


# -- dice actions


def _no_pending_load(t: Turn, a: Any) -> None:
    if t.must_load:
        raise _refuse(f"{a} must wait: you returned a cube to make room, so load a cube first")


def _check_dice_action(s: State, t: Turn, p: Player, kind: int, a: Any) -> None:
    """The rules every dice action shares: once per turn, all before or all after, symbols."""
    _no_pending_load(t, a)
    if t.used & kind:
        raise _refuse(f"you have already {_DONE[kind]} this turn: each action at most once a turn")
    rules = s.rules
    if t.stage == AFTER_DICE and rules.additional_actions == "around_dice":
        raise _refuse(
            f"{a} is too late: additional actions come before and/or after all the "
            "dice actions, and you took one after a dice action"
        )
    c = rules.components
    if kind & (LOAD | UNLOAD):
        if not t.load:
            raise _refuse("you rolled no loading symbols")
        on_port = p.location == c.central_port and s.board.central_port_open
        if kind == LOAD and on_port:
            raise _refuse("you may not load on the Central Port location once the Central Port card is out")
        if kind == UNLOAD and not s.board.central_port_open:
            raise _refuse("unloading in Central Port needs the Central Port card on the board")
        if kind == UNLOAD and not on_port:
            raise _refuse("unloading happens only with your meeple on the Central Port location")
        other = UNLOAD if kind == LOAD else LOAD
        if rules.load_and_unload == "either" and t.used & other:
            raise _refuse(
                f"your loading symbols were spent when you {_DONE[other]} this turn "
                "(rule option load_and_unload=either)"
            )
    elif kind == MOVE and not t.move:
        raise _refuse("you rolled no movement symbols")
    elif kind == RECRUIT_BIT and not t.recruit:
        raise _refuse("you rolled no recruitment symbols")


def _move_cube(s: State, me: int, p: Player, g: int, step: int, turn: Turn, vp: int = 0) -> State:
    """One cube of good ``g`` between the unloading zone and ``me``'s cargo space (+1 loads it,
    -1 returns it), scoring ``vp``: loading, returning to make room, and unloading alike."""
    hold, supply = p.hold, s.supply
    player = Player(
        p.score + vp,
        p.location,
        (*hold[:g], hold[g] + step, *hold[g + 1 :]),
        p.workers,
        p.stock,
        p.markers,
        p.bonus,
        p.tokens,
        p.cards,
        p.cruise,
    )
    supply = (*supply[:g], supply[g] - step, *supply[g + 1 :])
    return _next(s, _with_player(s.players, me, player), turn, supply)


def _dice_turn(t: Turn, kind: int, active: int, left: int, must_load: bool = False) -> Turn:
    return Turn(
        t.dice, t.rolls, t.load, t.move, t.recruit, t.used | kind, active, left, must_load, DURING_DICE, -1
    )


def _loading_left(s: State, t: Turn, p: Player, kind: int, a: Any) -> int:
    """Loading symbols still to spend on the cube-by-cube action ``kind`` (LOAD or UNLOAD).

    The first cube starts the action (checked like any dice action); later cubes continue it.
    """
    if t.active == kind:
        return t.left
    _check_dice_action(s, t, p, kind, a)
    return t.load


def _apply_load(s: State, a: Load) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    g = _good(a.good)
    left = _loading_left(s, t, p, LOAD, a)
    weight = c.weight[g]
    if weight > left:
        raise _refuse(f"loading {a.good} needs {weight} loading symbol(s): you have {left} left")
    if not s.supply[g]:
        raise _refuse(f"no {a.good} cubes are left in the unloading zone (the cubes are limited)")
    hold = p.hold
    if sum(hold) >= c.cargo_capacity:
        raise _refuse(
            f"your cargo space is full ({c.cargo_capacity} cubes): return a cube to make room first"
        )
    return _move_cube(s, me, p, g, 1, _dice_turn(t, LOAD, LOAD, left - weight))


def _apply_discard(s: State, a: Discard) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    g = _good(a.good)
    if t.must_load:
        raise _refuse("you have just returned a cube: load one before returning another")
    left = _loading_left(s, t, p, LOAD, a)
    hold = p.hold
    if sum(hold) < c.cargo_capacity:
        raise _refuse("cubes go back only to make room, and your cargo space is not full")
    if not hold[g]:
        raise _refuse(f"you have no {a.good} in your cargo space")
    if not _room_helps(c.weight, s.supply, left, g):
        raise _refuse(
            f"returning {a.good} would make room for nothing: no cube you could load weighs {left} or less"
        )
    return _move_cube(s, me, p, g, -1, _dice_turn(t, LOAD, LOAD, left, True))


def _apply_unload(s: State, a: Unload) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    g = _good(a.good)
    left = _loading_left(s, t, p, UNLOAD, a)
    weight = c.weight[g]
    if weight > left:
        raise _refuse(f"unloading {a.good} needs {weight} loading symbol(s): you have {left} left")
    hold = p.hold
    if not hold[g]:
        raise _refuse(f"you have no {a.good} in your cargo space")
    return _move_cube(s, me, p, g, -1, _dice_turn(t, UNLOAD, UNLOAD, left - weight), c.unload_vp[g])


def _apply_move(s: State, a: Move) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    _check_dice_action(s, t, p, MOVE, a)
    there = c.location_index.get(a.location) if isinstance(a.location, str) else None
    if there is None:
        raise _refuse(f"{a.location!r} is not a location; locations: {', '.join(c.location_ids)}")
    here = c.location_ids[p.location]
    moves = c.distance[p.location][there]
    if moves == 0:
        raise _refuse(f"your meeple is already on {here}")
    if moves > t.move:
        raise _refuse(
            f"moving from {here} to {a.location} takes {moves} movement arrows: you rolled {t.move}"
        )
    player = Player(
        p.score, there, p.hold, p.workers, p.stock, p.markers, p.bonus, p.tokens, p.cards, p.cruise
    )
    return _next(s, _with_player(s.players, me, player), _dice_turn(t, MOVE, 0, 0))


def _apply_recruit(s: State, a: Recruit) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, _ = _seat(s)
    _check_dice_action(s, t, p, RECRUIT_BIT, a)
    player = Player(
        p.score,
        p.location,
        p.hold,
        p.workers + t.recruit,
        p.stock,
        p.markers,
        p.bonus,
        p.tokens,
        p.cards,
        p.cruise,
    )
    return _next(s, _with_player(s.players, me, player), _dice_turn(t, RECRUIT_BIT, 0, 0))


# -- additional actions


def _check_additional(t: Turn, kind: int, a: Any) -> None:
    _no_pending_load(t, a)
    if t.used & kind:
        raise _refuse(f"you have already {_DONE[kind]} this turn: at most once per turn")


def _additional_turn(t: Turn, kind: int) -> Turn:
    """An additional action ends any cube-by-cube action; after dice actions it closes them."""
    stage = AFTER_DICE if t.stage == DURING_DICE else t.stage
    return Turn(t.dice, t.rolls, t.load, t.move, t.recruit, t.used | kind, 0, 0, False, stage, -1)


def _apply_execute(s: State, a: Execute) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    _check_additional(t, EXECUTE, a)
    q = _quay(a.quay)
    b = s.board
    token = b.tokens[q]
    name = f"quay {a.quay} ({c.quay_name[q]})"
    if token < 0:
        raise _refuse(f"there is no Order token on {name}")
    if c.quay_location[q] != p.location:
        raise _refuse(f"your meeple must be on the location of {name} to execute its order")
    requires = c.token_requires[token]
    hold = list(p.hold)
    missing = []
    for g in _GOOD_RANGE:
        need = requires[g] - p.bonus[g]
        if need > 0:
            if hold[g] < need:
                missing.append(f"{need} {GOODS[g]} (you have {hold[g]})")
            hold[g] -= need
    if missing:
        raise _refuse(f"the order on {name} needs, after your bonuses, " + ", ".join(missing))
    cost = c.quay_workers[q]
    if p.workers < cost:
        raise _refuse(f"executing an order needs {cost} worker(s): you have {p.workers}")
    if not p.stock:
        raise _refuse("you have no Influence marker left to place on the quay")

    paid = tuple(old - new for old, new in zip(p.hold, hold, strict=True))
    supply = tuple(x + y for x, y in zip(s.supply, paid, strict=True))
    bonus = p.bonus
    good = c.token_bonus[token]
    if good >= 0:
        bonus = (*bonus[:good], bonus[good] + 1, *bonus[good + 1 :])
    mover = Player(
        p.score + c.token_vp[token],
        p.location,
        tuple(hold),
        p.workers - cost,
        p.stock - 1,
        p.markers | (1 << q),
        bonus,
        (*p.tokens, token),
        (*p.cards, q),
        p.cruise,
    )
    # Every other player scores for their markers already in the sector.
    sector = c.sector_mask[c.quay_sector[q]]
    players = []
    for seat, other in enumerate(s.players):
        if seat == me:
            players.append(mover)
            continue
        count = (other.markers & sector).bit_count()
        if count:
            other = Player(
                other.score + c.sector_vp_per_marker * count,
                other.location,
                other.hold,
                other.workers,
                other.stock,
                other.markers,
                other.bonus,
                other.tokens,
                other.cards,
                other.cruise,
            )
        players.append(other)
    tokens = (*b.tokens[:q], -1, *b.tokens[q + 1 :])
    board = _reveal(
        Board(
            tokens,
            b.deck,
            b.central_port_open,
            b.token_stack,
            b.boxed_tokens,
            b.removed_sector,
            b.cruise_piles,
        ),
        c.cards_per_order,
    )
    return _next(s, tuple(players), _additional_turn(t, EXECUTE), supply, board)


def _apply_hr_swap(s: State, a: HrSwap) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    _check_additional(t, HR, a)
    q = _quay(a.quay)
    if p.workers < c.hr_swap_cost:
        raise _refuse(f"an HR swap needs {c.hr_swap_cost} workers: you have {p.workers}")
    if not p.markers >> q & 1:
        raise _refuse(f"you have no Influence marker on quay {a.quay}")
    if q not in _swap_sources(s.players, me):
        raise _refuse(
            f"no other player's marker can trade places with yours on quay {a.quay} "
            "(a swap may not leave two markers of one player on one quay)"
        )
    turn = Turn(t.dice, t.rolls, t.load, t.move, t.recruit, t.used, t.active, t.left, False, t.stage, q)
    return _next(s, s.players, turn, phase=SWAP_WITH)


def _apply_hr_swap_with(s: State, a: HrSwapWith) -> State:
    _expect(s, SWAP_WITH, a)
    me, p, t, c = _seat(s)
    seat = a.player
    if type(seat) is not int or not 0 <= seat < s.num_players or seat == me:
        raise _refuse(f"P{seat} is not another player's seat")
    q = _quay(a.quay)
    source = t.swap_from
    other = s.players[seat]
    if not other.markers >> q & 1:
        raise _refuse(f"P{seat} has no Influence marker on quay {a.quay}")
    if p.markers >> q & 1:
        raise _refuse(f"you already have a marker on quay {a.quay}: one marker per player per quay")
    if other.markers >> source & 1:
        raise _refuse(f"P{seat} already has a marker on quay {source + 1}: one marker per player per quay")
    trade = (1 << q) | (1 << source)
    mover = Player(
        p.score,
        p.location,
        p.hold,
        p.workers - c.hr_swap_cost,
        p.stock,
        p.markers ^ trade,
        p.bonus,
        p.tokens,
        p.cards,
        p.cruise,
    )
    them = Player(
        other.score,
        other.location,
        other.hold,
        other.workers,
        other.stock,
        other.markers ^ trade,
        other.bonus,
        other.tokens,
        other.cards,
        other.cruise,
    )
    players = _with_player(_with_player(s.players, me, mover), seat, them)
    return _next(s, players, _additional_turn(t, HR))


def _apply_hr_place(s: State, a: HrPlace) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, c = _seat(s)
    _check_additional(t, HR, a)
    q = _quay(a.quay)
    if p.workers < c.hr_place_cost:
        raise _refuse(
            f"placing a marker with the HR panel needs {c.hr_place_cost} workers: you have {p.workers}"
        )
    if not p.stock:
        raise _refuse("you have no Influence marker left in your stock")
    if s.board.tokens[q] >= 0:
        raise _refuse(f"the HR panel never places a marker on a quay with an Order token (quay {a.quay})")
    if p.markers >> q & 1:
        raise _refuse(f"you already have a marker on quay {a.quay}: one marker per player per quay")
    if not any(o.markers >> q & 1 for seat, o in enumerate(s.players) if seat != me):
        raise _refuse(
            f"the HR panel places a marker only where another player has one, and quay {a.quay} has none"
        )
    mover = Player(
        p.score,
        p.location,
        p.hold,
        p.workers - c.hr_place_cost,
        p.stock - 1,
        p.markers | (1 << q),
        p.bonus,
        p.tokens,
        p.cards,
        p.cruise,
    )
    return _next(s, _with_player(s.players, me, mover), _additional_turn(t, HR))


def _apply_cruise(s: State, a: Cruise) -> State:
    _expect(s, ACTIONS, a)
    me, p, t, _ = _seat(s)
    _check_additional(t, CRUISE, a)
    size = CRUISE_INDEX.get(a.size) if isinstance(a.size, str) else None
    if size is None:
        raise _refuse(f"{a.size!r} is not a cruise ship size: {', '.join(CRUISE_SIZES)}")
    cost = CRUISE_WORKERS[size]
    if p.workers < cost:
        raise _refuse(f"a {a.size} cruise ship needs {cost} workers: you have {p.workers}")
    b = s.board
    pile = b.cruise_piles[size]
    if not pile:
        raise _refuse(f"the {a.size} cruise ship pile is empty")
    mover = Player(
        p.score,
        p.location,
        p.hold,
        p.workers - cost,
        p.stock,
        p.markers,
        p.bonus,
        p.tokens,
        p.cards,
        (*p.cruise, (size, pile[0])),
    )
    piles = (*b.cruise_piles[:size], pile[1:], *b.cruise_piles[size + 1 :])
    board = Board(
        b.tokens, b.deck, b.central_port_open, b.token_stack, b.boxed_tokens, b.removed_sector, piles
    )
    return _next(s, _with_player(s.players, me, mover), _additional_turn(t, CRUISE), board=board)


# -- end of turn and game


def end_condition(s: State) -> bool:
    """Any of the three end triggers (the round is then played to its end)."""
    c = s.rules.components
    for p in s.players:
        if p.score >= c.end_vp or not p.stock:
            return True
    return max(s.board.tokens) < 0


def _apply_end_turn(s: State, a: EndTurn) -> State:
    _expect(s, ACTIONS, a)
    me, _, t, _ = _seat(s)
    _no_pending_load(t, a)
    triggered = s.end_triggered or end_condition(s)
    nxt = (me + 1) % s.num_players
    round_ = s.round
    if nxt == s.first_player:
        if triggered or round_ >= ROUND_LIMIT:
            return State(
                None,
                s.num_players,
                s.rng,
                s.rules,
                OVER,
                s.players,
                NO_TURN,
                s.supply,
                s.board,
                s.first_player,
                round_,
                triggered,
            )
        round_ += 1
    return State(
        nxt,
        s.num_players,
        s.rng,
        s.rules,
        ROLL_PHASE,
        s.players,
        NO_TURN,
        s.supply,
        s.board,
        s.first_player,
        round_,
        triggered,
    )


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    RemoveSector: _apply_remove_sector,
    PlaceMeeple: _apply_place_meeple,
    Roll: _apply_roll,
    Reroll: _apply_reroll,
    Keep: _apply_keep,
    Load: _apply_load,
    Discard: _apply_discard,
    Unload: _apply_unload,
    Move: _apply_move,
    Recruit: _apply_recruit,
    Execute: _apply_execute,
    HrSwap: _apply_hr_swap,
    HrSwapWith: _apply_hr_swap_with,
    HrPlace: _apply_hr_place,
    Cruise: _apply_cruise,
    EndTurn: _apply_end_turn,
}
