"""A complete shortened 2-player game from a fixed record, its final wealth pinned and checked by
hand from the final position with the rulebook's "Game End and Winner" rules.

The record was made by a simple scripted strategy (build with the Building Firms, work the
Fishery, Smokehouse and Charcoal Kiln, take the richest Offer space, buy a wooden ship when rich,
pay food the first offered way, borrow when short) from seed 0: 152 decisions, 78 by the first
player and 74 by the second; decisions with one option were taken by the engine and are not in
it. One entry per turn (a round's feeding is its own entry, in feeding order), in notation.
"""

from __future__ import annotations

from harborgames import lehavre as lh
from harborgames.lehavre import data as D
from harborgames.testing import play

from .position import kind

SEED = 0
RECORD = (
    # round 1
    "enter building_firm_1; build fishery; end",
    "enter fishery; end",
    "enter building_firm_2; pay 1 fish; end",
    "enter building_firm_1; build smokehouse; end",
    "enter fishery; end",
    "enter smokehouse; times 5; end",
    "take wood; end",
    # round 2
    "enter building_firm_1; end",
    "enter smokehouse; pay 2 fish; times 3; pay 1 wood; end",
    "enter fishery; end",
    "enter charcoal_kiln; times 6; end",
    "enter smokehouse; times 6; end",
    "enter fishery; end",
    "take fish; end",
    "pay 3 fish; pay 3 fish",
    # round 3
    "take francs; end",
    "take clay; end",
    "take iron; end",
    "take wood; end",
    "take fish; end",
    "enter charcoal_kiln; times 5; end",
    "enter smokehouse; pay 2 fish; times 2; pay 1 coal; end",
    "pay 5 fish; pay 3 smoked_fish",
    # round 4
    "enter fishery; end",
    "take wood; end",
    "take francs; end",
    "enter charcoal_kiln; times 4; end",
    "enter smokehouse; times 6; end",
    "enter fishery; end",
    "take fish; end",
    "pay 4 fish 2 smoked_fish 1 francs; pay 4 fish 2 smoked_fish 1 francs",
    # round 5
    "take clay; end",
    "take wood; end",
    "take grain; end",
    "enter charcoal_kiln; times 4; end",
    "take fish; end",
    "take cattle; end",
    "take wood; end",
    "pay 6 smoked_fish; pay 3 fish 8 francs",
    # round 6
    "take iron; end",
    "enter building_firm_1; end",
    "enter fishery; end",
    "enter building_firm_2; end",
    "enter smokehouse; times 4; end",
    "enter fishery; end",
    "take francs; buy_ship wooden; end",
    "loan; pay 5 smoked_fish",
    # round 7
    "take fish; end",
    "take wood; end",
    "take clay; end",
    "enter charcoal_kiln; times 5; end",
    "enter smokehouse; pay 2 fish; times 2; pay 1 coal; end",
    "enter fishery; end",
    "take wood; end",
    "pay 6 fish 2 smoked_fish; loan",
    # round 8
    "take fish; end",
    "take francs; end",
    "take iron; end",
    "take grain; end",
    "take fish; end",
    "take wood; end",
    "take clay; end",
    "loan; pay 5 fish 3 smoked_fish 1 francs",
    # final stage
    "enter fishery; end",
    "take cattle; end",
)


def _final() -> lh.State:
    return play(lh, lh.new_game(2, seed=SEED, variant="short"), *RECORD)


def _wealth_by_hand(state: lh.State, seat: int) -> int:
    """Rulebook, Game End and Winner: the values of one's buildings and ships, the "+" buildings'
    extra value, cash, minus 7 Francs per unrepaid loan; goods are worth nothing."""
    p = state.players[seat]
    mine = [b for b, who in enumerate(state.owner) if who == seat]
    buildings = sum(D.BUILDINGS[b].value for b in mine)
    kinds = [D.BUILDINGS[b].type for b in mine]
    plus = 0
    if D.BUILDING_INDEX["bank"] in mine:  # the only "+" building of the 2-player short game
        plus += 3 * kinds.count(D.INDUSTRIAL) + 2 * kinds.count(D.ECONOMIC)
    ships = sum(D.ROUND_CARDS[card].ship_value for card in p.ships)
    return buildings + plus + ships + p.stock[D.FRANC] - 7 * p.loans


def test_the_record_plays_to_the_end_of_the_final_stage() -> None:
    state = _final()
    assert state.current_player is None and kind(state) == "over"
    assert lh.legal_actions(state) == []
    assert state.round == 8 and state.final_turns == 0


def test_the_final_holdings_pinned() -> None:
    state = _final()
    holdings = [
        (
            sorted(D.BUILDINGS[b].id for b, who in enumerate(state.owner) if who == seat),
            [D.ROUND_CARDS[c].card for c in p.ships],
            p.stock[D.FRANC],
            p.loans,
        )
        for seat, p in enumerate(state.players)
    ]
    assert holdings == [
        (["abattoir", "brickworks", "colliery", "fishery"], ["R01"], 3, 8),
        (["charcoal_kiln", "smokehouse"], ["R03", "R07"], 7, 0),
    ]


def test_the_final_wealth_pinned_and_checked_by_hand() -> None:
    state = _final()
    # Player 1: Fishery 10 + Abattoir 8 + Brickworks 14 + Colliery 10 = 42 in buildings, the
    # R01 wooden ship 2, 3 Francs, 8 loans at -7: 42 + 2 + 3 - 56 = -9. Her 10 charcoal, 12 grain
    # and the rest of her goods count for nothing.
    # Player 2: Charcoal Kiln 8 + Smokehouse 6 = 14, ships R03 (2) + R07 (6) = 8, 7 Francs, no
    # loans: 14 + 8 + 7 = 29.
    assert (10 + 8 + 14 + 10 + 2 + 3 - 7 * 8, 8 + 6 + 2 + 6 + 7) == (-9, 29)
    assert [_wealth_by_hand(state, seat) for seat in range(2)] == [-9, 29]
    assert lh.scores(state) == (-9, 29)
    assert lh.winners(state) == (1,)


def test_the_record_round_trips_through_notation_and_json() -> None:
    state = lh.new_game(2, seed=SEED, variant="short")
    moves = [text.strip() for entry in RECORD for text in entry.split(";")]
    for text in moves:
        action = lh.parse_action(state, text)
        assert str(action) == text
        state = lh.apply(state, action)
    assert lh.loads(lh.dumps(state)) == state
    assert len(moves) == 152
