"""Le Havre's component tables, checked against the rulebook (seed 003) and the reference page.

Each test pins a number the rulebook or docs/rules/reference-lehavre.md states, so a typo in a
table fails here rather than as a rules bug later.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from harborgames.lehavre import data as d
from harborgames.lehavre.data import FULL, SHORT
from harborgames.lehavre.readings import SOURCE_READINGS

SEED = Path(__file__).parents[2] / "seeds" / "003_680addca08ee8a24.txt"


def building(key: str) -> d.Building:
    return d.BUILDINGS[d.BUILDING_INDEX[key]]


# -- goods --------------------------------------------------------------------------------------


def test_sixteen_goods_in_standard_upgraded_pairs_and_francs_apart() -> None:
    assert len(d.STANDARD_GOODS) == len(d.UPGRADED_GOODS) == 8
    assert list(d.GOODS) == list(range(16))
    assert (d.FRANC, d.NUM_TOKEN_KINDS) == (16, 17)
    pairs = [(d.TOKEN_NAMES[g], d.TOKEN_NAMES[d.UPGRADED_FORM[g]]) for g in d.STANDARD_GOODS]
    assert pairs == [("fish", "smoked_fish"), ("wood", "charcoal"), ("clay", "brick"), ("iron", "steel"),
                     ("grain", "bread"), ("cattle", "meat"), ("coal", "coke"), ("hides", "leather")]
    assert all(d.STANDARD_FORM[d.UPGRADED_FORM[g]] == g for g in d.STANDARD_GOODS)
    assert d.SUBSTITUTE == {d.CLAY: d.BRICK, d.IRON: d.STEEL}


def test_token_names_and_letters_are_unique() -> None:
    assert len(set(d.TOKEN_NAMES)) == len(set(d.TOKEN_LETTERS)) == d.NUM_TOKEN_KINDS
    assert all(d.TOKEN_INDEX[name] == i for i, name in enumerate(d.TOKEN_NAMES))
    assert all(d.TOKEN_LETTERS[d.UPGRADED_FORM[g]] == d.TOKEN_LETTERS[g].upper() for g in d.STANDARD_GOODS)


def test_food_values_as_the_rulebook_states() -> None:
    # Components: Fish (1 Food)/Smoked Fish (2 Food), Grain (0)/Bread (2), Cattle (0)/Meat (3);
    # "Each Franc counts as 1 Food".
    food = {d.TOKEN_NAMES[t]: d.FOOD_VALUE[t] for t in d.TOKEN_KINDS if d.FOOD_VALUE[t]}
    assert food == {"fish": 1, "smoked_fish": 2, "bread": 2, "meat": 3, "francs": 1}
    assert d.FOOD_VALUE[d.GRAIN] == d.FOOD_VALUE[d.CATTLE] == 0


def test_grocery_market_and_church_food_totals_match_the_food_values() -> None:
    # "1 cattle, 1 meat, 1 fish, 1 smoked fish, 1 grain, 1 bread (8 food total)"; Church "(13 food)".
    grocery = (d.CATTLE, d.MEAT, d.FISH, d.SMOKED_FISH, d.GRAIN, d.BREAD)
    assert sum(d.FOOD_VALUE[g] for g in grocery) == 8
    assert 5 * d.FOOD_VALUE[d.BREAD] + 3 * d.FOOD_VALUE[d.FISH] == 13


def test_energy_values_as_the_rulebook_states() -> None:
    energy = {d.TOKEN_NAMES[t]: d.ENERGY_VALUE[t] for t in d.TOKEN_KINDS if d.ENERGY_VALUE[t]}
    assert energy == {"wood": 1, "charcoal": 3, "coal": 3, "coke": 10}


def test_shipping_line_francs_as_the_rulebook_states() -> None:
    # "meat/smoked fish/charcoal/hide/brick/iron 2; cattle/bread/coal 3; leather 4; coke 5; steel 8;
    # other goods 1 Franc each"
    expected = {1: {"fish", "wood", "clay", "grain"},
                2: {"meat", "smoked_fish", "charcoal", "hides", "brick", "iron"},
                3: {"cattle", "bread", "coal"}, 4: {"leather"}, 5: {"coke"}, 8: {"steel"}}
    for francs, names in expected.items():
        assert {d.TOKEN_NAMES[g] for g in d.GOODS if d.SHIPPING_FRANCS[g] == francs} == names


def test_token_counts_refuses_an_unknown_name() -> None:
    with pytest.raises(ValueError, match="'gold' is not a token name"):
        d.token_counts(gold=1)


# -- offer spaces, supply tiles, starting conditions ----------------------------------------------


def test_offer_spaces_in_board_order_give_the_haulage_firm_pairs() -> None:
    assert [d.TOKEN_NAMES[t] for t in d.OFFER_SPACES] == [
        "francs", "fish", "wood", "clay", "iron", "grain", "cattle"]
    goods = d.OFFER_SPACES[1:]  # the Haulage Firm takes no Francs
    pairs = {frozenset((d.TOKEN_NAMES[a], d.TOKEN_NAMES[b])) for a, b in pairwise(goods)}
    assert pairs == {frozenset(p) for p in (("cattle", "grain"), ("grain", "iron"), ("iron", "clay"),
                                            ("clay", "wood"), ("wood", "fish"))}


def test_starting_offers() -> None:
    # Setup 6: 2 Francs, 2 fish, 2 wood, 1 clay; shortened: 3, 3, 3, 2, 1, 1, 1.
    assert d.START_OFFER[FULL] == (2, 2, 2, 1, 0, 0, 0)
    assert d.START_OFFER[SHORT] == (3, 3, 3, 2, 1, 1, 1)


def test_supply_tiles() -> None:
    assert len(d.SUPPLY_TILES) == d.TURNS_PER_ROUND == 7
    assert [tile for tile in d.SUPPLY_TILES if tile.interest] == [d.SupplyTile((d.WOOD, d.FISH), True)]
    assert all(a != b for a, b in (tile.goods for tile in d.SUPPLY_TILES))  # "two different tokens"
    # Every token a tile shows has an Offer space to go to.
    assert {t for tile in d.SUPPLY_TILES for t in tile.goods} == set(d.OFFER_SPACES)
    per_round = [sum(t == space for tile in d.SUPPLY_TILES for t in tile.goods) for space in d.OFFER_SPACES]
    assert per_round == [2, 3, 4, 2, 1, 1, 1]  # Francs, fish, wood, clay, iron, grain, cattle


def test_starting_stock_full_game() -> None:
    stock = d.START_STOCK[FULL]
    assert stock[d.FRANC] == 5 and stock[d.COAL] == 1 and sum(stock) == 6


def test_starting_stock_shortened_game() -> None:
    expected = {"francs": 5, "fish": 2, "wood": 2, "clay": 2, "iron": 2, "cattle": 1, "coal": 2, "hides": 2}
    stock = d.START_STOCK[SHORT]
    assert {d.TOKEN_NAMES[t]: n for t, n in enumerate(stock) if n} == expected


def test_two_player_short_game_starting_ships_are_unused_value_2_wooden_ships() -> None:
    cards = d.STARTING_SHIPS[(2, SHORT)]
    assert len(cards) == 2 and list(d.STARTING_SHIPS) == [(2, SHORT)]
    used = {card.card for card in d.round_cards(2, SHORT)}
    for name in cards:
        card = d.ROUND_CARDS[d.ROUND_CARD_INDEX[name]]
        assert (card.ship_type, card.ship_value) == (d.WOODEN_SHIP, 2) and name not in used


def test_loans() -> None:
    assert (d.LOAN_FRANCS, d.LOAN_REPAYMENT, d.LOAN_PENALTY, d.INTEREST, d.LOAN_CARDS) == (4, 5, 7, 1, 11)


# -- round cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", d.VARIANTS)
@pytest.mark.parametrize("num_players", d.PLAYER_COUNTS)
def test_round_counts(num_players: int, variant: str) -> None:
    expected = {FULL: (7, 14, 18, 20, 20), SHORT: (4, 8, 12, 12, 15)}[variant][num_players - 1]
    cards = d.round_cards(num_players, variant)
    assert len(cards) == expected == d.NUM_ROUNDS[variant][num_players - 1]
    assert [card.round_number(num_players, variant) for card in cards] == list(range(1, expected + 1))


@pytest.mark.parametrize("variant", d.VARIANTS)
@pytest.mark.parametrize("num_players", d.PLAYER_COUNTS)
def test_every_used_card_has_a_line(num_players: int, variant: str) -> None:
    for card in d.round_cards(num_players, variant):
        assert card.food[num_players - 1] is not None
        assert card.town_build[num_players - 1] is not None
    cards = d.round_cards(num_players, variant)
    assert cards[-1].card == "R20"  # every game ends on the last card
    assert all(a.food_demand(num_players) <= b.food_demand(num_players) for a, b in pairwise(cards))


def test_a_line_exists_exactly_where_the_full_game_uses_the_card() -> None:
    for card in d.ROUND_CARDS:
        for n in d.PLAYER_COUNTS:
            assert (card.food[n - 1] is None) == (card.full_round[n - 1] is None)
            assert (card.town_build[n - 1] is None) == (card.full_round[n - 1] is None)
            if card.short_round[n - 1] is not None:
                assert card.full_round[n - 1] is not None


def test_full_game_sequences() -> None:
    order = {n: [card.card for card in d.round_cards(n, FULL)] for n in d.PLAYER_COUNTS}
    assert order[1] == ["R01", "R04", "R10", "R13", "R14", "R16", "R20"]
    assert order[3][:3] == ["R03", "R01", "R02"]  # the 3-player game opens with a No-harvest card
    assert order[4] == order[5] == [card.card for card in d.ROUND_CARDS]
    assert d.food_sequence(1, FULL) == (5, 10, 15, 20, 25, 30, 35)
    assert d.food_sequence(2, FULL) == (3, 4, 5, 7, 9, 11, 13, 15, 16, 17, 18, 19, 20, 20)
    assert d.food_sequence(3, FULL) == (2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 15, 15)
    assert d.food_sequence(4, FULL) == (1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 11, 11)
    assert d.food_sequence(5, FULL) == (0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6)


def test_short_game_sequences() -> None:
    assert d.food_sequence(1, SHORT) == (10, 20, 30, 35)
    assert d.food_sequence(2, SHORT) == (4, 7, 9, 13, 15, 17, 18, 20)
    cards = ["R02", "R05", "R07", "R10", "R11", "R14", "R16", "R20"]
    assert [card.card for card in d.round_cards(2, SHORT)] == cards
    assert d.food_sequence(3, SHORT) == (2, 2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 15)
    assert d.food_sequence(4, SHORT) == (1, 1, 2, 3, 3, 4, 5, 7, 9, 10, 11, 11)
    assert d.food_sequence(5, SHORT) == (0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)


def test_two_player_short_game_harvests_every_round_but_the_last() -> None:
    assert [card.harvest for card in d.round_cards(2, SHORT)] == [True] * 7 + [False]


@pytest.mark.parametrize("num_players", d.PLAYER_COUNTS)
def test_no_short_game_card_has_a_special_town_build(num_players: int) -> None:
    # "Special buildings are not used" in the shortened game.
    builds = [card.town_build_for(num_players) for card in d.round_cards(num_players, SHORT)]
    assert d.SPECIAL_BUILD not in builds


def test_special_town_builds_per_full_game_fit_the_six_dealt_cards() -> None:
    # "Up to 5 Special buildings can be bought each game; 6 are laid out (due to the Marketplace)."
    counts = [sum(card.town_build_for(n) == d.SPECIAL_BUILD for card in d.round_cards(n, FULL))
              for n in d.PLAYER_COUNTS]
    assert counts == [3, 4, 4, 5, 5]
    assert max(counts) < d.SPECIAL_DEALT == 6


def test_last_card_builds_nothing_and_has_no_harvest() -> None:
    last = d.ROUND_CARDS[-1]
    assert last.card == "R20" and not last.harvest
    assert all(last.town_build_for(n) == d.NO_BUILD for n in d.PLAYER_COUNTS)


def test_round_card_lookups_refuse_bad_arguments() -> None:
    card = d.ROUND_CARDS[d.ROUND_CARD_INDEX["R02"]]
    with pytest.raises(ValueError, match="R02 has no line for 1 players"):
        card.food_demand(1)
    with pytest.raises(ValueError, match="1 to 5 players, not 6"):
        d.round_cards(6, FULL)
    with pytest.raises(ValueError, match="not 'long'"):
        d.round_cards(2, "long")


# -- ships ---------------------------------------------------------------------------------------


def test_ship_cards_per_type() -> None:
    # Components: "7 Wooden ships, 6 Iron ships, 4 Steel ships, 3 Luxury liners".
    counts = [sum(card.ship_type == t for card in d.ROUND_CARDS) for t in range(4)]
    assert counts == [ship.cards for ship in d.SHIP_TYPES] == [7, 6, 4, 3]
    values = {t: sorted(c.ship_value for c in d.ROUND_CARDS if c.ship_type == t) for t in range(4)}
    assert values == {0: [2, 2, 2, 4, 4, 6, 6], 1: [2, 4, 6, 8, 10, 12], 2: [10, 16, 20, 24], 3: [30, 34, 38]}


def test_ship_types() -> None:
    wooden, iron, steel, liner = d.SHIP_TYPES
    assert [s.capacity for s in d.SHIP_TYPES] == [2, 3, 4, 0]  # Shipping Line
    assert [s.food[1] for s in d.SHIP_TYPES] == [4, 5, 7, 0]  # 2 players
    assert [s.food for s in d.SHIP_TYPES] == [(5, 4, 3, 2, 1), (7, 5, 4, 3, 2), (10, 7, 6, 5, 3), (0,) * 5]
    assert (wooden.cost, iron.cost, steel.cost, liner.cost) == (
        d.BuildCost(wood=5), d.BuildCost(iron=4), d.BuildCost(steel=2), d.BuildCost(steel=3))
    assert [s.price for s in d.SHIP_TYPES] == [14, 20, 30, None]
    assert [s.modernised_wharf for s in d.SHIP_TYPES] == [False, True, True, True]
    assert d.SHIP_ENERGY == 3 and d.MODERNISE_BRICK == 1


def test_a_ship_costs_more_than_its_value() -> None:
    for card in d.ROUND_CARDS:
        price = d.SHIP_TYPES[card.ship_type].price
        assert price is None or price > card.ship_value


# -- standard buildings ----------------------------------------------------------------------------


def test_thirty_three_standard_buildings_with_the_wharf_twice() -> None:
    assert len(d.STANDARD_BUILDINGS) == 33
    assert [b.id for b in d.STANDARD_BUILDINGS if b.name == "Wharf"] == ["wharf_1", "wharf_2"]
    assert len({b.name for b in d.STANDARD_BUILDINGS}) == 32
    assert not any(b.special for b in d.STANDARD_BUILDINGS)


def test_sort_numbers_run_1_to_30_and_the_start_buildings_have_none() -> None:
    sorts = [b.sort for b in d.STANDARD_BUILDINGS if b.sort is not None]
    assert sorts == list(range(1, 31))
    assert building("wharf_1").sort == 12 and building("wharf_2").sort == 17
    assert {b.id for b in d.STANDARD_BUILDINGS if b.sort is None} == set(d.TOWN_START)


def test_town_start_buildings() -> None:
    firm_1, firm_2, construction = (building(key) for key in d.TOWN_START)
    assert [b.id for b in d.BUILDINGS if b.town_start] == list(d.TOWN_START)
    assert (firm_1.value, firm_1.fee, firm_1.type) == (4, d.FREE, d.CRAFTSMAN)
    assert (firm_2.value, firm_2.fee, firm_2.type) == (6, d.EntryFee(food=1), d.CRAFTSMAN)
    assert (construction.value, construction.fee, construction.type) == (8, d.EntryFee(food=2), d.INDUSTRIAL)
    assert all(b.hammers == 1 and b.cost is None for b in (firm_1, firm_2, construction))


def test_buy_only_and_never_buy_buildings() -> None:
    # Clay Mound and Black Market "buy only"; the Church "may not be bought".
    assert [b.id for b in d.STANDARD_BUILDINGS if b.cost is None and not b.town_start] == [
        "clay_mound", "black_market"]
    assert [b.id for b in d.BUILDINGS if b.price is None] == ["church"]


def test_separate_prices() -> None:
    # A printed "Cost" differs from the value: Storehouse 10/4, Dock 24/10, Town Hall 30/6, Bank 40/16.
    differs = {b.id: (b.price, b.value) for b in d.STANDARD_BUILDINGS if b.price not in (None, b.value)}
    assert differs == {"storehouse": (10, 4), "dock": (24, 10), "town_hall": (30, 6), "bank": (40, 16)}


def test_locked_buildings_are_the_no_action_cards() -> None:
    locked = [b.id for b in d.BUILDINGS if b.locked]
    assert locked == ["storehouse", "dock", "town_hall", "bank", "business_park", "feedlot",
                      "football_stadium", "guildhouse", "luxury_yacht", "masons_guild", "wind_farm"]
    assert all(b.fee == d.FREE for b in d.BUILDINGS if b.locked)


def test_bonus_buildings() -> None:
    assert [b.id for b in d.BUILDINGS if b.bonus] == [
        "storehouse", "dock", "town_hall", "bank", "business_park", "guildhouse"]
    assert all("At game end" in b.text for b in d.BUILDINGS if b.bonus)


def test_a_few_rows_as_the_rulebook_prints_them() -> None:
    assert building("marketplace").fee == d.EntryFee(food=2, francs=1)
    assert str(building("marketplace").fee) == "2 food / 1 Franc"
    assert str(building("abattoir").fee) == "2 Francs" and str(building("fishery").fee) == "—"
    assert building("bank").cost == d.BuildCost(brick=4, steel=1)  # "Only building built with steel"
    assert [b.id for b in d.BUILDINGS if b.cost and b.cost.steel] == ["bank"]
    assert str(building("church").cost) == "5 wood + 3 brick + 1 iron"
    assert (building("steel_mill").value, building("church").value) == (22, 26)
    assert building("hunting_lodge").fishermen == 2 and building("hunting_lodge").hammers == 1


def test_disputed_values_keep_the_rulebook_reading() -> None:
    assert building("ironworks").cost == d.BuildCost(wood=1, brick=2)
    assert building("arts_center").cost == d.BuildCost(wood=1, clay=1)
    assert building("hardware_store").type == d.CRAFTSMAN
    assert SOURCE_READINGS[("ironworks", "cost")] == d.BuildCost(wood=3, brick=2)
    assert SOURCE_READINGS[("arts_center", "cost")] == d.BuildCost(wood=1, clay=2)
    assert SOURCE_READINGS[("hardware_store", "type")] == d.ECONOMIC
    assert SOURCE_READINGS[("harbor_watch", "expansion_only")] is False
    assert "up to 3 times for 8 Francs" in building("diner").text
    for key, _field in SOURCE_READINGS:
        assert key in d.BUILDING_INDEX or key == "STARTING_SHIPS"


PROPOSALS = {FULL: (15, 18, 27, 30, 30), SHORT: (12, 15, 21, 21, 27)}
EXTRA_START = {1: ["marketplace", "sawmill", "black_market"], 2: ["marketplace"], 3: [], 4: ["sawmill"],
               5: ["sawmill"]}


@pytest.mark.parametrize("variant", d.VARIANTS)
@pytest.mark.parametrize("num_players", d.PLAYER_COUNTS)
def test_proposal_piles_divide_into_three(num_players: int, variant: str) -> None:
    cards = d.proposal_buildings(num_players, variant)
    assert len(cards) == PROPOSALS[variant][num_players - 1]
    assert len(cards) % d.PROPOSAL_PILES == 0  # "divide them into 3 equal piles"
    assert all(b.sort is not None and not b.special for b in cards)
    start = [b.id for b in d.town_start_buildings(num_players, variant)]
    extra = EXTRA_START[num_players] if variant == SHORT else []
    assert start == [*d.TOWN_START, *extra]
    assert not {b.id for b in cards} & set(start)


def test_player_count_remarks_of_the_rulebook() -> None:
    four_up = ["arts_center", "storehouse", "dock"]  # "4+ players only"
    assert all(building(key).full_players == (4, 5) for key in four_up)
    assert building("local_court").full_players == (3, 4, 5)  # "3+ players only"
    assert building("local_court").short_players == (5,)  # "(shortened: 5 players only)"
    two_player_short = {b.id for b in d.proposal_buildings(2, SHORT)}
    assert len(two_player_short) == 15 and "marketplace" not in two_player_short


def test_short_start_cards_never_also_sit_in_the_short_piles() -> None:
    for b in d.STANDARD_BUILDINGS:
        assert not set(b.short_start_players) & set(b.short_players)
        assert b.special or set(b.short_players) <= set(b.full_players) or b.town_start


# -- special buildings -----------------------------------------------------------------------------


def test_thirty_six_special_buildings() -> None:
    assert len(d.SPECIAL_BUILDINGS) == 36 and all(b.special for b in d.SPECIAL_BUILDINGS)
    assert len(d.BUILDING_INDEX) == d.NUM_BUILDINGS == 69
    assert all(not (b.full_players or b.short_players or b.short_start_players) for b in d.SPECIAL_BUILDINGS)
    names = [b.name for b in d.SPECIAL_BUILDINGS]
    assert names == sorted(names, key=lambda name: name.replace("â", "a"))  # the rulebook's order


def test_only_the_football_stadium_can_be_built() -> None:
    stadium = building("football_stadium")
    assert [b.id for b in d.SPECIAL_BUILDINGS if b.cost is not None] == ["football_stadium"]
    assert (stadium.sort, stadium.cost, stadium.value) == (31, d.BuildCost(wood=1, brick=2, iron=2), 24)


def test_special_prices_that_differ_from_the_value() -> None:
    differs = {b.id: (b.price, b.value) for b in d.SPECIAL_BUILDINGS if b.price != b.value}
    assert differs == {"business_park": (12, 10), "feedlot": (8, 6), "guildhouse": (8, 4),
                       "masons_guild": (10, 8), "wind_farm": (12, 8)}


def test_harbor_watch_is_flagged_expansion_only_by_the_rulebook() -> None:
    assert [b.id for b in d.BUILDINGS if b.expansion_only] == ["harbor_watch"]
    assert d.SOLO_REMOVED_SPECIALS == ("harbor_watch",)


def test_luxury_yacht_is_the_one_ship_card_among_the_buildings() -> None:
    assert [b.id for b in d.BUILDINGS if b.type == d.SHIP] == ["luxury_yacht"]


# -- the tables quote the rulebook -----------------------------------------------------------------


def test_every_name_and_text_is_quoted_from_the_rulebook() -> None:
    seed = SEED.read_text(encoding="utf-8")
    for b in d.BUILDINGS:
        assert b.text and b.text in seed, b.id
        assert b.name in seed or b.name.startswith("Building Firm "), b.id


def test_ids_are_snake_case() -> None:
    for b in d.BUILDINGS:
        assert b.id == b.id.lower() and " " not in b.id and b.id.isascii()
