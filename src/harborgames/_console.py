"""The ``harborgames`` console script and ``python -m harborgames``: the command's ``main``,
imported here rather than by the script itself, so that a Ctrl-C while the command's modules
load (a few tenths of a second) ends it like a Ctrl-C during a command, with a line and status
130, not a traceback. (``import harborgames`` alone loads nothing heavy.)"""

from __future__ import annotations

import sys

__all__ = ["main"]

_INTERRUPTED = 130  # what a shell reports for a command ended by SIGINT


def main() -> int:
    """Load the command and run it on ``sys.argv``; its exit status."""
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        print("\nharborgames: interrupted", file=sys.stderr)
        return _INTERRUPTED
    return run()
