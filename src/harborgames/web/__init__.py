"""``harborgames serve``: the games behind a JSON API and a page, the example of embedding.

``GameService`` (``service.py``) holds the games and checks every request without any web
framework; ``Store`` (``store.py``) keeps them in SQLite; ``app.py`` puts them behind Starlette
(the ``web`` extra). See docs/web.md.
"""

from __future__ import annotations

from .service import BOT_SPECS, MAX_RECORD_BYTES, BadRequest, Conflict, Forbidden, GameService, NotFound
from .store import Store, StoredGame

__all__ = [
    "BOT_SPECS",
    "MAX_RECORD_BYTES",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "GameService",
    "NotFound",
    "Store",
    "StoredGame",
]
