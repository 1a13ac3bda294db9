"""The default storage: one SQLite file holding each game as its record plus the seats' tokens
and bots.

Every accepted move (with the bot moves that follow it) is one ``UPDATE`` in one transaction,
so a server killed at any moment restarts with every move it ever answered "ok" to. WAL mode
with ``synchronous=NORMAL`` survives a killed process (not a power cut), at a fraction of the
cost of a full sync per move; ``close`` folds the log back into the file, so after a clean stop
the ``.sqlite3`` file alone holds everything.

A file is checked before anything is written to it: one that is not an SQLite database, is
damaged, or holds another program's tables is refused (``StorageError``, one line naming the
file and the problem) and left exactly as it was.

One file serves one process: each process keeps what it serves in memory, so a second server on
the same file would serve its own stale copy. The storage holds an exclusive ``flock`` on the
file while it is open, and a second one is refused (``StorageError``) while the first lives. The
kernel drops the lock when the process ends, however it ends. SQLite's own locks are POSIX record
locks, which ``flock`` leaves alone (on a local disk, as SQLite's WAL mode needs anyway).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import threading
import time
import weakref
from pathlib import Path

if sys.platform != "win32":
    import fcntl

from .storage import Change, StorageError, StoredGame, replay_id_of, stored_game

__all__ = ["SQLiteStorage", "Store", "StoredGame"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    record TEXT NOT NULL,      -- the game record, as the game's dumps writes it
    tokens TEXT NOT NULL,      -- JSON {"seat": token} for the human seats
    bots TEXT NOT NULL,        -- JSON {"seat": bot name} for the bot seats
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,       -- the record's digest (storage.replay_id_of): stored once
    record TEXT NOT NULL,
    created REAL NOT NULL
);
"""
_COLUMNS = {
    "games": {"id", "game", "record", "tokens", "bots", "over", "created", "updated"},
    "replays": {"id", "record", "created"},
}
_SELECT = "SELECT id, game, record, tokens, bots, over, revision FROM games WHERE id = ?"


class SQLiteStorage:
    """A thread-safe handle on the database file (one connection, one lock: SQLite writes one
    transaction at a time anyway, and the server's writes are small). One file belongs to one
    server process (a second storage on the file is refused while this one is open); for
    several, use PostgreSQL."""

    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.description = f"database {self.path}"
        if Path(self.path).is_dir():
            raise StorageError(f"cannot open the database {self.path}: it is a folder")
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {self.path}: {error}") from None
        self._release: weakref.finalize[[int], SQLiteStorage] | None = None
        try:
            self._release = self._claim()
            self._check_and_create()
        except BaseException as error:
            self._db.close()
            if self._release is not None:
                self._release()
            if isinstance(error, sqlite3.Error):
                detail = " ".join(str(error).split())
                raise StorageError(f"cannot open the database {self.path}: {detail}") from None
            raise

    def _claim(self) -> weakref.finalize[[int], SQLiteStorage] | None:
        """The exclusive lock on the file, or ``StorageError`` if another storage holds it;
        what releases it (also when this object is collected unclosed)."""
        if sys.platform == "win32" or self.path in ("", ":memory:"):
            return None  # no flock on Windows; no file to share in memory
        try:
            descriptor = os.open(self.path, os.O_RDONLY)  # sqlite3.connect made the file
        except OSError as error:
            raise StorageError(f"cannot open the database {self.path}: {error.strerror or error}") from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(descriptor)
            raise StorageError(
                f"cannot open the database {self.path}: another harborgames server is using it "
                "(an SQLite file serves one process; stop that server first, or share a "
                "postgresql:// database between servers)"
            ) from None
        return weakref.finalize(self, os.close, descriptor)

    def _check_and_create(self) -> None:
        """Refuse a damaged or foreign file before anything is written to it (even the switch
        to WAL mode is a write), then create the tables if the file is new."""
        tables = {
            str(name) for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if tables:
            (verdict,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
            if verdict != "ok":
                detail = " ".join(str(verdict).replace("*** in database main ***", "").split())
                raise StorageError(f"cannot open the database {self.path}: it is damaged ({detail})")
            ours = tables & set(_COLUMNS)
            if not ours:
                shown = ", ".join(sorted(tables)[:5])
                raise StorageError(
                    f"cannot open the database {self.path}: it holds another program's tables "
                    f"({shown}), not harborgames' games"
                )
            for table, needed in _COLUMNS.items():
                if table not in tables:
                    continue
                columns = {str(row[1]) for row in self._db.execute(f"PRAGMA table_info({table})")}
                missing = sorted(needed - columns)
                if missing:
                    raise StorageError(
                        f"cannot open the database {self.path}: its {table} table has no column "
                        f"{missing[0]!r} (not a harborgames database, or a damaged one)"
                    )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        columns = {str(row[1]) for row in self._db.execute("PRAGMA table_info(games)")}
        if "revision" not in columns:  # a file written before revisions were counted
            self._db.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")

    def close(self) -> None:
        """Fold the write-ahead log into the file and close it."""
        with self._lock:
            with contextlib.suppress(sqlite3.Error):  # closing still checkpoints what it can
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            if self._release is not None:
                self._release()  # after SQLite closed the file: closing it first would drop SQLite's locks

    def add_game(self, stored: StoredGame) -> None:
        now = time.time()
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, game, record, tokens, bots, over, created, updated, revision) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    stored.id,
                    stored.game,
                    stored.record,
                    json.dumps(stored.tokens),
                    json.dumps(stored.bots),
                    int(stored.over),
                    now,
                    now,
                    stored.revision,
                ),
            )

    def update(self, game_id: str, change: Change) -> StoredGame:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")  # the write lock, taken before the row is read
            try:
                row = self._db.execute(_SELECT, (game_id,)).fetchone()
                if row is None:
                    raise LookupError(f"no game {game_id!r}")
                stored = stored_game(row)
                record, over = change(stored)
                revision = stored.revision + 1
                self._db.execute(
                    "UPDATE games SET record = ?, over = ?, updated = ?, revision = ? WHERE id = ?",
                    (record, int(over), time.time(), revision, game_id),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return StoredGame(stored.id, stored.game, record, stored.tokens, stored.bots, over, revision)

    def game(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(_SELECT, (game_id,)).fetchone()
        return None if row is None else stored_game(row)

    def revision(self, game_id: str) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def unfinished(self) -> list[str]:
        """The ids of the games still under way, oldest first: the ones a restarted server
        replays (each read with ``game``, so one damaged row stops only its own game)."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created").fetchall()
        return [str(row[0]) for row in rows]

    def add_replay(self, record: str) -> str:
        replay_id = replay_id_of(record)
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT OR IGNORE INTO replays (id, record, created) VALUES (?, ?, ?)",
                (replay_id, record, time.time()),
            )
        return replay_id

    def replay(self, replay_id: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT record FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return None if row is None else str(row[0])


Store = SQLiteStorage
"""The name this class had before the storage interface: ``Store(path)`` still works."""
