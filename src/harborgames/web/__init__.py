"""``harborgames serve``: the games behind a JSON API and a page, the example of embedding.

``GameService`` (``service.py``) holds the games and checks every request without any web
framework (``bodies.py`` reads the request bodies strictly, ``table.py`` makes what a seat
sees, ``replays.py`` steps through records); it keeps them in a ``Storage`` (``storage.py``):
``SQLiteStorage`` (``store.py``, the default), ``MemoryStorage`` or ``PostgresStorage``
(``postgres.py``, the ``postgres`` extra), opened by ``open_storage``. ``app.py`` puts the
service behind Starlette (the ``web`` extra). See docs/web.md.
"""

from __future__ import annotations

from .opening import open_storage
from .service import MAX_RECORD_BYTES, BadRequest, Conflict, Forbidden, GameService, NotFound
from .storage import MemoryStorage, Storage, StorageError, StoredGame
from .store import SQLiteStorage, Store
from .thinking import BOT_SPECS, BotPool

__all__ = [
    "BOT_SPECS",
    "MAX_RECORD_BYTES",
    "BadRequest",
    "BotPool",
    "Conflict",
    "Forbidden",
    "GameService",
    "MemoryStorage",
    "NotFound",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "Store",
    "StoredGame",
    "open_storage",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)
