"""One game at the terminal: the moves so far, the states they passed through, who plays each
seat, and what the table told the people playing after each move.

The record is the truth (as everywhere in harborgames): ``save`` writes ``make_record``'s
document, which ``harborgames replay`` checks and ``harborgames play --load`` resumes by
replaying it. The record also says who sat at each seat (``human`` or the bot's spec), so
``play --load FILE`` alone resumes the game with the same people and bots.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Generic, TypeVar

from .. import bots
from ..bots.base import derive_seed
from ..core.files import write_atomic
from ..core.play import make_record
from ..core.protocol import GameModule, GameRecord, State
from ..core.render import fit
from .words import plural

__all__ = ["HUMAN", "Session"]

HUMAN = "human"
"""A person's seat in a record's ``seats`` (a bot's seat holds its spec)."""

S = TypeVar("S", bound=State)
A = TypeVar("A")


class Session(Generic[S, A]):
    """The game being played: ``states[k]`` is the state before ``actions[k]``."""

    def __init__(
        self,
        game: GameModule[S, A],
        record: GameRecord,
        humans: set[int],
        specs: Mapping[int, str],
        players: Mapping[int, bots.Bot],
        states: list[S],
        actions: list[A],
    ) -> None:
        self.game = game
        self.record = record  # the setup: game, players, seed, variant, options
        self.humans = humans
        self.specs = dict(specs)  # each bot seat's spec, as given on the command line
        self.players = dict(players)
        self.states = states
        self.actions = actions
        self.saved: tuple[str, int] | None = None  # the file last saved to, and how many moves
        self.told_undo = False  # whether the person was told that ``undo`` exists

    @property
    def state(self) -> S:
        return self.states[-1]

    def push(self, action: A) -> None:
        """Apply ``action``, then print the decisions the engine took alone and what the
        people at the table were told (``narrate``); an ``IllegalActionError`` leaves the
        session as it was."""
        before = self.state
        after = self.game.apply(before, action)
        # The record keeps the offered object: ``apply`` took an equal action of its exact class
        # (a bot's ``Times(numpy.int64(2))``) as that one, and only it prints and parses back.
        legal = self.game.legal_actions(before)
        same = [a for a in legal if a is action] or [
            a for a in legal if type(a) is type(action) and a == action
        ]
        self.states.append(after)
        self.actions.append(same[0] if same else action)
        show_forced(after)
        for line in self.narration(before, after):
            print(*fit(f"  {line}", indent="    "), sep="\n")

    def narration(self, before: S, after: S) -> list[str]:
        """What the human seats were told between two states (the game's ``narrate``). With
        several human seats at one terminal, a line all of them were told is shown once, and a
        line told to one seat only (``You paid 3 food``) says whose it is."""
        game = self.game
        heard = {
            seat: [str(line) for line in game.narrate(game.observe(before, seat), game.observe(after, seat))]
            for seat in sorted(self.humans)
        }
        told: dict[str, None] = {}
        for seat, lines in heard.items():
            for line in lines:
                everyone = all(line in other for other in heard.values())
                told.setdefault(line if everyone or len(heard) == 1 else f"seat {seat}: {line}")
        return list(told)

    def undo(self) -> bool:
        """Back to the human decision before the current one; False if there is none."""
        for index in range(len(self.actions) - 1, -1, -1):
            if self.states[index].current_player in self.humans:
                del self.states[index + 1 :]
                del self.actions[index:]
                return True
        return False

    @property
    def seats(self) -> tuple[str, ...]:
        """Who plays each seat, as the record keeps it: ``HUMAN`` or the bot's spec."""
        return tuple(
            HUMAN if seat in self.humans else self.specs[seat] for seat in range(self.record.num_players)
        )

    def record_json(self) -> str:
        setup = self.record
        record = make_record(
            self.game,
            setup.num_players,
            setup.seed,
            self.actions,
            variant=setup.variant,
            options=setup.options,
            seats=self.seats,
        )
        return self.game.dumps(record)

    def save(self, name: str) -> None:
        """Write the record to ``name`` and say how to resume it; a refusal is printed."""
        if not name:
            print("save needs a file name: save FILE")
            return
        try:
            write_atomic(name, self.record_json() + "\n")
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            print(f"could not save: {error}")
            return
        self.saved = (name, len(self.actions))
        print(f"saved {plural(len(self.actions), 'move')} to {name}; resume with:")
        print(f"  {self.resume_command(name)}")

    def save_unfinished(self) -> None:
        """Keep a game that is left without a word (the input ended, a second Ctrl-C): saved to
        a new file named after the game and its seed (``lehavre-1234.json``, then
        ``lehavre-1234-2.json``) in ``$HARBORGAMES_SAVES`` or the current folder, with how to
        resume it; a game saved as it stands is only named."""
        if self.saved_all and self.saved is not None:
            print(f"the game is saved in {self.saved[0]}; resume with:")
            print(f"  {self.resume_command(self.saved[0])}")
            return
        folder = Path(os.environ.get("HARBORGAMES_SAVES") or ".")
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        stem = f"{self.record.game}-{self.record.seed}"
        name = next(
            str(folder / f"{stem}{'' if n == 1 else f'-{n}'}.json")
            for n in itertools.count(1)
            if not (folder / f"{stem}{'' if n == 1 else f'-{n}'}.json").exists()
        )
        self.save(name)
        if not self.saved_all:
            print("the game could not be saved; it is lost")

    @property
    def saved_all(self) -> bool:
        """Whether the last save holds every move played so far."""
        return self.saved is not None and self.saved[1] == len(self.actions)

    def resume_command(self, name: str) -> str:
        """``harborgames play --load FILE``: the record holds the seats and bots."""
        return shlex.join(["harborgames", "play", "--load", name])

    def bot(self, seat: int) -> bots.Bot:
        """The bot that makes this decision at ``seat``: seeded from the game seed, the seat and
        the number of moves so far, so that a resumed game, or one taken back with ``undo``,
        goes on exactly as it would have (a bot's own generator would restart at its seed)."""
        return bots.make_from_spec(
            self.specs[seat], seed=derive_seed("play", self.record.seed, seat, len(self.actions))
        )

    def who(self, seat: int) -> str:
        """``you``, or the bot's spec as given (``greedy:params=hand``), not only its name."""
        return "you" if seat in self.humans else self.specs[seat]


def show_forced(state: State) -> None:
    """The decisions the engine took because each had one legal option (``state.forced``)."""
    for forced in state.forced:
        print(f"forced: {forced}")
