"""The games a server holds, without any web framework: create, look, act, replay.

This is the part to copy when embedding harborgames in another app. Each game is its record
(the ``new_game`` arguments and every decision in notation) plus one secret token per human
seat and a bot name per bot seat; the live state is only a cache of replaying that record.
Every request is checked here (its body by ``bodies.py``'s strict reader, then tokens, seats and
the game's own strict readers), so the HTTP layer in ``app.py`` only moves JSON in and out. What
a seat sees is made in ``table.py``; replays are in ``replays.py``.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

import harborgames

from ..bots.base import derive_seed
from ..core.codec import JSON
from ..core.errors import FormatError, IllegalActionError
from ..core.play import make_record, replay_states
from ..core.protocol import GameRecord, State
from .bodies import Act, NewGame, Undo, query_number, read_body
from .errors import BadRequest, Conflict, Forbidden, NotFound
from .replays import MAX_RECORD_BYTES, Replays
from .storage import Storage, StoredGame
from .table import Move, Table, last_of, load_game, moved, seat_view, step
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

_REVIEW_CACHE = 64  # finished games' reviews kept, by (game id, seat)
MAX_GAMES = 1000  # games kept in memory at most (the least recently used leave first)
IDLE_SECONDS = 900.0  # a game nobody asked about for this long leaves memory
FINISHED_IDLE_SECONDS = 60.0  # a finished game leaves sooner: only its final view is asked for


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
        self._games: OrderedDict[str, Table] = OrderedDict()
        self.replays = Replays(store)
        self._reviews: OrderedDict[tuple[str, int], dict[str, JSON]] = OrderedDict()
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

    def _rebuild(self, stored: StoredGame, known: Table | None = None) -> Table:
        """The game replayed from its stored record; from ``known``'s state on, if ``known``
        is an older copy of the same game (another process took moves since)."""
        module = harborgames.load(stored.game)
        record = module.loads(stored.record)
        if not isinstance(record, GameRecord):
            raise FormatError("the stored record is not a game record")
        moves: list[Move] = []
        done = [move.text for move in known.moves] if known is not None else []
        if known is not None and list(record.actions[: len(done)]) == done:
            moves, state = list(known.moves), known.state
            for text in record.actions[len(done) :]:
                state, move = step(module, state, module.parse_action(state, text))
                moves.append(move)
        else:
            states = replay_states(module, record)
            _, state = next(states)  # the first pair is (None, the state at the start)
            for action, after in states:
                moves.append(moved(module, state, action, after))
                state = after
        return Table(
            id=stored.id,
            module=module,
            num_players=record.num_players,
            seed=record.seed,
            variant=record.variant,
            options=dict(record.options),
            tokens={int(seat): token for seat, token in stored.tokens.items()},
            bots={int(seat): name for seat, name in stored.bots.items()},
            state=state,
            moves=moves,
            revision=stored.revision,
        )

    def _keep(self, game: Table) -> Table:
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

    def _game(self, game_id: str) -> Table:
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
        asked = read_body(body, NewGame)
        module = load_game(asked.game)
        info = module.INFO
        num_players = info.min_players if asked.players is None else asked.players
        seed = secrets.randbits(63) if asked.seed is None else asked.seed
        variant = info.default_variant if asked.variant is None else asked.variant
        options = asked.options or {}
        try:
            info.check_new_game(num_players, variant, options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        bot_seats: dict[int, str] = {}
        for key, name in (asked.bots or {}).items():
            # "1", not "01" or "١": one spelling per seat, so no seat is named twice
            canonical = key.isascii() and key.isdigit() and len(key) <= 2 and key == str(int(key))
            if not (canonical and int(key) < num_players):
                raise BadRequest(f"bots: {key[:20]!r} is not a seat from 0 to {num_players - 1}")
            if name not in BOT_SPECS:
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
        game = Table(game_id, module, num_players, seed, variant, dict(options), tokens, bot_seats, state)
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

    def _seat(self, game: Table, token: object) -> int:
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

    def _bots_move(self, game: Table, state: State) -> tuple[State, list[Move]]:
        """Bots decide until a person must decide or the game ends."""
        module = game.module
        chosen = self.bots.think(module.INFO.name, state, game.bots, game.id, len(game.moves))
        moves: list[Move] = []
        for index in chosen:
            state, move = step(module, state, module.legal_actions(state)[index])
            moves.append(move)
        return state, moves

    def act(self, game_id: str, body: JSON) -> dict[str, object]:
        """Apply ``{"token", "action"}`` for the token's seat, then the bots' replies; stored
        in one transaction (under the game's lock in storage, from the stored record) before
        anything changes in memory, so nothing is half applied, doubled or lost."""
        asked = read_body(body, Act)
        game = self._game(game_id)
        seat = self._seat(game, asked.token)
        text = asked.action
        if text is None:
            raise BadRequest("action must be a string in the game's notation")
        with game.lock:
            result: list[tuple[Table, State, list[Move]]] = []

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
                    after, move = step(current.module, state, action)
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
        return self.view(game_id, asked.token)

    def view(self, game_id: str, token: object) -> dict[str, object]:
        """What the token's seat may see (see docs/web.md for the shape)."""
        game = self._game(game_id)
        seat = self._seat(game, token)
        return seat_view(game, seat, alone=self._against_bots(game, seat))

    def _against_bots(self, game: Table, seat: int) -> bool:
        """Whether ``seat`` is the only person at the table (every other seat a bot): only then
        do undo and hints change nobody else's game."""
        return set(game.tokens) == {seat}

    def undo(self, game_id: str, body: JSON) -> dict[str, object]:
        """``{"token"}``: take back the token seat's last decision and the bots' moves after it
        (as the terminal's ``undo``), when that seat plays alone against bots and the game is
        not over (a finished game's record is shared and final). The seat decides again."""
        token = read_body(body, Undo).token
        game = self._game(game_id)
        seat = self._seat(game, token)
        if not self._against_bots(game, seat):
            raise BadRequest("undo is for a game against bots: another person plays here")
        with game.lock:

            def change(stored: StoredGame) -> tuple[str, bool]:
                current = self._rebuild(stored, game) if stored.revision != game.revision else game
                if current.over:
                    raise BadRequest("the game is over: its record is final")
                last = last_of(current.moves, seat)
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
        return self.view(game_id, token)

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

    def _save(self, game: Table, change: Callable[[StoredGame], tuple[str, bool]]) -> None:
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

    def review(self, game_id: str, seat: object) -> dict[str, JSON]:
        """The review (``harborgames.review``, docs/review.md) of ``seat``'s finished game, made
        in a bot worker and kept: anyone's once the game is over, as its record is."""
        game = self._game(game_id)
        with game.lock:
            over = game.over
            text = game.record_json()
        if not over:
            raise Conflict("a review is of a finished game: this one is still being played")
        viewer = query_number(seat, "seat", 0, 0, game.state.num_players - 1)
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
        module = load_game(game)
        return {"game": module.INFO.name, "cards": [card.as_json() for card in module.cards()]}

    # -- replays ----------------------------------------------------------------------------
    def add_replay(self, data: bytes) -> dict[str, object]:
        """Check a record a stranger sent (strict reader, then every move replayed); its id."""
        return self.replays.add(data)

    def replay_step(self, replay_id: str, step: object, seat: object) -> dict[str, object]:
        """The table after ``step`` moves of a replay, as ``seat`` saw it."""
        return self.replays.step(replay_id, step, seat)
