"""Port card sets (1/3/6/10, each card in one set, the best partition), against brute force."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import gdansk
from harborgames.gdansk.scoring import best_set_score, set_score

SET_SCORES = (0, 1, 3, 6, 10)


def brute_force(cards: tuple[int, ...]) -> int:
    """Every way to deal the cards (colours) into sets of different colours; the best total."""

    @cache
    def best(remaining: tuple[int, ...], sets: tuple[frozenset[int], ...]) -> int:
        if not remaining:
            return sum(SET_SCORES[len(s)] for s in sets)
        colour, rest = remaining[0], remaining[1:]
        options = [best(rest, tuple(sorted((*sets, frozenset({colour})), key=sorted)))]
        for i, s in enumerate(sets):
            if colour not in s:
                grown = (*sets[:i], s | {colour}, *sets[i + 1:])
                options.append(best(rest, tuple(sorted(grown, key=sorted))))
        return max(options)

    return best(tuple(sorted(cards)), ())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=3), max_size=11))
def test_set_scoring_matches_brute_force(colours: list[int]) -> None:
    counts = tuple(colours.count(c) for c in range(4))
    assert best_set_score(counts, SET_SCORES) == brute_force(tuple(colours))


def test_adams_example_three_blue_one_green_one_brown_scores_8() -> None:
    c = gdansk.standin_components()
    assert set_score((2, 3, 4, 11, 16), c) == 8


def test_set_values_are_1_3_6_10() -> None:
    c = gdansk.standin_components()
    assert [set_score(cards, c) for cards in [(), (0,), (0, 5), (0, 5, 10), (0, 5, 10, 15)]] == [
        0, 1, 3, 6, 10]
    assert set_score((0, 1, 5, 6), c) == 6  # two sets of two, never one of one plus three
