"""What a review holds: the standings, the turning points, the score by source, as frozen attrs
values that read and write as JSON; and how hard a review looks (``Budget``)."""

from __future__ import annotations

import attrs
import cattrs

from ..core.codec import JSON
from .drawing import lines_of

__all__ = [
    "DEFAULT_BUDGET",
    "TURNING_POINTS",
    "Budget",
    "Review",
    "ReviewError",
    "ScoreSource",
    "Standing",
    "TurningPoint",
]

TURNING_POINTS = 5
"""The most turning points a review names (fewer where the judge agrees with the seat)."""


class ReviewError(ValueError):
    """A review that cannot be made: a record of another game, or of a game not yet over."""


@attrs.frozen
class Budget:
    """How hard a review looks: the judge (a bot spec), how many decisions it is asked about,
    and how many resampled states each estimate averages where the seat has hidden information.

    >>> Budget().judge
    'hard:time_limit=none'
    """

    judge: str = "hard:time_limit=none"  # reproducible from its seed: no wall-clock stop
    candidates: int = attrs.field(default=8)  # decisions the judge is asked about
    samples: int = attrs.field(default=4)  # states per estimate where something is hidden

    @candidates.validator
    def _check_candidates(self, _: object, value: int) -> None:
        if type(value) is not int or not 0 <= value <= 1000:
            raise ValueError(f"a review's candidates must be from 0 to 1000, not {value!r}")

    @samples.validator
    def _check_samples(self, _: object, value: int) -> None:
        if type(value) is not int or not 1 <= value <= 100:
            raise ValueError(f"a review's samples must be from 1 to 100, not {value!r}")


DEFAULT_BUDGET = Budget()
"""``hard`` at its tuned budget (what fits 0.4 s of CPU a decision) on 8 decisions, 4 samples:
a Le Havre full 2p review within a few seconds of CPU (docs/review.md measures it)."""


@attrs.frozen
class Standing:
    """The estimates after ``step`` moves of the record, as the reviewed seat could know them."""

    step: int  # moves played before this position (the replay's step)
    round: str  # the round the game's table shows here ("" where it shows none)
    estimates: tuple[float, ...]  # each seat's estimated final score, in the game's points


@attrs.frozen
class TurningPoint:
    """A decision of the reviewed seat where the judge would have played otherwise."""

    step: int  # moves played before the decision: the replay at this step shows its position
    round: str
    played: str  # the move played, in notation
    played_label: str  # ... in the words the game's buttons use
    preferred: str  # the judge's move, in notation
    preferred_label: str
    estimate_played: float  # the seat's estimated final score after the move played
    estimate_preferred: float  # ... after the judge's move
    difference: float  # estimate_preferred - estimate_played, in the game's points


@attrs.frozen
class ScoreSource:
    """One line of the final score by source: a label and each seat's points from it."""

    label: str
    points: tuple[int | None, ...]  # None: the seat's table shows nothing from this source


@attrs.frozen
class Review:
    """The review of one seat's game (see the module docstring)."""

    game: str  # the registry name
    title: str
    variant: str
    num_players: int
    seat: int  # the reviewed seat
    seats: tuple[str, ...]  # who played each seat, where the record says ("" otherwise)
    moves: int  # the record's length
    standings: tuple[Standing, ...]
    turning_points: tuple[TurningPoint, ...]  # largest difference first
    scores: tuple[int, ...]  # the final scores
    winners: tuple[int, ...]
    sources: tuple[ScoreSource, ...]
    margin: str  # one sentence: where the winner's margin came from
    judge: str  # the judge's spec
    candidates: int  # decisions the judge was asked about
    samples: int

    def as_json(self) -> dict[str, JSON]:
        """The review as JSON-ready data (dicts, lists, strings and numbers)."""
        data: dict[str, JSON] = _CONVERTER.unstructure(self)
        return data

    @classmethod
    def from_json(cls, data: object) -> Review:
        """The review ``as_json`` gave."""
        return _CONVERTER.structure(data, cls)

    def lines(self, width: int = 80) -> list[str]:
        """The review as text lines of at most ``width`` columns (``width`` at least 40)."""
        return lines_of(self, max(width, 40))


_CONVERTER = cattrs.Converter()
