"""The server's SQLite file: each game as its record plus the seats' tokens and bots.

Every accepted move (with the bot moves that follow it) is one ``UPDATE`` in one transaction,
so a server killed at any moment restarts with every move it ever answered "ok" to. WAL mode
with ``synchronous=NORMAL`` survives a killed process (not a power cut), at a fraction of the
cost of a full sync per move.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Store", "StoredGame"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    record TEXT NOT NULL,      -- the game record, as the game's dumps writes it
    tokens TEXT NOT NULL,      -- JSON {"seat": token} for the human seats
    bots TEXT NOT NULL,        -- JSON {"seat": bot name} for the bot seats
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    created REAL NOT NULL
);
"""


@dataclass(frozen=True)
class StoredGame:
    """One row of ``games``: enough to rebuild the game by replaying its record."""

    id: str
    game: str
    record: str
    tokens: dict[str, str]
    bots: dict[str, str]
    over: bool


class Store:
    """A thread-safe handle on the database file (one connection, one lock: SQLite writes one
    transaction at a time anyway, and the server's writes are small)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_game(self, stored: StoredGame) -> None:
        now = time.time()
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, game, record, tokens, bots, over, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    stored.id,
                    stored.game,
                    stored.record,
                    json.dumps(stored.tokens),
                    json.dumps(stored.bots),
                    int(stored.over),
                    now,
                    now,
                ),
            )

    def save_record(self, game_id: str, record: str, over: bool) -> None:
        """The game's record after a move and the bot moves that followed it, in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE games SET record = ?, over = ?, updated = ? WHERE id = ?",
                (record, int(over), time.time(), game_id),
            )

    def game(self, game_id: str) -> StoredGame | None:
        """The row of ``game_id``, or ``None``; a ``ValueError`` saying what is wrong if the
        row is damaged (edited by hand, say)."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, record, tokens, bots, over FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        return None if row is None else _stored(row)

    def unfinished(self) -> list[str]:
        """The ids of the games still under way, oldest first: the ones a restarted server
        replays (each read with ``game``, so one damaged row stops only its own game)."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created").fetchall()
        return [str(row[0]) for row in rows]

    def add_replay(self, replay_id: str, record: str) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO replays (id, record, created) VALUES (?, ?, ?)",
                (replay_id, record, time.time()),
            )

    def replay(self, replay_id: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT record FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return None if row is None else str(row[0])


def _seat_map(text: object, what: str) -> dict[str, str]:
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


def _stored(row: tuple[object, ...]) -> StoredGame:
    game_id, game, record, tokens, bots, over = row
    if not (isinstance(game_id, str) and isinstance(game, str) and isinstance(record, str)):
        raise ValueError("its row is damaged")
    return StoredGame(game_id, game, record, _seat_map(tokens, "tokens"), _seat_map(bots, "bots"), bool(over))
