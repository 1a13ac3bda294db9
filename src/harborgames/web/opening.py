"""``open_storage``: the storage ``--db`` names. Apart from ``storage.py``, whose interface the
backends implement, so that module imports none of them (psycopg itself is imported only when a
PostgreSQL database is opened)."""

from __future__ import annotations

from pathlib import Path

from .postgres import PostgresStorage
from .storage import MemoryStorage, Storage
from .store import SQLiteStorage

__all__ = ["open_storage"]


def open_storage(db: str | Path) -> Storage:
    """The storage ``--db`` names: ``postgresql://…`` (or ``postgres://…``) a PostgreSQL
    database (the ``postgres`` extra), ``:memory:`` nothing kept, anything else an SQLite file.
    A ``StorageError`` in one line if it cannot be opened."""
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStorage(text)
    if text == ":memory:":
        return MemoryStorage()
    return SQLiteStorage(text)
