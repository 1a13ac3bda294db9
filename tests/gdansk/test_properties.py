"""Hypothesis properties over random games: what the rules conserve stays conserved."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import gdansk

# Random play rarely executes orders and so runs to the round limit; a prefix of a game is
# enough to visit every kind of decision, and keeps the property cheap.
DECISIONS = 400


def _states(players: int, seed: int, chooser: random.Random) -> list[gdansk.State]:
    state = gdansk.new_game(players, seed=seed)
    states = [state]
    while not gdansk.is_terminal(state) and len(states) < DECISIONS:
        legal = gdansk.legal_actions(state)
        state = gdansk.apply(state, legal[chooser.randrange(len(legal))])
        states.append(state)
    return states


@settings(max_examples=15, deadline=None)
@given(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=10**6),
    st.randoms(use_true_random=False),
)
def test_cubes_tokens_cards_and_markers_are_conserved(
    players: int, seed: int, chooser: random.Random
) -> None:
    states = _states(players, seed, chooser)
    first = states[0]
    cubes = first.supply  # every cube starts in the unloading zone
    for state in states:
        b = state.board
        # Goods cubes only move between the unloading zone and the cargo spaces.
        held = [sum(p.hold[g] for p in state.players) for g in range(len(cubes))]
        assert [s + h for s, h in zip(state.supply, held, strict=True)] == list(cubes)
        assert all(sum(p.hold) <= 9 for p in state.players)  # the 9-cube cargo space
        # Order tokens: on the board, in the stack, executed, or boxed (2 players) - 20 in all.
        on_board = sum(1 for t in b.tokens if t >= 0)
        executed = sum(len(p.tokens) for p in state.players)
        assert on_board + len(b.token_stack) + executed + len(b.boxed_tokens) == 20
        # Influence markers: 8 each, in stock or on a quay.
        for p in state.players:
            assert p.markers_left + bin(p.markers).count("1") == 8
            assert p.workers >= 0 and p.score >= 0
        # Port cards: taken, in the deck, or face up above the board with its order; with two
        # players one colour is boxed.
        taken = sum(len(p.cards) for p in state.players)
        assert taken + len(b.deck) + on_board == (20 if players > 2 else 15)
        # Cruise Ship cards: 21, in the piles or served.
        served = sum(len(p.cruise) for p in state.players)
        assert served + sum(len(pile) for pile in b.cruise_piles) == 21
