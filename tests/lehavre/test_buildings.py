"""Each of the 33 standard building cards, played through the public API and checked against the
rulebook (seed 003, "Standard Buildings (33)" and "Buildings").

Every position comes from ``position.position`` (a real short game, changed only where a test
says). Buildings are placed only at player counts whose short game uses them: most tests use 5
players, where every standard building but the Arts Center and the Black Market is in play.
Interpretations of the rulebook where it is not explicit are marked "Reading:".
"""

from __future__ import annotations

import attrs
import pytest

from harborgames import lehavre
from harborgames.core.errors import IllegalActionError
from harborgames.lehavre import data
from harborgames.lehavre.state import OUT, TOWN

from .position import enters, forced, goods, kind, legal, owner_of, play, position


def _upgrade_choices(state: lehavre.State, building: str) -> list[str]:
    """The ``times k`` choices right after entering ``building``."""
    return legal(play(state, f"enter {building}"))


# -- the start buildings: Building Firms and the Construction Firm ------------------------------


def test_building_firm_1_builds_one_top_proposal_for_its_goods_without_fee() -> None:
    state = position(
        5,
        stock={0: {"wood": 1, "clay": 1}},
        piles=(["fishery", "bakehouse"], ["charcoal_kiln"], ["wharf_1"]),
        offers={},
    )
    state = play(state, "enter building_firm_1")
    # only top cards, and only those the goods pay for (Bakehouse is under the Fishery; the
    # Wharf needs iron)
    assert legal(state) == ["build fishery", "build charcoal_kiln"]
    state = play(state, "build fishery")
    assert forced(state) == ["pay 1 wood 1 clay"]  # the one way to pay: taken by the engine
    assert goods(state, 0) == {}  # no entry fee ("no entry")
    assert owner_of(state, "fishery") == 0
    assert state.piles[0] == (data.BUILDING_INDEX["bakehouse"],)  # the next card comes up
    assert "end" in legal(state) and not any(a.startswith("build") for a in legal(state))  # one build


def test_building_firm_2_takes_1_food_for_the_treasury_and_brick_may_pay_for_clay() -> None:
    state = position(
        5, stock={0: {"fish": 1, "clay": 2, "brick": 2}}, piles=(["bakehouse"], [], []), offers={}
    )
    state = play(state, "enter building_firm_2")
    # the fee (1 food: the fish) is the only way to pay, so taken; it goes to the Treasury
    assert forced(state) == ["pay 1 fish", "build bakehouse"]
    assert sum(p.stock[data.FISH] for p in state.players[1:]) == 2 * 4  # the others' start fish only
    # "Brick can always be used instead of clay"
    assert legal(state) == ["pay 2 clay", "pay 1 clay 1 brick", "pay 2 brick"]
    state = play(state, "pay 1 clay 1 brick")
    assert goods(state, 0) == {"clay": 1, "brick": 1}
    assert owner_of(state, "bakehouse") == 0


def test_building_firm_2_fee_goes_to_its_owner() -> None:
    state = position(
        5,
        stock={0: {"fish": 1, "clay": 2}, 1: {}},
        own={1: ["building_firm_2"]},
        piles=(["bakehouse"], [], []),
        offers={},
    )
    state = play(state, "enter building_firm_2")
    assert forced(state) == ["pay 1 fish", "build bakehouse", "pay 2 clay"]
    assert goods(state, 1) == {"fish": 1}
    assert owner_of(state, "bakehouse") == 0


def test_building_firm_does_not_build_town_buildings_ships_or_unbuildable_cards() -> None:
    # the Clay Mound has no building cost ("buy only"); the Sawmill is the town's (built already);
    # the goods would pay a wooden ship, but only a Wharf builds ships
    state = position(
        5,
        stock={0: {"wood": 9, "clay": 9, "iron": 9, "francs": 2}},
        piles=(["clay_mound"], [], []),
        offers={"fish": 1},
        ship_piles={"wooden": ["R04"]},
    )
    assert enters(state) == []
    assert "buy clay_mound" in legal(state)


def test_construction_firm_builds_two_one_after_another_from_the_same_pile() -> None:
    state = position(
        5,
        stock={0: {"fish": 2, "wood": 1, "clay": 3}},
        piles=(["fishery", "bakehouse"], ["colliery"], []),
        offers={},
    )
    state = play(state, "enter construction_firm")
    assert forced(state) == ["pay 2 fish"]  # entry 2 food, to the Treasury
    assert legal(state) == ["build fishery", "build colliery"]  # the tops of the piles
    state = play(state, "build fishery")
    assert forced(state) == ["pay 1 wood 1 clay"]
    # the second build may come from the same pile: the Bakehouse came up under the Fishery
    assert legal(state) == ["build bakehouse", "done"]
    state = play(state, "build bakehouse")
    assert forced(state) == ["pay 2 clay"]
    assert (owner_of(state, "fishery"), owner_of(state, "bakehouse")) == (0, 0)
    assert goods(state, 0) == {}
    assert state.main_done


def test_construction_firm_second_build_is_optional() -> None:
    state = position(
        5, stock={0: {"francs": 2, "clay": 4}}, piles=(["bakehouse"], ["charcoal_kiln"], []), offers={}
    )
    state = play(state, "enter construction_firm", "build bakehouse")
    assert legal(state) == ["build charcoal_kiln", "done"]
    state = play(state, "done")
    assert owner_of(state, "charcoal_kiln") != 0
    assert goods(state, 0) == {"clay": 2}


# -- producing and exchanging buildings ---------------------------------------------------------


def test_marketplace_two_different_standard_goods_fee_2_food_or_1_franc() -> None:
    # 2 players: the Marketplace starts in the town ("Start")
    state = position(2, stock={0: {"fish": 2, "francs": 1}}, offers={})
    state = play(state, "enter marketplace")
    assert legal(state) == ["pay 2 fish", "pay 1 francs"]  # "2 food/1 Franc": pay only one
    state = play(state, "pay 1 francs")
    choices = legal(state)
    assert len(choices) == 28 and "choose fish wood" in choices and "choose coal hides" in choices
    assert all(len(c.split()) == 3 for c in choices)  # exactly two different goods
    state = play(state, "choose coal hides")
    assert goods(state, 0) == {"fish": 2, "coal": 1, "hides": 1}


def test_marketplace_one_more_good_per_craftsmans_building_at_most_8() -> None:
    # own Fishery and Bakehouse (craftsman's): 2 + 2 = 4 different goods
    state = position(2, stock={0: {"francs": 1}}, own={0: ["fishery", "bakehouse"]}, offers={})
    state = play(state, "enter marketplace")
    assert len(legal(state)) == 70  # C(8, 4)
    state = play(state, "choose iron grain cattle hides")
    assert goods(state, 0) == {"iron": 1, "grain": 1, "cattle": 1, "hides": 1}

    # seven craftsman's buildings would be 9 goods: at most 8, one of each kind, so no choice left
    seven = ["fishery", "bakehouse", "charcoal_kiln", "smokehouse", "abattoir", "tannery", "building_firm_1"]
    state = position(2, stock={0: {"francs": 1}}, own={0: seven}, offers={})
    state = play(state, "enter marketplace")
    assert forced(state) == ["pay 1 francs", "choose fish wood clay iron grain cattle coal hides"]
    assert goods(state, 0) == {
        name: 1 for name in ("fish", "wood", "clay", "iron", "grain", "cattle", "coal", "hides")
    }


def test_marketplace_solo_at_most_8_goods_or_4_by_the_rule_option() -> None:
    # "at most 8 goods" at every player count; option ``solo_marketplace=sources`` plays Kobiela's
    # solo cap of 4
    crafts = [
        "building_firm_1",
        "building_firm_2",
        "fishery",
        "bakehouse",
        "smokehouse",
        "abattoir",
        "tannery",
    ]
    state = position(1, stock={0: {"francs": 2}}, own={0: crafts}, offers={})
    state = play(state, "enter marketplace")
    assert [a for a in forced(state) if a.startswith("choose")] == [
        "choose " + " ".join(("fish", "wood", "clay", "iron", "grain", "cattle", "coal", "hides"))
    ]  # all 8: no choice left
    state = position(
        1, stock={0: {"francs": 2}}, own={0: crafts}, offers={}, options={"solo_marketplace": "sources"}
    )
    state = play(state, "enter marketplace")
    assert {len(a.split()) - 1 for a in legal(state)} == {4}


def test_marketplace_counts_the_hardware_store_by_the_rule_option() -> None:
    # the rulebook: the Hardware Store is a craftsman's building (3 goods); the sources: economic (2)
    for option, size in (("rulebook", 3), ("sources", 2)):
        state = position(
            3,
            stock={0: {"francs": 1}},
            own={0: ["hardware_store"]},
            town=["marketplace"],
            offers={},
            options={"hardware_store_type": option},
        )
        state = play(state, "enter marketplace")
        assert all(len(c.split()) == 1 + size for c in legal(state))


def test_sawmill_builds_with_one_wood_less_only_buildings_needing_wood() -> None:
    # 4 players: the Sawmill starts in the town ("Start")
    state = position(
        4,
        stock={0: {"wood": 2, "clay": 3}},
        piles=(["marketplace"], ["bakehouse"], ["colliery"]),
        offers={},
    )
    # the Bakehouse (2 clay, no wood) can be built at a Building Firm but not at the Sawmill
    state = play(state, "enter sawmill")
    assert legal(state) == ["build marketplace", "build colliery"]
    after = play(state, "build marketplace")
    assert forced(after) == ["pay 1 wood"]  # 2 wood less 1
    assert goods(after, 0) == {"wood": 1, "clay": 3}
    after = play(state, "build colliery")
    assert forced(after) == ["pay 3 clay"]  # 1 wood + 3 clay, less 1 wood
    assert goods(after, 0) == {"wood": 2}
    assert owner_of(after, "colliery") == 0


def test_sawmill_is_not_offered_when_no_top_building_needs_wood() -> None:
    state = position(4, stock={0: {"clay": 3}}, piles=(["bakehouse"], [], []), offers={})
    assert enters(state) == ["building_firm_1"]  # Building Firm 2 and the Construction Firm take food
    state = position(4, stock={0: {"clay": 3}}, piles=(["colliery"], [], []), offers={})
    assert enters(state) == ["sawmill"]  # 1 wood + 3 clay with no wood: only the Sawmill


def test_fishery_gives_3_fish_plus_one_per_fisherman() -> None:
    # the owner: the Fishery's own fisherman and the Smokehouse's count
    state = position(5, stock={0: {}}, own={0: ["fishery", "smokehouse"]}, offers={})
    state = play(state, "enter fishery")
    assert goods(state, 0) == {"fish": 3 + 2}
    # a visitor without fishermen: 3 fish, no entry fee
    state = position(5, stock={0: {}, 1: {}}, own={1: ["fishery", "smokehouse"]}, offers={})
    state = play(state, "enter fishery")
    assert goods(state, 0) == {"fish": 3}
    assert goods(state, 1) == {}


def test_joinery_pays_1_to_3_wood_for_5_to_7_francs() -> None:
    state = position(3, stock={0: {"wood": 5, "fish": 1}, 1: {}}, own={1: ["joinery"]}, offers={})
    state = play(state, "enter joinery")
    assert forced(state) == ["pay 1 fish"]  # entry 1 food, to the owner
    assert goods(state, 1) == {"fish": 1}
    assert legal(state) == ["times 1", "times 2", "times 3"]  # "1-3 wood", though 5 are held
    for wood, francs in ((1, 5), (2, 6), (3, 7)):
        assert goods(play(state, f"times {wood}"), 0) == {"wood": 5 - wood, "francs": francs}
    two = position(3, stock={0: {"wood": 2}}, own={0: ["joinery"]}, offers={})
    assert _upgrade_choices(two, "joinery") == ["times 1", "times 2"]
    none = position(3, stock={0: {"fish": 5}}, own={0: ["joinery"]}, offers={})
    assert "joinery" not in enters(none)


def test_bakehouse_half_energy_per_bread_rounded_up_and_a_franc_per_2_bread() -> None:
    state = position(5, stock={0: {"grain": 3, "wood": 2}}, own={0: ["bakehouse"]}, offers={})
    state = play(state, "enter bakehouse")
    assert legal(state) == ["times 1", "times 2", "times 3"]  # any number of grain
    state = play(state, "times 3")
    assert forced(state) == ["pay 2 wood"]  # 3 x 1/2 = 1.5, rounded up
    assert goods(state, 0) == {"bread": 3, "francs": 1}  # 3 bread: 1 Franc, rounded down
    # with 1 energy, 2 bread at most
    state = position(5, stock={0: {"grain": 3, "wood": 1}}, own={0: ["bakehouse"]}, offers={})
    assert _upgrade_choices(state, "bakehouse") == ["times 1", "times 2"]
    # no energy: the action cannot be carried out, so the Bakehouse is not offered
    state = position(5, stock={0: {"grain": 3}}, own={0: ["bakehouse"]}, offers={})
    assert "bakehouse" not in enters(state)


def test_bakehouse_energy_from_coal_without_change() -> None:
    state = position(5, stock={0: {"grain": 4, "wood": 1, "coal": 1}}, own={0: ["bakehouse"]}, offers={})
    state = play(state, "enter bakehouse", "times 4")  # 2 energy: 1 wood is not enough
    assert forced(state) == ["pay 1 coal"]  # a coal is 3 energy; no change for energy
    assert goods(state, 0) == {"wood": 1, "bread": 4, "francs": 2}


def test_hardware_store_gives_1_wood_1_brick_1_iron() -> None:
    state = position(3, stock={0: {"fish": 1}}, town=["hardware_store"], offers={})
    state = play(state, "enter hardware_store")
    assert forced(state) == ["pay 1 fish"]
    assert goods(state, 0) == {"wood": 1, "brick": 1, "iron": 1}


def test_charcoal_kiln_any_wood_to_charcoal_without_energy() -> None:
    state = position(5, stock={0: {"wood": 4}}, own={0: ["charcoal_kiln"]}, offers={})
    state = play(state, "enter charcoal_kiln")
    assert legal(state) == ["times 1", "times 2", "times 3", "times 4"]
    state = play(state, "times 4")
    assert goods(state, 0) == {"charcoal": 4}  # no energy paid, no subsidy
    assert "charcoal_kiln" not in enters(position(5, stock={0: {"coal": 4}}, own={0: ["charcoal_kiln"]}))


def test_smokehouse_up_to_6_fish_for_1_energy_total_and_a_franc_per_2() -> None:
    state = position(5, stock={0: {"fish": 8, "wood": 1}}, own={0: ["smokehouse"]}, offers={})
    state = play(state, "enter smokehouse")
    assert legal(state) == [f"times {k}" for k in range(1, 7)]  # up to 6
    state = play(state, "times 5")
    assert forced(state) == ["pay 1 wood"]  # 1 energy for all
    assert goods(state, 0) == {"fish": 3, "smoked_fish": 5, "francs": 2}  # 5 / 2 rounded down


def test_smokehouse_fee_may_not_take_the_fish_to_smoke() -> None:
    # 2 food / 1 Franc to the owner; paying 2 of 2 fish would leave nothing to smoke
    state = position(5, stock={0: {"fish": 2, "wood": 1}}, own={1: ["smokehouse"]}, offers={})
    assert "smokehouse" not in enters(state)
    state = position(5, stock={0: {"fish": 3, "wood": 1}, 1: {}}, own={1: ["smokehouse"]}, offers={})
    state = play(state, "enter smokehouse")
    assert forced(state) == ["pay 2 fish", "times 1", "pay 1 wood"]
    assert goods(state, 0) == {"smoked_fish": 1}
    assert goods(state, 1) == {"fish": 2}


def test_abattoir_any_cattle_to_meat_a_hide_per_2_cattle_fee_2_francs_only() -> None:
    state = position(5, stock={0: {"cattle": 5, "francs": 2}, 1: {}}, own={1: ["abattoir"]}, offers={})
    state = play(state, "enter abattoir")
    assert forced(state) == ["pay 2 francs"]
    assert goods(state, 1) == {"francs": 2}
    assert legal(state) == [f"times {k}" for k in range(1, 6)]
    state = play(state, "times 5")
    assert goods(state, 0) == {"meat": 5, "hides": 2}  # 5 / 2 rounded down, no energy
    # the fee is Francs only: food does not pay it
    state = position(5, stock={0: {"cattle": 5, "fish": 9, "francs": 1}}, own={1: ["abattoir"]}, offers={})
    assert "abattoir" not in enters(state)


def test_clay_mound_gives_3_clay_plus_one_per_hammer() -> None:
    # hammers: Building Firm 1 and the Ironworks; the Clay Mound has none
    state = position(2, stock={0: {}}, own={0: ["clay_mound", "ironworks", "building_firm_1"]}, offers={})
    state = play(state, "enter clay_mound")
    assert goods(state, 0) == {"clay": 5}
    # a visitor pays 1 food to the owner and counts only its own hammers
    state = position(2, stock={0: {"fish": 1}, 1: {}}, own={1: ["clay_mound", "ironworks"]}, offers={})
    state = play(state, "enter clay_mound")
    assert goods(state, 0) == {"clay": 3}
    assert goods(state, 1) == {"fish": 1}


def test_clay_mound_can_only_be_bought() -> None:
    state = position(
        2, stock={0: {"wood": 9, "clay": 9, "francs": 2}}, piles=(["clay_mound"], [], []), offers={}
    )
    assert "buy clay_mound" in legal(state)
    assert "building_firm_1" not in enters(state)  # nothing to build: it has no building cost


def test_arts_center_is_not_in_the_short_game() -> None:
    # "4+ players only", and the short game's ticks (ref §8.11) never use it
    for n in range(1, 6):
        state = lehavre.new_game(n, seed=3, variant="short")
        assert owner_of(state, "arts_center") == OUT
        with pytest.raises(IllegalActionError):
            lehavre.apply(state, lehavre.Enter("arts_center"))


def test_arts_center_effect_4_francs_per_other_player_in_your_buildings() -> None:
    # Its effect as written for the full game, called directly (the short game never deals it).
    from harborgames.lehavre.buildings import EFFECTS

    state = position(5, stock={0: {}}, own={0: ["fishery", "bakehouse", "colliery"]})
    owner = list(state.owner)
    owner[data.BUILDING_INDEX["arts_center"]] = 0
    players = list(state.players)
    for seat, building in ((1, "fishery"), (2, "bakehouse"), (3, "building_firm_1")):
        players[seat] = attrs.evolve(players[seat], location=data.BUILDING_INDEX[building])
    players[0] = attrs.evolve(players[0], location=data.BUILDING_INDEX["arts_center"])
    state = attrs.evolve(state, owner=tuple(owner), players=tuple(players))
    after = EFFECTS["arts_center"].enter(state)
    assert goods(after, 0) == {"francs": 8}  # seats 1 and 2; seat 3 is in the town's building


def test_wharf_1_wooden_ship_for_5_wood_and_3_energy() -> None:
    state = position(
        2,
        stock={0: {"wood": 8}},
        own={0: ["wharf_1"]},
        ships={0: []},
        ship_piles={"wooden": ["R04", "R05"], "iron": ["R06"]},
        offers={},
    )
    state = play(state, "enter wharf_1")
    assert forced(state) == ["build_ship wooden", "pay 5 wood", "pay 3 wood"]
    assert state.players[0].ships == (data.ROUND_CARD_INDEX["R04"],)  # only the topmost ship
    assert state.ship_piles[0] == (data.ROUND_CARD_INDEX["R05"],)
    assert goods(state, 0) == {}
    assert state.modernised == ()  # a wooden ship does not modernise


def test_wharf_1_first_iron_ship_modernises_with_a_brick() -> None:
    state = position(
        2,
        stock={0: {"iron": 4, "brick": 1, "coal": 1, "fish": 2}, 1: {}},
        own={1: ["wharf_1"]},
        ships={0: [], 1: []},
        ship_piles={"iron": ["R06", "R08"]},
        offers={},
    )
    # entry 2 food to the owner; need not own the Wharf to modernise it
    state = play(state, "enter wharf_1")
    assert forced(state) == ["pay 2 fish", "build_ship iron", "pay 4 iron 1 brick", "pay 1 coal"]
    assert goods(state, 1) == {"fish": 2}
    assert goods(state, 0) == {}
    assert state.modernised == (data.BUILDING_INDEX["wharf_1"],)
    assert state.players[0].ships == (data.ROUND_CARD_INDEX["R06"],)
    # the brick stays: the next iron ship there needs none
    again = position(
        2,
        stock={0: {"iron": 4, "coal": 1, "fish": 2}},
        own={1: ["wharf_1"]},
        ship_piles={"iron": ["R08"]},
        modernised=[data.BUILDINGS[b].id for b in state.modernised],
        offers={},
    )
    again = play(again, "enter wharf_1")
    assert forced(again) == ["pay 2 fish", "build_ship iron", "pay 4 iron", "pay 1 coal"]


def test_wharf_1_not_offered_for_an_iron_ship_without_the_modernising_brick() -> None:
    state = position(
        2, stock={0: {"iron": 4, "coal": 1}}, own={0: ["wharf_1"]}, ship_piles={"iron": ["R06"]}, offers={}
    )
    assert "wharf_1" not in enters(state)
    state = position(
        2,
        stock={0: {"iron": 4, "coal": 1}},
        own={0: ["wharf_1"]},
        ship_piles={"iron": ["R06"]},
        modernised=["wharf_1"],
        offers={},
    )
    assert "wharf_1" in enters(state)
    # 3 energy besides the goods: 4 wood for a wooden ship's 5 wood + 3 energy is not enough
    state = position(
        2, stock={0: {"wood": 7}}, own={0: ["wharf_1"]}, ship_piles={"wooden": ["R04"]}, offers={}
    )
    assert "wharf_1" not in enters(state)


def test_wharf_1_steel_ship_steel_may_pay_iron_and_the_choice_of_ship() -> None:
    state = position(
        2,
        stock={0: {"steel": 3, "iron": 2, "brick": 1, "coke": 1}},
        own={0: ["wharf_1"]},
        ship_piles={"iron": ["R06"], "steel": ["R12"], "luxury": ["R18"]},
        offers={},
    )
    state = play(state, "enter wharf_1")
    # iron ship: 4 iron (2 iron + 2 steel); steel ship: 2 steel; luxury liner: 3 steel; +1 brick each
    assert legal(state) == ["build_ship iron", "build_ship steel", "build_ship luxury"]
    iron = play(state, "build_ship iron")
    assert legal(iron) == ["pay 2 iron 1 brick 2 steel", "pay 1 iron 1 brick 3 steel"]
    state = play(state, "build_ship steel")
    assert forced(state) == ["pay 1 brick 2 steel", "pay 1 coke"]  # no change for 10 energy
    assert goods(state, 0) == {"iron": 2, "steel": 1}


def test_wharf_2_is_modernised_on_its_own() -> None:
    # 3 players: two Wharves; Wharf 1's brick does not modernise Wharf 2
    def holding(**stock: int) -> lehavre.State:
        own = {0: ["wharf_2"], 1: ["wharf_1"]}
        return position(
            3, stock={0: stock}, own=own, ship_piles={"iron": ["R06"]}, modernised=["wharf_1"], offers={}
        )

    assert enters(holding(iron=4, coal=1, fish=2)) == ["wharf_1"]
    state = holding(iron=4, coal=1, brick=1)
    assert enters(state) == ["wharf_2"]  # no food for Wharf 1's fee
    state = play(state, "enter wharf_2")
    assert forced(state) == ["build_ship iron", "pay 4 iron 1 brick", "pay 1 coal"]
    assert state.modernised == tuple(sorted(data.BUILDING_INDEX[w] for w in ("wharf_1", "wharf_2")))


def test_black_market_2_of_each_good_whose_offer_space_is_empty() -> None:
    # 1 player: the Black Market starts in the town
    state = position(1, stock={0: {"fish": 1}}, offers={"fish": 3, "clay": 2, "grain": 1, "cattle": 1})
    state = play(state, "enter black_market")
    assert forced(state) == ["pay 1 fish"]
    # Francs, wood and iron spaces are empty: 2 of each, from the supply (not coal, hides, 5 Francs)
    assert goods(state, 0) == {"wood": 2, "iron": 2, "francs": 2}
    assert state.offers == (0, 3, 0, 2, 0, 1, 1)  # the Offer spaces are left as they were


def test_brickworks_half_energy_per_brick_and_a_franc_per_2() -> None:
    state = position(5, stock={0: {"clay": 5, "coal": 1, "fish": 1}}, town=["brickworks"], offers={})
    state = play(state, "enter brickworks")
    assert forced(state) == ["pay 1 fish"]  # entry 1 food, Treasury
    assert legal(state) == [f"times {k}" for k in range(1, 6)]  # 5 bricks: 3 energy, one coal
    state = play(state, "times 5")
    assert forced(state) == ["pay 1 coal"]
    assert goods(state, 0) == {"brick": 5, "francs": 2}
    # clay without energy: not offered
    assert "brickworks" not in enters(position(5, stock={0: {"clay": 5}}, own={0: ["brickworks"]}))


@pytest.mark.parametrize(("loans", "left", "francs"), [(1, 0, 0), (2, 1, 2), (3, 1, 0), (4, 2, 0)])
def test_local_court_returns_loans_for_free_two_loans_one_back_and_2_francs(
    loans: int, left: int, francs: int
) -> None:
    # Reading: "Return 1 or 2 Loan cards for free": as many as allowed (returning fewer never
    # helps); "A player with exactly 2 loans returns one and receives 2 Francs": with exactly two
    # loans the player returns one and takes 2 Francs (the printed text, followed literally).
    state = position(5, stock={0: {}}, own={0: ["local_court"]}, loans={0: loans}, offers={})
    state = play(state, "enter local_court")
    assert state.players[0].loans == left
    assert goods(state, 0) == ({"francs": francs} if francs else {})


def test_local_court_not_offered_without_a_loan() -> None:
    state = position(5, stock={0: {}}, own={0: ["local_court"]}, offers={})
    assert enters(state) == []


def test_colliery_3_coal_plus_1_with_any_hammer() -> None:
    state = position(2, stock={0: {"fish": 2}, 1: {}}, own={1: ["colliery"]}, offers={})
    state = play(state, "enter colliery")
    assert forced(state) == ["pay 2 fish"]  # entry 2 food, to the owner
    assert goods(state, 0) == {"coal": 3}  # no hammer
    assert goods(state, 1) == {"fish": 2}
    # two hammers (Building Firm 1, Ironworks): still only one more coal
    state = position(2, stock={0: {}}, own={0: ["colliery", "ironworks", "building_firm_1"]}, offers={})
    state = play(state, "enter colliery")
    assert goods(state, 0) == {"coal": 4}


def test_shipping_line_3_energy_per_ship_and_the_francs_per_good() -> None:
    # a wooden ship (2 goods), an iron ship (3); the luxury liner ships nothing
    state = position(
        2,
        stock={0: {"coal": 2, "steel": 1, "leather": 2, "bread": 1, "fish": 1, "meat": 1}},
        own={0: ["shipping_line"]},
        ships={0: ["R01", "R06", "R18"]},
        offers={},
    )
    state = play(state, "enter shipping_line")
    # the goods come first (a coal too: the other pays one ship's 3 energy); nothing is paid yet
    assert legal(state) == ["give fish", "give coal", "give steel", "give bread", "give meat", "give leather"]
    state = play(state, "give steel", "give leather", "give leather")
    # three goods fill the iron ship; a fourth needs the wooden one too: 6 energy, both coal
    assert legal(state) == ["give fish", "give bread", "give meat", "done"]
    state = play(state, "give bread", "give fish")  # the fifth: both ships are full
    assert forced(state) == ["pay 2 coal"]  # 6 energy for the two ships used
    # steel 8, leather 4 + 4, bread 3, fish 1
    assert goods(state, 0) == {"meat": 1, "francs": 8 + 4 + 4 + 3 + 1}
    assert state.main_done


def test_shipping_line_pays_3_energy_for_each_ship_used_not_for_each_ship_owned() -> None:
    # "Pay 3 energy for each ship used to ship goods": one clay on one of two wooden ships is 3
    # energy, not 6
    state = position(
        2, stock={0: {"wood": 6, "clay": 1}}, own={0: ["shipping_line"]}, ships={0: ["R01", "R02"]}, offers={}
    )
    state = play(state, "enter shipping_line")
    assert not [a for a in legal(state) if a.startswith("times")]
    state = play(state, "give clay", "done")
    assert forced(state) == ["pay 3 wood"]
    assert goods(state, 0) == {"wood": 3, "francs": 1}


def test_shipping_line_a_visit_that_ships_nothing_is_not_offered() -> None:
    # 3 wood + 2 clay, one wooden ship: the wood pays the energy, so only clay can be shipped, and
    # ``done`` comes only after a good is loaded
    state = position(
        2, stock={0: {"wood": 3, "clay": 2}}, own={0: ["shipping_line"]}, ships={0: ["R01"]}, offers={}
    )
    state = play(state, "enter shipping_line")
    assert forced(state) == ["give clay"]
    assert legal(state) == ["give clay", "done"]
    shipped_one = play(state, "done")
    assert forced(shipped_one) == ["pay 3 wood"]
    assert goods(shipped_one, 0) == {"clay": 1, "francs": 1}
    shipped_two = play(state, "give clay")
    assert forced(shipped_two) == ["pay 3 wood"]
    assert goods(shipped_two, 0) == {"francs": 2}


def test_shipping_line_one_ship_is_the_largest_and_francs_per_good_table() -> None:
    prices = {
        "meat": 2, "smoked_fish": 2, "charcoal": 2, "hides": 2, "brick": 2, "iron": 2,
        "cattle": 3, "bread": 3, "coal": 3, "leather": 4, "coke": 5, "steel": 8,
        "fish": 1, "wood": 1, "clay": 1, "grain": 1,
    }  # fmt: skip
    for good, francs in prices.items():
        stock = {"charcoal": 1} if good != "charcoal" else {"charcoal": 2}
        stock = {**stock, good: stock.get(good, 0) + 1}
        state = position(2, stock={0: stock}, own={0: ["shipping_line"]}, ships={0: ["R01"]}, offers={})
        state = play(state, "enter shipping_line")
        if forced(state)[:1] != [f"give {good}"]:  # (the engine loads a lone good itself)
            state = play(state, f"give {good}")
        assert goods(state, 0).get("francs") == francs, good


def test_shipping_line_not_offered_without_ship_or_energy() -> None:
    no_ship = position(
        2, stock={0: {"coal": 2, "steel": 1}}, own={0: ["shipping_line"]}, ships={0: []}, offers={}
    )
    assert "shipping_line" not in enters(no_ship)
    liner = position(2, stock={0: {"coal": 2, "steel": 1}}, own={0: ["shipping_line"]}, ships={0: ["R18"]})
    assert "shipping_line" not in enters(liner)
    no_energy = position(2, stock={0: {"wood": 2, "steel": 1}}, own={0: ["shipping_line"]}, offers={})
    assert "shipping_line" not in enters(no_energy)


def test_shipping_line_not_offered_when_the_energy_would_take_every_good() -> None:
    # 3 wood and nothing else: paying the 3 energy leaves nothing to ship
    state = position(2, stock={0: {"wood": 3}}, own={0: ["shipping_line"]}, ships={0: ["R01"]}, offers={})
    assert "shipping_line" not in enters(state)
    # 4 wood: one is shipped, three pay the ship; nothing is left to choose
    state = position(2, stock={0: {"wood": 4}}, own={0: ["shipping_line"]}, ships={0: ["R01"]}, offers={})
    state = play(state, "enter shipping_line")
    assert forced(state) == ["give wood", "pay 3 wood"]
    assert goods(state, 0) == {"francs": 1}


def test_grocery_market_gives_8_food_in_six_goods() -> None:
    state = position(5, stock={0: {"francs": 1}}, town=["grocery_market"], offers={})
    state = play(state, "enter grocery_market")
    assert forced(state) == ["pay 1 francs"]  # entry 1 Franc, Treasury
    got = goods(state, 0)
    assert got == {"cattle": 1, "meat": 1, "fish": 1, "smoked_fish": 1, "grain": 1, "bread": 1}
    assert sum(data.FOOD_VALUE[data.TOKEN_INDEX[g]] * n for g, n in got.items()) == 8


def test_tannery_up_to_4_hides_and_a_franc_per_hide() -> None:
    state = position(5, stock={0: {"hides": 6}}, own={0: ["tannery"]}, offers={})
    state = play(state, "enter tannery")
    assert legal(state) == ["times 1", "times 2", "times 3", "times 4"]
    state = play(state, "times 4")
    assert goods(state, 0) == {"hides": 2, "leather": 4, "francs": 4}


def test_business_office_4_goods_for_steel_and_1_good_for_brick() -> None:
    state = position(
        3, stock={0: {"fish": 4, "wood": 1, "francs": 1}, 1: {}}, own={1: ["business_office"]}, offers={}
    )
    state = play(state, "enter business_office")
    assert forced(state) == ["pay 1 francs"]  # entry 1 Franc, to the owner
    assert goods(state, 1) == {"francs": 1}
    assert legal(state) == ["give fish", "give wood", "done"]
    state = play(state, "give fish", "give fish", "give fish", "give fish")
    assert goods(state, 0) == {"wood": 1, "steel": 1}
    # "in addition": one good for a charcoal, leather or brick, or stop
    assert legal(state) == ["trade wood charcoal", "trade wood leather", "trade wood brick", "done"]
    state = play(state, "trade wood brick")
    assert goods(state, 0) == {"brick": 1, "steel": 1}


def test_business_office_the_second_exchange_takes_a_good_held_not_the_steel_just_received() -> None:
    # "Exchange any 4 goods for 1 steel. In addition or alternatively, exchange 1 good": by default
    # the good is one the visitor held (a steel held before counts); option
    # ``business_office=steel_received_too`` lets the new steel be exchanged as well.
    stock = {0: {"fish": 4, "wood": 1}}
    state = position(3, stock=stock, own={0: ["business_office"]}, offers={})
    state = play(state, "enter business_office", "give fish", "give fish", "give fish", "give fish")
    assert not [a for a in legal(state) if a.startswith("trade steel")]
    held = position(3, stock={0: {"fish": 4, "steel": 1}}, own={0: ["business_office"]}, offers={})
    held = play(held, "enter business_office", "give fish", "give fish", "give fish", "give fish")
    assert "trade steel brick" in legal(held)  # the steel held on entering
    other = position(
        3,
        stock=stock,
        own={0: ["business_office"]},
        offers={},
        options={"business_office": "steel_received_too"},
    )
    other = play(other, "enter business_office", "give fish", "give fish", "give fish", "give fish")
    assert legal(other) == [
        "trade wood charcoal", "trade wood leather", "trade wood brick",
        "trade steel charcoal", "trade steel leather", "trade steel brick", "done",
    ]  # fmt: skip


def test_business_office_alternatively_only_the_single_exchange() -> None:
    # fewer than 4 goods: no steel; the single exchange must then be made
    state = position(3, stock={0: {"hides": 2}}, own={0: ["business_office"]}, offers={})
    state = play(state, "enter business_office")
    assert forced(state) == ["done"]
    assert legal(state) == ["trade hides charcoal", "trade hides leather", "trade hides brick"]
    state = play(state, "trade hides leather")
    assert goods(state, 0) == {"hides": 1, "leather": 1}
    assert "business_office" not in enters(
        position(3, stock={0: {"francs": 9}}, own={0: ["business_office"]})
    )


def test_ironworks_3_iron_and_one_more_for_6_energy() -> None:
    state = position(2, stock={0: {"coal": 2, "francs": 1}, 1: {}}, own={1: ["ironworks"]}, offers={})
    state = play(state, "enter ironworks")
    assert forced(state) == ["pay 1 francs"]  # 3 food / 1 Franc
    assert goods(state, 0) == {"iron": 3, "coal": 2}
    assert legal(state) == ["times 1", "done"]
    more = play(state, "times 1")
    assert forced(more) == ["pay 2 coal"]
    assert goods(more, 0) == {"iron": 4}
    assert goods(play(state, "done"), 0) == {"iron": 3, "coal": 2}
    # less than 6 energy: 3 iron, no question
    state = position(2, stock={0: {"wood": 5}}, own={0: ["ironworks"]}, offers={})
    state = play(state, "enter ironworks")
    assert goods(state, 0) == {"wood": 5, "iron": 3}
    assert state.main_done


def test_steel_mill_any_iron_to_steel_for_5_energy_each() -> None:
    state = position(
        2, stock={0: {"iron": 3, "coke": 1, "francs": 2}, 1: {}}, own={1: ["steel_mill"]}, offers={}
    )
    state = play(state, "enter steel_mill")
    assert forced(state) == ["pay 2 francs"]
    assert legal(state) == ["times 1", "times 2"]  # 10 energy: 2 steel
    state = play(state, "times 2")
    assert forced(state) == ["pay 1 coke"]
    assert goods(state, 0) == {"iron": 1, "steel": 2}


def test_steel_mill_not_offered_without_iron_or_5_energy() -> None:
    no_iron = position(2, stock={0: {"coke": 3, "steel": 2, "francs": 9}}, own={0: ["steel_mill"]}, offers={})
    assert "steel_mill" not in enters(no_iron)
    weak = position(2, stock={0: {"iron": 3, "wood": 4, "francs": 9}}, own={0: ["steel_mill"]}, offers={})
    assert "steel_mill" not in enters(weak)
    assert "steel_mill" in enters(
        attrs.evolve(
            weak,
            players=(attrs.evolve(weak.players[0], stock=data.token_counts(iron=3, wood=5)), weak.players[1]),
        )
    )


def test_cokery_any_coal_to_coke_and_a_franc_per_coke() -> None:
    state = position(2, stock={0: {"coal": 3, "francs": 1}}, town=["cokery"], offers={})
    state = play(state, "enter cokery")
    assert forced(state) == ["pay 1 francs"]
    assert legal(state) == ["times 1", "times 2", "times 3"]
    state = play(state, "times 3")
    assert goods(state, 0) == {"coke": 3, "francs": 3}


def test_bridge_over_the_seine_1_franc_per_upgraded_good_and_per_3_standard() -> None:
    state = position(
        3,
        stock={0: {"smoked_fish": 1, "leather": 1, "fish": 4, "francs": 2}, 1: {}},
        own={1: ["bridge_over_the_seine"]},
        offers={},
    )
    state = play(state, "enter bridge_over_the_seine")
    assert forced(state) == ["pay 2 francs"]
    assert goods(state, 1) == {"francs": 2}
    assert legal(state) == ["give fish", "give smoked_fish", "give leather"]  # sell at least one
    state = play(state, "give smoked_fish", "give leather")
    assert legal(state) == ["give fish", "done"]
    state = play(state, "give fish")
    # a three begun is completed (the lone option: the engine hands in the two fish), and the
    # fourth fish cannot make a three: the action ends
    assert forced(state) == ["give fish", "give fish"]
    assert goods(state, 0) == {"fish": 1, "francs": 2 + 1}  # 2 upgraded + 3 standard // 3


def test_bridge_over_the_seine_standard_goods_are_sold_only_in_whole_threes() -> None:
    # "1 Franc for any combination of 3 standard goods": two standard goods are never handed in
    # for nothing; ``done`` waits for a three to be complete
    state = position(
        3,
        stock={0: {"fish": 1, "wood": 1, "leather": 1, "francs": 5}},
        own={0: ["bridge_over_the_seine"]},
        offers={},
    )
    state = play(state, "enter bridge_over_the_seine")
    assert forced(state) == ["give leather"]  # fish and wood make no three
    assert goods(state, 0) == {"fish": 1, "wood": 1, "francs": 6}
    state = position(
        3, stock={0: {"fish": 2, "wood": 1, "leather": 1}}, own={0: ["bridge_over_the_seine"]}, offers={}
    )
    state = play(state, "enter bridge_over_the_seine", "give fish")
    assert legal(state) == ["give fish", "give wood", "give leather"]  # no done: a three is open
    state = play(state, "give wood", "give fish")
    assert legal(state) == ["give leather", "done"]


def test_bridge_over_the_seine_not_offered_with_two_standard_goods_only() -> None:
    state = position(
        3, stock={0: {"fish": 1, "wood": 1, "francs": 5}}, own={0: ["bridge_over_the_seine"]}, offers={}
    )
    assert enters(state) == []


def test_church_needs_5_bread_and_2_fish_and_gives_5_bread_and_3_fish() -> None:
    state = position(5, stock={0: {"bread": 5, "fish": 2}}, own={1: ["church"]}, offers={})
    state = play(state, "enter church")  # no entry fee
    assert goods(state, 0) == {"bread": 10, "fish": 5}  # nothing is handed in
    smoked = position(5, stock={0: {"bread": 9, "fish": 1, "smoked_fish": 5}}, own={1: ["church"]}, offers={})
    assert "church" not in enters(smoked)  # smoked fish does not count
    short = position(5, stock={0: {"bread": 4, "fish": 9}}, own={1: ["church"]}, offers={})
    assert "church" not in enters(short)


def test_church_may_not_be_bought_but_can_be_built() -> None:
    state = position(
        5, stock={0: {"wood": 5, "brick": 3, "iron": 1, "francs": 999}}, piles=(["church"], [], []), offers={}
    )
    assert "buy church" not in legal(state)
    state = play(state, "enter building_firm_1")
    assert forced(state) == ["build church", "pay 5 wood 1 iron 3 brick"]
    assert owner_of(state, "church") == 0


# -- locked buildings: no action, a bonus at game end -------------------------------------------


def _final_scores(state: lehavre.State) -> tuple[int, ...]:
    """Play the last final action (take the Francs) and end the game."""
    state = play(state, "take francs", "end")
    assert kind(state) == "over" and lehavre.is_terminal(state)
    return lehavre.scores(state)


@pytest.mark.parametrize("locked", ["storehouse", "dock", "town_hall", "bank"])
def test_locked_buildings_are_never_entered(locked: str) -> None:
    rich = {"fish": 9, "wood": 9, "brick": 9, "iron": 9, "steel": 9, "coal": 9, "francs": 99}
    for own in ({0: [locked]}, {1: [locked]}):
        state = position(5, stock={0: rich}, own=own, ships={0: ["R04"]}, offers={})
        assert locked not in enters(state)
        with pytest.raises(IllegalActionError):
            play(state, f"enter {locked}")
    state = position(5, stock={0: rich}, own={0: [locked]}, final=True, offers={})
    assert locked not in enters(state)  # not in the final stage either


def test_storehouse_half_a_franc_per_goods_token_rounded_down() -> None:
    state = position(
        5, stock={0: {"fish": 3, "brick": 2, "coke": 2, "francs": 4}}, own={0: ["storehouse"]}, final=True,
        offers={"francs": 1},
    )  # fmt: skip
    # value 4, 7 goods tokens: 3 (Francs are not goods), 4 + 1 Francs
    assert _final_scores(state)[0] == 4 + 3 + 5


def test_storehouse_costs_10_francs() -> None:
    state = position(5, stock={0: {"francs": 10}}, piles=(["storehouse"], [], []), offers={"fish": 1})
    state = play(state, "buy storehouse")
    assert goods(state, 0) == {} and owner_of(state, "storehouse") == 0


def test_dock_4_francs_per_ship() -> None:
    state = position(
        5, stock={0: {}}, own={0: ["dock"]}, ships={0: ["R04", "R06"]}, final=True, offers={"francs": 1}
    )
    # Dock 10 + 2 ships x 4; ships R04 (4) and R06 (2); 1 Franc taken
    assert _final_scores(state)[0] == 10 + 8 + 4 + 2 + 1


def test_town_hall_4_per_public_and_2_per_craftsmans_building() -> None:
    own = ["town_hall", "church", "local_court", "fishery", "bakehouse", "colliery"]
    state = position(5, stock={0: {}}, own={0: own}, final=True, offers={"francs": 1})
    values = 6 + 26 + 16 + 10 + 8 + 10
    bonus = 4 * 3 + 2 * 2  # Town Hall (itself), Church, Local Court; Fishery, Bakehouse
    assert _final_scores(state)[0] == values + bonus + 1


def test_bank_3_per_industrial_and_2_per_economic_building() -> None:
    own = ["bank", "shipping_line", "steel_mill", "ironworks", "colliery", "fishery"]
    state = position(2, stock={0: {}}, own={0: own}, ships={0: []}, final=True, offers={"francs": 1})
    values = 16 + 10 + 22 + 12 + 10 + 10
    bonus = 3 * 3 + 2 * 2  # Steel Mill, Ironworks, Colliery; Bank (itself), Shipping Line
    assert _final_scores(state)[0] == values + bonus + 1


def test_bank_is_built_only_with_steel() -> None:
    piles: tuple[list[str], ...] = (["bank"], [], [])
    iron = position(2, stock={0: {"brick": 4, "iron": 5}}, piles=piles, offers={})
    assert "building_firm_1" not in enters(iron)  # iron does not replace the steel
    steel = position(2, stock={0: {"brick": 4, "steel": 1}}, piles=piles, offers={})
    steel = play(steel, "enter building_firm_1")
    assert forced(steel) == ["build bank", "pay 4 brick 1 steel"]
    assert owner_of(steel, "bank") == 0


# -- across buildings ---------------------------------------------------------------------------


def test_nothing_offered_when_no_action_can_be_carried_out() -> None:
    # every upgrading and exchanging building owned, but no goods at all
    own = ["bakehouse", "charcoal_kiln", "smokehouse", "abattoir", "brickworks", "tannery",
           "steel_mill", "cokery", "shipping_line", "bridge_over_the_seine", "wharf_1",
           "local_court", "church"]  # fmt: skip
    state = position(5, stock={0: {}}, own={0: own}, town=[], offers={"fish": 1})
    assert legal(state) == [
        "take fish",
        *(f"sell {b}" for b in sorted(own, key=data.BUILDING_INDEX.__getitem__)),
    ]


def test_entry_fees_of_town_buildings_go_to_the_treasury() -> None:
    state = position(5, stock={0: {"francs": 2, "cattle": 1}}, town=["abattoir"], offers={})
    before = [goods(state, s) for s in range(1, 5)]
    state = play(state, "enter abattoir")
    assert owner_of(state, "abattoir") == TOWN
    assert [goods(state, s) for s in range(1, 5)] == before
    assert goods(state, 0) == {"meat": 1}


def test_occupied_buildings_are_entered_only_in_the_final_stage_never_ones_own() -> None:
    def at(final: bool) -> lehavre.State:
        own, where = {0: ["fishery", "colliery"]}, {1: "fishery", 0: "colliery"}
        return position(5, stock={0: {}}, own=own, at=where, final=final, offers={"fish": 1})

    assert enters(at(final=False)) == []  # the Fishery is occupied, the Colliery holds one's disc
    final = at(final=True)
    assert enters(final) == ["fishery"]
    after = play(final, "enter fishery")
    assert after.players[0].location == after.players[1].location == data.BUILDING_INDEX["fishery"]
    assert goods(after, 0) == {"fish": 3 + 1}


def test_a_player_without_any_main_action_is_not_stuck() -> None:
    # The rulebook makes the main action mandatory but says nothing of a player who can take none
    # (final stage, Offer spaces emptied, nothing enterable); the game must go on (097228c).
    state = position(5, stock={0: {}}, final=True, offers={})
    assert lehavre.legal_actions(state) or lehavre.is_terminal(state)
