"""Properties of random legal playouts of the full game at 1-5 players (hypothesis).

Each example plays one whole full game uniformly at random from a drawn seed and checks, at
every decision: no negative goods, Francs, loans or Offer spaces; the special deck only shrinks,
one card at a time from the top when the town turns it up (rulebook, End of a Round), and is
otherwise changed only by the Marketplace's "return them in any order"; each special building
is in exactly one place (face down, the town's, a player's, or the box) and never comes back to
the box or goes back face down; a loan is offered only to a seat that cannot pay (Loan Cards).
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from harborgames import lehavre as lh
from harborgames.lehavre import data as D
from harborgames.lehavre.actions import Action

from .test_properties import _steps as steps
from .test_properties import check_loans_only_when_short

FEW = settings(max_examples=10, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=1, max_value=5)
TOWN, PROPOSAL, OUT, SPECIAL_DECK = -1, -2, -3, -4
SPECIALS = tuple(D.BUILDING_INDEX[b.id] for b in D.SPECIAL_BUILDINGS)


def _steps(n: int, seed: int, market: bool = False) -> Iterator[tuple[lh.State, Action, lh.State]]:
    """(before, action, after) along one random full game to its end (see ``test_properties``)."""
    return steps(n, seed, "full", market)


@FEW
@given(n=players, seed=seeds)
def test_full_no_negative_goods_francs_loans_or_offers_ever(n: int, seed: int) -> None:
    for _, _, after in _steps(n, seed):
        assert all(x >= 0 for x in after.offers)
        for p in after.players:
            assert all(x >= 0 for x in p.stock), p.stock
            assert p.loans >= 0


@FEW
@given(n=players, seed=seeds, market=st.booleans())
def test_full_the_special_deck_only_shrinks_except_the_marketplaces_reordering(
    n: int, seed: int, market: bool
) -> None:
    turned_up = 0
    for before, action, after in _steps(n, seed, market):
        old, new = before.specials, after.specials
        if new == old:
            continue
        assert len(new) in (len(old), len(old) - 1)
        if str(action) == "order swap":  # "look at the top two ... and return them in any order"
            old = (old[1], old[0], *old[2:])
        if len(new) < len(old):  # a special symbol: the top card turned face up, into the town
            # (the swap may end the round's last turn: both in one decision)
            assert after.round == before.round + 1
            assert after.owner[old[0]] == TOWN
            old = old[1:]
            turned_up += 1
        assert new == old
        # what each seat knows stays true of the deck
        for seen in after.known:
            assert len(seen) == len(new)
            assert all(card in (-1, new[k]) for k, card in enumerate(seen))
    symbols = [c.town_build_for(n) for c in D.round_cards(n, "full")].count(D.SPECIAL_BUILD)
    assert turned_up == min(symbols, 6)


@FEW
@given(n=players, seed=seeds, market=st.booleans())
def test_full_each_special_building_is_in_exactly_one_place(n: int, seed: int, market: bool) -> None:
    first = lh.new_game(n, seed=seed)
    in_game = {b for b in SPECIALS if first.owner[b] != OUT}
    assert in_game == set(first.specials)  # the six dealt; all others in the box
    for before, _, after in _steps(n, seed, market):
        for b in SPECIALS:
            where = after.owner[b]
            face_down = b in after.specials
            assert face_down == (where == SPECIAL_DECK)  # in the deck exactly when marked so
            assert after.specials.count(b) <= 1
            assert where != PROPOSAL and not any(b in pile for pile in after.piles)
            assert (where == OUT) == (b not in in_game)  # never back to the box, never out of it
            if before.owner[b] != SPECIAL_DECK:
                assert where != SPECIAL_DECK  # once turned up, never face down again
            if where >= 0:
                assert where < n


@FEW
@given(n=players, seed=seeds)
def test_full_a_loan_is_offered_only_to_a_seat_that_cannot_pay(n: int, seed: int) -> None:
    check_loans_only_when_short(_steps(n, seed))
