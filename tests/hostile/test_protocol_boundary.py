"""Issue 39's inconsistencies at the library boundary, each now refused with the error the rest
of the boundary gives: ``ValueError`` for a bad setup or seat, ``TypeError`` naming the game for
something that is not its state (``legal_actions``, ``apply`` and ``render`` already did)."""

from __future__ import annotations

from typing import Any

import pytest

import harborgames

GAMES = harborgames.games()


def _state(name: str) -> Any:
    game = harborgames.load(name)
    return game.new_game(max(2, game.INFO.min_players), seed=3)


@pytest.mark.parametrize("name", GAMES)
def test_new_game_takes_variant_none_as_check_configuration_does(name: str) -> None:
    game = harborgames.load(name)
    players = max(2, game.INFO.min_players)
    assert game.INFO.check_configuration(players, None) == game.INFO.default_variant
    assert game.new_game(players, seed=4, variant=None) == game.new_game(players, seed=4)
    assert game.new_game(players, seed=4, variant=None) == game.new_game(
        players, seed=4, variant=game.INFO.default_variant
    )


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("variant", ["", "nope", 1, False])
def test_new_game_still_refuses_a_variant_the_game_lacks(name: str, variant: object) -> None:
    game = harborgames.load(name)
    with pytest.raises(ValueError, match="unknown variant"):
        game.new_game(max(2, game.INFO.min_players), variant=variant)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [1.0, 0.0, True, False, -1, 2, None, "0"])
def test_observe_and_resample_refuse_a_seat_that_is_not_an_int_seat(name: str, seat: object) -> None:
    game = harborgames.load(name)
    state = _state(name)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        game.observe(state, seat)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        game.resample(state, seat, 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_tensor_refuses_a_float_seat_as_observe_does(name: str) -> None:
    game = harborgames.load(name)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        game.observation_tensor(_state(name), 1.0)  # type: ignore[attr-defined]


NOT_STATES = [object(), None, 5, "state", {"current_player": 0, "num_players": 2}]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("function", ["is_terminal", "scores", "winners", "legal_actions", "render"])
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_functions_of_a_state_refuse_what_is_not_one(name: str, function: str, value: object) -> None:
    game = harborgames.load(name)
    with pytest.raises(TypeError, match=rf"^{function} takes an? .+ State, not {type(value).__name__}"):
        getattr(game, function)(value)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_observe_resample_and_parse_action_refuse_what_is_not_a_state(name: str, value: object) -> None:
    game = harborgames.load(name)
    for function, arguments in [("observe", (0,)), ("resample", (0, 1)), ("parse_action", ("pass",))]:
        with pytest.raises(TypeError, match=rf"^{function} takes an? .+ State, not {type(value).__name__}"):
            getattr(game, function)(value, *arguments)


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_passed_for_the_state_says_what_to_pass(name: str) -> None:
    game = harborgames.load(name)
    observation = game.observe(_state(name), 0)
    for function in ("scores", "is_terminal"):
        with pytest.raises(TypeError, match="an observation is what one seat sees: pass the state"):
            getattr(game, function)(observation)
    with pytest.raises(TypeError, match="an observation is what one seat sees"):
        game.observe(observation, 0)
