"""The games a server holds, without any web framework: create, look, act, replay.

This is the part to copy when embedding harborgames in another app. Each game is its record
(the ``new_game`` arguments and every decision in notation) plus one secret token per human
seat and a bot name per bot seat; the live state is only a cache of replaying that record.
Every request is checked here (types, sizes, tokens, the game's own strict readers), so the
HTTP layer in ``app.py`` only moves JSON in and out.
"""

from __future__ import annotations

import json
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import harborgames

from ..bots.base import derive_seed
from ..core.codec import JSON, parse_json
from ..core.compose import compose
from ..core.errors import FormatError, IllegalActionError
from ..core.play import group_actions, make_record, replay_states
from ..core.protocol import GameRecord, LoadedGame
from .storage import Storage, StoredGame
from .thinking import BOT_SPECS, HINT_BOT, BotPool

__all__ = [
    "BOT_SPECS",
    "MAX_RECORD_BYTES",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "GameService",
    "NotFound",
]

MAX_RECORD_BYTES = 4_000_000  # the codec's document limit
_REPLAY_CACHE = 16  # replays whose states are kept in memory
_REVIEW_CACHE = 64  # finished games' reviews kept, by (game id, seat)
MAX_GAMES = 1000  # games kept in memory at most (the least recently used leave first)
IDLE_SECONDS = 900.0  # a game nobody asked about for this long leaves memory
FINISHED_IDLE_SECONDS = 60.0  # a finished game leaves sooner: only its final view is asked for


class BadRequest(ValueError):
    """The request is malformed or the game refuses it (HTTP 400); the message says why."""


class Forbidden(ValueError):
    """A missing or wrong token (HTTP 403)."""


class NotFound(LookupError):
    """No such game or replay (HTTP 404)."""


class Conflict(ValueError):
    """Not while the game is under way (HTTP 409): its record, which holds the seed."""


@dataclass
class _Move:
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
class _Game:
    """One game in memory: its setup, its current state, its moves, who sits where."""

    id: str
    module: LoadedGame
    num_players: int
    seed: int
    variant: str
    options: dict[str, str]
    tokens: dict[int, str]  # human seat -> token
    bots: dict[int, str]  # bot seat -> name in BOT_SPECS
    state: Any
    moves: list[_Move] = field(default_factory=list)
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


@dataclass
class _Replay:
    module: LoadedGame
    record: GameRecord
    states: list[Any]
    moves: list[_Move]


def _offered(legal: Sequence[object], action: object) -> object:
    """The legal object equal to ``action`` (of its exact class): the one that prints back."""
    for offered in legal:
        if offered is action:
            return offered
    for offered in legal:
        if type(offered) is type(action) and offered == action:
            return offered
    return action


def _public(module: LoadedGame, state: object, action: object) -> str:
    public = getattr(module, "public_notation", None)
    return str(public(state, action)) if callable(public) else str(action)


def _told(module: LoadedGame, before: Any, after: Any) -> tuple[tuple[int, tuple[str, ...]], ...]:
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


def _step(module: LoadedGame, state: Any, action: object) -> tuple[Any, _Move]:
    """Apply an action; the new state and the move as the log shows it."""
    seat = int(state.current_player)
    after = module.apply(state, action)
    offered = _offered(module.legal_actions(state), action)
    return after, _Move(seat, str(offered), _public(module, state, offered), _told(module, state, after))


def _moved(module: LoadedGame, before: Any, action: object, after: Any) -> _Move:
    """The move from ``before`` to ``after`` (a replayed record's step) as the log shows it."""
    seat = int(before.current_player)
    return _Move(seat, str(action), _public(module, before, action), _told(module, before, after))


def _load_module(name: object) -> LoadedGame:
    if not isinstance(name, str) or name not in harborgames.games():
        raise BadRequest(f"game must be one of {', '.join(harborgames.games())}")
    return harborgames.load(name)


def _int(body: Mapping[str, object], key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if value is None and default is not None:
        value = default
    if type(value) is not int:
        raise BadRequest(f"{key} must be an integer")
    return value


def _seed(body: Mapping[str, object]) -> int:
    """The seed asked for: an integer, or a string of decimal digits (what a page sends, since a
    JavaScript number keeps only 53 bits); missing or null: 63 random bits."""
    value = body.get("seed")
    if value is None:
        return secrets.randbits(63)
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 19:
        return int(value)
    if type(value) is not int:
        raise BadRequest("seed must be an integer or a string of decimal digits")
    return value


def _optional(body: Mapping[str, object], key: str, kind: type, what: str) -> object:
    """``body[key]`` if it is of ``kind``, ``None`` if missing or null; ``BadRequest`` naming
    the field otherwise (``[]`` is not an empty object, ``0`` not a missing one)."""
    value = body.get(key)
    if value is None:
        return None
    if type(value) is not kind:
        raise BadRequest(f"{key} must be {what}")
    return value


class GameService:
    """Every game and replay of one server, backed by a ``Storage``; thread-safe.

    Each game has its own lock, so requests for different games run side by side while the
    moves of one game are applied (and stored) one at a time; the storage's ``update`` keeps
    that true across processes sharing a PostgreSQL database. Games leave memory when idle
    (``idle_seconds``, ``finished_idle_seconds``) or beyond ``max_games``, and are rebuilt from
    storage when next asked for. Bots think in ``bot_processes`` worker processes (0: in the
    request's thread).
    """

    def __init__(
        self,
        store: Storage,
        *,
        bot_processes: int = 0,
        max_games: int = MAX_GAMES,
        idle_seconds: float = IDLE_SECONDS,
        finished_idle_seconds: float = FINISHED_IDLE_SECONDS,
    ) -> None:
        if max_games < 1:
            raise ValueError(f"max_games must be at least 1, not {max_games}")
        self.store = store
        self.bots = BotPool(bot_processes)
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.finished_idle_seconds = finished_idle_seconds
        self._games: OrderedDict[str, _Game] = OrderedDict()
        self._replays: OrderedDict[str, _Replay] = OrderedDict()
        self._reviews: OrderedDict[tuple[str, int], dict[str, object]] = OrderedDict()
        self._lock = threading.Lock()

    def close(self) -> None:
        """Stop the bots' workers and close the storage (SQLite folds its log into the file)."""
        self.bots.close()
        self.store.close()

    def games_in_memory(self) -> int:
        """How many games are held in memory now (the others are only in storage)."""
        with self._lock:
            return len(self._games)

    # -- start-up ---------------------------------------------------------------------------
    def restore(self) -> tuple[int, list[str]]:
        """Replay every unfinished game from its stored record: how many were restored, and why
        each of the others could not be (a record of an older rules version, say). Those stay
        in storage untouched, and answer 404 with the reason. Only the ``max_games`` most
        recent stay in memory; the others come back when asked for."""
        count = 0
        problems = []
        for game_id in self.store.unfinished():
            try:
                stored = self.store.game(game_id)
                if stored is None:
                    continue
                game = self._rebuild(stored)
            except ValueError as error:  # a damaged row, FormatError, IllegalActionError
                problems.append(f"game {game_id}: {error}")
                continue
            self._keep(game)
            count += 1
        return count, problems

    def _rebuild(self, stored: StoredGame, known: _Game | None = None) -> _Game:
        """The game replayed from its stored record; from ``known``'s state on, if ``known``
        is an older copy of the same game (another process took moves since)."""
        module = harborgames.load(stored.game)
        record = module.loads(stored.record)
        if not isinstance(record, GameRecord):
            raise FormatError("the stored record is not a game record")
        game = _Game(
            id=stored.id,
            module=module,
            num_players=record.num_players,
            seed=record.seed,
            variant=record.variant,
            options=dict(record.options),
            tokens={int(seat): token for seat, token in stored.tokens.items()},
            bots={int(seat): name for seat, name in stored.bots.items()},
            state=None,
            revision=stored.revision,
        )
        done = [move.text for move in known.moves] if known is not None else None
        if known is not None and done is not None and list(record.actions[: len(done)]) == done:
            game.moves, state = list(known.moves), known.state
            for text in record.actions[len(done) :]:
                action = module.parse_action(state, text)
                state, move = _step(module, state, action)
                game.moves.append(move)
            game.state = state
            return game
        previous: Any = None
        for action, state in replay_states(module, record):
            if action is not None:
                game.moves.append(_moved(module, previous, action, state))
            previous = state
        game.state = previous
        return game

    def _keep(self, game: _Game) -> _Game:
        """Hold ``game`` in memory (the copy already held if another thread was first), and let
        the idle and the least recently used go."""
        now = time.monotonic()
        with self._lock:
            held = self._games.get(game.id)
            if held is None or held.revision < game.revision:
                self._games[game.id] = held = game
            held.used = now
            self._games.move_to_end(game.id)
            while len(self._games) > self.max_games:
                self._games.popitem(last=False)
            for other in list(self._games.values()):  # oldest first: stop at the first fresh one
                idle = now - other.used
                if idle < min(self.idle_seconds, self.finished_idle_seconds):
                    break
                limit = self.finished_idle_seconds if other.over else self.idle_seconds
                if idle >= limit and other is not held:
                    del self._games[other.id]
            return held

    def _game(self, game_id: str) -> _Game:
        with self._lock:
            game = self._games.get(game_id)
        if game is not None:
            if not self.store.shared:
                return self._keep(game)
            try:
                revision = self.store.revision(game_id)
            except ValueError as error:
                raise NotFound(f"game {game_id} cannot be restored: {error}") from None
            if revision == game.revision:
                return self._keep(game)
        try:
            stored = self.store.game(game_id) if len(game_id) <= 64 else None
            if stored is None:
                raise NotFound(f"no game {game_id[:64]!r}")
            game = self._rebuild(stored, game)
        except ValueError as error:  # a damaged row, or a record this version cannot replay
            raise NotFound(f"game {game_id} cannot be restored: {error}") from None
        return self._keep(game)

    # -- games ------------------------------------------------------------------------------
    def create(self, body: JSON) -> dict[str, object]:
        """``{"game", "players", "variant", "seed", "bots", "options"}`` to ``{"id", "tokens"}``.

        Each field but ``game`` may be left out or ``null`` for its default; a value of the
        wrong type is refused, never read as the default."""
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        unknown = sorted(set(body) - {"game", "players", "variant", "seed", "bots", "options"})
        if unknown:
            raise BadRequest(f"unknown field {unknown[0][:40]!r}")
        module = _load_module(body.get("game"))
        info = module.INFO
        num_players = _int(body, "players", info.min_players)
        # 63 random bits: a seat's first observation pins the seed, so a smaller space could
        # be searched for it (2**31 seeds is hours of CPU) to learn every hidden card and roll
        seed = _seed(body)
        if seed < 0 or seed >= 2**63:
            raise BadRequest("seed must be from 0 to 2**63 - 1")
        variant = _optional(body, "variant", str, "a string or null")
        variant = info.default_variant if variant is None else variant
        assert isinstance(variant, str)
        given = _optional(body, "options", dict, "an object of strings")
        given = {} if given is None else given
        assert isinstance(given, dict)
        options = {name: value for name, value in given.items() if isinstance(value, str)}
        if len(options) != len(given):
            raise BadRequest("options must be an object of strings")
        try:
            info.check_new_game(num_players, variant, options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        seat_bots = _optional(body, "bots", dict, 'an object such as {"1": "random"}')
        seat_bots = {} if seat_bots is None else seat_bots
        assert isinstance(seat_bots, dict)
        bot_seats: dict[int, str] = {}
        for key, name in seat_bots.items():
            # "1", not "01" or "١": one spelling per seat, so no seat is named twice
            canonical = key.isascii() and key.isdigit() and len(key) <= 2 and key == str(int(key))
            if not (canonical and int(key) < num_players):
                raise BadRequest(f"bots: {key[:20]!r} is not a seat from 0 to {num_players - 1}")
            if not isinstance(name, str) or name not in BOT_SPECS:
                raise BadRequest(f"bots: a bot is one of {', '.join(BOT_SPECS)}")
            bot_seats[int(key)] = name
        if len(bot_seats) == num_players:
            raise BadRequest("at least one seat must be a person (leave it out of bots)")
        tokens = {seat: secrets.token_urlsafe(24) for seat in range(num_players) if seat not in bot_seats}
        game_id = secrets.token_urlsafe(9)
        try:
            state = module.new_game(num_players, seed=seed, variant=variant, options=options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        game = _Game(game_id, module, num_players, seed, variant, dict(options), tokens, bot_seats, state)
        with game.lock:
            game.state, moves = self._bots_move(game, game.state)
            game.moves.extend(moves)
            self.store.add_game(
                StoredGame(
                    game_id,
                    info.name,
                    game.record_json(),
                    {str(s): t for s, t in tokens.items()},
                    {str(s): n for s, n in bot_seats.items()},
                    game.over,
                )
            )
            self._keep(game)
        return {"id": game_id, "tokens": {str(s): t for s, t in tokens.items()}}

    def _seat(self, game: _Game, token: object) -> int:
        """The seat a token belongs to, compared in constant time; ``Forbidden`` otherwise."""
        if not isinstance(token, str) or not token:
            raise Forbidden("a token of this game is needed")
        if not token.isascii() or len(token) > 100:  # tokens are short URL-safe ASCII
            raise Forbidden("that token does not belong to this game")
        found = -1
        for seat, secret in game.tokens.items():
            if secrets.compare_digest(secret.encode(), token.encode()):
                found = seat
        if found < 0:
            raise Forbidden("that token does not belong to this game")
        return found

    def _bots_move(self, game: _Game, state: Any) -> tuple[Any, list[_Move]]:
        """Bots decide until a person must decide or the game ends."""
        module = game.module
        chosen = self.bots.think(module.INFO.name, state, game.bots, game.id, len(game.moves))
        moves: list[_Move] = []
        for index in chosen:
            state, move = _step(module, state, module.legal_actions(state)[index])
            moves.append(move)
        return state, moves

    def act(self, game_id: str, body: JSON) -> dict[str, object]:
        """Apply ``{"token", "action"}`` for the token's seat, then the bots' replies; stored
        in one transaction (under the game's lock in storage, from the stored record) before
        anything changes in memory, so nothing is half applied, doubled or lost."""
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        unknown = sorted(set(body) - {"token", "action"})
        if unknown:
            raise BadRequest(f"unknown field {unknown[0][:40]!r}")
        game = self._game(game_id)
        seat = self._seat(game, body.get("token"))
        text = body.get("action")
        if not isinstance(text, str):
            raise BadRequest("action must be a string in the game's notation")
        with game.lock:
            result: list[tuple[_Game, Any, list[_Move]]] = []

            def change(stored: StoredGame) -> tuple[str, bool]:
                current = game
                if stored.revision != game.revision:  # another process moved since
                    current = self._rebuild(stored, game)
                state = current.state
                if state.current_player is None:
                    raise BadRequest("the game is over")
                if state.current_player != seat:
                    raise BadRequest(f"it is seat {state.current_player}'s turn, not yours (seat {seat})")
                try:
                    action = current.module.parse_action(state, text)
                    after, move = _step(current.module, state, action)
                except IllegalActionError as error:  # also the notation errors
                    raise BadRequest(str(error)) from None
                after, replies = self._bots_move(current, after)
                moves = [*current.moves, move, *replies]
                record = make_record(
                    current.module,
                    current.num_players,
                    current.seed,
                    [m.text for m in moves],
                    variant=current.variant,
                    options=current.options,
                )
                result.append((current, after, moves))
                return current.module.dumps(record), bool(current.module.is_terminal(after))

            try:
                saved = self.store.update(game.id, change)
            except LookupError:
                raise NotFound(f"no game {game_id[:64]!r}") from None
            except ValueError as error:
                if isinstance(error, BadRequest):
                    raise
                raise NotFound(f"game {game_id} cannot be restored: {error}") from None
            current, after, moves = result[-1]
            current.state, current.moves, current.revision = after, moves, saved.revision
            if current is not game:
                game.state, game.moves, game.revision = after, moves, saved.revision
        return self.view(game_id, body.get("token"))

    def view(self, game_id: str, token: object) -> dict[str, object]:
        """What the token's seat may see (see docs/web.md for the shape)."""
        game = self._game(game_id)
        seat = self._seat(game, token)
        with game.lock:
            state, moves = game.state, list(game.moves)
        module = game.module
        legal = module.legal_actions(state) if state.current_player == seat else []
        observation = module.observe(state, seat)
        table = module.table(observation)
        alone = self._against_bots(game, seat)
        return {
            "id": game.id,
            "game": module.INFO.name,
            "title": module.INFO.title,
            "variant": game.variant,
            # the seed fixes every shuffle and roll: told once there is nothing left to hide
            "seed": game.seed if module.is_terminal(state) else None,
            # the same as text: a JavaScript number keeps only 53 bits of a 63-bit seed
            "seed_text": str(game.seed) if module.is_terminal(state) else None,
            "num_players": game.num_players,
            "seat": seat,
            "seats": [{"seat": s, "bot": game.bots.get(s)} for s in range(game.num_players)],
            "current_player": state.current_player,
            "over": bool(module.is_terminal(state)),
            "scores": _visible_scores(module, state, table),
            "winners": list(module.winners(state)) if module.is_terminal(state) else None,
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
            "forced": [str(f) for f in getattr(state, "forced", ())],
            "log": [_logged(m, seat) for m in moves],
            "render": module.render(state, seat),
            "table": table,
            # a person alone against bots may take back a decision and ask a bot for advice
            "can_undo": alone and not module.is_terminal(state) and _last_of(moves, seat) is not None,
            "can_hint": alone and state.current_player == seat,
        }

    def _against_bots(self, game: _Game, seat: int) -> bool:
        """Whether ``seat`` is the only person at the table (every other seat a bot): only then
        do undo and hints change nobody else's game."""
        return set(game.tokens) == {seat}

    def undo(self, game_id: str, body: JSON) -> dict[str, object]:
        """``{"token"}``: take back the token seat's last decision and the bots' moves after it
        (as the terminal's ``undo``), when that seat plays alone against bots and the game is
        not over (a finished game's record is shared and final). The seat decides again."""
        game, seat = self._asking(game_id, body, "undo")
        with game.lock:

            def change(stored: StoredGame) -> tuple[str, bool]:
                current = self._rebuild(stored, game) if stored.revision != game.revision else game
                if current.over:
                    raise BadRequest("the game is over: its record is final")
                last = _last_of(current.moves, seat)
                if last is None:
                    raise BadRequest("you have made no decision to undo")
                kept = [m.text for m in current.moves[:last]]
                record = make_record(
                    current.module,
                    current.num_players,
                    current.seed,
                    kept,
                    variant=current.variant,
                    options=current.options,
                )
                return current.module.dumps(record), False

            self._save(game, change)
        return self.view(game_id, body.get("token") if isinstance(body, dict) else None)

    def hint(self, game_id: str, token: object) -> dict[str, object]:
        """What the strongest preset (``HINT_BOT``, ``hard``) would decide in the token seat's
        place now (the terminal's ``hint``): ``{"action", "label", "bot", "plays"}``, ``bot``
        naming it and ``plays`` what it played with (its search and parameter set).
        Only for a seat alone against bots, and only
        on its own decision; the bot sees the seat's observation, as any bot does."""
        game = self._game(game_id)
        seat = self._seat(game, token)
        if not self._against_bots(game, seat):
            raise BadRequest("hints are for a game against bots: another person plays here")
        with game.lock:
            state, number = game.state, len(game.moves)
        if state.current_player != seat:
            raise BadRequest("a hint is for your own decision; it is not your turn")
        module = game.module
        seed = derive_seed("hint", game.id, number)
        index, plays = self.bots.suggest(module.INFO.name, state, HINT_BOT, seed)
        action = module.legal_actions(state)[index]
        label = module.action_label(action, module.observe(state, seat))
        return {"action": str(action), "label": str(label), "bot": HINT_BOT, "plays": plays}

    def _asking(self, game_id: str, body: JSON, what: str) -> tuple[_Game, int]:
        """The game and the token's seat of a ``{"token"}`` request to ``what``, refused unless
        that seat plays alone against bots."""
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        unknown = sorted(set(body) - {"token"})
        if unknown:
            raise BadRequest(f"unknown field {unknown[0][:40]!r}")
        game = self._game(game_id)
        seat = self._seat(game, body.get("token"))
        if not self._against_bots(game, seat):
            raise BadRequest(f"{what} is for a game against bots: another person plays here")
        return game, seat

    def _save(self, game: _Game, change: Callable[[StoredGame], tuple[str, bool]]) -> None:
        """Store ``change`` of ``game``'s record (under its lock in storage), then replay the
        saved record into memory."""
        try:
            saved = self.store.update(game.id, change)
        except LookupError:
            raise NotFound(f"no game {game.id[:64]!r}") from None
        except ValueError as error:
            if isinstance(error, BadRequest):
                raise
            raise NotFound(f"game {game.id} cannot be restored: {error}") from None
        rebuilt = self._rebuild(saved, game)
        game.state, game.moves, game.revision = rebuilt.state, rebuilt.moves, saved.revision

    def record(self, game_id: str, token: object) -> JSON:
        """The game record, anyone's once the game is over; never before. A record holds the
        seed, and the seed fixes every shuffle and roll: with it a seat would know every
        face-down tile and card and every die still to be rolled."""
        game = self._game(game_id)
        with game.lock:
            over = game.over
            text = game.record_json()
        if not over:
            self._seat(game, token)  # a stranger is told no more than that
            raise Conflict(
                "the record is shared once the game is over: it holds the seed, "
                "from which every hidden card and every roll still to come follows"
            )
        document: JSON = json.loads(text)
        return document

    def review(self, game_id: str, seat: object) -> dict[str, object]:
        """The review (``harborgames.review``, docs/review.md) of ``seat``'s finished game, made
        in a bot worker and kept: anyone's once the game is over, as its record is."""
        game = self._game(game_id)
        with game.lock:
            over = game.over
            text = game.record_json()
        if not over:
            raise Conflict("a review is of a finished game: this one is still being played")
        viewer = _query_int(seat, "seat", 0, 0, game.state.num_players - 1)
        key = (game.id, viewer)
        with self._lock:
            made = self._reviews.get(key)
        if made is None:
            try:
                made = self.bots.review(game.module.INFO.name, text, viewer)
            except ValueError as error:  # ReviewError: a seat the game does not have, say
                raise BadRequest(str(error)) from None
            with self._lock:
                self._reviews[key] = made
                while len(self._reviews) > _REVIEW_CACHE:
                    self._reviews.popitem(last=False)
        return made

    def cards(self, game: object) -> dict[str, object]:
        """Every card of ``game`` a player may want to read (``module.cards()``), for a page to
        show on hover or tap: public, the same for every seat and every game of that name."""
        module = _load_module(game)
        return {"game": module.INFO.name, "cards": [card.as_json() for card in module.cards()]}

    # -- replays ----------------------------------------------------------------------------
    def add_replay(self, data: bytes) -> dict[str, object]:
        """Check a record a stranger sent (strict reader, then every move replayed); its id."""
        try:
            document = parse_json(data, "record", max_chars=MAX_RECORD_BYTES)
        except FormatError as error:
            lines = [line for line in data.splitlines() if line.strip()]
            if len(lines) > 1 and all(line.lstrip().startswith(b"{") for line in lines):
                raise BadRequest(
                    f"this holds {len(lines)} records, one per line (what 'harborgames arena "
                    "--records' writes): send one of them"
                ) from None
            raise BadRequest(str(error)) from None
        if not isinstance(document, dict):
            raise BadRequest("a record is a JSON object, as the game's dumps writes it")
        module = _load_module(document.get("game"))
        try:
            record = module.loads(data)
        except ValueError as error:  # FormatError
            raise BadRequest(str(error)) from None
        if not isinstance(record, GameRecord):
            raise BadRequest("that document is not a game record")
        if len(record.actions) > module.INFO.max_decisions:
            raise BadRequest(f"more moves than any game lasts ({module.INFO.max_decisions})")
        replay = self._replayed(module, record)
        replay_id = self.store.add_replay(module.dumps(record))  # identical records: one row
        self._cache(replay_id, replay)
        return {"id": replay_id, "moves": len(replay.moves)}

    def _replayed(self, module: LoadedGame, record: GameRecord) -> _Replay:
        states: list[Any] = []
        moves: list[_Move] = []
        try:
            for action, state in replay_states(module, record):
                if action is not None:
                    move = _moved(module, states[-1], action, state)
                    move.public = move.text  # a replay shows every seat's moves as they were
                    moves.append(move)
                states.append(state)
        except ValueError as error:  # IllegalActionError, or new_game refusing the setup
            raise BadRequest(str(error)) from None
        return _Replay(module, record, states, moves)

    def _cache(self, replay_id: str, replay: _Replay) -> None:
        with self._lock:
            self._replays[replay_id] = replay
            self._replays.move_to_end(replay_id)
            while len(self._replays) > _REPLAY_CACHE:
                self._replays.popitem(last=False)

    def replay_step(self, replay_id: str, step: object, seat: object) -> dict[str, object]:
        """The table after ``step`` moves of a replay, as ``seat`` saw it."""
        with self._lock:
            replay = self._replays.get(replay_id)
        if replay is None:
            text = self.store.replay(replay_id) if len(replay_id) <= 64 else None
            if text is None:
                raise NotFound(f"no replay {replay_id[:64]!r}")
            try:  # it was checked when it was added, but the file may have changed since
                module = _load_module(json.loads(text).get("game"))
                record = module.loads(text)
                if not isinstance(record, GameRecord):
                    raise FormatError("the stored record is not a game record")
                replay = self._replayed(module, record)
            except (ValueError, AttributeError) as error:  # BadRequest, FormatError, not an object
                raise NotFound(f"replay {replay_id} cannot be read: {error}") from None
            self._cache(replay_id, replay)
        last = len(replay.moves)
        number = _query_int(step, "step", last, 0, last)
        viewer = _query_int(seat, "seat", 0, 0, replay.record.num_players - 1)
        module, state = replay.module, replay.states[number]
        observation = module.observe(state, viewer)
        return {
            "id": replay_id,
            "game": module.INFO.name,
            "title": module.INFO.title,
            "variant": replay.record.variant,
            "seed": replay.record.seed,
            "seed_text": str(replay.record.seed),
            "num_players": replay.record.num_players,
            "seat": viewer,
            "step": number,
            "steps": last,
            "current_player": state.current_player,
            "over": bool(module.is_terminal(state)),
            "scores": list(module.scores(state)),
            "winners": list(module.winners(state)) if module.is_terminal(state) else None,
            "forced": [str(f) for f in getattr(state, "forced", ())],
            "log": [{"seat": m.seat, "move": m.text} for m in replay.moves],
            # what this step's move told the seat whose view it is (a round's end, a roll)
            "told": list(replay.moves[number - 1].told_to(viewer)) if number else [],
            "render": module.render(state),
            "table": module.table(observation),
        }


def _query_int(value: object, name: str, default: int, low: int, high: int) -> int:
    if value is None or value == "":
        return default
    if not isinstance(value, str) or not value.isascii() or not value.isdigit() or len(value) > 9:
        raise BadRequest(f"{name} must be a number from {low} to {high}")
    number = int(value)
    if not low <= number <= high:
        raise BadRequest(f"{name} must be a number from {low} to {high}")
    return number


def _visible_scores(module: LoadedGame, state: Any, table: Mapping[str, object]) -> list[int | None]:
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


def _logged(move: _Move, seat: int) -> dict[str, object]:
    """A move as ``seat``'s log shows it: the notation (the public part of another's), and
    what ``seat`` was told happened with it, if anything."""
    entry: dict[str, object] = {"seat": move.seat, "move": move.text if move.seat == seat else move.public}
    told = move.told_to(seat)
    if told:
        entry["told"] = list(told)
    return entry


def _last_of(moves: Sequence[_Move], seat: int) -> int | None:
    """The index of ``seat``'s last decision in ``moves``, or ``None`` if it made none."""
    for index in range(len(moves) - 1, -1, -1):
        if moves[index].seat == seat:
            return index
    return None
