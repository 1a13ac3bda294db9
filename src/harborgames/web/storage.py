"""The storage interface the service uses, and the in-memory storage.

A game is stored as its record (the game's ``dumps``), its human seats' tokens, its bot seats,
whether it is over, and a revision that counts the saves. ``update`` is the one way to change
a stored game: it reads the row under a lock that every process sharing the storage respects
(SQLite's write lock, PostgreSQL's row lock), hands it to a function that computes the new
record, and writes that in the same transaction. So two processes taking moves for one game
take them one after the other, each starting from the other's last move: none is applied twice
and none is lost.

Backends: ``SQLiteStorage`` (``store.py``, the default: one file, one server process),
``MemoryStorage`` (here: tests and embedders that keep nothing) and ``PostgresStorage``
(``postgres.py``, the ``postgres`` extra: several server processes on one database).
``opening.open_storage`` picks one from the ``--db`` argument.
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

__all__ = [
    "Change",
    "MemoryStorage",
    "Storage",
    "StorageError",
    "StoredGame",
    "replay_id_of",
]


class StorageError(Exception):
    """The storage cannot be opened or used: the message names it and says what is wrong, in
    one line fit to show a person starting the server."""


@dataclass(frozen=True)
class StoredGame:
    """One stored game: enough to rebuild it by replaying its record."""

    id: str
    game: str
    record: str  # the game record, as the game's dumps writes it
    tokens: dict[str, str]  # {"seat": token} for the human seats
    bots: dict[str, str]  # {"seat": bot name} for the bot seats
    over: bool
    revision: int = 0  # how many times the record was saved: a process's copy is stale if lower


Change = Callable[[StoredGame], tuple[str, bool]]
"""Given the stored game (read under the lock), its new record and whether it is over; an
exception leaves the stored game as it was."""


@runtime_checkable
class Storage(Protocol):
    """What ``GameService`` needs of a storage. Every method is thread-safe."""

    shared: bool
    """True when other processes may change the same games (the service then checks each
    game's revision before it answers from memory)."""

    description: str
    """What the storage is, for the start-up line (a file name, a database without password)."""

    def add_game(self, stored: StoredGame) -> None:
        """Store a new game (its id is new)."""

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game, or ``None``; a ``ValueError`` saying what is wrong if its row is
        damaged."""

    def revision(self, game_id: str) -> int | None:
        """The stored game's revision (cheaper than ``game``), or ``None`` if there is none."""

    def update(self, game_id: str, change: Change) -> StoredGame:
        """Apply ``change`` to the game under its lock, in one transaction; the game as stored
        after it (revision one higher). ``LookupError`` if there is no such game; whatever
        ``change`` raises passes through, and nothing is written."""

    def unfinished(self) -> list[str]:
        """The ids of the games still under way, oldest first."""

    def add_replay(self, record: str) -> str:
        """Store a checked record for replaying; its id. The id is the record's digest, so an
        identical record is stored once and gets the same id."""

    def replay(self, replay_id: str) -> str | None:
        """The stored record of a replay, or ``None``."""

    def close(self) -> None:
        """Write everything out and let go of the storage (SQLite folds its write-ahead log
        into the file)."""


def replay_id_of(record: str) -> str:
    """A replay's id: 16 URL-safe characters of the record's SHA-256 (96 bits)."""
    digest = hashlib.sha256(record.encode()).digest()[:12]
    return base64.urlsafe_b64encode(digest).decode()


def seat_map(text: object, what: str) -> dict[str, str]:
    """A stored ``{"seat": text}`` column, checked: a damaged one is a ``ValueError``."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        value = None
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and k.isascii() and k.isdigit() and isinstance(v, str) for k, v in value.items()
    ):
        raise ValueError(f"its {what} column is damaged")
    return value


def stored_game(row: tuple[object, ...]) -> StoredGame:
    """A row ``(id, game, record, tokens, bots, over, revision)`` checked into a ``StoredGame``."""
    game_id, game, record, tokens, bots, over, revision = row
    if not (isinstance(game_id, str) and isinstance(game, str) and isinstance(record, str)):
        raise ValueError("its row is damaged")
    if not isinstance(revision, int) or isinstance(revision, bool):
        raise ValueError("its revision column is damaged")
    return StoredGame(
        game_id, game, record, seat_map(tokens, "tokens"), seat_map(bots, "bots"), bool(over), revision
    )


class MemoryStorage:
    """Games and replays in this process's memory only: for tests, and for an embedder that
    keeps games elsewhere or not at all. Nothing survives the process."""

    shared = False
    description = "memory (nothing is kept after the process ends)"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: dict[str, StoredGame] = {}
        self._replays: dict[str, str] = {}

    def add_game(self, stored: StoredGame) -> None:
        with self._lock:
            if stored.id in self._games:
                raise ValueError(f"game {stored.id} is already stored")
            self._games[stored.id] = stored

    def game(self, game_id: str) -> StoredGame | None:
        with self._lock:
            return self._games.get(game_id)

    def revision(self, game_id: str) -> int | None:
        with self._lock:
            stored = self._games.get(game_id)
        return None if stored is None else stored.revision

    def update(self, game_id: str, change: Change) -> StoredGame:
        with self._lock:
            stored = self._games.get(game_id)
            if stored is None:
                raise LookupError(f"no game {game_id!r}")
            record, over = change(stored)
            saved = replace(stored, record=record, over=over, revision=stored.revision + 1)
            self._games[game_id] = saved
            return saved

    def unfinished(self) -> list[str]:
        with self._lock:
            return [game_id for game_id, stored in self._games.items() if not stored.over]

    def add_replay(self, record: str) -> str:
        replay_id = replay_id_of(record)
        with self._lock:
            self._replays.setdefault(replay_id, record)
        return replay_id

    def replay(self, replay_id: str) -> str | None:
        with self._lock:
            return self._replays.get(replay_id)

    def close(self) -> None:
        pass
