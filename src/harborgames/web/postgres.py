"""PostgreSQL storage (the ``postgres`` extra, psycopg 3): several server processes share games.

``update`` reads the game's row with ``SELECT … FOR UPDATE`` inside a transaction, so a second
process taking a move for the same game waits until the first has committed, then starts from
the record the first wrote: no move is applied twice and none is lost. Each thread of the
server uses its own connection from a small pool; a connection is opened when first needed.
"""

from __future__ import annotations

import functools
import json
import queue
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from .storage import Change, StorageError, StoredGame, replay_id_of, stored_game

if TYPE_CHECKING:  # the postgres extra: imported when a PostgresStorage is made
    from psycopg import Connection
    from psycopg.rows import TupleRow

__all__ = ["PostgresStorage"]

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS harborgames_games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        tokens TEXT NOT NULL,
        bots TEXT NOT NULL,
        over BOOLEAN NOT NULL DEFAULT FALSE,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        revision INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS harborgames_games_unfinished ON harborgames_games (created) WHERE NOT over",
    """CREATE TABLE IF NOT EXISTS harborgames_replays (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
]
_SELECT = "SELECT id, game, record, tokens, bots, over, revision FROM harborgames_games WHERE id = %s"
_POOL = 8  # connections kept open; more threads than that wait for one


def _shown(url: str) -> str:
    """The URL without its password, for messages and the start-up line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


class PostgresStorage:
    """Games in a PostgreSQL database (tables ``harborgames_games`` and ``harborgames_replays``,
    created if missing), shared by every server process pointed at it."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self.description = f"database {_shown(url)}"
        try:
            import psycopg
        except ImportError:
            raise StorageError(
                "a postgresql:// database needs the postgres extra (psycopg is missing); "
                "install it with: pip install 'harborgames[postgres]'"
            ) from None
        self._connect = functools.partial(psycopg.connect, url, autocommit=True, connect_timeout=10)
        self._idle: queue.LifoQueue[Connection[TupleRow]] = queue.LifoQueue()
        self._slots = queue.Queue[None]()
        for _ in range(_POOL):
            self._slots.put(None)
        try:
            with self._connection() as db, db.transaction():
                # one process creates the tables; the others wait for it instead of racing it
                db.execute("SELECT pg_advisory_xact_lock(7218431)")
                for statement in _SCHEMA:
                    db.execute(statement)
        except psycopg.Error as error:
            raise StorageError(f"cannot open the {self.description}: {_first_line(error)}") from None

    @contextmanager
    def _connection(self) -> Iterator[Connection[TupleRow]]:
        self._slots.get()
        try:
            try:
                db = self._idle.get_nowait()
            except queue.Empty:
                db = self._connect()
            try:
                yield db
            except BaseException:
                if db.closed or db.broken:
                    raise
                self._idle.put(db)
                raise
            self._idle.put(db)
        finally:
            self._slots.put(None)

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return

    def add_game(self, stored: StoredGame) -> None:
        now = time.time()
        with self._connection() as db:
            db.execute(
                "INSERT INTO harborgames_games (id, game, record, tokens, bots, over, created, updated, "
                "revision) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    stored.id,
                    stored.game,
                    stored.record,
                    json.dumps(stored.tokens),
                    json.dumps(stored.bots),
                    stored.over,
                    now,
                    now,
                    stored.revision,
                ),
            )

    def update(self, game_id: str, change: Change) -> StoredGame:
        with self._connection() as db, db.transaction():
            row = db.execute(_SELECT + " FOR UPDATE", (game_id,)).fetchone()
            if row is None:
                raise LookupError(f"no game {game_id!r}")
            stored = stored_game(tuple(row))
            record, over = change(stored)
            revision = stored.revision + 1
            db.execute(
                "UPDATE harborgames_games SET record = %s, over = %s, updated = %s, revision = %s "
                "WHERE id = %s",
                (record, over, time.time(), revision, game_id),
            )
        return StoredGame(stored.id, stored.game, record, stored.tokens, stored.bots, over, revision)

    def game(self, game_id: str) -> StoredGame | None:
        with self._connection() as db:
            row = db.execute(_SELECT, (game_id,)).fetchone()
        return None if row is None else stored_game(tuple(row))

    def revision(self, game_id: str) -> int | None:
        with self._connection() as db:
            row = db.execute("SELECT revision FROM harborgames_games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def unfinished(self) -> list[str]:
        with self._connection() as db:
            rows = db.execute("SELECT id FROM harborgames_games WHERE NOT over ORDER BY created").fetchall()
        return [str(row[0]) for row in rows]

    def add_replay(self, record: str) -> str:
        replay_id = replay_id_of(record)
        with self._connection() as db:
            db.execute(
                "INSERT INTO harborgames_replays (id, record, created) VALUES (%s, %s, %s) "
                "ON CONFLICT (id) DO NOTHING",
                (replay_id, record, time.time()),
            )
        return replay_id

    def replay(self, replay_id: str) -> str | None:
        with self._connection() as db:
            row = db.execute("SELECT record FROM harborgames_replays WHERE id = %s", (replay_id,)).fetchone()
        return None if row is None else str(row[0])


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
