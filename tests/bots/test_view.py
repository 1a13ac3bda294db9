"""The view protocol: a bot sees its seat's observation, legal actions and samples, no more."""

from __future__ import annotations

import random
from typing import Any

import pytest

import harborgames
from harborgames import bots, inland_port
from harborgames.bots import View, make_view
from harborgames.core import random_playout

from . import toy_cards, toy_nim


def _midgame(game: Any, seed: int, steps: int, players: int = 2) -> Any:
    """The position after ``steps`` random moves (or the end)."""
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
    return state


def test_the_view_of_a_hidden_game_holds_no_state() -> None:
    state = _midgame(toy_cards, seed=3, steps=3)
    seat = state.current_player
    view = make_view(toy_cards, state, seat)
    public = {name: getattr(view, name) for name in dir(view) if not name.startswith("_")}
    assert all(value is not state and value != state for value in public.values())
    assert not hasattr(view, "__dict__")  # nowhere to hang the state on later
    with pytest.raises(AttributeError):
        view.seat = 1 - seat
    assert view.observation == toy_cards.observe(state, seat)
    assert not hasattr(view.observation, "hands")  # the opponent's cards are not in it


def test_samples_keep_the_observation_and_redraw_the_rest() -> None:
    state = _midgame(toy_cards, seed=5, steps=2)
    seat = state.current_player
    view = make_view(toy_cards, state, seat)
    samples = [view.sample(seed) for seed in range(30)]
    assert all(toy_cards.observe(s, seat) == view.observation for s in samples)
    assert all(toy_cards.legal_actions(s) == list(view.legal_actions) for s in samples)
    opponent = 1 - seat
    assert len({s.hands[opponent] for s in samples}) > 1  # the hidden hand really is redrawn
    assert len({s.rng for s in samples}) == 30  # and so are the dice to come
    assert view.sample(7) == view.sample(7)  # reproducible from the seed


def test_a_perfect_information_view_samples_the_state_itself() -> None:
    state = _midgame(inland_port, seed=2, steps=12)
    seat = state.current_player
    view = make_view(inland_port, state, seat)
    assert view.sample(1) == state
    assert view.legal_actions == tuple(inland_port.legal_actions(state))
    assert view.observation == inland_port.observe(state, seat)


def test_a_seat_not_to_move_has_no_legal_actions() -> None:
    state = toy_nim.new_game(2, seed=0)
    assert state.current_player is not None
    view = make_view(toy_nim, state, 1 - state.current_player)
    assert view.legal_actions == ()
    assert isinstance(view, View)
    assert "toy_nim" in repr(view)


def test_a_finished_game_has_no_choices() -> None:
    final, _ = random_playout(toy_nim, toy_nim.new_game(2, seed=1), random.Random(1))
    assert make_view(toy_nim, final, 0).legal_actions == ()


HIDDEN = [
    name for name in harborgames.games() if harborgames.load(name).INFO.information == "imperfect"
]


@pytest.mark.parametrize("name", HIDDEN)
def test_views_of_registered_hidden_games_sample_within_the_observation(name: str) -> None:
    game = harborgames.load(name)
    for players in range(game.INFO.min_players, game.INFO.max_players + 1):
        state = _midgame(game, seed=players, steps=40, players=players)
        seat = state.current_player
        view = make_view(game, state, seat)
        public = [getattr(view, n) for n in dir(view) if not n.startswith("_")]
        assert all(value is not state for value in public)
        for seed in range(3):
            sample = view.sample(seed)
            assert game.observe(sample, seat) == view.observation
            assert tuple(game.legal_actions(sample)) == view.legal_actions


@pytest.mark.parametrize("name", harborgames.games())
@pytest.mark.parametrize("bot", ["random", "greedy", "mcts", "ismcts"])
def test_every_bot_answers_legally_in_every_registered_game(name: str, bot: str) -> None:
    game = harborgames.load(name)
    players = game.INFO.max_players
    chooser = bots.make(bot, seed=1, **({"iterations": 10} if "mcts" in bot else {}))
    for steps in (0, 25, 60):
        state = _midgame(game, seed=steps, steps=steps, players=players)
        if state.current_player is None:
            continue
        view = make_view(game, state, state.current_player)
        assert chooser.choose(view) in view.legal_actions
