"""The dice (rulebook "Roll the dice"): up to three rolls, rerolling any of the dice, and the
symbols they show (loading, movement, recruitment)."""

from __future__ import annotations

from itertools import combinations

from ..core.decisions import Rule
from ..core.rng import Rng
from ..core.update import update
from .actions import KEEP, ROLL, Action, Keep, Reroll
from .data import LOADING, MOVEMENT, Components, MemoTable
from .decisions import CHOOSE_ACTION, REROLL_DICE, RerollDice, RollDice, not_now
from .state import NO_TURN, State, TurnProgress

MAX_ROLLS = 3

# symbols (loading, movement, recruitment), the reroll choices then keep, the dice each reroll keeps
DiceEntry = tuple[tuple[int, int, int], tuple[Reroll | Keep, ...], dict[Reroll, tuple[int, ...]]]
DICE_ENTRIES: MemoTable[tuple[int, ...], DiceEntry] = MemoTable("per sorted dice: symbols, rerolls")
# The turn's progress per sorted dice and rolls made, once rolling is over (its symbols known)
# and between rolls: few exist, and a turn reaches one on every roll.
ROLLED_TURNS: MemoTable[tuple[tuple[int, ...], int], TurnProgress] = MemoTable("turn once rolled")
ROLLING_TURNS: MemoTable[tuple[tuple[int, ...], int], TurnProgress] = MemoTable("turn between rolls")


def dice_table(c: Components, dice: tuple[int, ...]) -> DiceEntry:
    """Per sorted dice tuple: the symbols rolled, the reroll choices, and the dice each keeps."""
    entries = c.memo.table(DICE_ENTRIES)
    entry = entries.get(dice)
    if entry is None:
        symbols = [0, 0, 0]
        for face in dice:
            symbols[c.face_kind[face]] += c.face_value[face]
        subsets = sorted(
            {sub for k in range(1, len(dice) + 1) for sub in combinations(dice, k)},
            key=lambda sub: (len(sub), sub),
        )
        kept: dict[Reroll, tuple[int, ...]] = {}
        for sub in subsets:
            rest = list(dice)
            for face in sub:
                rest.remove(face)
            kept[Reroll(tuple(c.face_codes[face] for face in sub))] = tuple(rest)
        entry = ((symbols[LOADING], symbols[MOVEMENT], symbols[2]), (*kept, KEEP), kept)
        entries[dice] = entry
    return entry


def dice_symbols(c: Components, dice: tuple[int, ...]) -> tuple[int, int, int]:
    """Loading, movement and recruitment symbols showing on these dice."""
    return dice_table(c, dice)[0]


def _roll(rng: Rng, count: int, c: Components) -> tuple[list[int], Rng]:
    """``count`` dice from one draw: the base-6 digits of ``below(6**count)``, lowest first."""
    value, rng = rng.below(6**count)
    sides = c.die_sides
    faces = []
    for _ in range(count):
        faces.append(sides[value % 6])
        value //= 6
    return faces, rng


def dice_done(c: Components, dice: tuple[int, ...], rolls: int) -> TurnProgress:
    """The turn once rolling is over: its symbols known, nothing done yet (memoised: few exist)."""
    turns = c.memo.table(ROLLED_TURNS)
    turn = turns.get((dice, rolls))
    if turn is None:
        load, move, recruit = dice_symbols(c, dice)
        turn = update(NO_TURN, dice=dice, rolls=rolls, load=load, move=move, recruit=recruit)
        turns[dice, rolls] = turn
    return turn


def rolling(c: Components, dice: tuple[int, ...], rolls: int) -> TurnProgress:
    """The turn between rolls (memoised like ``dice_done``)."""
    turns = c.memo.table(ROLLING_TURNS)
    turn = turns.get((dice, rolls))
    if turn is None:
        turn = turns[dice, rolls] = update(NO_TURN, dice=dice, rolls=rolls)
    return turn


def _after_roll(state: State, dice: tuple[int, ...], rolls: int, rng: Rng) -> State:
    c = state.rules.components
    if rolls < MAX_ROLLS:
        return update(state, rng=rng, decision=REROLL_DICE, turn=rolling(c, dice, rolls))
    return update(state, rng=rng, decision=CHOOSE_ACTION, turn=dice_done(c, dice, rolls))


# -- the roll that begins a turn ---------------------------------------------------------------
def roll_choices(state: State, _: RollDice) -> tuple[Action, ...]:
    return (ROLL,)


def roll(state: State, _: RollDice, action: Action) -> State:
    c = state.rules.components
    faces, rng = _roll(state.rng, c.dice_count, c)
    return _after_roll(state, tuple(sorted(faces)), 1, rng)


def why_not_roll(state: State, decision: RollDice, action: Action) -> str:
    return not_now(action, decision)


ROLL_RULE: Rule[State, RollDice, Action] = Rule(roll_choices, roll, why_not_roll)


# -- rerolling, or keeping the dice ------------------------------------------------------------
def reroll_choices(state: State, _: RerollDice) -> tuple[Action, ...]:
    return dice_table(state.rules.components, state.turn.dice)[1]


def reroll(state: State, _: RerollDice, action: Action) -> State:
    c = state.rules.components
    if type(action) is Keep:
        turn = state.turn
        return update(state, decision=CHOOSE_ACTION, turn=dice_done(c, turn.dice, turn.rolls))
    assert type(action) is Reroll
    kept = dice_table(c, state.turn.dice)[2][action]
    faces, rng = _roll(state.rng, len(action.faces), c)
    return _after_roll(state, tuple(sorted((*kept, *faces))), state.turn.rolls + 1, rng)


def why_not_reroll(state: State, decision: RerollDice, action: Action) -> str:
    if type(action) is not Reroll:
        return not_now(action, decision)
    c = state.rules.components
    dice = " ".join(c.face_codes[face] for face in state.turn.dice)
    return (
        f"{action} does not name dice you can reroll: the dice show {dice} "
        "(name the faces to reroll in order, e.g. 'reroll L1 M2')"
    )


REROLL_RULE: Rule[State, RerollDice, Action] = Rule(reroll_choices, reroll, why_not_reroll)


def rolled(state: State) -> str:
    """The dice as they lie, for the record of a forced roll ("roll → L1 M2 R1")."""
    codes = state.rules.components.face_codes
    return " ".join(codes[face] for face in state.turn.dice)
