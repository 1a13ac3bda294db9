"""The warehouse: one square per good, moves on the grid, and paying without change.

A marker's position is its count n (square = row n // 3, column n % 3). Gains move right, up or
diagonally up and stop at the edge; payments move left, down or down-left and must stay on the
grid. All move tables are precomputed once per rule set.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from .actions import Pay
from .data import COLUMNS, MAX_GOODS, TOP_ROW, DiagonalEdge, Overpay, Rules

Goods = tuple[int, int, int, int]  # fish, clay, wood, grain counts

RIGHT, UP, UP_RIGHT, UP_LEFT, LEFT, DOWN, DOWN_LEFT = (
    "right",
    "up",
    "up_right",
    "up_left",
    "left",
    "down",
    "down_left",
)
SQUARES = range(MAX_GOODS + 1)


def _target(n: int, d_row: int, d_col: int, diagonal_edge: DiagonalEdge) -> int:
    row, col = divmod(n, COLUMNS)
    new_row, new_col = row + d_row, col + d_col
    row_ok = 0 <= new_row <= TOP_ROW
    col_ok = 0 <= new_col < COLUMNS
    if row_ok and col_ok:
        return new_row * COLUMNS + new_col
    if d_row <= 0 or d_col == 0 or diagonal_edge == "step_lost":
        return n  # the step is lost: the marker stays
    # per_axis: keep the in-bounds component, but never turn a gain into a pure loss (up-left
    # in the top row would become a left step, paying a good for nothing).
    if row_ok:
        return new_row * COLUMNS + col
    if col_ok and d_col > 0:
        return row * COLUMNS + new_col
    return n


@cache
def gain_table(kind: str, diagonal_edge: DiagonalEdge) -> tuple[int, ...]:
    """The square a gain step of ``kind`` leads to from each square (the same square if lost)."""
    d_row, d_col = {RIGHT: (0, 1), UP: (1, 0), UP_RIGHT: (1, 1), UP_LEFT: (1, -1)}[kind]
    return tuple(_target(n, d_row, d_col, diagonal_edge) for n in SQUARES)


def _payment(n: int, d_row: int, d_col: int) -> int:
    row, col = divmod(n, COLUMNS)
    if row + d_row < 0 or col + d_col < 0:
        return -1
    return n + 3 * d_row + d_col


PAYMENT_TABLES = {
    LEFT: tuple(_payment(n, 0, -1) for n in SQUARES),
    DOWN: tuple(_payment(n, -1, 0) for n in SQUARES),
    DOWN_LEFT: tuple(_payment(n, -1, -1) for n in SQUARES),
}
"""The square a payment step leads to, or -1 where it would leave the grid."""


def repeat_gain(n: int, table: tuple[int, ...], times: int) -> int:
    for _ in range(times):
        n = table[n]
    return n


def gain_cap(n: int, table: tuple[int, ...], limit: int) -> int:
    """How many of ``limit`` repeated steps actually move a marker before it stops."""
    moved = 0
    while moved < limit and table[n] != n:
        n = table[n]
        moved += 1
    return moved


def below_or_left(n: int) -> tuple[int, ...]:
    """Squares reachable from ``n`` by payment steps (left and down), including ``n``."""
    row, col = divmod(n, COLUMNS)
    return tuple(r * COLUMNS + c for r in range(row, -1, -1) for c in range(col, -1, -1))


def _dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Square-wise: every marker of ``a`` is at least as high and as far right as in ``b``."""
    return a != b and all(
        x // COLUMNS >= y // COLUMNS and x % COLUMNS >= y % COLUMNS for x, y in zip(a, b, strict=True)
    )


@lru_cache(maxsize=65536)
def payment_ends(starts: tuple[int, ...], amount: int, overpay: Overpay) -> tuple[tuple[int, ...], ...]:
    """End squares of the markers ``starts`` after paying ``amount`` goods between them.

    "minimal": every way to pay that leaves no marker lower or further left than needed: no
    offered end position is dominated square by square by another that also pays. "least_goods":
    of those, only the ones paying the fewest goods. Empty if the markers hold too little.
    """
    if amount <= 0:
        return (starts,)
    total = sum(starts)
    if total < amount:
        return ()
    feasible = [ends for ends in product(*(below_or_left(n) for n in starts)) if total - sum(ends) >= amount]
    minimal = [e for e in feasible if not any(_dominates(other, e) for other in feasible)]
    if overpay == "least_goods":
        least = max(sum(e) for e in minimal)
        minimal = [e for e in minimal if sum(e) == least]
    # Highest end squares first: the cheapest payments lead the list.
    minimal.sort(key=lambda e: (-sum(e), tuple(-x for x in e)))
    return tuple(minimal)


@lru_cache(maxsize=65536)
def repeated_payment_ends(
    starts: tuple[int, ...], amount: int, times: int, overpay: Overpay
) -> tuple[tuple[int, ...], ...]:
    """End squares after ``times`` separate payments of ``amount`` (per-application costs)."""
    frontier: set[tuple[int, ...]] = {starts}
    for _ in range(times):
        frontier = {end for s in frontier for end in payment_ends(s, amount, overpay)}
    ends = sorted(frontier, key=lambda e: (-sum(e), tuple(-x for x in e)))
    return tuple(ends)


def distributions(goods: Goods, table: tuple[int, ...], steps: int) -> tuple[tuple[int, int, int, int], ...]:
    """Distinct outcomes of sharing ``steps`` gain steps freely among the four markers.

    Returned as effective steps per good. Steps on a marker that has stopped are lost, so an
    outcome may use fewer than ``steps`` only when some marker reached its stop.
    """
    return _distributions(goods, table, steps)


@lru_cache(maxsize=65536)
def _distributions(goods: Goods, table: tuple[int, ...], steps: int) -> tuple[tuple[int, int, int, int], ...]:
    caps = [gain_cap(n, table, steps) for n in goods]
    outcomes = []
    for effective in product(*(range(c + 1) for c in caps)):
        used = sum(effective)
        if used > steps:
            continue
        if used == steps or any(e == c for e, c in zip(effective, caps, strict=True)):
            outcomes.append(effective)
    outcomes.sort(key=lambda e: (-sum(e), tuple(-x for x in e)))
    return tuple((e[0], e[1], e[2], e[3]) for e in outcomes)


def gain_tables(rules: Rules) -> dict[str, tuple[int, ...]]:
    return {kind: gain_table(kind, rules.diagonal_edge) for kind in (RIGHT, UP, UP_RIGHT, UP_LEFT)}


def why_not_payment(building: str, offered: tuple[object, ...], action: object) -> str:
    """Why ``action`` does not answer "which goods pay for ``building``" (its name): the ways
    to pay are the ``offered`` ones, since a warehouse gives no change."""
    listed = ", ".join(str(a) for a in offered)
    if isinstance(action, Pay):
        return (
            f"{action} is not a way to pay for {building} here (no change is given); choose one of: {listed}"
        )
    return f"{building} is waiting for how to pay ({listed}); {action} is not possible now"
