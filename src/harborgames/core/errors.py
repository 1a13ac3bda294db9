"""The two exceptions every game raises; both are ``ValueError`` so callers can catch either."""

from __future__ import annotations

__all__ = ["FormatError", "IllegalActionError"]


class IllegalActionError(ValueError):
    """An action that the rules do not allow here (or that is not an action at all).

    The message names the rule that forbids it. Raising it never changes any state.
    """


class FormatError(ValueError):
    """JSON (or a component file) that is malformed or describes an impossible position.

    The message names the offending field or entry.
    """
