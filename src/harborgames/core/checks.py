"""Checks that ``loads`` applies to a state before handing it out: every game words them alike.

A loaded state must be one the rules could reach in form (counts in range, seats that exist, a
phase that fits), so nothing that loads can crash later. Each game's ``codec.py`` writes its
own checks with these helpers; all of them raise ``FormatError`` naming the field. A count that
play raises is checked with ``room``: with the most the rest of the game can add, so that every
state reached from a loaded one loads again (issue 22).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence, Sized
from typing import NoReturn, Protocol

from .errors import FormatError
from .notation import MAX_NOTATION_LENGTH

__all__ = ["StateChecks", "require_seat", "require_state"]


class _Seated(Protocol):
    @property
    def player(self) -> int: ...


class StateChecks:
    """``FormatError("<game>: inconsistent <what>: <message>")`` for a failed check."""

    def __init__(self, game: str, what: str = "state") -> None:
        self.game = game
        self.what = what

    def fail(self, message: str) -> NoReturn:
        raise FormatError(f"{self.game}: inconsistent {self.what}: {message}")

    def require(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def within(self, name: str, value: int, low: int, high: int) -> None:
        """``low <= value <= high``."""
        if not low <= value <= high:
            self.fail(f"{name} is {value}, outside {low}..{high}")

    def room(self, name: str, now: int, later: int, limit: int) -> None:
        """``now``, and the most the rest of the game can add to it (``later``), within ``limit``.

        A fixed cap on a count that play can raise cannot make loading closed: a move from a
        document at the cap leads past it, and that state would not load again. With what the
        rest of the game can still add counted in, every legal move from a document that loads
        leads to one that loads (when ``later`` falls by at least what each move adds).
        """
        if now > limit:  # (a count of thousands of digits is not written out)
            self.fail(f"{name} come to more than {limit}")
        if now + later > limit:
            self.fail(f"{name} come to {now}, and the rest of the game may add {later}: more than {limit}")

    def one_of(self, name: str, value: object, allowed: Collection[object]) -> None:
        if value not in allowed:
            self.fail(f"{name} is {value!r}, must be one of {', '.join(map(repr, allowed))}")

    def seat(self, name: str, value: int | None, num_players: int, *, none_allowed: bool = False) -> None:
        """A seat number 0..num_players-1 (or ``None`` where that is allowed)."""
        if value is None:
            if not none_allowed:
                self.fail(f"{name} is null, must be a seat 0..{num_players - 1}")
        elif not 0 <= value < num_players:
            self.fail(f"{name} is {value}, must be a seat 0..{num_players - 1}")

    def forced(self, name: str, forced: Sequence[_Seated], num_players: int) -> None:
        """Each decision the engine took was taken for a seat (``core.decisions.Forced``), and
        its texts are notation: printable, at most ``MAX_NOTATION_LENGTH`` characters (a loaded
        ``\x1b[2J`` would otherwise reach ``render`` and a terminal)."""
        for index, taken in enumerate(forced):
            self.seat(f"{name}[{index}].player", taken.player, num_players)
            for part in ("action", "outcome"):
                text = getattr(taken, part, "")
                if not isinstance(text, str):
                    self.fail(f"{name}[{index}].{part} must be a text")
                if len(text) > MAX_NOTATION_LENGTH:
                    self.fail(
                        f"{name}[{index}].{part} has {len(text)} characters, at most "
                        f"{MAX_NOTATION_LENGTH}"
                    )
                if not text.isprintable():
                    self.fail(f"{name}[{index}].{part} holds a control character")

    def length(self, name: str, items: Sized, expected: int) -> None:
        if len(items) != expected:
            self.fail(f"{name} has {len(items)} entries, must have {expected}")

    def decision(self, over: bool, current_player: int | None, legal_count: int) -> None:
        """The game is over exactly when nobody decides, and a running game has a legal action.

        A state the engine hands out never waits on a lone option (the engine takes it); a
        hand-built position may, and ``apply`` takes its one action as usual.
        """
        if over != (current_player is None):
            self.fail("current_player must be null exactly when the game is over")
        if not over and legal_count == 0:
            self.fail("the player to decide would have no legal action")


def require_state(value: object, state_type: type, function: str, title: str) -> None:
    """A clear ``TypeError`` when something other than the game's state is passed (an
    observation, most often: it is what a seat sees, and the engine needs the whole state)."""
    if not isinstance(value, state_type):
        hint = (
            "; an observation is what one seat sees: pass the state (render(state, player) "
            "shows what that seat sees)"
            if type(value).__name__ == "Observation"
            else ""
        )
        article = "an" if title[:1].lower() in "aeiou" else "a"
        raise TypeError(f"{function} takes {article} {title} State, not {type(value).__name__}{hint}")


def require_seat(player: object, num_players: int) -> None:
    """``observe`` and ``resample`` name a seat of the game: ``ValueError`` otherwise."""
    if type(player) is not int or not 0 <= player < num_players:
        raise ValueError(f"seat {player!r} is not a seat of this {num_players}-player game")
