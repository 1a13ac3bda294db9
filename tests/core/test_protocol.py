"""The protocol by capability: every registered game has every surface, checked once at
``load``; a game handed in without one is refused naming what it lacks."""

from __future__ import annotations

import pytest

import harborgames
from harborgames.core.protocol import Encodable, Game, Presentable, checked, missing, require

from ..bots import toy_nim
from ..conformance import toy


@pytest.mark.parametrize("name", harborgames.games())
def test_every_registered_game_has_every_surface(name: str) -> None:
    game = harborgames.load(name)
    assert [missing(game, protocol) for protocol in (Game, Presentable, Encodable)] == [[], [], []]
    assert harborgames.load(name) is game  # checked once, then kept


def test_a_game_without_a_surface_is_refused_naming_what_it_lacks() -> None:
    race = toy.correct()  # the rules only
    require(race, Game)
    with pytest.raises(
        ValueError,
        match=r"^toy_race has no view surface \(missing render_seat, table, cards, "
        r"action_label, narrate, public_notation\) and no integer-action surface \(missing "
        r"num_distinct_actions, ",
    ):
        checked(race)
    require(toy_nim, Game, Presentable)  # the toy the command line plays
    with pytest.raises(ValueError, match=r"^toy_nim has no integer-action surface"):
        require(toy_nim, Encodable)


def test_a_state_has_the_members_the_layers_read() -> None:
    for name in harborgames.games():
        state = harborgames.load(name).new_game(2, seed=1)
        assert state.forced == ()
        assert state.variant == harborgames.load(name).INFO.default_variant
