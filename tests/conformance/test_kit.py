"""The conformance kit catches broken games, and passes a correct one."""

from __future__ import annotations

import pytest

from harborgames.testing import ConformanceError, check_game

from . import toy


def test_a_correct_game_passes() -> None:
    report = check_game(toy.correct(), 2, games=10, cross_process=False)
    assert report.games == 10 and 10 * 4 <= report.decisions <= 10 * 10  # 4 to 10 adds a game


def test_a_game_that_mutates_its_input_is_reported() -> None:
    with pytest.raises(ConformanceError, match=r"changed (its input state|the state)"):
        check_game(toy.mutating(), 2, games=3, cross_process=False)


def test_a_game_whose_json_does_not_round_trip_is_reported() -> None:
    with pytest.raises(ConformanceError, match="round-trip"):
        check_game(toy.lossy_json(), 3, games=3, cross_process=False)


def test_a_game_that_offers_a_lone_option_is_reported() -> None:
    with pytest.raises(ConformanceError, match="forced-choice policy"):
        check_game(toy.offers_lone_option(), 2, games=20, cross_process=False)


def test_a_game_that_accepts_an_illegal_action_is_reported() -> None:
    with pytest.raises(ConformanceError, match="accepted"):
        check_game(toy.accepts_illegal(), 2, games=5, cross_process=False)


def test_a_game_whose_observation_omits_its_decision_is_reported() -> None:
    # the conformance kit's information-state check: equal observations for the seat to move
    # must mean equal legal actions
    with pytest.raises(ConformanceError, match="observation does not hold what is being decided"):
        check_game(toy.observation_omits_its_decision(), 2, games=20, cross_process=False)
