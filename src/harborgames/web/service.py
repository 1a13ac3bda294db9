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
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import harborgames

from .. import bots
from ..bots.base import derive_seed
from ..cli.play import group_actions
from ..core.codec import JSON, parse_json
from ..core.errors import FormatError, IllegalActionError
from ..core.play import make_record, replay_states
from ..core.protocol import GameRecord, LoadedGame
from .store import Store, StoredGame
from .tables import table

__all__ = [
    "BOT_SPECS",
    "MAX_RECORD_BYTES",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "GameService",
    "NotFound",
]

BOT_SPECS: Mapping[str, str] = {
    "random": "random",
    "greedy": "greedy:lookahead=1",
    "mcts": "mcts:iterations=60:time_limit=0.3",
    "ismcts": "ismcts:iterations=60:time_limit=0.3",
}
"""The bots a client may seat, by name, and the budget the server gives each: a client picks a
name, never a spec, so no request can ask for a search that ties up the server."""

MAX_RECORD_BYTES = 4_000_000  # the codec's document limit
_REPLAY_CACHE = 16  # replays whose states are kept in memory


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


def _step(module: LoadedGame, state: Any, action: object) -> tuple[Any, _Move]:
    """Apply an action; the new state and the move as the log shows it."""
    seat = int(state.current_player)
    after = module.apply(state, action)
    offered = _offered(module.legal_actions(state), action)
    return after, _Move(seat, str(offered), _public(module, state, offered))


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


class GameService:
    """Every game and replay of one server, backed by a ``Store``; thread-safe.

    Each game has its own lock, so requests for different games run side by side while the
    moves of one game are applied (and stored) one at a time.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games: dict[str, _Game] = {}
        self._replays: OrderedDict[str, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    # -- start-up ---------------------------------------------------------------------------
    def restore(self) -> tuple[int, list[str]]:
        """Replay every unfinished game from its stored record: how many were restored, and why
        each of the others could not be (a record of an older rules version, say). Those stay
        in the file untouched, and answer 404 with the reason."""
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
            with self._lock:
                self._games[game_id] = game
            count += 1
        return count, problems

    def _rebuild(self, stored: StoredGame) -> _Game:
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
        )
        previous: Any = None
        for action, state in replay_states(module, record):
            if action is not None:
                seat = int(previous.current_player)
                game.moves.append(_Move(seat, str(action), _public(module, previous, action)))
            previous = state
        game.state = previous
        return game

    def _game(self, game_id: str) -> _Game:
        with self._lock:
            game = self._games.get(game_id)
        if game is not None:
            return game
        try:
            stored = self.store.game(game_id) if len(game_id) <= 64 else None
            if stored is None:
                raise NotFound(f"no game {game_id[:64]!r}")
            game = self._rebuild(stored)
        except ValueError as error:  # a damaged row, or a record this version cannot replay
            raise NotFound(f"game {game_id} cannot be restored: {error}") from None
        with self._lock:
            return self._games.setdefault(game_id, game)

    # -- games ------------------------------------------------------------------------------
    def create(self, body: JSON) -> dict[str, object]:
        """``{"game", "players", "variant", "seed", "bots", "options"}`` to ``{"id", "tokens"}``."""
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        unknown = sorted(set(body) - {"game", "players", "variant", "seed", "bots", "options"})
        if unknown:
            raise BadRequest(f"unknown field {unknown[0][:40]!r}")
        module = _load_module(body.get("game"))
        info = module.INFO
        num_players = _int(body, "players", info.min_players)
        seed = _int(body, "seed", secrets.randbelow(2**31))
        if seed < 0 or seed >= 2**63:
            raise BadRequest("seed must be from 0 to 2**63 - 1")
        variant = body.get("variant") or info.default_variant
        if not isinstance(variant, str):
            raise BadRequest("variant must be a string or null")
        given = body.get("options") or {}
        if not isinstance(given, dict):
            raise BadRequest("options must be an object of strings")
        options = {name: value for name, value in given.items() if isinstance(value, str)}
        if len(options) != len(given):
            raise BadRequest("options must be an object of strings")
        try:
            info.check_new_game(num_players, variant, options)
        except ValueError as error:
            raise BadRequest(str(error)) from None
        seat_bots = body.get("bots") or {}
        if not isinstance(seat_bots, dict):
            raise BadRequest('bots must be an object such as {"1": "random"}')
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
        tokens = {
            seat: secrets.token_urlsafe(24) for seat in range(num_players) if seat not in bot_seats
        }
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
            with self._lock:
                self._games[game_id] = game
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
        moves: list[_Move] = []
        module = game.module
        while state.current_player is not None and state.current_player in game.bots:
            seat = int(state.current_player)
            number = len(game.moves) + len(moves)
            bot = bots.make_from_spec(
                BOT_SPECS[game.bots[seat]], seed=derive_seed("serve", game.id, seat, number)
            )
            choice = bot.choose(bots.make_view(module, state, seat))
            state, move = _step(module, state, choice)
            moves.append(move)
        return state, moves

    def act(self, game_id: str, body: JSON) -> dict[str, object]:
        """Apply ``{"token", "action"}`` for the token's seat, then the bots' replies; stored
        in one transaction before anything changes in memory, so nothing is half applied."""
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
            state = game.state
            if state.current_player is None:
                raise BadRequest("the game is over")
            if state.current_player != seat:
                raise BadRequest(f"it is seat {state.current_player}'s turn, not yours (seat {seat})")
            try:
                action = game.module.parse_action(state, text)
                after, move = _step(game.module, state, action)
            except IllegalActionError as error:  # also the notation errors
                raise BadRequest(str(error)) from None
            after, replies = self._bots_move(game, after)
            moves = [*game.moves, move, *replies]
            record = make_record(
                game.module,
                game.num_players,
                game.seed,
                [m.text for m in moves],
                variant=game.variant,
                options=game.options,
            )
            self.store.save_record(game.id, game.module.dumps(record), game.module.is_terminal(after))
            game.state = after
            game.moves = moves
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
        return {
            "id": game.id,
            "game": module.INFO.name,
            "title": module.INFO.title,
            "variant": game.variant,
            # the seed fixes every shuffle and roll: told once there is nothing left to hide
            "seed": game.seed if module.is_terminal(state) else None,
            "num_players": game.num_players,
            "seat": seat,
            "seats": [
                {"seat": s, "bot": game.bots.get(s)} for s in range(game.num_players)
            ],
            "current_player": state.current_player,
            "over": bool(module.is_terminal(state)),
            "scores": _visible_scores(module, state, seat),
            "winners": list(module.winners(state)) if module.is_terminal(state) else None,
            "observation": json.loads(module.dumps(observation)),
            "legal_actions": [str(a) for a in legal],
            "groups": [
                {"label": label, "actions": [str(a) for a in group]} for label, group in group_actions(legal)
            ],
            "forced": [str(f) for f in getattr(state, "forced", ())],
            "log": [
                {"seat": m.seat, "move": m.text if m.seat == seat else m.public} for m in moves
            ],
            "render": module.render(state, seat),
            "table": table(module.INFO.name, observation),
        }

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

    # -- replays ----------------------------------------------------------------------------
    def add_replay(self, data: bytes) -> dict[str, object]:
        """Check a record a stranger sent (strict reader, then every move replayed); its id."""
        try:
            document = parse_json(data, "record", max_chars=MAX_RECORD_BYTES)
        except FormatError as error:
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
        replay_id = secrets.token_urlsafe(9)
        self.store.add_replay(replay_id, module.dumps(record))
        self._cache(replay_id, replay)
        return {"id": replay_id, "moves": len(replay.moves)}

    def _replayed(self, module: LoadedGame, record: GameRecord) -> _Replay:
        states: list[Any] = []
        moves: list[_Move] = []
        try:
            for action, state in replay_states(module, record):
                if action is not None:
                    before = states[-1]
                    moves.append(_Move(int(before.current_player), str(action), str(action)))
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
            "render": module.render(state),
            "table": table(module.INFO.name, observation),
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


def _visible_scores(module: LoadedGame, state: Any, seat: int) -> list[int | None]:
    """The scores ``seat`` may know: Port Gdańsk's totals count the other players' face-down
    Cruise Ship cards, so those totals are ``None`` until the game ends (as ``render`` shows
    "?"); every other score is public."""
    scores: list[int | None] = list(module.scores(state))
    if module.INFO.name == "gdansk" and not module.is_terminal(state):
        for other, player in enumerate(state.players):
            if other != seat and player.cruise:
                scores[other] = None
    return scores
