"""After the game: how it was won, as a chart of standings and the decisions where it swung.

``review(game, record, seat)`` replays a finished game's record and returns a ``Review``:

* **the standing over the game**: at every position of the game, each seat's estimated final
  score (``game.heuristic(state, seat)``, the game's own guess of a seat's final score), as the
  reviewed seat could know it then: averaged over ``samples`` states drawn with
  ``game.resample(state, seat, ...)`` (one, the state itself, in a game that hides nothing),
  so the chart never shows what that seat could not see at the time; the final position is the
  rules' scores. Each point carries the round the game's table shows (``table["round"]``), so
  a chart marks where each round begins;
* **the turning points**: up to ``TURNING_POINTS`` decisions of the reviewed seat where its own
  estimate fell most against what the judge (``hard`` at its tuned budget, or the budget's
  ``judge`` spec) would have played. The judge is asked only about ``candidates`` decisions:
  those where a cheap screen (the heuristic after each legal move, one decision further
  within the seat's turn, as ``greedy`` looks) finds the largest drop from the best move to the
  move played. Each turning point's difference is the seat's estimate after the judge's move
  less after the move played, each move followed by the seat's own greedy moves to the end of
  its turn, in the game's own points;
* **the score by source at the end**, every seat side by side (``score_parts`` of the game's
  table), and one sentence saying where the winner's margin came from.

A ``Review`` is a frozen attrs value; ``as_json()`` gives it as JSON-ready data (the web page
draws it), ``lines(width)`` as text (the terminal prints it).

The review is refused with a ``ReviewError`` (a ``ValueError``) for a record of another game,
one that does not replay, or one that stops before the end.
"""

from __future__ import annotations

from .drawing import sparkline
from .measure import review, review_steps, standings
from .report import (
    DEFAULT_BUDGET,
    TURNING_POINTS,
    Budget,
    Review,
    ReviewError,
    ScoreSource,
    Standing,
    TurningPoint,
)

__all__ = [
    "DEFAULT_BUDGET",
    "TURNING_POINTS",
    "Budget",
    "Review",
    "ReviewError",
    "ScoreSource",
    "Standing",
    "TurningPoint",
    "review",
    "review_steps",
    "sparkline",
    "standings",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without what this package imports and its modules."""
    return list(__all__)
