"""The kit's one error."""

from __future__ import annotations

__all__ = ["ConformanceError"]


class ConformanceError(AssertionError):
    """A game module broke a promise of the protocol."""
