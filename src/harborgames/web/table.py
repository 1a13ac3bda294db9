"""A game at the server's table: its moves as each seat's log shows them, and what a seat sees
(the view ``GET /api/games/{id}`` answers with, docs/web.md)."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import harborgames

from ..core.compose import compose
from ..core.errors import IllegalActionError
from ..core.play import group_actions, make_record
from ..core.protocol import GameRecord, LoadedGame, State
from .errors import BadRequest

__all__ = ["Move", "Table", "last_of", "load_game", "moved", "seat_view", "step"]


@dataclass
class Move:
    """A decision as the log shows it."""

    seat: int
    text: str  # the notation, as the record holds it
    public: str  # what the other seats are told (Le Havre keeps part of a Marketplace look secret)
    # what each seat was told happened with this move (module.narrate of its observations
    # before and after: a round's end, a roll), as (seat, lines) for the seats told anything
    told: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def told_to(self, seat: int) -> tuple[str, ...]:
        """The lines ``seat`` was told with this move (none: an empty tuple)."""
        for told_seat, lines in self.told:
            if told_seat == seat:
                return lines
        return ()


@dataclass
class Table:
    """One game in memory: its setup, its current state, its moves, who sits where."""

    id: str
    module: LoadedGame
    num_players: int
    seed: int
    variant: str
    options: dict[str, str]
    tokens: dict[int, str]  # human seat -> token
    bots: dict[int, str]  # bot seat -> name in BOT_SPECS
    state: State
    moves: list[Move] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    revision: int = 0  # the stored revision this copy is of
    used: float = field(default_factory=time.monotonic)  # when a request last asked for it

    def record(self) -> GameRecord:
        return make_record(
            self.module,
            self.num_players,
            self.seed,
            [move.text for move in self.moves],
            variant=self.variant,
            options=self.options,
        )

    def record_json(self) -> str:
        return self.module.dumps(self.record())

    @property
    def over(self) -> bool:
        return bool(self.module.is_terminal(self.state))


def load_game(name: object) -> LoadedGame:
    if not isinstance(name, str) or name not in harborgames.games():
        raise BadRequest(f"game must be one of {', '.join(harborgames.games())}")
    return harborgames.load(name)


def _offered(legal: Sequence[object], action: object) -> object:
    """The legal object equal to ``action`` (of its exact class): the one that prints back."""
    for offered in legal:
        if offered is action:
            return offered
    for offered in legal:
        if type(offered) is type(action) and offered == action:
            return offered
    return action


def _told(module: LoadedGame, before: State, after: State) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """What each seat is told happened between ``before`` and ``after``, from its own
    observations only (so nobody is told what they may not know); seats told nothing left out.

    Kept for every move of every game in memory, so kept small: the same lines (most repeat,
    and several seats are often told alike) are one string and one tuple (Le Havre's narration
    of a 300-move game: 30 KiB so, 90 KiB as separate strings)."""
    told: list[tuple[int, tuple[str, ...]]] = []
    alike: dict[tuple[str, ...], tuple[str, ...]] = {}
    for seat in range(int(before.num_players)):
        lines = tuple(
            sys.intern(str(line))
            for line in module.narrate(module.observe(before, seat), module.observe(after, seat))
        )
        if lines:
            told.append((seat, alike.setdefault(lines, lines)))
    return tuple(told)


def _mover(state: State) -> int:
    if state.current_player is None:
        raise IllegalActionError("the game is over: nobody decides")
    return state.current_player


def step(module: LoadedGame, state: State, action: object) -> tuple[State, Move]:
    """Apply an action; the new state and the move as the log shows it."""
    seat = _mover(state)
    after = module.apply(state, action)
    offered = _offered(module.legal_actions(state), action)
    notation = module.public_notation(state, offered)
    return after, Move(seat, str(offered), notation, _told(module, state, after))


def moved(module: LoadedGame, before: State, action: object, after: State) -> Move:
    """The move from ``before`` to ``after`` (a replayed record's step) as the log shows it."""
    notation = module.public_notation(before, action)
    return Move(_mover(before), str(action), notation, _told(module, before, after))


def seat_view(game: Table, seat: int, alone: bool) -> dict[str, object]:
    """What ``seat`` may see of ``game`` (see docs/web.md for the shape); ``alone``: the only
    person at the table, who may take back a decision and ask a bot for advice."""
    with game.lock:
        state, moves = game.state, list(game.moves)
    module = game.module
    legal = module.legal_actions(state) if state.current_player == seat else []
    observation = module.observe(state, seat)
    table = module.table(observation)
    over = bool(module.is_terminal(state))
    return {
        "id": game.id,
        "game": module.INFO.name,
        "title": module.INFO.title,
        "variant": game.variant,
        # the seed fixes every shuffle and roll: told once there is nothing left to hide
        "seed": game.seed if over else None,
        # the same as text: a JavaScript number keeps only 53 bits of a 63-bit seed
        "seed_text": str(game.seed) if over else None,
        "num_players": game.num_players,
        "seat": seat,
        "seats": [{"seat": s, "bot": game.bots.get(s)} for s in range(game.num_players)],
        "current_player": state.current_player,
        "over": over,
        "scores": _visible_scores(module, state, table),
        "winners": list(module.winners(state)) if over else None,
        "observation": json.loads(module.dumps(observation)),
        "legal_actions": [str(a) for a in legal],
        # the button words of each legal action in this seat's position (what an entry fee
        # costs this seat, its owner's being free); the notation stays the tooltip
        "labels": [str(module.action_label(a, observation)) for a in legal],
        "groups": [
            {
                "label": label,
                "actions": [str(a) for a in group],
                "labels": [str(module.action_label(a, observation)) for a in group],
                # the parts a page lets the player pick instead of a button per combination
                "compose": _composed(group),
            }
            for label, group in group_actions(legal)
        ],
        "forced": [str(f) for f in state.forced],
        "log": [_logged(m, seat) for m in moves],
        "render": module.render(state, seat),
        "table": table,
        "can_undo": alone and not over and last_of(moves, seat) is not None,
        "can_hint": alone and state.current_player == seat,
    }


def _visible_scores(module: LoadedGame, state: State, table: Mapping[str, object]) -> list[int | None]:
    """The scores the table's viewer may know: a player whose ``score_parts`` the table gives
    as ``None`` has a score this seat may not know (Port Gdańsk's totals count the other
    players' face-down Cruise Ship cards), shown as ``None`` until the game ends; every other
    score is public."""
    scores: list[int | None] = list(module.scores(state))
    players = table.get("players")
    if module.is_terminal(state) or not isinstance(players, list):
        return scores
    for seat, player in enumerate(players[: len(scores)]):
        if isinstance(player, dict) and "score_parts" in player and player["score_parts"] is None:
            scores[seat] = None
    return scores


def _composed(group: Sequence[object]) -> dict[str, object] | None:
    composition = compose([str(a) for a in group])
    return None if composition is None else composition.as_json()


def _logged(move: Move, seat: int) -> dict[str, object]:
    """A move as ``seat``'s log shows it: the notation (the public part of another's), and
    what ``seat`` was told happened with it, if anything."""
    entry: dict[str, object] = {"seat": move.seat, "move": move.text if move.seat == seat else move.public}
    told = move.told_to(seat)
    if told:
        entry["told"] = list(told)
    return entry


def last_of(moves: Sequence[Move], seat: int) -> int | None:
    """The index of ``seat``'s last decision in ``moves``, or ``None`` if it made none."""
    for index in range(len(moves) - 1, -1, -1):
        if moves[index].seat == seat:
            return index
    return None
