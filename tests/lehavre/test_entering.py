"""Entering a building (rulebook "Main Action B: Entering a Building", "Entry Fee"): the fast
``enterable`` against the rule written out slowly, and each building's ``reads`` declaration
against its own check.

"A player entering a building must carry out its action": a building is offered when its fee
can be paid in some way after which the action can still be carried out. ``enterable`` skips
trying the ways to pay one by one where the check reads no token a food fee takes (``Effect.
reads``); these tests hold it to the slow reading along random games of both variants.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import lehavre as lh
from harborgames.core.payments import minimal_payments, non_dominated
from harborgames.lehavre import visit
from harborgames.lehavre.actions import Pay
from harborgames.lehavre.data import (
    BREAD,
    BUILDINGS,
    FISH,
    FOOD_VALUE,
    FRANC,
    MEAT,
    NUM_TOKEN_KINDS,
    SMOKED_FISH,
)
from harborgames.lehavre.decisions import Turn
from harborgames.lehavre.offered import built_entry, built_of
from harborgames.lehavre.payment import fee_ways, francs

CONFIGURATIONS = [(2, "full"), (3, "full"), (4, "full"), (5, "full"), (1, "short"), (3, "short")]


def _turn_starts(players: int, variant: str, seed: int) -> Iterator[lh.State]:
    """Every state of one random game where the turn's player may still take a main action."""
    state = lh.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not lh.is_terminal(state):
        if isinstance(state.decision, Turn) and not state.main_done:
            yield state
        legal = lh.legal_actions(state)
        state = lh.apply(state, legal[rng.randrange(len(legal))])


def _enterable_slowly(state: lh.State, seat: int) -> list[int]:
    """The rule as written: built and not locked, no disc in it (except in the final stage) and
    not the seat's own disc's building, and either entered free (owned, or no fee) with its
    action possible, or some way to pay the fee leaving the action possible."""
    p = state.players[seat]
    occupied = {q.location for q in state.players} if state.final_turns == 0 else set()
    out = []
    for b in built_entry(state).enterable:
        if b == p.location or b in occupied:
            continue
        fee = BUILDINGS[b].fee
        assert fee is not None
        effect = visit.EFFECT_OF[b]
        assert effect is not None
        if state.owner[b] == seat or not (fee.food or fee.francs):
            if effect.can_enter(state, seat, p.stock):
                out.append(b)
        elif _fee_options_slowly(state, seat, b):
            out.append(b)
    return out


def _fee_options_slowly(state: lh.State, seat: int, building: int) -> tuple[Pay, ...]:
    """Every way to pay the fee (the minimal food ways and the Francs, the dominated dropped),
    each tried against the action."""
    stock = state.players[seat].stock
    fee = BUILDINGS[building].fee
    assert fee is not None
    ways = list(minimal_payments(stock, FOOD_VALUE, fee.food) or []) if fee.food else []
    if fee.francs and stock[FRANC] >= fee.francs:
        ways.append(francs(fee.francs))
    effect = visit.EFFECT_OF[building]
    assert effect is not None
    return tuple(
        Pay(way)
        for way in non_dominated(ways)
        if effect.can_enter(state, seat, tuple(a - b for a, b in zip(stock, way, strict=True)))
    )


@pytest.mark.parametrize(("players", "variant"), CONFIGURATIONS)
def test_the_fee_is_offered_in_every_way_that_leaves_the_action_possible(players: int, variant: str) -> None:
    """"Entry Fee": each minimal way in food (Francs count as food) or the Francs, after which the
    action can still be carried out; the fast ``fee_options`` (no dominance search, one check
    where no way to pay changes what the check reads) against that, for every building offered
    and a few stocks around the real one."""
    compared = 0
    for seed in range(2):
        for state in _turn_starts(players, variant, seed):
            seat = state.turn_player
            for b in visit.enterable(state, seat):
                fee = BUILDINGS[b].fee
                assert fee is not None
                if state.owner[b] == seat or not (fee.food or fee.francs):
                    continue
                assert visit.fee_options(state, seat, b) == _fee_options_slowly(state, seat, b)
                compared += 1
    assert compared > 20


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=NUM_TOKEN_KINDS, max_size=NUM_TOKEN_KINDS),
    st.integers(0, 6),
    st.integers(0, 6),
)
def test_fee_ways_drop_exactly_the_dominated_ways(stock: list[int], food: int, cash: int) -> None:
    """The fee's ways are the minimal food ways and the Francs way less every way that pays at
    least as much of every token as another (``core.payments.non_dominated``), in that order."""
    if not (food or cash):
        return
    held = tuple(stock)
    ways = list(minimal_payments(held, FOOD_VALUE, food) or []) if food else []
    if cash and held[FRANC] >= cash:
        ways.append(francs(cash))
    expected = tuple(Pay(way) for way in non_dominated(ways))
    if not any(held[t] for t in (FISH, SMOKED_FISH, BREAD, MEAT)):  # Francs only: the fewest
        expected = expected[:1] if len(expected) <= 1 else (min(expected, key=lambda p: p.tokens[FRANC]),)
    assert fee_ways(held, food, cash) == expected


@pytest.mark.parametrize(("players", "variant"), CONFIGURATIONS)
def test_a_building_is_offered_when_its_fee_leaves_its_action_possible(players: int, variant: str) -> None:
    seen = 0
    for seed in range(3):
        for state in _turn_starts(players, variant, seed):
            seat = state.turn_player
            assert visit.enterable(state, seat) == _enterable_slowly(state, seat)
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(("players", "variant"), CONFIGURATIONS[:4])
def test_each_check_reads_only_the_tokens_it_declares(players: int, variant: str) -> None:
    """Changing the tokens a building's check does not declare never changes its answer."""
    rng = random.Random(players)
    declared = [(b, e) for b, e in enumerate(visit.EFFECT_OF) if e is not None and e.reads is not None]
    assert len(declared) > 20
    for state in _turn_starts(players, variant, seed=players):
        seat = state.turn_player
        stock = state.players[seat].stock
        for b, effect in declared:
            assert effect.reads is not None
            answer = effect.can_enter(state, seat, stock)
            for _ in range(3):
                changed = tuple(
                    n if t in effect.reads else rng.choice((0, 1, 2, 3, 5, 8, 20))
                    for t, n in enumerate(stock)
                )
                assert len(changed) == NUM_TOKEN_KINDS
                assert effect.can_enter(state, seat, changed) == answer, BUILDINGS[b].id


@pytest.mark.parametrize(("players", "variant"), CONFIGURATIONS)
def test_the_built_buildings_in_the_state_are_those_its_owners_give(players: int, variant: str) -> None:
    """``State.built`` (the built buildings, by holder) is kept up to date as buildings change
    hands; it must equal what ``owner`` gives when computed afresh."""
    state = lh.new_game(players, seed=11, variant=variant)
    rng = random.Random(11)
    while not lh.is_terminal(state):
        if state.built is not None:
            assert state.built == built_of(state)
        legal = lh.legal_actions(state)
        state = lh.apply(state, legal[rng.randrange(len(legal))])
