"""Le Havre, the shortened game: each rule of the rulebook (seeds/003) through the public API.

Tests are named after what the rulebook says. Positions are a dealt game with only the fields a
test cares about changed (``attrs.evolve`` on the frozen state); the component tables they check
against are the rulebook's and docs/rules/reference-lehavre.md's. The per-building tests are in
``test_buildings.py``; docs/rules/lehavre.md maps every rule to its test.
"""

from __future__ import annotations

import random

import attrs
import pytest

from harborgames import lehavre as lh
from harborgames.core import IllegalActionError
from harborgames.lehavre import data as D
from harborgames.testing import legal, perft, play

from .position import kind

B = D.BUILDING_INDEX
SHORT = "short"


# -- positions ------------------------------------------------------------------------------------
def _with(state: lh.State, **changes: object) -> lh.State:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def _player(
    state: lh.State, seat: int, *, goods: dict[str, int] | None = None, **changes: object
) -> lh.State:
    """``seat`` with another supply (``goods``: counts by token name, all others 0) or fields."""
    if goods is not None:
        changes["stock"] = D.token_counts(**goods)
    p = attrs.evolve(state.players[seat], **changes)  # type: ignore[arg-type]
    return _with(state, players=tuple(p if s == seat else q for s, q in enumerate(state.players)))


def _own(state: lh.State, key: str, seat: int) -> lh.State:
    """``key`` owned by ``seat`` (or the town, -1), taken out of its proposal pile if there."""
    b = B[key]
    owner = list(state.owner)
    owner[b] = seat
    piles = tuple(tuple(x for x in pile if x != b) for pile in state.piles)
    return _with(state, owner=tuple(owner), piles=piles)


def _ids(buildings: object) -> list[str]:
    return [D.BUILDINGS[b].id for b in buildings]  # type: ignore[attr-defined]


def _francs(state: lh.State, seat: int) -> int:
    return state.players[seat].stock[D.FRANC]


def _goods(state: lh.State, seat: int) -> dict[str, int]:
    return {D.TOKEN_NAMES[t]: n for t, n in enumerate(state.players[seat].stock) if n}


def _round_end(state: lh.State, turn_player: int = 0, **changes: object) -> lh.State:
    """The round's seventh turn, waiting for ``turn_player``'s main action."""
    return _with(state, turn=6, turn_player=turn_player, current_player=turn_player, revealed=7, **changes)


START_GOODS = {"fish": 2, "wood": 2, "clay": 2, "iron": 2, "cattle": 1, "coal": 2, "hides": 2, "francs": 5}


# -- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_short_game_offers_3_francs_3_fish_3_wood_2_clay_1_iron_1_grain_1_cattle(n: int) -> None:
    state = lh.new_game(n, seed=7, variant="short")
    # new_game has done the first Supply action: take the first tile's two tokens back off
    offers = list(state.offers)
    for token in D.SUPPLY_TILES[state.tiles[0]].goods:
        offers[D.OFFER_SPACES.index(token)] -= 1
    assert dict(zip(("francs", "fish", "wood", "clay", "iron", "grain", "cattle"), offers, strict=True)) == {
        "francs": 3,
        "fish": 3,
        "wood": 3,
        "clay": 2,
        "iron": 1,
        "grain": 1,
        "cattle": 1,
    }


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_each_player_gets_5_francs_2_fish_2_wood_2_clay_2_iron_1_cattle_2_coal_2_hides(n: int) -> None:
    state = lh.new_game(n, seed=7, variant="short")
    for seat in range(n):
        assert _goods(state, seat) == START_GOODS
        assert state.players[seat].loans == 0
        assert state.players[seat].location == -1


def test_setup_two_player_short_game_each_player_starts_with_a_2_value_wooden_ship_r01_and_r03() -> None:
    state = lh.new_game(2, seed=7, variant="short")
    ships = [[D.ROUND_CARDS[c].card for c in p.ships] for p in state.players]
    assert ships == [["R01"], ["R03"]]
    for p in state.players:
        card = D.ROUND_CARDS[p.ships[0]]
        assert (card.ship_type, card.ship_value) == (D.WOODEN_SHIP, 2)
    assert state.ship_piles == ((), (), (), ())  # no ship for sale before a round card turns


@pytest.mark.parametrize("n", [1, 3, 4, 5])
def test_setup_no_starting_ships_at_other_player_counts(n: int) -> None:
    state = lh.new_game(n, seed=7, variant="short")
    assert all(p.ships == () for p in state.players)
    assert state.ship_piles == ((), (), (), ())


def test_option_solo_starting_ship_sources_gives_r01_and_puts_r03_on_the_wooden_pile() -> None:
    state = lh.new_game(1, seed=7, options={"solo_starting_ship": "sources"}, variant="short")
    assert [D.ROUND_CARDS[c].card for c in state.players[0].ships] == ["R01"]
    assert [[D.ROUND_CARDS[c].card for c in pile] for pile in state.ship_piles] == [["R03"], [], [], []]


TOWN_AT_START = {
    1: ["building_firm_1", "building_firm_2", "construction_firm", "marketplace", "sawmill", "black_market"],
    2: ["building_firm_1", "building_firm_2", "construction_firm", "marketplace"],
    3: ["building_firm_1", "building_firm_2", "construction_firm"],
    4: ["building_firm_1", "building_firm_2", "construction_firm", "sawmill"],
    5: ["building_firm_1", "building_firm_2", "construction_firm", "sawmill"],
}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_the_town_owns_the_three_starting_buildings_and_the_cards_marked_start(n: int) -> None:
    state = lh.new_game(n, seed=7, variant="short")
    assert _ids(b for b, who in enumerate(state.owner) if who == -1) == TOWN_AT_START[n]


# The light ticks (shortened game) per player count: ref §5, "Short game: proposal piles at".
_SHORT_1 = [
    "fishery",
    "bakehouse",
    "smokehouse",
    "abattoir",
    "clay_mound",
    "wharf_1",
    "brickworks",
    "colliery",
    "shipping_line",
    "tannery",
    "ironworks",
    "steel_mill",
]
_SHORT_2 = [*_SHORT_1, "charcoal_kiln", "cokery", "bank"]
_SHORT_3 = [*_SHORT_2, "marketplace", "joinery", "hardware_store", "wharf_2", "business_office"]
_SHORT_3.append("bridge_over_the_seine")
_SHORT_5 = [*_SHORT_3, "local_court", "grocery_market", "storehouse", "dock", "town_hall", "church"]
PROPOSALS = {1: _SHORT_1, 2: _SHORT_2, 3: _SHORT_3, 4: _SHORT_3, 5: _SHORT_5}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 7])
def test_setup_proposals_three_equal_piles_each_sorted_lowest_sort_number_on_top(n: int, seed: int) -> None:
    state = lh.new_game(n, seed=seed, variant="short")
    per_pile = len(PROPOSALS[n]) // 3
    assert [len(pile) for pile in state.piles] == [per_pile] * 3  # 4, 5, 7, 7, 9
    assert sorted(_ids(b for pile in state.piles for b in pile)) == sorted(PROPOSALS[n])
    for pile in state.piles:
        sorts = [D.BUILDINGS[b].sort for b in pile]
        assert sorts == sorted(sorts)  # type: ignore[type-var]
    # the rest of the standard buildings are back in the box (special buildings: not used)
    in_play = set(PROPOSALS[n]) | set(TOWN_AT_START[n])
    assert all(who == -3 for b, who in enumerate(state.owner) if D.BUILDINGS[b].id not in in_play)


def test_setup_proposal_piles_are_shuffled_by_the_seed() -> None:
    deals = {lh.new_game(2, seed=seed, variant="short").piles for seed in range(6)}
    assert len(deals) > 1


ROUND_CARDS = {
    1: ["R04", "R13", "R16", "R20"],
    2: ["R02", "R05", "R07", "R10", "R11", "R14", "R16", "R20"],
    3: ["R03", "R01", "R02", "R05", "R06", "R07", "R10", "R11", "R12", "R14", "R18", "R20"],
    4: ["R01", "R02", "R04", "R06", "R07", "R09", "R10", "R13", "R15", "R16", "R19", "R20"],
    5: [
        *("R01", "R02", "R03", "R04", "R06", "R07", "R09", "R10"),
        *("R12", "R13", "R15", "R16", "R18", "R19", "R20"),
    ],
}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_round_cards_sorted_by_the_light_round_number_4_8_12_12_15_rounds(n: int) -> None:
    cards = [c.card for c in D.round_cards(n, SHORT)]
    assert cards == ROUND_CARDS[n]
    assert len(cards) == (4, 8, 12, 12, 15)[n - 1]  # rulebook, Setup: rounds (shortened)
    state = lh.new_game(n, seed=7, variant="short")
    assert f"round 1 of {len(cards)}, turn 1 of 7 (card {cards[0]}" in lh.render(state)


def test_setup_seven_supply_tiles_shuffled_face_down() -> None:
    state = lh.new_game(2, seed=7, variant="short")
    assert sorted(state.tiles) == list(range(7))
    assert state.revealed == 1  # the first player's Supply action turned the first one up
    assert len({lh.new_game(2, seed=seed, variant="short").tiles for seed in range(6)}) > 1


def test_the_full_game_is_the_default_variant() -> None:
    assert lh.INFO.variants[0] == "full"
    assert lh.new_game(2, seed=0).rules.variant == "full"
    with pytest.raises(ValueError, match="unknown variant"):
        lh.new_game(2, seed=0, variant="long")


def test_legal_actions_at_the_start_2_players_pinned() -> None:
    assert legal(lh, lh.new_game(2, seed=1, variant="short")) == [
        "take francs",
        "take fish",
        "take wood",
        "take clay",
        "take iron",
        "take grain",
        "take cattle",
        "enter building_firm_1",
        "enter building_firm_2",
        "enter construction_firm",
        "enter marketplace",
        "buy building_firm_1",
        "sell_ship R01",
    ]


def test_legal_actions_at_the_start_4_players_pinned() -> None:
    assert legal(lh, lh.new_game(4, seed=1, variant="short")) == [
        "take francs",
        "take fish",
        "take wood",
        "take clay",
        "take iron",
        "take grain",
        "take cattle",
        "enter building_firm_1",
        "enter building_firm_2",
        "enter construction_firm",
        "enter sawmill",
        "buy building_firm_1",
    ]


@pytest.mark.parametrize(
    ("n", "counts"),
    [
        (2, [13, 62, 362, 1746, 10095]),
        (4, [12, 40, 160, 840, 3604, 17715]),
    ],
)
def test_perft_from_the_start_pinned(n: int, counts: list[int]) -> None:
    state = lh.new_game(n, seed=1, variant="short")
    assert [perft(lh, state, depth) for depth in range(1, len(counts) + 1)] == counts


# -- the Supply action ------------------------------------------------------------------------------
def _take_and_end(state: lh.State) -> lh.State:
    """A turn's main action (the first Offer space with tokens) and its end."""
    take = next(a for a in lh.legal_actions(state) if isinstance(a, lh.Take))
    return lh.apply(lh.apply(state, take), lh.End())


def test_supply_action_ship_marker_on_the_next_tile_its_two_tokens_join_their_offer_spaces() -> None:
    state = lh.new_game(3, seed=5, variant="short")
    for turn in range(1, 7):
        before = state
        state = _take_and_end(state)
        assert state.turn == turn
        taken = next(a for a in lh.legal_actions(before) if isinstance(a, lh.Take))
        space = D.OFFER_SPACES.index(D.TOKEN_INDEX[taken.space])
        expected = list(before.offers)
        expected[space] = 0
        for token in D.SUPPLY_TILES[state.tiles[turn]].goods:
            expected[D.OFFER_SPACES.index(token)] += 1
        assert list(state.offers) == expected


def test_round_1_supply_tiles_are_face_down_until_occupied_then_stay_face_up() -> None:
    state = lh.new_game(2, seed=5, variant="short")
    for turn in range(7):
        assert state.revealed == turn + 1
        assert lh.observe(state, 0).state.tiles == state.tiles[: turn + 1] + (-1,) * (6 - turn)
        state = _take_and_end(state) if turn < 6 else state
    state = _take_and_end(state)  # round 1 ends (2p: the ships feed everyone) and round 2 starts
    assert (state.round, state.turn, state.revealed) == (1, 0, 7)
    assert lh.observe(state, 1).state.tiles == state.tiles


def test_the_turn_with_the_ship_on_the_seventh_tile_is_the_last_of_the_round() -> None:
    state = lh.new_game(2, seed=5, variant="short")
    for _ in range(6):
        state = _take_and_end(state)
    assert (state.round, state.turn) == (0, 6)
    state = _take_and_end(state)
    assert (state.round, state.turn) == (1, 0)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_turn_order_runs_on_clockwise_across_rounds_seven_turns_a_round(n: int) -> None:
    state = lh.new_game(n, seed=5, options=None, variant="short")
    state = _player(state, 0, goods={"francs": 99, "fish": 99})  # enough food for two rounds
    state = _with(state, players=tuple(_player(state, 0).players[0] for _ in range(n)))
    seen = []
    while state.round < 2:
        seen.append(state.turn_player)
        state = _take_and_end(state)
        while kind(state) == "feeding":
            state = lh.apply(state, lh.legal_actions(state)[0])
    assert seen == [k % n for k in range(14)]
    assert state.turn_player == 14 % n


# -- interest ---------------------------------------------------------------------------------------
def _before_interest(n: int = 3) -> tuple[lh.State, int]:
    """A game whose next turn lands on the Interest tile; returns it and that turn's seat."""
    for seed in range(50):
        state = lh.new_game(n, seed=seed, variant="short")
        position = next(k for k, t in enumerate(state.tiles) if D.SUPPLY_TILES[t].interest)
        if position >= 2:
            state = _with(state, turn=position - 1, revealed=position, turn_player=0, current_player=0)
            return state, 1
    raise AssertionError("no seed puts the interest tile late")


def test_interest_tile_each_player_with_loans_pays_1_franc_regardless_of_the_number_of_loans() -> None:
    state, lander = _before_interest()
    state = _player(state, 0, loans=3)  # 3 loans: still 1 Franc
    state = _player(state, 2, loans=1)
    state = play(lh, state, "take francs", "end")
    francs = [_francs(state, s) for s in range(3)]
    # the lander has no loans; the others pay in turn order from the lander: seat 2, then seat 0
    assert (kind(state), state.current_player) == ("interest", 2)
    assert legal(lh, state) == ["pay 1 francs", "repay"]
    state = play(lh, state, "pay 1 francs")
    assert (kind(state), state.current_player) == ("interest", 0)
    state = play(lh, state, "pay 1 francs")
    assert (kind(state), state.current_player, state.turn_player) == ("turn", lander, lander)
    assert [_francs(state, s) for s in range(3)] == [francs[0] - 1, francs[1], francs[2] - 1]
    assert [p.loans for p in state.players] == [3, 0, 1]


def test_interest_the_player_landing_on_the_tile_pays_first_then_the_others_in_turn_order() -> None:
    state, lander = _before_interest()
    for seat in range(3):
        state = _player(state, seat, loans=1, goods={"francs": 9})
    state = play(lh, state, "take fish", "end")
    order = []
    while kind(state) == "interest":
        order.append(state.current_player)
        state = play(lh, state, "pay 1 francs")
    assert order == [lander, 2, 0]
    assert state.current_player == lander


def test_interest_nobody_pays_without_loans() -> None:
    state, lander = _before_interest()
    state = play(lh, state, "take francs", "end")
    assert (kind(state), state.current_player) == ("turn", lander)


def test_interest_a_player_who_cannot_pay_sells_a_building_or_ship_or_takes_another_loan() -> None:
    state, _ = _before_interest()
    state = _own(_player(state, 2, loans=1, goods={"fish": 4}), "fishery", 2)
    state = play(lh, state, "take francs", "end")
    assert state.current_player == 2
    assert legal(lh, state) == ["sell fishery", "loan"]  # fish are not Francs
    borrowed = play(lh, state, "loan")  # 4 Francs, 1 of them paid at once
    assert (borrowed.players[2].loans, _francs(borrowed, 2), kind(borrowed)) == (2, 3, "turn")
    sold = play(lh, state, "sell fishery")  # 5 Francs, then the Franc is paid
    assert (kind(sold), sold.current_player) == ("interest", 2)
    assert legal(lh, sold) == ["pay 1 francs", "repay"]
    sold = play(lh, sold, "pay 1 francs")
    assert (_francs(sold, 2), sold.players[2].loans, sold.owner[B["fishery"]]) == (4, 1, -1)


def test_interest_a_loan_may_be_repaid_immediately_before_interest_is_paid() -> None:
    state, lander = _before_interest()
    state = _player(state, 2, loans=1, goods={"francs": 7})
    state = play(lh, state, "take francs", "end", "repay")  # the last loan: no interest left to pay
    assert (kind(state), state.current_player) == ("turn", lander)
    assert (_francs(state, 2), state.players[2].loans) == (2, 0)


def test_interest_a_loan_is_not_offered_to_a_player_who_can_pay() -> None:
    state, _ = _before_interest()
    state = _player(state, 2, loans=1, goods={"francs": 1})
    state = play(lh, state, "take francs", "end")
    assert kind(state) == "turn"  # the one way to pay was taken by the engine
    assert _francs(state, 2) == 0
    assert any(f.action == "pay 1 francs" and f.player == 2 for f in state.forced)


# -- main action A: take goods ------------------------------------------------------------------------
def test_take_all_tokens_from_one_offer_space() -> None:
    state = lh.new_game(2, seed=1, variant="short")  # the first tile put 1 wood + 1 clay on their spaces
    wood = state.offers[D.OFFER_SPACES.index(D.WOOD)]
    after = play(lh, state, "take wood")
    assert after.offers[D.OFFER_SPACES.index(D.WOOD)] == 0
    assert after.players[0].stock[D.WOOD] == 2 + wood
    assert after.offers[:2] == state.offers[:2] and after.offers[3:] == state.offers[3:]
    assert legal(lh, after) == ["buy building_firm_1", "sell_ship R01", "end"]  # one main action


def test_an_empty_offer_space_cannot_be_taken() -> None:
    state = _with(lh.new_game(2, seed=1, variant="short"), offers=(0, 1, 1, 1, 1, 1, 1))
    assert "take francs" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="empty"):
        play(lh, state, "take francs")


def test_end_only_after_the_main_action() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    with pytest.raises(IllegalActionError, match="main action first"):
        play(lh, state, "end")


# -- main action B: entering a building -----------------------------------------------------------------
def test_entry_fee_of_a_town_building_is_paid_to_the_treasury() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, goods={"francs": 5, "wood": 2, "clay": 2})
    before = sum(_francs(state, s) for s in range(2))
    state = play(lh, state, "enter building_firm_2")  # fee 1 food: paid with a Franc (forced)
    assert state.forced[-1].action == "pay 1 francs"
    assert sum(_francs(state, s) for s in range(2)) == before - 1


def test_entry_fee_of_a_players_building_is_paid_to_the_owner_food_or_francs_by_the_card() -> None:
    state = _own(lh.new_game(2, seed=1, variant="short"), "marketplace", 1)  # fee "2 food / 1 Franc"
    state = _player(state, 0, goods={"francs": 3, "fish": 2, "meat": 1})
    assert legal(lh, play(lh, state, "enter marketplace")) == ["pay 2 fish", "pay 1 meat", "pay 1 francs"]
    after = play(lh, state, "enter marketplace", "pay 2 fish")
    assert after.players[1].stock[D.FISH] == state.players[1].stock[D.FISH] + 2
    assert after.players[0].stock[D.FISH] == 0
    after = play(lh, state, "enter marketplace", "pay 1 meat")  # no change for food
    assert after.players[1].stock[D.MEAT] == 1 and after.players[0].stock[D.MEAT] == 0


def test_no_entry_fee_to_enter_ones_own_building() -> None:
    state = _own(lh.new_game(2, seed=1, variant="short"), "marketplace", 0)
    state = play(lh, state, "enter marketplace")
    assert kind(state) == "choose"  # the Marketplace's own choice, no payment asked
    assert _francs(state, 0) == 5


def test_a_building_whose_fee_cannot_be_paid_is_not_offered() -> None:
    state = _player(
        lh.new_game(2, seed=1, variant="short"), 0, goods={"wood": 5, "clay": 5}
    )  # no food, no Francs
    assert "enter building_firm_2" not in legal(lh, state)  # 1 food
    assert "enter construction_firm" not in legal(lh, state)  # 2 food
    assert "enter building_firm_1" in legal(lh, state)  # no fee
    with pytest.raises(IllegalActionError, match="entry fee"):
        play(lh, state, "enter building_firm_2")


def test_never_the_building_ones_person_disc_is_already_on() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, location=B["building_firm_1"])
    assert "enter building_firm_1" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="already in"):
        play(lh, state, "enter building_firm_1")


def test_an_occupied_building_cannot_be_entered() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 1, location=B["building_firm_1"])
    assert "enter building_firm_1" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="occupied"):
        play(lh, state, "enter building_firm_1")


def test_buildings_in_the_proposals_have_not_been_built_and_cannot_be_entered() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    top = state.piles[0][0]
    assert f"enter {D.BUILDINGS[top].id}" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="not been built"):
        play(lh, state, f"enter {D.BUILDINGS[top].id}")


def test_entering_moves_the_person_disc_from_its_last_building() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, location=B["marketplace"])
    state = play(lh, state, "enter building_firm_1")
    assert state.players[0].location == B["building_firm_1"]
    assert "enter marketplace" in legal(
        lh, _with(state, turn_player=1, current_player=1, decision=lh.decisions.TURN, main_done=False)
    )


# -- buying -------------------------------------------------------------------------------------------------
def test_buy_the_towns_buildings_and_the_top_of_each_proposal_pile_for_the_price() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, goods={"francs": 100})
    tops = [pile[0] for pile in state.piles]
    offered = [a for a in legal(lh, state) if a.startswith("buy ")]
    assert offered == [f"buy {key}" for key in TOWN_AT_START[2] + _ids(tops)]
    below = state.piles[0][1]
    with pytest.raises(IllegalActionError, match="neither the town's nor on top"):
        play(lh, state, f"buy {D.BUILDINGS[below].id}")
    bought = play(lh, state, f"buy {D.BUILDINGS[tops[0]].id}")
    assert bought.owner[tops[0]] == 0
    assert _francs(bought, 0) == 100 - D.BUILDINGS[tops[0]].value
    # "You may buy more than one building from the same pile in sequence"
    assert f"buy {D.BUILDINGS[below].id}" in legal(lh, bought)


def test_buy_price_is_the_printed_cost_where_one_is_shown() -> None:
    state = lh.new_game(5, seed=1, variant="short")
    state = _player(
        _with(state, piles=((B["storehouse"],), (B["dock"],), (B["town_hall"],))), 0, goods={"francs": 100}
    )
    for key, price in (("storehouse", 10), ("dock", 24), ("town_hall", 30)):
        assert _francs(play(lh, state, f"buy {key}"), 0) == 100 - price
    state = _own(_player(state, 0, goods={"francs": 40}), "bank", -1)
    assert _francs(play(lh, state, "buy bank"), 0) == 0  # cost 40, value 16


def test_buying_needs_the_francs() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, goods={"francs": 5})
    assert [a for a in legal(lh, state) if a.startswith("buy")] == ["buy building_firm_1"]  # price 4
    with pytest.raises(IllegalActionError, match="costs 6 Francs: you have 5"):
        play(lh, state, "buy building_firm_2")


def test_the_church_may_not_be_bought() -> None:
    state = _player(lh.new_game(5, seed=1, variant="short"), 0, goods={"francs": 100})
    state = _own(state, "church", -1)
    assert "buy church" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="cannot be bought"):
        play(lh, state, "buy church")


def test_buy_only_the_top_ship_of_each_pile_not_a_luxury_liner() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    piles = ((cards["R05"], cards["R02"]), (cards["R10"],), (cards["R14"],), (cards["R20"],))
    state = _player(_with(state, ship_piles=piles), 0, goods={"francs": 100})
    assert [a for a in legal(lh, state) if a.startswith("buy_ship")] == [
        "buy_ship wooden",
        "buy_ship iron",
        "buy_ship steel",
    ]
    with pytest.raises(IllegalActionError):
        play(lh, state, "buy_ship luxury")
    after = play(lh, state, "buy_ship wooden")
    assert [D.ROUND_CARDS[c].card for c in after.players[0].ships] == ["R01", "R05"]
    assert after.ship_piles[0] == (cards["R02"],)
    assert _francs(after, 0) == 100 - 14  # price 14, more than the value 4
    for ship, price in (("iron", 20), ("steel", 30)):
        assert _francs(play(lh, state, f"buy_ship {ship}"), 0) == 100 - price


def test_no_buying_at_another_players_decision() -> None:
    state, _ = _before_interest()
    state = _player(state, 2, loans=1, goods={"francs": 50})
    state = play(lh, state, "take francs", "end")
    assert kind(state) == "interest" and state.current_player == 2
    assert not [a for a in legal(lh, state) if a.startswith("buy")]


def test_a_building_sold_this_turn_may_not_be_bought_back_in_it() -> None:
    state = _own(_player(lh.new_game(2, seed=1, variant="short"), 0, goods={"francs": 10}), "fishery", 0)
    state = play(lh, state, "sell fishery")
    assert _francs(state, 0) == 15 and state.owner[B["fishery"]] == -1
    assert "buy fishery" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="sold this turn"):
        play(lh, state, "buy fishery")
    state = play(lh, state, "take wood", "end")  # the next turn: the other player may buy it
    state = _player(state, 1, goods={"francs": 10})
    assert "buy fishery" in legal(lh, _with(state))


def test_buying_a_building_returns_the_person_disc_in_it() -> None:
    state = _player(lh.new_game(2, seed=1, variant="short"), 0, goods={"francs": 10})
    state = _player(state, 1, location=B["building_firm_1"])
    state = play(lh, state, "buy building_firm_1")
    assert state.owner[B["building_firm_1"]] == 0
    assert state.players[1].location == -1


# -- selling -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["clay_mound", "marketplace", "wharf_1", "steel_mill"])
def test_sell_a_building_to_the_town_for_half_its_value_rounded_down(key: str) -> None:
    state = _own(lh.new_game(2, seed=1, variant="short"), key, 0)
    after = play(lh, state, f"sell {key}")
    assert _francs(after, 0) == 5 + D.BUILDINGS[B[key]].value // 2
    assert after.owner[B[key]] == -1  # goes with the town's buildings
    assert after.players[0].stock[:-1] == state.players[0].stock[:-1]


def test_sell_a_ship_for_half_its_value_it_goes_back_on_top_of_its_pile() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    state = _with(state, ship_piles=((cards["R02"],), (), (), ()))
    state = _player(state, 0, ships=(cards["R01"], cards["R07"]))
    after = play(lh, state, "sell_ship R07")  # value 6
    assert _francs(after, 0) == 5 + 3
    assert after.players[0].ships == (cards["R01"],)
    assert after.ship_piles[0] == (cards["R07"], cards["R02"])


def test_selling_a_building_returns_the_person_disc_in_it() -> None:
    state = _own(lh.new_game(2, seed=1, variant="short"), "fishery", 0)
    state = _player(state, 1, location=B["fishery"])
    state = play(lh, state, "sell fishery")
    assert state.players[1].location == -1


def test_only_ones_own_buildings_and_ships_are_sold() -> None:
    state = _own(lh.new_game(2, seed=1, variant="short"), "fishery", 1)
    assert "sell fishery" not in legal(lh, state)
    assert "sell_ship R03" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="only your own"):
        play(lh, state, "sell fishery")


def test_sell_before_and_after_the_main_action() -> None:
    state = _own(_own(lh.new_game(2, seed=1, variant="short"), "fishery", 0), "bakehouse", 0)
    state = play(lh, state, "sell fishery", "take wood", "sell bakehouse", "end")
    assert _francs(state, 0) == 5 + 5 + 4


# -- the end of a round: harvest -------------------------------------------------------------------------
def test_harvest_one_grain_with_at_least_1_grain_one_cattle_with_at_least_2_cattle() -> None:
    state = _round_end(lh.new_game(3, seed=1, variant="short"), round=2)  # 3p round 3: R02, harvest, 3 food
    goods = [
        {"francs": 9, "grain": 1, "cattle": 1},
        {"francs": 9, "grain": 5, "cattle": 2},
        {"francs": 9, "grain": 0, "cattle": 7},
    ]
    for seat, g in enumerate(goods):
        state = _player(state, seat, goods=g)
    state = play(lh, state, "take iron", "end")
    grain = [p.stock[D.GRAIN] for p in state.players]
    cattle = [p.stock[D.CATTLE] for p in state.players]
    assert grain == [2, 6, 0]
    assert cattle == [1, 3, 8]


def test_no_harvest_on_a_no_harvest_round_card() -> None:
    state = _round_end(lh.new_game(3, seed=1, variant="short"))  # 3p round 1: R03, "No harvest", 2 food
    assert not D.round_cards(3, SHORT)[0].harvest
    for seat in range(3):
        state = _player(state, seat, goods={"francs": 9, "grain": 3, "cattle": 3})
    state = play(lh, state, "take iron", "end")
    assert [(p.stock[D.GRAIN], p.stock[D.CATTLE]) for p in state.players] == [(3, 3)] * 3


# -- feeding ----------------------------------------------------------------------------------------------
def test_feeding_each_ship_reduces_the_food_owed() -> None:
    # 2p round 1 (R02): 4 food; the starting wooden ships feed 4 each in a 2-player game
    state = lh.new_game(2, seed=1, variant="short")
    for _ in range(7):
        state = _take_and_end(state)
    assert (state.round, kind(state)) == (1, "turn")
    assert [_francs(state, s) for s in range(2)] >= [5, 5]
    # round 2 (R05): 7 food - 4 = 3 each
    state = _round_end(state, turn_player=0)
    state = _player(_player(state, 0, goods={"francs": 10}), 1, goods={"francs": 10})
    state = play(lh, state, "take iron", "end")
    assert [_francs(state, s) for s in range(2)] == [7, 7]
    assert [f.action for f in state.forced] == ["pay 3 francs", "pay 3 francs"]


def test_feeding_a_ship_feeding_more_than_owed_gives_nothing_back() -> None:
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=1)  # 7 food
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    state = _player(state, 0, ships=(cards["R01"], cards["R10"]), goods={"francs": 1})  # 4 + 5 food
    state = _player(state, 1, goods={"francs": 3})
    state = play(lh, state, "take iron", "end")
    assert _francs(state, 0) == 1
    assert _francs(state, 1) == 0


def test_feeding_food_may_be_paid_in_francs_no_change_only_minimal_ways_bread_is_2_food() -> None:
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=1)  # 7 - 4 = 3 food each
    state = _player(state, 1, goods={"francs": 1, "fish": 1, "bread": 1, "meat": 1, "grain": 4})
    state = _player(state, 0, goods={"francs": 3})
    state = play(lh, state, "take iron", "end")
    assert (kind(state), state.current_player) == ("feeding", 1)
    assert legal(lh, state) == [
        "pay 1 fish 1 bread",
        "pay 1 bread 1 francs",
        "pay 1 meat",
    ]  # grain is worth no food; 2 fish... 1 fish + 1 Franc is too little
    state = play(lh, state, "pay 1 meat")
    assert _goods(state, 1) == {"francs": 1, "fish": 1, "bread": 1, "grain": 5}


def test_feeding_goes_seat_by_seat_from_the_player_after_the_seventh_turn() -> None:
    state = _round_end(lh.new_game(3, seed=1, variant="short"), turn_player=1, round=3)  # R05: 4 food
    for seat in range(3):
        state = _player(state, seat, goods={"fish": 2, "bread": 1, "francs": 4})
    state = play(lh, state, "take iron", "end")
    order = []
    while kind(state) == "feeding":
        order.append(state.current_player)
        state = lh.apply(state, lh.legal_actions(state)[0])
    assert order == [2, 0, 1]
    assert state.turn_player == 2  # and the next round starts with that player too


def test_feeding_a_loan_only_when_one_cannot_pay_all_food_and_francs_go_the_loan_covers_the_rest() -> None:
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=3)  # R10: 13 food - 4 = 9
    state = _player(state, 0, goods={"francs": 9})
    state = _player(state, 1, goods={"francs": 2, "fish": 1, "meat": 1, "wood": 3})
    state = play(lh, state, "take iron", "end")
    assert (kind(state), state.current_player) == ("feeding", 1)
    assert legal(lh, state) == ["sell_ship R03", "loan"]  # 6 food < 9
    state = play(lh, state, "loan")
    # short 3: one loan of 4 Francs, 1 Franc left; the wood is kept
    assert state.players[1].loans == 1
    assert _goods(state, 1) == {"francs": 1, "wood": 3}
    assert state.forced[-1].action == "pay 9 francs" and state.forced[-1].player == 0


def test_feeding_several_loans_when_far_short() -> None:
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=7)  # R20: 20 food - 4 = 16
    state = _player(_player(state, 0, goods={"francs": 0}), 1, goods={"francs": 30})
    state = play(lh, state, "take grain", "end", "loan")
    assert (state.players[0].loans, _francs(state, 0)) == (4, 0)  # 16 = 4 loans exactly


def test_feeding_a_player_who_cannot_pay_may_sell_first() -> None:
    state = _own(_round_end(lh.new_game(2, seed=1, variant="short"), round=1), "fishery", 0)  # 3 food
    state = _player(_player(state, 0, goods={"francs": 1}), 1, goods={"francs": 3})
    state = play(lh, state, "take grain", "end")
    assert (kind(state), state.current_player) == ("feeding", 0)
    assert legal(lh, state) == ["sell fishery", "sell_ship R01", "loan"]
    state = play(lh, state, "sell fishery")  # 5 Francs: now 6, pays 3 (forced)
    assert (_francs(state, 0), state.players[0].loans, kind(state)) == (3, 0, "turn")


def test_feeding_a_player_who_can_pay_is_not_offered_a_loan() -> None:
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=1)
    state = _player(_player(state, 0, goods={"fish": 3, "meat": 1}), 1, goods={"francs": 3})
    state = play(lh, state, "take grain", "end")
    assert "loan" not in legal(lh, state)
    with pytest.raises(IllegalActionError, match="a loan is taken only when"):
        play(lh, state, "loan")


# -- the town builds; the new ship ------------------------------------------------------------------------
def test_town_builds_the_top_proposal_with_the_lowest_sort_number_on_a_standard_building_symbol() -> None:
    state = lh.new_game(2, seed=1, variant="short")  # R02: a standard building symbol at 2 players
    assert D.round_cards(2, SHORT)[0].town_build_for(2) == D.STANDARD_BUILD
    tops = [pile[0] for pile in state.piles]
    lowest = min(tops, key=lambda b: D.BUILDINGS[b].sort or 0)
    for _ in range(7):
        state = _take_and_end(state)
    assert state.owner[lowest] == -1
    assert lowest not in [b for pile in state.piles for b in pile]
    assert sum(len(p) for p in state.piles) == 14


def test_town_builds_nothing_without_the_symbol() -> None:
    state = _round_end(
        lh.new_game(2, seed=1, variant="short"), round=1
    )  # R05: no building symbol at 2 players
    state = _player(_player(state, 0, goods={"francs": 9}), 1, goods={"francs": 9})
    piles = state.piles
    state = play(lh, state, "take grain", "end")
    assert state.piles == piles


def test_town_build_an_emptied_proposal_pile_stays_empty() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    state = _with(state, piles=((), (B["bank"],), (B["cokery"],)))
    owner = list(state.owner)
    for pile in lh.new_game(2, seed=1, variant="short").piles:
        for b in pile:
            owner[b] = -3 if b not in (B["bank"], B["cokery"]) else -2
    state = _round_end(_with(state, owner=tuple(owner)))
    state = play(lh, state, "take grain", "end")
    assert state.piles == ((), (B["bank"],), ())  # the Cokery (25) before the Bank (29)
    assert state.owner[B["cokery"]] == -1


def test_the_round_card_turns_over_its_ship_goes_on_top_of_its_pile() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    for _ in range(7):
        state = _take_and_end(state)
    assert state.ship_piles == ((cards["R02"],), (), (), ())
    state = _round_end(state, round=1)
    state = _player(_player(state, 0, goods={"francs": 9}), 1, goods={"francs": 9})
    state = play(lh, state, "take grain", "end")
    assert state.ship_piles == ((cards["R05"], cards["R02"]), (), (), ())  # R05 (value 4) on top


# -- the final stage -----------------------------------------------------------------------------------------
def _final(n: int = 2, seed: int = 1) -> lh.State:
    """The last round's seventh turn, everyone rich enough to feed."""
    state = _round_end(
        lh.new_game(n, seed=seed, variant="short"), turn_player=n - 1, round=len(ROUND_CARDS[n]) - 1
    )
    for seat in range(n):
        state = _player(state, seat, goods={"francs": 40, "wood": 4, "clay": 4})
    return state


def test_final_stage_after_the_last_round_card_each_player_takes_one_final_action() -> None:
    state = play(lh, _final(), "take grain", "end")
    assert (kind(state), state.current_player, state.final_turns) == ("turn", 0, 2)
    assert state.round == 8
    offers = state.offers
    state = play(lh, state, "take wood")  # no Supply action first
    assert state.offers[D.OFFER_SPACES.index(D.WOOD)] == 0
    assert offers[:2] == state.offers[:2] and offers[3:] == state.offers[3:]
    state = play(lh, state, "end")
    assert (state.current_player, state.final_turns) == (1, 1)
    state = play(lh, state, "take fish", "end")
    assert kind(state) == "over" and lh.legal_actions(state) == []
    assert lh.winners(state) != ()


def test_final_stage_no_buying_but_selling_and_repaying() -> None:
    state = play(lh, _final(), "take grain", "end")
    state = _own(_player(state, 0, loans=1), "fishery", 0)
    options = legal(lh, state)
    assert not [a for a in options if a.startswith("buy")]
    assert {"sell fishery", "sell_ship R01", "repay"} <= set(options)
    with pytest.raises(IllegalActionError, match="no buying in the final stage"):
        play(lh, state, "buy building_firm_1")
    state = play(lh, state, "repay", "sell fishery", "take wood", "end")
    assert (state.players[0].loans, state.owner[B["fishery"]]) == (0, -1)


def test_final_stage_occupied_buildings_may_be_entered_except_the_one_ones_disc_is_on() -> None:
    state = play(lh, _final(), "take grain", "end")
    state = _player(state, 0, location=B["building_firm_1"])
    state = _player(state, 1, location=B["construction_firm"])
    options = legal(lh, state)
    assert "enter construction_firm" in options  # occupied by the other player
    assert "enter building_firm_1" not in options
    state = play(lh, state, "enter construction_firm")
    assert [p.location for p in state.players] == [B["construction_firm"]] * 2


def test_final_stage_no_interest_and_no_supply_tile() -> None:
    state = _final()
    state = _player(state, 0, loans=2)
    state = play(lh, state, "take grain", "end")
    francs = _francs(state, 0)
    state = play(lh, state, "take wood", "end", "take fish", "end")
    assert _francs(state, 0) == francs and state.players[0].loans == 2


# -- wealth ------------------------------------------------------------------------------------------------
def _over(state: lh.State) -> lh.State:
    return _with(
        state,
        current_player=None,
        decision=None,
        final_turns=0,
        round=len(ROUND_CARDS[state.num_players]),
    )


def test_wealth_is_buildings_plus_ships_plus_francs_minus_7_per_loan_goods_are_worthless() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    state = _own(_own(state, "fishery", 0), "building_firm_2", 0)
    state = _player(
        state,
        0,
        goods={"francs": 13, "smoked_fish": 9, "steel": 4},
        loans=2,
        ships=(cards["R01"], cards["R14"]),
    )
    state = _player(state, 1, goods={"francs": 1})
    # at the end both loans are repaid (2 x 5 of the 13 Francs) before wealth is counted
    assert lh.scores(_over(state)) == (10 + 6 + 2 + 16 + 13 - 10, 1 + 2)
    state = _player(state, 0, goods={"francs": 4, "smoked_fish": 9, "steel": 4}, loans=2, ships=())
    assert lh.scores(_over(state)) == (10 + 6 + 4 - 14, 1 + 2)  # 4 Francs repay nothing: -7 each


def test_loans_at_game_end_every_loan_the_francs_cover_is_repaid_before_scoring() -> None:
    # "May be repaid at any time … for 5 Francs. At game end, deduct 7 Francs for each outstanding
    # loan": repaying is never worse, so at the end every loan the Francs cover is repaid (no choice
    # is asked); render shows the breakdown.
    state = lh.new_game(2, seed=1, variant="short")
    state = _player(state, 0, goods={"francs": 12}, loans=3, ships=())
    state = _player(state, 1, goods={"francs": 20}, loans=1, ships=())
    over = _over(state)
    # seat 0: 2 loans repaid (10 Francs), 2 Francs left, 1 loan outstanding; seat 1: 1 repaid
    parts = [lh.wealth_parts(over, seat) for seat in (0, 1)]
    assert (parts[0].repaid_at_end, parts[0].francs, parts[0].loans) == (2, 2, 1)
    assert (parts[1].repaid_at_end, parts[1].francs, parts[1].loans) == (1, 15, 0)
    assert [p.total for p in parts] == list(lh.scores(over))
    added = [p.buildings + p.bonuses + p.ships + p.francs - 7 * p.loans for p in parts]
    assert added == list(lh.scores(over))  # the parts add up to the wealth
    assert lh.scores(over)[0] - lh.scores(state)[0] == 2 * 2  # 2 loans: 5 instead of 7 each
    text = lh.render(over)
    assert "after repaying 2 loans at the end" in text and "− 7 × 1 loan" in text
    # before the end nothing is repaid by itself
    assert lh.wealth_parts(state, 0).repaid_at_end == 0


def test_wealth_bonus_buildings_bank_town_hall_storehouse_dock() -> None:
    state = lh.new_game(5, seed=1, variant="short")
    cards = {c.card: i for i, c in enumerate(D.ROUND_CARDS)}
    for key in (
        "bank",
        "town_hall",
        "storehouse",
        "dock",
        "church",
        "local_court",
        "fishery",
        "bakehouse",
        "wharf_1",
        "colliery",
        "shipping_line",
        "grocery_market",
    ):
        state = _own(state, key, 0)
    state = _player(
        state,
        0,
        goods={"fish": 3, "bread": 4, "wood": 2, "francs": 7},
        ships=(cards["R01"], cards["R02"], cards["R04"]),
    )
    values = 16 + 6 + 4 + 10 + 26 + 16 + 10 + 8 + 14 + 10 + 10 + 10
    ships = 2 + 2 + 4
    bank = 3 * 3 + 2 * 4  # industrial: dock, wharf_1, colliery; economic: bank, storehouse, shipping, grocery
    town_hall = 4 * 3 + 2 * 2  # public: town hall, church, local court; craftsman's: fishery, bakehouse
    storehouse = 9 // 2  # goods tokens, not Francs
    dock = 4 * 3
    assert lh.scores(_over(state))[0] == values + ships + 7 + bank + town_hall + storehouse + dock


def test_hardware_store_type_option_changes_the_town_hall_bonus() -> None:
    # the rulebook: a craftsman's building (+2 at the Town Hall); the sources: an economic building
    for option, bonus in (("rulebook", 4 + 2), ("sources", 4)):
        state = lh.new_game(5, seed=1, options={"hardware_store_type": option}, variant="short")
        state = _own(_own(state, "town_hall", 0), "hardware_store", 0)
        state = _player(state, 0, goods={})
        assert lh.scores(_over(state))[0] == 6 + 8 + bonus


def test_the_richest_player_wins_ties_are_shared() -> None:
    state = lh.new_game(3, seed=1, variant="short")
    for seat, francs in enumerate((12, 12, 11)):
        state = _player(state, seat, goods={"francs": francs})
    assert lh.winners(_over(state)) == (0, 1)
    assert lh.winners(state) == ()  # not before the end
    state = _player(state, 2, goods={"francs": 13})
    assert lh.winners(_over(state)) == (2,)


def test_final_stage_a_player_who_can_carry_out_no_main_action_ends_the_turn_without_one() -> None:
    # Interpretation: every Offer space empty and no building enterable (no goods, no Francs)
    state = play(lh, _final(), "take grain", "end")
    state = _with(state, offers=(0,) * 7)
    state = _player(state, 0, goods={})
    assert legal(lh, state) == ["sell_ship R01", "end"]
    state = play(lh, state, "end")
    assert (state.current_player, state.final_turns) == (1, 1)
    state = _own(_with(state, turn_player=0, current_player=0, final_turns=2), "fishery", 0)
    assert legal(lh, state) == ["enter fishery", "sell fishery", "sell_ship R01"]  # a main action exists


# -- notation ----------------------------------------------------------------------------------------------
def test_notation_round_trips_for_every_legal_action_of_random_games() -> None:
    for n, seed in ((1, 3), (2, 4), (4, 5)):
        state = lh.new_game(n, seed=seed, variant="short")
        rng = random.Random(seed)
        while state.current_player is not None:
            options = lh.legal_actions(state)
            for action in options:
                assert lh.parse_action(state, str(action)) == action
            state = lh.apply(state, options[rng.randrange(len(options))])


def test_notation_names_in_any_case_with_spaces_or_an_unambiguous_beginning() -> None:
    state = lh.new_game(2, seed=1, variant="short")
    assert lh.parse_action(state, "Enter Construction Firm") == lh.Enter("construction_firm")
    assert lh.parse_action(state, "enter constr") == lh.Enter("construction_firm")
    assert lh.parse_action(state, "TAKE wood") == lh.Take("wood")
    assert lh.parse_action(state, "pay 2 smo 1 francs") == lh.Pay(D.token_counts(smoked_fish=2, francs=1))
    assert lh.parse_action(state, "sell_ship r01") == lh.SellShip("R01")
    for bad in ("enter building_firm", "take coal", "fly away", "pay 2"):
        with pytest.raises(IllegalActionError):
            lh.parse_action(state, bad)


# -- rule options on building costs --------------------------------------------------------------------------
def _on_top(state: lh.State, key: str) -> lh.State:
    """``key`` alone on the first proposal pile (the other piles emptied)."""
    owner = list(state.owner)
    for pile in state.piles:
        for b in pile:
            owner[b] = -3
    owner[B[key]] = -2
    return _with(state, owner=tuple(owner), piles=((B[key],), (), ()))


@pytest.mark.parametrize(("option", "wood", "buildable"), [("rulebook", 1, True), ("sources", 1, False)])
def test_option_ironworks_cost_rulebook_1_wood_2_brick_or_sources_3_wood_2_brick(
    option: str, wood: int, buildable: bool
) -> None:
    state = _on_top(lh.new_game(2, seed=1, options={"ironworks_cost": option}, variant="short"), "ironworks")
    state = _player(state, 0, goods={"wood": wood, "brick": 2})
    assert ("enter building_firm_1" in legal(lh, state)) is buildable
    state = _player(state, 0, goods={"wood": 3, "brick": 2})
    state = play(lh, state, "enter building_firm_1")  # the one build and its payment are forced
    assert state.owner[B["ironworks"]] == 0
    assert _goods(state, 0) == ({"wood": 2} if option == "rulebook" else {})


@pytest.mark.parametrize(("option", "left"), [("rulebook", {"clay": 1}), ("sources", {})])
def test_option_arts_center_cost_rulebook_1_wood_1_clay_or_sources_1_wood_2_clay(
    option: str, left: dict[str, int]
) -> None:
    # the Arts Center is not in the short game at any player count: the option matters for the
    # full game only; here it is put on a pile by hand
    state = _on_top(
        lh.new_game(4, seed=1, options={"arts_center_cost": option}, variant="short"), "arts_center"
    )
    state = _player(state, 0, goods={"wood": 1, "clay": 2})
    state = play(lh, state, "enter building_firm_1")
    assert state.owner[B["arts_center"]] == 0
    assert _goods(state, 0) == left
