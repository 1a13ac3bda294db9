"""The games' heuristics, which the bots maximise: they must know the costs the rules impose.

Le Havre's is tested most, because a heuristic blind to its food and loans made every bot
borrow its way to ruin (issue 23): loans at 7 Francs each, wealth far below zero.
"""

from __future__ import annotations

import random

import attrs
import pytest

import harborgames
from harborgames import bots
from harborgames import gdansk as gd
from harborgames.bots.arena import play_game
from harborgames.gdansk.heuristic import heuristic as gd_heuristic
from harborgames.lehavre import State, data, heuristic
from harborgames.lehavre.scoring import wealth
from harborgames.lehavre.state import with_player

lehavre = harborgames.load("lehavre")


def _positions(num_players: int, seed: int, every: int = 7) -> list[State]:
    rng = random.Random(seed)
    state = lehavre.new_game(num_players, seed=seed)
    seen = []
    while state.current_player is not None:
        seen.append(state)
        legal = lehavre.legal_actions(state)
        state = lehavre.apply(state, legal[rng.randrange(len(legal))])
    seen.append(state)
    return [*seen[::every], state]


def _with_stock(state: State, seat: int, **change: int) -> State:
    player = state.players[seat]
    stock = list(player.stock)
    for name, amount in change.items():
        stock[data.TOKEN_INDEX[name]] += amount
    changed = attrs.evolve(player, stock=tuple(stock))
    return attrs.evolve(state, players=with_player(state.players, seat, changed))


def test_a_finished_game_is_its_wealth() -> None:
    # (Before the end it starts from the same wealth: ``scoring.wealths``, which it calls.)
    for num_players in (2, 4):
        for state in _positions(num_players, seed=num_players):
            if state.current_player is None:
                for seat in range(num_players):
                    assert heuristic(state, seat) == wealth(state, seat)


def test_food_short_at_the_feeding_costs_more_than_the_francs_it_lacks() -> None:
    # Late in round 1 of a 2-player game, with nothing to feed with: a Franc more is worth more
    # than a Franc, since each food missing at the feeding becomes part of a loan (7 for 4).
    state = lehavre.new_game(2, seed=1)
    state = attrs.evolve(state, turn=6)
    broke = _with_stock(state, 0, francs=-state.players[0].stock[data.FRANC])
    richer = _with_stock(broke, 0, francs=1)
    assert heuristic(richer, 0) - heuristic(broke, 0) > 1.5
    # With plenty to feed with, a Franc is a Franc.
    plenty = _with_stock(state, 0, francs=60)
    assert heuristic(_with_stock(plenty, 0, francs=1), 0) - heuristic(plenty, 0) == pytest.approx(1)


def test_a_ship_is_worth_the_food_it_will_save_not_just_its_card() -> None:
    state = lehavre.new_game(2, seed=1)
    card = data.ROUND_CARD_INDEX["R01"]  # a wooden ship of value 2: 4 food a round for 2 players
    player = state.players[0]
    shipped = attrs.evolve(
        state, players=with_player(state.players, 0, attrs.evolve(player, ships=(card,)))
    )
    gain = heuristic(shipped, 0) - heuristic(state, 0)
    assert gain > 2 + 4 * 5  # its card, and at least five rounds of food


def test_a_loan_costs_more_than_its_seven_francs_while_rounds_are_left() -> None:
    state = lehavre.new_game(2, seed=1)
    rich = _with_stock(state, 0, francs=60)
    player = rich.players[0]
    indebted = attrs.evolve(
        rich, players=with_player(rich.players, 0, attrs.evolve(player, loans=1))
    )
    assert heuristic(rich, 0) - heuristic(indebted, 0) > data.LOAN_PENALTY + 5  # and interest


def test_goods_fade_as_the_game_runs_out() -> None:
    state = lehavre.new_game(2, seed=1)
    early = _with_stock(state, 0, wood=5)
    last_round = attrs.evolve(early, round=len(data.round_cards(2, "full")) - 1, turn=6)
    gain_early = heuristic(early, 0) - heuristic(state, 0)
    plain_late = attrs.evolve(state, round=last_round.round, turn=6)
    gain_late = heuristic(last_round, 0) - heuristic(plain_late, 0)
    assert 0 < gain_late < gain_early


def test_greedy_no_longer_borrows_its_way_to_ruin() -> None:
    players = [bots.make("greedy", seed=seat) for seat in range(2)]
    final, _ = play_game(lehavre, players, seed=11)
    assert all(p.loans <= 2 for p in final.players)
    assert min(lehavre.scores(final)) > 0


def _gdansk_in_play(seed: int) -> gd.State:
    """A 3-player Port Gdańsk position once the meeples are placed and orders are out."""
    game = harborgames.load("gdansk")
    state = game.new_game(3, seed=seed)
    while isinstance(state.decision, gd.ChooseStart):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_a_gdansk_marker_is_worth_the_orders_still_to_come_in_its_sector() -> None:
    # A marker pays 2 VP whenever another player executes an order in its sector: worth more
    # with the stack and the deck full of orders than with only the board's left.
    state = _gdansk_in_play(seed=1)
    c = state.rules.components
    player = state.players[0]
    quay = next(q for q in range(len(c.quay_sector)) if not player.markers >> q & 1)
    marked = attrs.evolve(player, markers=player.markers | 1 << quay)

    def gain(position: gd.State) -> float:
        with_marker = attrs.evolve(position, players=(marked, *position.players[1:]))
        return gd_heuristic(with_marker, 0) - gd_heuristic(position, 0)

    few_left = attrs.evolve(state, board=attrs.evolve(state.board, token_stack=(), deck=()))
    assert gain(state) > gain(few_left) >= 0
    assert gain(state) > 2.0  # more than one order's sector VP

