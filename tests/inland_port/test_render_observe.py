"""The table picture and the observation (the Inland Port hides nothing)."""

from __future__ import annotations

import pytest

from harborgames import inland_port as ip


def test_render_shows_both_warehouses_wheels_supply_francs_and_round() -> None:
    state = ip.new_game(seed=1)
    state = ip.apply(state, ip.parse_action(state, "build wood_company"))
    picture = ip.render(state)  # the builder may still sell before ending the turn
    assert "round A (3 actions, 3 left)" in picture
    assert picture.count("+0   +1   +2") == 2  # both warehouses as grids
    assert "sector  0: Wood Company" in picture  # the wheel by sector
    assert "3 Francs" in picture
    assert "Available: Farmland (1 Franc)" in picture


def test_observation_is_the_whole_state_for_either_seat() -> None:
    state = ip.new_game(seed=4)
    for seat in (0, 1):
        observation = ip.observe(state, seat)
        assert observation.state == state and observation.player == seat
        assert ip.loads(ip.dumps(observation)) == observation


def test_observing_a_seat_that_does_not_exist_is_an_error() -> None:
    with pytest.raises(ValueError, match="seat 2 is not a seat of this 2-player game"):
        ip.observe(ip.new_game(), 2)


def test_the_inland_port_is_for_two_players_only() -> None:
    with pytest.raises(ValueError, match="exactly 2 players"):
        ip.new_game(3)
