"""A review as text: a sparkline per seat with the rounds marked, the turning points, the score
by source, within a width (what ``harborgames review`` and ``play`` print)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the review's values call this module to draw themselves
    from .report import Review, Standing

__all__ = ["lines_of", "sparkline"]


def sparkline(values: Sequence[float], width: int, low: float, high: float) -> str:
    """``values`` as ``width`` block characters from ``low`` (▁) to ``high`` (█), each the
    mean of the values it covers.

    >>> sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8, 0, 7)
    '▁▂▃▄▅▆▇█'
    """
    if not values or width < 1:
        return ""
    span = high - low or 1.0
    blocks = "▁▂▃▄▅▆▇█"
    out = []
    for column in range(min(width, len(values))):
        start = column * len(values) // min(width, len(values))
        end = max(start + 1, (column + 1) * len(values) // min(width, len(values)))
        mean = sum(values[start:end]) / (end - start)
        level = round((mean - low) / span * (len(blocks) - 1))
        out.append(blocks[min(max(level, 0), len(blocks) - 1)])
    return "".join(out)


def lines_of(review: Review, width: int) -> list[str]:
    """The review as the terminal prints it."""
    seat = review.seat
    lines = [
        _cut(
            f"Review of P{seat}'s game: {review.title} ({review.variant}), "
            f"{review.num_players} players, {review.moves} moves",
            width,
        ),
    ]
    estimates = [s.estimates for s in review.standings]
    low = min(min(e) for e in estimates)
    high = max(max(e) for e in estimates)
    label_width = 9
    chart = width - label_width - 14
    lines.append(_cut(f"Estimated final score over the game ({low:.0f} to {high:.0f}):", width))
    marks = _round_marks(review.standings, chart)
    if marks.strip():
        lines.append(" " * label_width + marks + "  rounds")
    for p in range(review.num_players):
        name = f"P{p}{' you' if p == seat else ''}".ljust(label_width)
        spark = sparkline([e[p] for e in estimates], chart, low, high)
        lines.append(f"{name}{spark}  {estimates[0][p]:>5.0f}→{review.scores[p]}")
    lines.append("")
    if review.turning_points:
        lines.append(
            _cut(
                f"Turning points (the judge: {review.judge}, asked about {review.candidates} decisions):",
                width,
            )
        )
        for number, point in enumerate(review.turning_points, 1):
            where = f"round {point.round}, " if point.round else ""
            lines.append(
                _cut(
                    f"{number}. move {point.step + 1} ({where}your estimate "
                    f"{point.estimate_played:.1f} → {point.estimate_preferred:.1f}, "
                    f"{point.difference:+.1f})",
                    width,
                )
            )
            lines.append(_cut(f"   played:    {point.played_label}  [{point.played}]", width))
            lines.append(_cut(f"   preferred: {point.preferred_label}  [{point.preferred}]", width))
    else:
        lines.extend(
            _wrap(
                f"No turning points: the judge ({review.judge}) played as you did, or no better "
                f"by the estimate, at the {review.candidates} decisions it was asked about.",
                width,
            )
        )
    lines.append("")
    if review.sources:
        label_w = min(
            max(len("score by source"), *(len(s.label) for s in review.sources)),
            width - 8 * review.num_players,
        )
        heads = "".join(
            f"{'P' + str(p) + ('*' if p in review.winners else ''):>8}" for p in range(review.num_players)
        )
        lines.append(f"{'score by source':<{label_w}}{heads}"[:width])
        for source in review.sources:
            cells = "".join(f"{'-' if v is None else v:>8}" for v in source.points)
            lines.append(f"{source.label[:label_w]:<{label_w}}{cells}")
        lines.append(f"{'total':<{label_w}}" + "".join(f"{v:>8}" for v in review.scores))
    lines.extend(_wrap(review.margin, width))
    return lines


def _round_marks(line: Sequence[Standing], width: int) -> str:
    """A ``|`` above the chart's column where each round begins."""
    columns = min(width, len(line))
    marks = [" "] * columns
    previous = line[0].round if line else ""
    for index, standing in enumerate(line):
        if standing.round != previous and standing.round:
            marks[min(index * columns // len(line), columns - 1)] = "|"
        previous = standing.round
    return "".join(marks)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _wrap(text: str, width: int) -> list[str]:
    words, lines, current = text.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(_cut(current, width))
    return lines
