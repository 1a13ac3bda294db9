"""What is being decided in Port Gdańsk (``State.decision``): one small frozen class per kind of
decision, in the order of play. Each kind's rule (its options, effect and reasons for refusing) is
in the file of its part of the rulebook; ``turn.RULEBOOK`` joins them."""

from __future__ import annotations

import typing

import attrs


# ``str`` of a decision names it for ``render``.
@attrs.frozen(slots=True, weakref_slot=False)
class ChooseSector:
    """Setup, two players, option ``two_player_removed_sector=first_player_chooses``: the first
    player picks the colour that sits out (``remove <colour>``)."""

    def __str__(self) -> str:
        return "remove a colour"


@attrs.frozen(slots=True, weakref_slot=False)
class ChooseStart:
    """Setup: the current player places the meeple (``start <location>``); each player in turn
    from the first player."""

    def __str__(self) -> str:
        return "place the meeple"


@attrs.frozen(slots=True, weakref_slot=False)
class RollDice:
    """A turn begins: roll the three dice (a lone option, so the engine takes it)."""

    def __str__(self) -> str:
        return "roll"


@attrs.frozen(slots=True, weakref_slot=False)
class RerollDice:
    """After a roll with rerolls left (``TurnProgress.rolls`` below 3): reroll some dice, or keep them."""

    def __str__(self) -> str:
        return "reroll or keep"


@attrs.frozen(slots=True, weakref_slot=False)
class ChooseAction:
    """Rolling is over: a dice action or an additional action (each at most once a turn), or
    ``end``."""

    # An additional action has followed dice actions: with option additional_actions=around_dice
    # no dice action may start any more (additional actions come before and/or after all of them).
    after_dice: bool

    def __str__(self) -> str:
        return "actions, dice actions over" if self.after_dice else "actions"


@attrs.frozen(slots=True, weakref_slot=False)
class LoadCubes:
    """Loading is under way cube by cube: another cube (or, with a full cargo space, a cube
    returned to make room), or any other action, which ends the loading."""

    left: int  # loading symbols this loading may still spend

    def __str__(self) -> str:
        return f"loading, {self.left} symbol(s) left"


@attrs.frozen(slots=True, weakref_slot=False)
class FillRoom:
    """A cube was just returned to make room: a cube must be loaded into that space now."""

    left: int  # loading symbols this loading may still spend

    def __str__(self) -> str:
        return f"load a cube into the room made, {self.left} symbol(s) left"


@attrs.frozen(slots=True, weakref_slot=False)
class UnloadCubes:
    """Unloading in Central Port is under way cube by cube: another cube, or any other action,
    which ends the unloading."""

    left: int  # loading symbols this unloading may still spend

    def __str__(self) -> str:
        return f"unloading, {self.left} symbol(s) left"


@attrs.frozen(slots=True, weakref_slot=False)
class SwapWith:
    """HR swap, second half: your marker on ``quay`` is picked; now the other player's marker it
    trades places with (``with P<seat> <quay>``)."""

    quay: int  # the quay (index: printed number - 1) of your marker being swapped

    def __str__(self) -> str:
        return f"swap your marker on quay {self.quay + 1} with"


Decision = (
    ChooseSector
    | ChooseStart
    | RollDice
    | RerollDice
    | ChooseAction
    | LoadCubes
    | FillRoom
    | UnloadCubes
    | SwapWith
)
"""What a state waits for (``State.decision``): one small class per kind of decision."""
DECISION_TYPES: tuple[type[Decision], ...] = typing.get_args(Decision)  # the union's classes, in order
# The decisions without fields (and the two action choices), built once.
CHOOSE_SECTOR = ChooseSector()
CHOOSE_START = ChooseStart()
ROLL_DICE = RollDice()
REROLL_DICE = RerollDice()
CHOOSE_ACTION = ChooseAction(after_dice=False)  # before the dice actions, or while they go on
CHOOSE_AFTER_DICE = ChooseAction(after_dice=True)


_WORDS: dict[type, str] = {
    ChooseSector: "choosing the colour that sits out (remove <colour>)",
    ChooseStart: "placing a meeple (start <location>)",
    RollDice: "rolling the dice (roll)",
    RerollDice: "rerolling or keeping the dice (reroll <faces> / keep)",
    ChooseAction: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    LoadCubes: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    FillRoom: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    UnloadCubes: "taking actions (load, move, recruit, execute, swap, place, cruise, unload, end)",
    SwapWith: "choosing the marker to swap with (with P<seat> <quay>)",
}


def not_now(action: object, decision: Decision) -> str:
    """The refusal of an action that belongs to another kind of decision than the current one."""
    return f"{action} is not possible now: the current decision is {_WORDS[type(decision)]}"
