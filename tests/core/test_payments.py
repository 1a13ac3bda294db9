"""``core.payments``: the minimal ways to pay, checked against brute force."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames.core.payments import iter_minimal_payments, minimal_payments, next_counts, non_dominated

holdings = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), min_size=1, max_size=4)


def brute_force(have: tuple[int, ...], worth: tuple[int, ...], due: int) -> set[tuple[int, ...]]:
    ways = set()
    for way in itertools.product(*(range(h + 1) for h in have)):
        total = sum(a * b for a, b in zip(way, worth, strict=True))
        if total >= due and all(total - worth[i] < due for i in range(len(way)) if way[i]):
            ways.add(way)
    return ways


@settings(max_examples=200, deadline=None)
@given(holdings, st.integers(1, 12))
def test_minimal_payments_are_exactly_the_minimal_ways(pairs: list[tuple[int, int]], due: int) -> None:
    have, worth = tuple(h for h, _ in pairs), tuple(w for _, w in pairs)
    ways = minimal_payments(have, worth, due)
    assert ways is not None
    assert set(ways) == brute_force(have, worth, due) == set(iter_minimal_payments(have, worth, due))
    assert ways == list(iter_minimal_payments(have, worth, due))  # in the one order (legal actions')
    assert non_dominated(ways) == ways  # no minimal way pays more of every token than another


@settings(max_examples=100, deadline=None)
@given(holdings, st.integers(1, 12))
def test_asking_one_kind_at_a_time_reaches_exactly_the_minimal_ways(
    pairs: list[tuple[int, int]], due: int
) -> None:
    have, worth = tuple(h for h, _ in pairs), tuple(w for _, w in pairs)
    expected = brute_force(have, worth, due)
    reached: set[tuple[int, ...]] = set()

    def walk(chosen: list[int]) -> None:
        kind, counts = next_counts(have, worth, due, chosen)
        if kind < 0:
            useful = [i for i in range(len(have)) if worth[i] > 0 and have[i] > 0]
            way = [0] * len(have)
            for i, count in zip(useful, chosen, strict=True):
                way[i] = count
            reached.add(tuple(way))
            return
        assert counts, "a step with nothing to choose"
        for count in counts:
            walk([*chosen, count])

    if expected:
        walk([])
    assert reached == expected


def test_too_many_ways_to_list_is_none() -> None:
    assert minimal_payments((10, 5, 5, 4, 30), (1, 2, 2, 3, 1), 20, limit=40) is None
    assert minimal_payments((0, 0), (1, 2), 1) == []
    assert minimal_payments((1,), (1,), 0) == [(0,)]
