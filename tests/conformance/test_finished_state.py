"""The kit checks the last state of every game too (issue 39): Port Gdańsk's resample re-dealt
the Cruise Ship cards that final scoring shows face up, in every finished game, and the kit
missed it because its costly checks ran only at the first ten steps and at powers of two."""

from __future__ import annotations

import re
import types
from typing import Any

import attrs
import pytest

from harborgames import gdansk, inland_port
from harborgames.testing import ConformanceError, check_game


def _copy(module: types.ModuleType) -> types.SimpleNamespace:
    return types.SimpleNamespace(**vars(module))


def _sampled(step: int) -> bool:
    return step < 10 or (step & (step - 1)) == 0


def _failing_step(error: pytest.ExceptionInfo[ConformanceError]) -> int:
    found = re.search(r"step (\d+)", str(error.value))
    assert found, error.value
    return int(found.group(1))


def test_a_resample_that_changes_a_finished_game_is_reported() -> None:
    game = _copy(inland_port)

    def resample(state: Any, player: int, seed: int) -> Any:
        if state.current_player is None:  # a new deal, as Port Gdańsk's re-dealt the open cards
            return inland_port.new_game(2, seed=seed)
        return inland_port.resample(state, player, seed)

    game.resample = resample
    changed = "resample for seat 0 changed what that seat observes"
    with pytest.raises(ConformanceError, match=changed) as error:
        check_game(game, 2, games=1, seed=0, cross_process=False, guided=0)
    assert not _sampled(_failing_step(error)), "found at the end, which no sampled step covers"


def test_an_action_a_finished_game_accepts_is_reported() -> None:
    game = _copy(inland_port)

    def apply(state: Any, action: Any) -> Any:
        if state.current_player is None:
            return state
        return inland_port.apply(state, action)

    game.apply = apply
    with pytest.raises(ConformanceError, match="apply accepted") as error:
        check_game(game, 2, games=1, seed=0, cross_process=False, guided=0)
    assert not _sampled(_failing_step(error))


def test_port_gdansks_old_resample_is_reported_at_the_end() -> None:
    """The bug itself: at the end, the other seats' Cruise Ship cards re-dealt as in play."""
    game = _copy(gdansk)

    def resample(state: Any, player: int, seed: int) -> Any:
        if state.current_player is not None:
            return gdansk.resample(state, player, seed)
        running = attrs.evolve(state, current_player=player)  # dealt as if the cards were hidden
        return attrs.evolve(gdansk.resample(running, player, seed), current_player=None)

    game.resample = resample
    with pytest.raises(ConformanceError, match="changed what that seat observes") as error:
        check_game(game, 2, games=1, seed=0, cross_process=False, guided=0)
    assert not _sampled(_failing_step(error))
