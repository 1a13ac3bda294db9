"""Properties of random legal playouts of the shortened game at 1-5 players (hypothesis).

Each example plays one whole game uniformly at random from a drawn seed and checks, at every
decision: no negative goods, Francs or Offer spaces; a loan offered only to a seat that cannot
pay (rulebook, Loan Cards); the exact Francs/goods accounting of taking an Offer space, buying,
selling, repaying and a fee paid to a player owner; and that turn order runs on across rounds
(7 turns a round) into the final stage.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import lehavre as lh
from harborgames.lehavre import data as D
from harborgames.lehavre.actions import Action

from .position import kind

FEW = settings(max_examples=20, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=1, max_value=5)


def _food(stock: tuple[int, ...]) -> int:
    return sum(n * v for n, v in zip(stock, D.FOOD_VALUE, strict=True))


def _steps(
    n: int, seed: int, variant: str = "short", market: bool = False
) -> Iterator[tuple[lh.State, Action, lh.State]]:
    """(before, action, after) along one random game to its end; with ``market``, one that builds
    and visits the Marketplace (so the full game's special deck is looked at and reordered)
    whenever it can."""
    state = lh.new_game(n, seed=seed, variant=variant)
    rng = random.Random(seed)
    while state.current_player is not None:
        options = lh.legal_actions(state)
        action = options[rng.randrange(len(options))]
        if market:
            wanted = [a for a in options if "marketplace" in str(a) and not str(a).startswith("sell")]
            action = rng.choice(wanted) if wanted and rng.random() < 0.9 else action
        after = lh.apply(state, action)
        yield state, action, after
        state = after


def _diff(before: tuple[int, ...], after: tuple[int, ...]) -> dict[str, int]:
    return {D.TOKEN_NAMES[t]: b - a for t, (a, b) in enumerate(zip(before, after, strict=True)) if a != b}


@FEW
@given(n=players, seed=seeds)
def test_no_negative_goods_francs_or_offers_ever(n: int, seed: int) -> None:
    for _, _, after in _steps(n, seed):
        assert all(x >= 0 for x in after.offers)
        for p in after.players:
            assert all(x >= 0 for x in p.stock), p.stock
            assert p.loans >= 0


@FEW
@given(n=players, seed=seeds)
def test_a_loan_is_offered_only_to_a_seat_that_cannot_pay_and_covers_just_the_shortfall(
    n: int, seed: int
) -> None:
    check_loans_only_when_short(_steps(n, seed))


def check_loans_only_when_short(steps: Iterator[tuple[lh.State, Action, lh.State]]) -> None:
    """Along (before, action, after) steps: ``loan`` is offered exactly to a seat that cannot pay
    interest or food, and the loans taken cover just the shortfall (both variants use it)."""
    for before, action, after in steps:
        offered = any(isinstance(a, lh.Loan) for a in lh.legal_actions(before))
        if kind(before) not in ("interest", "feeding"):
            assert not offered
            continue
        decision = before.decision
        assert isinstance(decision, (lh.decisions.PayInterest, lh.decisions.Feed))
        seat = decision.seat
        stock = before.players[seat].stock
        interest = isinstance(decision, lh.decisions.PayInterest)
        short = 1 - stock[D.FRANC] if interest else decision.due - _food(stock)
        assert offered == (short > 0)
        if isinstance(action, lh.Loan):
            loans = -(-short // 4)
            assert after.players[seat].loans == before.players[seat].loans + loans
            if not after.forced:  # (a forced payment by the next seat may follow)
                assert after.players[seat].stock[D.FRANC] == 4 * loans - short


@FEW
@given(n=players, seed=seeds)
def test_take_buy_sell_repay_and_fees_move_exactly_the_tokens_the_rules_say(n: int, seed: int) -> None:
    checked = 0
    for before, action, after in _steps(n, seed):
        if after.forced:
            continue  # forced decisions followed: the accounting spans more than this action
        seat = before.turn_player
        mine = _diff(before.players[seat].stock, after.players[seat].stock)
        others_same = all(before.players[s].stock == after.players[s].stock for s in range(n) if s != seat)
        if isinstance(action, lh.Take):
            space = D.OFFER_SPACES.index(D.TOKEN_INDEX[action.space])
            assert mine == {action.space: before.offers[space]}
            assert after.offers[space] == 0
            assert [o for k, o in enumerate(after.offers) if k != space] == [
                o for k, o in enumerate(before.offers) if k != space
            ]
            assert others_same
            checked += 1
        elif isinstance(action, lh.Buy):
            building = D.BUILDING_INDEX[action.building]
            assert mine == {"francs": -D.BUILDINGS[building].price}  # type: ignore[operator]
            assert (before.owner[building] in (-1, -2), after.owner[building]) == (True, seat)
            assert others_same
            checked += 1
        elif isinstance(action, lh.BuyShip):
            price = {"wooden": 14, "iron": 20, "steel": 30}[action.ship]
            assert mine == {"francs": -price}
            assert len(after.players[seat].ships) == len(before.players[seat].ships) + 1
            checked += 1
        elif isinstance(action, (lh.Sell, lh.SellShip)) and kind(before) == "turn":
            if isinstance(action, lh.Sell):
                value = D.BUILDINGS[D.BUILDING_INDEX[action.building]].value
                assert after.owner[D.BUILDING_INDEX[action.building]] == -1
            else:
                value = D.ROUND_CARDS[[c.card for c in D.ROUND_CARDS].index(action.card)].ship_value
            assert mine == {"francs": value // 2}
            assert others_same
            checked += 1
        elif isinstance(action, lh.Repay) and kind(before) == "turn":
            assert mine == {"francs": -5}
            assert after.players[seat].loans == before.players[seat].loans - 1
            checked += 1
        elif isinstance(action, lh.Pay) and isinstance(before.decision, lh.decisions.PayFee):
            owner = before.owner[before.decision.building]
            paid = {D.TOKEN_NAMES[t]: c for t, c in enumerate(action.tokens) if c}
            if owner >= 0 and owner != seat:
                assert _diff(before.players[owner].stock, after.players[owner].stock) == paid
            elif owner == -1:  # the Treasury: no player receives anything
                assert all(before.players[s].stock == after.players[s].stock for s in range(n) if s != seat)
            checked += 1
    assert checked > 0


@FEW
@given(n=players, seed=seeds)
def test_turn_order_runs_on_across_rounds_and_into_the_final_stage(n: int, seed: int) -> None:
    turns: list[tuple[int, int, int]] = []  # (round, turn, seat) at the start of each turn
    final: list[int] = []
    state = lh.new_game(n, seed=seed, variant="short")
    turns.append((state.round, state.turn, state.turn_player))
    for before, _, after in _steps(n, seed):
        if after.current_player is None:
            break
        if after.final_turns:
            if not before.final_turns or after.final_turns < before.final_turns:
                final.append(after.turn_player)
        elif after.turn < 7 and (after.round, after.turn) != (before.round, before.turn):  # 7: feeding
            turns.append((after.round, after.turn, after.turn_player))
    rounds = len(D.round_cards(n, "short"))
    assert [(r, t) for r, t, _ in turns] == [(r, t) for r in range(rounds) for t in range(7)]
    assert [seat for _, _, seat in turns] == [k % n for k in range(7 * rounds)]
    assert final == [(7 * rounds + k) % n for k in range(n)]  # one final action each, order running on
