"""What a request to the games can be refused with, one exception per HTTP status ``app.py``
answers with; each message says why."""

from __future__ import annotations

__all__ = ["BadRequest", "Conflict", "Forbidden", "NotFound"]


class BadRequest(ValueError):
    """The request is malformed or the game refuses it (HTTP 400); the message says why."""


class Forbidden(ValueError):
    """A missing or wrong token (HTTP 403)."""


class NotFound(LookupError):
    """No such game or replay (HTTP 404)."""


class Conflict(ValueError):
    """Not while the game is under way (HTTP 409): its record, which holds the seed."""
