"""Each of the 36 special buildings of the full game, played through the public API and checked
against the rulebook (seed 003, "Special Buildings (36)" and the rules around it), and the
Marketplace's full-game look at the special deck.

Every position comes from ``position.position(..., variant="full")`` (a real full game, changed
only where a test says): a special card is placed face up in the town (``town=``) or owned by a
seat (``own=``). Interpretations of the rulebook where it is not explicit are marked "Reading:".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs
import pytest

from harborgames import lehavre
from harborgames.core.errors import IllegalActionError
from harborgames.lehavre import data
from harborgames.lehavre.setup import special_deck
from harborgames.lehavre.state import OUT, SPECIAL_DECK, TOWN

from .position import enters, forced, goods, kind, legal, owner_of, play, position

START = ("building_firm_1", "building_firm_2", "construction_firm")  # the town's at every setup


def full(
    num_players: int = 2,
    *,
    town: Iterable[str] = (),
    offers: Mapping[str, int] | None = None,
    **kwargs: object,
) -> lehavre.State:
    """A full-game position: the start buildings and ``town`` owned by the town, the Offer
    spaces empty unless named."""
    return position(
        num_players,
        variant="full",
        town=[*START, *town],
        offers=offers or {},
        **kwargs,  # type: ignore[arg-type]
    )


def main_action_over(state: lehavre.State) -> bool:
    """The main action is done (the turn's ``end`` may have been taken alone after it)."""
    return state.main_done or any(f.action == "end" for f in state.forced)


def times_choices(state: lehavre.State) -> list[int]:
    """The ``times k`` choices offered, as numbers."""
    return [int(a.split()[1]) for a in legal(state) if a.startswith("times ")]


def seat_buildings(state: lehavre.State, seat: int) -> list[str]:
    return [data.BUILDINGS[b].id for b, who in enumerate(state.owner) if who == seat]


def energy_payments(state: lehavre.State) -> list[str]:
    return [a for a in legal(state) if a.startswith("pay")]


# -- exchanges with a limit: "up to N times" -----------------------------------------------------


def test_baguette_shop() -> None:
    # "Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair"; entry 1 food, to the owner
    state = full(stock={0: {"meat": 6, "bread": 6, "fish": 1}, 1: {}}, own={1: ["baguette_shop"]})
    state = play(state, "enter baguette_shop", "pay 1 fish")
    assert goods(state, 1) == {"fish": 1}  # the fee goes to the owner
    assert times_choices(state) == [1, 2, 3, 4]  # six pairs held, at most 4 exchanged
    state = play(state, "times 4")
    assert goods(state, 0) == {"meat": 2, "bread": 2, "francs": 24}
    assert main_action_over(state)


def test_baguette_shop_needs_a_whole_pair() -> None:
    state = full(stock={0: {"meat": 3, "francs": 1}}, town=["baguette_shop"])
    assert "baguette_shop" not in enters(state)


def test_bakery() -> None:
    # "Exchange up to 6 bread for 3 Francs each"; entry 1 food (paid here in Francs)
    state = full(stock={0: {"bread": 8, "francs": 1}}, town=["bakery"])
    state = play(state, "enter bakery", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3, 4, 5, 6]
    state = play(state, "times 6")
    assert goods(state, 0) == {"bread": 2, "francs": 18}


def test_diner_rulebook_up_to_3_sets_for_8_francs() -> None:
    state = full(stock={0: {"wood": 7, "smoked_fish": 7, "bread": 7, "francs": 1}}, own={1: ["diner"]})
    state = play(state, "enter diner", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3]
    state = play(state, "times 3")
    assert goods(state, 0) == {"wood": 4, "smoked_fish": 4, "bread": 4, "francs": 24}
    assert goods(state, 1)["francs"] == 5 + 1  # the start money and the fee


def test_diner_sources_up_to_6_sets_for_3_francs() -> None:
    state = full(
        stock={0: {"wood": 7, "smoked_fish": 7, "bread": 7, "francs": 1}},
        own={1: ["diner"]},
        options={"diner": "sources"},
    )
    state = play(state, "enter diner", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3, 4, 5, 6]
    state = play(state, "times 6")
    assert goods(state, 0) == {"wood": 1, "smoked_fish": 1, "bread": 1, "francs": 18}


def test_fish_market() -> None:
    # "Exchange up to 7 fish for 2 Francs each (not smoked fish)"
    state = full(stock={0: {"fish": 9, "smoked_fish": 3, "francs": 1}}, town=["fish_market"])
    state = play(state, "enter fish_market", "pay 1 francs")
    assert times_choices(state) == list(range(1, 8))  # 9 fish, at most 7
    state = play(state, "times 7")
    assert goods(state, 0) == {"fish": 2, "smoked_fish": 3, "francs": 14}


def test_fish_market_does_not_take_smoked_fish() -> None:
    state = full(stock={0: {"smoked_fish": 3, "francs": 1}}, town=["fish_market"])
    assert "fish_market" not in enters(state)


def test_forest_hut() -> None:
    # "Exchange 1 wood + 1 meat up to 4 times for 5 Francs each pair"
    state = full(stock={0: {"wood": 3, "meat": 9, "francs": 1}}, town=["forest_hut"])
    state = play(state, "enter forest_hut", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3]  # the wood limits it below 4
    state = play(state, "times 3")
    assert goods(state, 0) == {"meat": 6, "francs": 15}


def test_patisserie() -> None:
    # "Exchange 1 bread + 1 grain up to 3 times for 5 Francs each pair"
    state = full(stock={0: {"bread": 5, "grain": 5, "francs": 1}}, town=["patisserie"])
    state = play(state, "enter patisserie", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3]
    state = play(state, "times 2")
    assert goods(state, 0) == {"bread": 3, "grain": 3, "francs": 10}


def test_schnaps_distillery() -> None:
    # "Exchange up to 4 grain for 2 Francs each"
    state = full(stock={0: {"grain": 6, "francs": 1}}, town=["schnaps_distillery"])
    state = play(state, "enter schnaps_distillery")
    assert times_choices(state) == [1, 2, 3, 4]
    state = play(state, "times 4")
    assert goods(state, 0) == {"grain": 2, "francs": 8}


def test_steakhouse() -> None:
    # "Exchange 1 meat + 1 charcoal up to 4 times for 6 Francs each pair"
    state = full(stock={0: {"meat": 5, "charcoal": 5, "francs": 1}}, town=["steakhouse"])
    state = play(state, "enter steakhouse", "pay 1 francs")
    assert times_choices(state) == [1, 2, 3, 4]
    state = play(state, "times 4")
    assert goods(state, 0) == {"meat": 1, "charcoal": 1, "francs": 24}


def test_tavern() -> None:
    # "Exchange 1 wood + 1 grain up to 4 times for 3 Francs each pair"; no entry fee
    state = full(stock={0: {"wood": 5, "grain": 5}, 1: {}}, own={1: ["tavern"]})
    state = play(state, "enter tavern")
    assert forced(state) == []  # no fee asked for
    assert times_choices(state) == [1, 2, 3, 4]
    state = play(state, "times 4")
    assert goods(state, 0) == {"wood": 1, "grain": 1, "francs": 12}
    assert goods(state, 1) == {}


# -- exchanges without a limit: "pairs of ...", "any" -----------------------------------------------


def test_clothing_industry() -> None:
    # "Exchange pairs of 1 hide + 1 leather for 7 Francs each": any number; entry 2 food/1 Franc
    state = full(stock={0: {"hides": 9, "leather": 9, "francs": 1}}, town=["clothing_industry"])
    state = play(state, "enter clothing_industry")
    assert times_choices(state) == list(range(1, 10))
    state = play(state, "times 9")
    assert goods(state, 0) == {"francs": 63}


def test_fish_restaurant() -> None:
    # "Exchange any smoked fish for 3 Francs each"
    state = full(stock={0: {"smoked_fish": 12, "francs": 1}}, town=["fish_restaurant"])
    state = play(state, "enter fish_restaurant", "pay 1 francs")
    assert times_choices(state) == list(range(1, 13))
    state = play(state, "times 12")
    assert goods(state, 0) == {"francs": 36}


def test_furniture_factory() -> None:
    # "Exchange pairs of leather + wood for 6 Francs each"; entry 2 food
    state = full(stock={0: {"leather": 8, "wood": 10, "fish": 2}, 1: {}}, own={1: ["furniture_factory"]})
    state = play(state, "enter furniture_factory")
    assert forced(state) == ["pay 2 fish"]
    assert goods(state, 1) == {"fish": 2}
    assert times_choices(state) == list(range(1, 9))
    state = play(state, "times 8")
    assert goods(state, 0) == {"wood": 2, "francs": 48}


def test_furriery() -> None:
    # "Exchange any hides for bread; and/or up to 2 leather for 5 Francs each"
    state = full(stock={0: {"hides": 3, "leather": 3, "francs": 1}}, town=["furriery"])
    state = play(state, "enter furriery")
    assert times_choices(state) == [0, 1, 2, 3]  # hides to bread: none is allowed ("or")
    state = play(state, "times 3")
    assert times_choices(state) == [0, 1, 2]  # leather: at most 2 ("and")
    state = play(state, "times 2")
    assert goods(state, 0) == {"bread": 3, "leather": 1, "francs": 10}


def test_furriery_something_must_be_exchanged() -> None:
    state = full(stock={0: {"hides": 2, "leather": 1, "francs": 1}}, town=["furriery"])
    state = play(state, "enter furriery", "times 0")
    assert forced(state) == ["times 1"]  # no hides exchanged: the leather must be
    assert goods(state, 0) == {"hides": 2, "francs": 5}
    state = full(stock={0: {"hides": 2, "francs": 1}}, town=["furriery"])
    state = play(state, "enter furriery")
    assert times_choices(state) == [1, 2]  # no leather: at least one hide


# -- buildings that give goods ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "fee", "received"),
    [
        ("farm", "pay 1 francs", {"fish": 2, "grain": 2, "wood": 2, "hides": 1, "cattle": 1}),
        ("fishpond_and_wood", "pay 1 francs", {"fish": 3, "wood": 3}),
        ("hunting_lodge", "pay 1 francs", {"hides": 2, "meat": 3}),
        ("iron_mine_and_coal_seam", "pay 1 francs", {"iron": 2, "coal": 1}),
        ("plant_nursery", "pay 1 francs", {"wood": 4, "francs": 3}),
        ("smelter", "pay 2 francs", {"coal": 1, "coke": 1, "iron": 1}),
    ],
)
def test_receive(key: str, fee: str, received: dict[str, int]) -> None:
    francs = 2 if key == "smelter" else 1  # the fee exactly (the Smelter: "entry 2 Francs")
    state = full(stock={0: {"francs": francs}, 1: {}}, own={1: [key]})
    state = play(state, f"enter {key}")
    assert forced(state) == [fee]  # the one way to pay, to the owner
    assert goods(state, 0) == received
    assert goods(state, 1) == {"francs": francs}
    assert main_action_over(state)


def test_farm() -> None:
    # "Receive 2 fish, 2 grain, 2 wood, 1 hide, 1 cattle" (entry 1 Franc); the owner enters free
    state = full(stock={0: {}}, own={0: ["farm"]})
    state = play(state, "enter farm")
    assert goods(state, 0) == {"fish": 2, "grain": 2, "wood": 2, "hides": 1, "cattle": 1}


def test_fishpond_and_wood() -> None:
    state = full(stock={0: {"fish": 1}}, town=["fishpond_and_wood"])
    state = play(state, "enter fishpond_and_wood")
    assert forced(state) == ["pay 1 fish"]  # "entry 1 food", to the Treasury
    assert goods(state, 0) == {"fish": 3, "wood": 3}


def test_hunting_lodge() -> None:
    state = full(stock={0: {}}, own={0: ["hunting_lodge"]})
    assert goods(play(state, "enter hunting_lodge"), 0) == {"hides": 2, "meat": 3}


def test_iron_mine_and_coal_seam() -> None:
    state = full(stock={0: {}}, own={0: ["iron_mine_and_coal_seam"]})
    assert goods(play(state, "enter iron_mine_and_coal_seam"), 0) == {"iron": 2, "coal": 1}


def test_plant_nursery() -> None:
    state = full(stock={0: {}}, own={0: ["plant_nursery"]})
    assert goods(play(state, "enter plant_nursery"), 0) == {"wood": 4, "francs": 3}


def test_smelter() -> None:
    # entry "2 Francs": food does not pay it
    state = full(stock={0: {"fish": 5, "francs": 1}}, town=["smelter"])
    assert "smelter" not in enters(state)
    state = full(stock={0: {"francs": 2}}, town=["smelter"])
    assert goods(play(state, "enter smelter"), 0) == {"coal": 1, "coke": 1, "iron": 1}


def test_labor_exchange() -> None:
    # "Receive 1 fish per Fisherman you own, plus 1 coal per Hammer you own"; no entry fee.
    # Reading: "you" is the visitor: a visitor counts the symbols on its own buildings.
    # Seat 0 owns the Hunting Lodge (2 fishermen, 1 hammer) and the Colliery (none).
    state = full(stock={0: {}, 1: {}}, own={0: ["hunting_lodge", "colliery"], 1: ["labor_exchange"]})
    state = play(state, "enter labor_exchange")
    assert goods(state, 0) == {"fish": 2, "coal": 1}
    assert goods(state, 1) == {}
    # its owner counts its own fisherman too: Labor Exchange (1), Fishery (1), Hardware Store
    # (1 hammer, 1 fisherman), Clay Mound (none)
    state = full(3, stock={0: {}}, own={0: ["labor_exchange", "fishery", "hardware_store", "clay_mound"]})
    assert goods(play(state, "enter labor_exchange"), 0) == {"fish": 3, "coal": 1}


def test_labor_exchange_without_symbols_yields_nothing_so_is_not_offered() -> None:
    # "A player entering a building must carry out its action": a visit that would yield nothing
    # is not offered by default; option ``empty_visits=allowed`` offers it.
    assert "labor_exchange" not in enters(full(stock={0: {}}, town=["labor_exchange"]))
    state = full(stock={0: {}}, town=["labor_exchange"], options={"empty_visits": "allowed"})
    state = play(state, "enter labor_exchange")
    assert goods(state, 0) == {} and main_action_over(state)


def test_a_visit_that_would_yield_nothing_is_not_offered() -> None:
    # the Zoo for 0 Francs (fewer than 3 cattle and fish), the Arts Center with no guest, the Black
    # Market with no empty Offer space: refused by default, offered with ``empty_visits=allowed``
    allowed = {"empty_visits": "allowed"}
    zoo = {"stock": {0: {"cattle": 1, "fish": 1, "francs": 1}}, "town": ["zoo"]}
    assert "zoo" not in enters(full(**zoo))  # type: ignore[arg-type]
    assert "zoo" in enters(full(**zoo, options=allowed))  # type: ignore[arg-type]
    assert "zoo" in enters(full(stock={0: {"cattle": 2, "fish": 1, "francs": 1}}, town=["zoo"]))
    arts = {"stock": {0: {"francs": 1, "fish": 1}}, "own": {0: ["arts_center"]}}
    assert "arts_center" not in enters(full(4, **arts))  # type: ignore[arg-type]
    assert "arts_center" in enters(full(4, **arts, options=allowed))  # type: ignore[arg-type]
    guest = full(4, stock={0: {}}, own={0: ["arts_center", "fishery"]}, at={2: "fishery"})
    state = play(guest, "enter arts_center")
    assert goods(state, 0) == {"francs": 4}
    every = {name: 1 for name in ("francs", "fish", "wood", "clay", "iron", "grain", "cattle")}
    market = {"stock": {0: {}}, "own": {0: ["black_market"]}, "offers": every}
    assert "black_market" not in enters(full(3, **market))  # type: ignore[arg-type]
    assert "black_market" in enters(full(3, **market, options=allowed))  # type: ignore[arg-type]


def test_zoo() -> None:
    # "⅓ Franc for each cattle and ⅓ Franc for each fish you own (total rounded down); keep the
    # animals": 5 cattle and 4 fish are 9 thirds, 3 Francs (cattle and fish rounded apart: 2)
    state = full(stock={0: {"cattle": 5, "fish": 4, "francs": 1}}, town=["zoo"])
    state = play(state, "enter zoo")
    assert forced(state) == ["pay 1 francs"]  # "entry 1 Franc": not food
    assert goods(state, 0) == {"cattle": 5, "fish": 4, "francs": 3}


def test_zoo_rounds_down() -> None:
    state = full(stock={0: {"cattle": 3, "fish": 2, "smoked_fish": 3}}, own={0: ["zoo"]})
    # 5 thirds: 1 Franc; smoked fish are not fish
    assert goods(play(state, "enter zoo"), 0) == {"cattle": 3, "fish": 2, "smoked_fish": 3, "francs": 1}


# -- exchanges with a cash condition -------------------------------------------------------------


def test_brick_manufacturer() -> None:
    # "Return 3 brick, show ≥10 Francs cash, receive 14 Francs"; entry 2 food.
    # Reading: the fee is paid first, then the 10 Francs are shown (and kept).
    state = full(stock={0: {"brick": 4, "francs": 10, "fish": 2}, 1: {}}, own={1: ["brick_manufacturer"]})
    state = play(state, "enter brick_manufacturer")
    # paying the fee in Francs would leave 8 to show: only the fish pay it
    assert forced(state) == ["pay 2 fish"]
    assert goods(state, 0) == {"brick": 1, "francs": 24}
    assert goods(state, 1) == {"fish": 2}


@pytest.mark.parametrize(
    "stock",
    [
        {"brick": 3, "francs": 9, "fish": 2},  # 9 Francs shown
        {"brick": 3, "francs": 11},  # 11 Francs, 9 after the fee
        {"brick": 2, "clay": 1, "francs": 10, "fish": 2},  # clay is not brick
    ],
)
def test_brick_manufacturer_shows_10_francs_and_returns_3_brick(stock: dict[str, int]) -> None:
    state = full(stock={0: stock}, town=["brick_manufacturer"])
    assert "brick_manufacturer" not in enters(state)


def test_brick_manufacturer_owner_shows_exactly_10() -> None:
    state = full(stock={0: {"brick": 3, "francs": 10}}, own={0: ["brick_manufacturer"]})
    assert goods(play(state, "enter brick_manufacturer"), 0) == {"francs": 24}


def test_leather_industry() -> None:
    # "Return 3 leather, show 14 Francs cash, receive 16 Francs"; entry 2 food
    state = full(stock={0: {"leather": 3, "francs": 14, "bread": 1}}, town=["leather_industry"])
    state = play(state, "enter leather_industry")
    assert forced(state) == ["pay 1 bread"]  # 1 bread is 2 food; Francs would leave 12 to show
    assert goods(state, 0) == {"francs": 30}
    for stock in ({"leather": 3, "francs": 13, "bread": 1}, {"leather": 2, "francs": 20}):
        assert "leather_industry" not in enters(full(stock={0: stock}, town=["leather_industry"]))


# -- energy for an upgrade: the Kiln and the Steelworks ------------------------------------------


def test_kiln() -> None:
    # "Exchange 1 clay + 1 energy for 3 bricks" (once)
    state = full(stock={0: {"clay": 3, "wood": 2, "fish": 1}}, town=["kiln"])
    state = play(state, "enter kiln")
    assert forced(state) == ["pay 1 fish", "pay 1 wood"]
    assert goods(state, 0) == {"clay": 2, "wood": 1, "brick": 3}
    assert main_action_over(state)
    # no energy, no Kiln
    assert "kiln" not in enters(full(stock={0: {"clay": 3, "fish": 1}}, town=["kiln"]))


def test_steelworks() -> None:
    # "Pay 15 energy to exchange max 1 iron for 2 steel"; entry 2 food/1 Franc
    state = full(stock={0: {"iron": 3, "coke": 1, "coal": 2, "francs": 1}}, town=["steelworks"])
    state = play(state, "enter steelworks")
    assert forced(state) == ["pay 1 francs", "pay 2 coal 1 coke"]
    assert goods(state, 0) == {"iron": 2, "steel": 2}  # one iron only, though three are held
    state = full(stock={0: {"iron": 1, "coke": 1, "coal": 1, "francs": 1}}, town=["steelworks"])
    assert "steelworks" not in enters(state)  # 13 energy


def test_kiln_brick_can_be_used_as_clay() -> None:
    # Components: "brick can be used as clay": with no clay, a brick pays the Kiln's clay; the clay
    # held is paid first. Option ``substitutes=building_costs`` keeps the Kiln to clay.
    state = full(stock={0: {"brick": 1, "wood": 1, "fish": 1}}, town=["kiln"])
    state = play(state, "enter kiln")
    assert goods(state, 0) == {"brick": 3}
    state = play(full(stock={0: {"clay": 1, "brick": 1, "wood": 1, "fish": 1}}, town=["kiln"]), "enter kiln")
    assert goods(state, 0) == {"brick": 4}  # the clay went, the brick stayed
    strict = {"substitutes": "building_costs"}
    assert "kiln" not in enters(
        full(stock={0: {"brick": 1, "wood": 1, "fish": 1}}, town=["kiln"], options=strict)
    )


def test_steelworks_steel_can_be_used_as_iron() -> None:
    # Components: "steel can be used as iron": the Steelworks takes a steel where no iron is held
    state = full(stock={0: {"steel": 1, "coke": 1, "coal": 2, "francs": 1}}, town=["steelworks"])
    state = play(state, "enter steelworks")
    assert goods(state, 0) == {"steel": 2}
    strict = {"substitutes": "building_costs"}
    no_iron = full(
        stock={0: {"steel": 1, "coke": 1, "coal": 2, "francs": 1}}, town=["steelworks"], options=strict
    )
    assert "steelworks" not in enters(no_iron)


# -- the Coal Trader, both readings -----------------------------------------------------------------


def test_coal_trader_rulebook_one_exchange() -> None:
    # "Exchange 1 food for 1 charcoal; or 2 food for 1 coal"; entry 1 food
    state = full(stock={0: {"fish": 6}}, town=["coal_trader"])
    state = play(state, "enter coal_trader")
    assert forced(state) == ["pay 1 fish"]
    assert legal(state) == ["choose charcoal", "choose coal"]
    state = play(state, "choose coal")
    assert forced(state) == ["pay 2 fish"]
    assert goods(state, 0) == {"fish": 3, "coal": 1}
    assert main_action_over(state)
    state = play(full(stock={0: {"fish": 2}}, town=["coal_trader"]), "enter coal_trader")
    assert forced(state) == ["pay 1 fish", "choose charcoal", "pay 1 fish"]  # 1 food left: no coal
    assert goods(state, 0) == {"charcoal": 1}


def test_coal_trader_sources_both_at_most_1_charcoal_and_5_coal() -> None:
    state = full(stock={0: {"fish": 20}}, town=["coal_trader"], options={"coal_trader": "sources"})
    state = play(state, "enter coal_trader")
    assert times_choices(state) == [0, 1]  # charcoal
    state = play(state, "times 1")
    assert times_choices(state) == [0, 1, 2, 3, 4, 5]  # coal
    state = play(state, "times 5")
    assert forced(state) == ["pay 11 fish"]
    assert goods(state, 0) == {"fish": 8, "charcoal": 1, "coal": 5}


# -- the Haulage Firm -------------------------------------------------------------------------------


def test_haulage_firm() -> None:
    # "Pay 3 Francs, take goods from two adjacent Offer spaces (not Francs). Adjacent pairs:
    # cattle-grain, grain-iron, iron-clay, clay-wood, wood-fish."
    offers = {"francs": 4, "fish": 2, "wood": 3, "clay": 1, "cattle": 2}
    # (seat 0 owns a building: with a sale possible, its turn does not end alone)
    state = full(stock={0: {"francs": 4}}, town=["haulage_firm"], own={0: ["fishery"]}, offers=offers)
    state = play(state, "enter haulage_firm")
    assert forced(state) == ["pay 1 francs"]
    # "take goods from two adjacent Offer spaces": both spaces of a pair hold goods (iron and
    # grain are empty: no clay-iron, grain-iron or grain-cattle pair)
    assert legal(state) == ["choose fish wood", "choose wood clay"]
    state = play(state, "choose wood clay")
    assert goods(state, 0) == {"wood": 3, "clay": 1}
    offers_now = dict(zip((data.TOKEN_NAMES[t] for t in data.OFFER_SPACES), state.offers, strict=True))
    assert offers_now == {**{k: 0 for k in offers_now}, "francs": 4, "fish": 2, "cattle": 2}


def test_haulage_firm_needs_3_francs_after_the_fee() -> None:
    offers = {"fish": 2, "wood": 1}
    state = full(stock={0: {"francs": 3}}, town=["haulage_firm"], offers=offers)
    assert "haulage_firm" not in enters(state)
    state = full(stock={0: {"francs": 3, "fish": 1}}, town=["haulage_firm"], offers=offers)
    state = play(state, "enter haulage_firm")
    assert forced(state) == ["pay 1 fish", "choose fish wood"]
    assert goods(state, 0) == {"fish": 2, "wood": 1}


def test_haulage_firm_a_pair_with_one_empty_space_only_by_the_rule_option() -> None:
    # one space with goods is no pair by default; ``haulage_firm=either_space`` offers it
    state = full(stock={0: {"francs": 4}}, town=["haulage_firm"], offers={"fish": 2})
    assert "haulage_firm" not in enters(state)
    state = full(
        stock={0: {"francs": 4}},
        town=["haulage_firm"],
        offers={"fish": 2},
        options={"haulage_firm": "either_space"},
    )
    state = play(state, "enter haulage_firm")
    assert forced(state) == ["pay 1 francs", "choose fish wood"]
    assert goods(state, 0) == {"fish": 2}


# -- the Town Square -----------------------------------------------------------------------------


def test_town_square() -> None:
    # "For each Craftsman's building you own, take one different upgraded good from the supply
    # (not steel, Francs, or standard goods)"; entry 1 Franc. Seat 0: Fishery and Bakehouse.
    state = full(stock={0: {"francs": 1}}, town=["town_square"], own={0: ["fishery", "bakehouse"]})
    state = play(state, "enter town_square")
    choices = legal(state)
    assert len(choices) == 21  # 2 of the 7 upgraded goods other than steel
    assert all("steel" not in c and len(c.split()) == 3 for c in choices)
    state = play(state, "choose charcoal leather")
    assert goods(state, 0) == {"charcoal": 1, "leather": 1}


def test_town_square_needs_a_craftsmans_building() -> None:
    state = full(stock={0: {"francs": 1}}, town=["town_square"], own={0: ["colliery"]})
    assert "town_square" not in enters(state)


def test_town_square_at_most_the_seven_goods() -> None:
    crafts = [
        "fishery",
        "bakehouse",
        "charcoal_kiln",
        "smokehouse",
        "abattoir",
        "tannery",
        "kiln",
        "furriery",
    ]
    state = full(3, stock={0: {}}, own={0: ["town_square", *crafts]})
    state = play(state, "enter town_square")
    assert forced(state) == ["choose smoked_fish charcoal brick bread meat coke leather"]


# -- the passive buildings -------------------------------------------------------------------------


def _harvest(state: lehavre.State) -> lehavre.State:
    """The round's seventh turn ends (round 1 of 2 players: R01, a Harvest): the state at the
    first feeding decision, after the harvest."""
    state = play(attrs.evolve(state, turn=6), "take francs")
    if kind(state) != "feeding":  # the turn did not end alone (a sale was possible)
        state = play(state, "end")
    assert kind(state) == "feeding"
    return state


@pytest.mark.parametrize(
    ("cattle", "feedlot", "after"),
    [(1, True, 1), (2, True, 4), (6, True, 8), (7, True, 8), (9, True, 10), (2, False, 3), (6, False, 7)],
)
def test_feedlot(cattle: int, feedlot: bool, after: int) -> None:
    # "In each Harvest, receive 2 cattle instead of 1 if you have 2–6 cattle (7+: only 1 extra)"
    state = full(
        # (fish and Francs: the round's food can be paid more than one way, a decision to stop at)
        stock={
            0: {"cattle": cattle, "grain": 1, "fish": 3, "francs": 3},
            1: {"cattle": cattle, "fish": 3, "francs": 3},
        },
        own={0: ["feedlot"] if feedlot else []},
        offers={"francs": 1},
    )
    state = _harvest(state)
    assert state.players[0].stock[data.CATTLE] == after
    assert state.players[0].stock[data.GRAIN] == 2  # grain as usual
    assert state.players[1].stock[data.CATTLE] == cattle + (cattle >= 2)  # no Feedlot


def test_feedlot_no_action() -> None:
    state = full(stock={0: {"francs": 20}}, town=["feedlot"])
    assert "feedlot" not in enters(state)
    assert "buy feedlot" in legal(state)
    state = play(state, "buy feedlot")
    assert goods(state, 0) == {"francs": 12}  # "cost 8"
    assert "feedlot" not in enters(state)


def test_masons_guild() -> None:
    # "Each building costs 1 clay or 1 brick less" for its owner, at every builder
    piles = (["fishery"], ["shipping_line"], ["bakehouse"])
    state = full(3, stock={0: {"wood": 4, "brick": 2}}, own={0: ["masons_guild"]}, piles=piles)
    state = play(state, "enter building_firm_1")
    # Fishery 1 wood + 1 clay: 1 wood; Shipping Line 2 wood + 3 brick: 2 wood + 2 brick;
    # Bakehouse 2 clay: 1 clay, paid with a brick
    assert legal(state) == ["build fishery", "build shipping_line", "build bakehouse"]
    state = play(state, "build shipping_line")
    assert forced(state) == ["pay 2 wood 2 brick"]
    assert owner_of(state, "shipping_line") == 0
    assert goods(state, 0) == {"wood": 2}
    # without the Guild: the Shipping Line cannot be paid, the Fishery needs its clay
    state = full(3, stock={0: {"wood": 4, "brick": 2}}, piles=piles)
    state = play(state, "enter building_firm_1")
    assert legal(state) == ["build fishery", "build bakehouse"]
    state = play(state, "build fishery")
    assert forced(state) == ["pay 1 wood 1 brick"]


def test_masons_guild_only_its_owner_no_action() -> None:
    piles = (["fishery"], [], [])
    state = full(3, stock={0: {"wood": 1}}, own={1: ["masons_guild"]}, piles=piles)
    assert "building_firm_1" not in enters(state)
    state = full(3, stock={0: {"wood": 1}}, own={0: ["masons_guild"]}, piles=piles)
    assert "masons_guild" not in enters(state)
    state = play(state, "enter building_firm_1")
    assert forced(state) == ["build fishery", "pay 1 wood"]


def test_wind_farm() -> None:
    # "When the owner must consume energy in a main action, he receives a 3-energy discount (no
    # refund of the difference)". The Steelworks' 15 energy: 12 for the owner.
    state = full(
        stock={0: {"iron": 1, "coke": 1, "charcoal": 1, "francs": 1}},
        own={0: ["wind_farm"]},
        town=["steelworks"],
    )
    assert "wind_farm" not in enters(state)  # no action
    state = play(state, "enter steelworks")
    assert forced(state) == ["pay 1 francs", "pay 1 charcoal 1 coke"]
    assert goods(state, 0) == {"steel": 2}


def test_wind_farm_no_refund_and_nothing_left_to_pay() -> None:
    # the Kiln's 1 energy is all discounted: nothing paid, the coke stays
    state = full(stock={0: {"clay": 1, "coke": 1, "fish": 1}}, own={0: ["wind_farm"]}, town=["kiln"])
    state = play(state, "enter kiln")
    assert goods(state, 0) == {"coke": 1, "brick": 3}
    # the Steelworks' 12 with two coke: 20 paid, no change
    state = full(stock={0: {"iron": 1, "coke": 2, "francs": 1}}, own={0: ["wind_farm"]}, town=["steelworks"])
    state = play(state, "enter steelworks")
    assert goods(state, 0) == {"steel": 2}


def test_wind_farm_at_a_wharf_and_only_its_owner() -> None:
    # a wooden ship: 5 wood and 3 energy; the owner pays no energy
    state = full(
        stock={0: {"wood": 5}},
        own={0: ["wind_farm", "wharf_1"]},
        ship_piles={"wooden": ["R01"]},
    )
    state = play(state, "enter wharf_1")
    assert forced(state) == ["build_ship wooden", "pay 5 wood", "pay nothing"]  # 0 energy due
    assert goods(state, 0) == {}
    assert state.players[0].ships == (data.ROUND_CARD_INDEX["R01"],)
    state = full(
        stock={0: {"wood": 5}}, own={0: ["wharf_1"], 1: ["wind_farm"]}, ship_piles={"wooden": ["R01"]}
    )
    assert "wharf_1" not in enters(state)


def test_wind_farm_every_energy_payment_of_a_main_action() -> None:
    # the Kiln with no energy at all: its 1 energy is discounted away, so it can be entered
    state = full(stock={0: {"clay": 1, "fish": 1}}, own={0: ["wind_farm"]}, town=["kiln"])
    assert "kiln" in enters(state)
    assert "kiln" not in enters(
        full(stock={0: {"clay": 1, "fish": 1}}, own={1: ["wind_farm"]}, town=["kiln"])
    )
    # the Ironworks' extra iron: 6 energy, 3 for the owner (one coal)
    state = full(stock={0: {"coal": 1}}, own={0: ["wind_farm", "ironworks"]})
    state = play(state, "enter ironworks", "times 1")
    assert forced(state) == ["pay 1 coal"]
    assert goods(state, 0) == {"iron": 4}
    # the Bakehouse: 6 bread are 3 energy, nothing to pay
    state = full(stock={0: {"grain": 6, "fish": 1}}, own={0: ["wind_farm"]}, town=["bakehouse"])
    state = play(state, "enter bakehouse", "times 6")
    assert forced(state) == ["pay nothing"]
    assert goods(state, 0) == {"bread": 6, "francs": 3}
    # the Shipping Line: two ships are 6 energy, 3 for the owner (the coal), the leather shipped
    state = full(
        stock={0: {"coal": 1, "leather": 4}},
        own={0: ["wind_farm", "shipping_line"]},
        ships={0: ["R01", "R02"]},
    )
    state = play(state, "enter shipping_line", *["give leather"] * 4)
    assert forced(state) == ["pay 1 coal"]
    assert goods(state, 0) == {"francs": 16}
    # one ship used: its 3 energy are discounted away, so even the coal can be shipped
    state = full(stock={0: {"coal": 1}}, own={0: ["wind_farm", "shipping_line"]}, ships={0: ["R01"]})
    state = play(state, "enter shipping_line")
    assert forced(state) == ["give coal", "pay nothing"]
    assert goods(state, 0) == {"francs": 3}


def test_masons_guild_at_the_sawmill_and_for_the_football_stadium() -> None:
    # the Sawmill: 1 wood less; the Guild: 1 brick less. The Stadium (1 wood + 2 brick + 2 iron)
    # costs its owner 1 brick + 2 iron there.
    state = full(
        3,
        stock={0: {"brick": 1, "iron": 2}},
        own={0: ["masons_guild", "sawmill"]},
        town=["football_stadium"],
        piles=(["colliery"], [], []),
    )
    state = play(state, "enter sawmill")
    assert forced(state) == ["build football_stadium", "pay 2 iron 1 brick"]
    assert owner_of(state, "football_stadium") == 0 and goods(state, 0) == {}


def test_business_park() -> None:
    # "No action. At game end, each Industrial building adds 2 Francs" (value 10, cost 12)
    mine = ["colliery", "smelter", "steelworks", "fishery"]  # three industrial, one craftsman's
    state = full(stock={0: {"francs": 12}, 1: {}}, town=["business_park"], own={0: mine})
    assert "business_park" not in enters(state)
    assert lehavre.scores(state)[0] == 10 + 10 + 8 + 10 + 12
    state = play(state, "buy business_park")
    assert goods(state, 0) == {}  # "cost 12"
    # the Business Park is no industrial building itself (N)
    assert lehavre.scores(state)[0] == 10 + 10 + 8 + 10 + 10 + 2 * 3
    # at the game's end
    state = full(stock={0: {}, 1: {}}, own={0: ["business_park", *mine]}, offers={"francs": 1}, final=True)
    state = play(state, "take francs", "end")
    assert lehavre.is_terminal(state)
    assert lehavre.scores(state) == (10 + 10 + 10 + 8 + 10 + 6 + 1, 0)
    assert lehavre.winners(state) == (0,)


@pytest.mark.parametrize(("hardware_store_type", "economic"), [("rulebook", 3), ("sources", 4)])
def test_guildhouse(hardware_store_type: str, economic: int) -> None:
    # "No action. At game end, each Economic building (incl. itself) adds 2 Francs" (value 4,
    # cost 8). The Hardware Store is economic by the sources' reading (option).
    mine = ["guildhouse", "bakery", "farm", "colliery", "hardware_store"]
    state = full(
        3,
        stock={0: {}},
        own={0: mine},
        offers={"francs": 1},
        final=True,
        options={"hardware_store_type": hardware_store_type},
    )
    assert "guildhouse" not in enters(state)
    state = play(state, "take francs", "end")
    assert lehavre.is_terminal(state)
    assert lehavre.scores(state)[0] == 4 + 6 + 8 + 10 + 8 + 2 * economic + 1
    state = full(stock={0: {"francs": 8}}, town=["guildhouse"])
    assert goods(play(state, "buy guildhouse"), 0) == {}  # "cost 8"


# -- the Football Stadium ----------------------------------------------------------------------------


def test_football_stadium() -> None:
    # "Can only be built when a Building Proposals space has been emptied" (cost 1 wood + 2 brick
    # + 2 iron): face up in the town, with a pile empty, at a builder
    goods_for_it = {"wood": 1, "brick": 2, "iron": 2}
    # (the Colliery and the Shipping Line cannot be paid with these goods)
    piles = (["colliery"], ["shipping_line"], [])
    state = full(stock={0: goods_for_it}, town=["football_stadium"], piles=piles)
    state = play(state, "enter building_firm_1")
    assert forced(state) == ["build football_stadium", "pay 1 wood 2 iron 2 brick"]
    assert owner_of(state, "football_stadium") == 0
    assert goods(state, 0) == {}
    assert "football_stadium" not in enters(state)  # no action
    assert lehavre.scores(state)[0] == 24


def test_football_stadium_not_built_while_every_pile_has_a_card() -> None:
    goods_for_it = {"wood": 1, "brick": 2, "iron": 2}
    piles = (["colliery"], ["shipping_line"], ["steel_mill"])  # none payable with these goods
    state = full(stock={0: goods_for_it}, town=["football_stadium"], piles=piles)
    assert "building_firm_1" not in enters(state)


def test_football_stadium_not_built_face_down_in_the_special_deck() -> None:
    goods_for_it = {"wood": 1, "brick": 2, "iron": 2}
    piles = (["colliery"], [], [])
    state = full(stock={0: goods_for_it}, piles=piles, specials=["football_stadium", "zoo"])
    assert "building_firm_1" not in enters(state)


def test_football_stadium_bought_from_the_town() -> None:
    state = full(stock={0: {"francs": 24}}, town=["football_stadium"])
    state = play(state, "buy football_stadium")
    assert owner_of(state, "football_stadium") == 0 and goods(state, 0) == {}


# -- the Luxury Yacht ----------------------------------------------------------------------------------


def test_luxury_yacht() -> None:
    # "As Main action, enter a Wharf (pay entry fee), swap one Iron ship for the Luxury Yacht for
    # no cost (exchanged Iron ship removed)". Seat 0 has two iron ships (R06 value 2, R08 value
    # 4) and a wooden one; the lowest-valued iron ship is given.
    state = full(
        4,
        stock={0: {"fish": 2}},
        town=["wharf_1", "luxury_yacht"],
        ships={0: ["R04", "R08", "R06"]},
    )
    state = play(state, "enter wharf_1")
    assert forced(state) == ["pay 2 fish", "build_ship yacht"]
    assert owner_of(state, "luxury_yacht") == 0
    cards = [data.ROUND_CARDS[c].card for c in state.players[0].ships]
    assert cards == ["R04", "R08"]
    r06 = data.ROUND_CARD_INDEX["R06"]
    assert all(r06 not in pile for pile in state.ship_piles)  # out of the game
    assert all(r06 not in p.ships for p in state.players)
    assert main_action_over(state)


def test_luxury_yacht_needs_an_iron_ship() -> None:
    state = full(4, stock={0: {"fish": 2}}, town=["wharf_1", "luxury_yacht"], ships={0: ["R04"]})
    assert "wharf_1" not in enters(state)
    # and the yacht in the town, not in the deck or owned
    state = full(4, stock={0: {"fish": 2}}, town=["wharf_1"], ships={0: ["R06"]}, specials=["luxury_yacht"])
    assert "wharf_1" not in enters(state)


def test_luxury_yacht_counts_for_the_dock() -> None:
    # "Counts as an Iron ship": the Dock (4 per ship card) counts it, and its value 20
    state = full(4, stock={0: {}}, own={0: ["dock", "luxury_yacht"]}, ships={0: ["R04"]})
    assert lehavre.scores(state)[0] == 10 + 4 * 2 + 20 + 4


def test_luxury_yacht_gives_no_food() -> None:
    # seat 1 takes the round's seventh turn; seat 0 feeds first and owes the whole 3 food (R01)
    state = full(
        stock={0: {"fish": 5, "francs": 5}, 1: {"francs": 5}},
        own={0: ["luxury_yacht"]},
        seat=1,
        offers={"fish": 1},
    )
    state = play(attrs.evolve(state, turn=6), "take fish", "end")
    assert isinstance(state.decision, lehavre.decisions.Feed)
    assert (state.decision.seat, state.decision.due) == (0, 3)


def test_luxury_yacht_ships_nothing() -> None:
    state = full(stock={0: {"coal": 3, "leather": 4}}, own={0: ["shipping_line", "luxury_yacht"]})
    assert "shipping_line" not in enters(state)


# -- the Harbor Watch --------------------------------------------------------------------------------


def test_harbor_watch_out_of_the_deck_by_the_rulebook() -> None:
    # "(Appears only in an expansion.)": not in the special deck unless harbor_watch=sources
    watch = data.BUILDING_INDEX["harbor_watch"]
    for n in (2, 5):
        rules = lehavre.new_game(n, seed=3).rules
        assert watch not in special_deck(rules, n)
        assert watch in special_deck(
            lehavre.new_game(n, seed=3, options={"harbor_watch": "sources"}).rules, n
        )
    # nor in the solo game, whatever the option (it acts on another player)
    solo = lehavre.new_game(1, seed=3, options={"harbor_watch": "sources"}).rules
    assert watch not in special_deck(solo, 1)
    with pytest.raises(ValueError):
        full(town=["harbor_watch"])


def test_harbor_watch() -> None:
    # "Pay 1 Franc to another player; that player takes back her Person marker, and you move your
    # marker to that building (paying its entry fee if not owned)", then carry out its action.
    # Seat 1 stands in the Colliery, owned by seat 2 (entry 2 food).
    state = full(
        3,
        stock={0: {"fish": 3, "francs": 1}, 1: {}, 2: {}},
        town=["harbor_watch"],
        own={2: ["colliery"]},
        at={1: "colliery"},
        options={"harbor_watch": "sources"},
    )
    assert "colliery" not in enters(state)  # occupied
    state = play(state, "enter harbor_watch")
    # the fee (1 food) in fish: a Franc would leave nothing to pay the occupant
    assert forced(state) == ["pay 1 fish", "enter colliery", "pay 2 fish"]
    assert goods(state, 0) == {"coal": 3}
    assert goods(state, 1) == {"francs": 1}
    assert goods(state, 2) == {"fish": 2}
    assert state.players[1].location == -1
    assert state.players[0].location == data.BUILDING_INDEX["colliery"]
    assert main_action_over(state)


def test_harbor_watch_own_building_no_fee_and_a_choice() -> None:
    state = full(
        3,
        stock={0: {"francs": 2, "clay": 1, "fish": 3}, 1: {"francs": 0}, 2: {}},
        own={0: ["harbor_watch", "colliery", "charcoal_kiln"]},
        town=["zoo"],
        at={1: "colliery", 2: "zoo"},
        options={"harbor_watch": "sources"},
    )
    state = play(state, "enter harbor_watch")  # own: no fee
    assert legal(state) == ["enter colliery", "enter zoo"]  # not the Charcoal Kiln: nobody is in it
    state = play(state, "enter colliery")
    assert goods(state, 0) == {"francs": 1, "clay": 1, "fish": 3, "coal": 3}  # own Colliery: no fee
    assert goods(state, 1) == {"francs": 1}


def test_harbor_watch_needs_an_occupied_building_and_a_franc() -> None:
    base = {"town": ["harbor_watch"], "options": {"harbor_watch": "sources"}}
    state = full(3, stock={0: {"francs": 3}}, **base)  # type: ignore[arg-type]
    assert "harbor_watch" not in enters(state)  # nobody else in a building
    state = full(3, stock={0: {"fish": 3}}, own={2: ["colliery"]}, at={1: "colliery"}, **base)  # type: ignore[arg-type]
    assert "harbor_watch" not in enters(state)  # no Franc to pay the occupant


# -- the Marketplace's look at the special deck and the round card's special symbol -------------------


DECK = ["zoo", "bakery", "tavern", "farm", "smelter", "kiln"]


def _looked(order: str) -> lehavre.State:
    state = full(stock={0: {"francs": 1}}, town=["marketplace"], specials=DECK)
    state = play(state, "enter marketplace", "choose fish wood")
    # "Then look at the top two Special building cards and return them in any order."
    assert legal(state) == ["order keep", "order swap"]
    return play(state, order)


def _names(cards: Sequence[int]) -> list[str]:
    return [data.BUILDINGS[b].id if b >= 0 else str(b) for b in cards]


def test_marketplace_order_swap() -> None:
    state = _looked("order swap")
    assert _names(state.specials) == ["bakery", "zoo", "tavern", "farm", "smelter", "kiln"]
    assert goods(state, 0) == {"fish": 1, "wood": 1}
    # the looking seat knows the two cards and their order; the other does not
    assert _names(state.known[0]) == ["bakery", "zoo", "-1", "-1", "-1", "-1"]
    assert state.known[1] == (-1,) * 6
    mine, theirs = lehavre.observe(state, 0).state, lehavre.observe(state, 1).state
    assert _names(mine.specials) == ["bakery", "zoo", "-1", "-1", "-1", "-1"]
    assert theirs.specials == (-1,) * 6
    assert theirs.known[0] == (-2, -2, -1, -1, -1, -1)  # it knows that seat 0 looked
    assert all(who != SPECIAL_DECK for who in theirs.owner)


def test_marketplace_order_keep() -> None:
    state = _looked("order keep")
    assert _names(state.specials) == DECK
    assert _names(state.known[0][:2]) == ["zoo", "bakery"]


def test_marketplace_one_card_left_is_looked_at_no_order_to_choose() -> None:
    state = full(stock={0: {"francs": 1}}, town=["marketplace"], specials=["zoo"])
    state = play(state, "enter marketplace", "choose fish wood")
    assert main_action_over(state)
    assert _names(state.known[0]) == ["zoo"] and state.known[1] == (-1,)


def test_marketplace_look_asks_no_order_when_no_coming_round_turns_a_special_up() -> None:
    # 2 players: the last special symbol is on round 12's card; from round 13 on the order of the
    # top two cards cannot matter, so the seat still looks but is asked nothing
    state = full(stock={0: {"francs": 1}}, town=["marketplace"], specials=DECK)
    cards = data.round_cards(2, "full")
    assert [c.town_build_for(2) for c in cards[12:]] == [data.NO_BUILD, data.NO_BUILD]
    state = attrs.evolve(state, round=12)
    state = play(state, "enter marketplace", "choose fish wood")
    assert main_action_over(state)
    assert _names(state.known[0][:2]) == ["zoo", "bakery"]
    assert _names(state.specials) == DECK


def test_marketplace_short_game_no_look() -> None:
    state = position(2, stock={0: {"francs": 1}}, offers={})
    state = play(state, "enter marketplace", "choose fish wood")
    assert main_action_over(state) and not state.specials


def test_special_symbol_turns_the_top_card_up_into_the_town() -> None:
    # 2 players, round 3: R04 shows the special building symbol. Seat 0 swaps the top two at the
    # Marketplace in the round's seventh turn; the new top card, the Bakery, joins the town.
    state = full(stock={0: {"francs": 6}, 1: {"francs": 5}}, town=["marketplace"], specials=DECK)
    state = attrs.evolve(state, round=2, turn=6)
    assert data.round_cards(2, "full")[2].town_build_for(2) == data.SPECIAL_BUILD
    state = play(state, "enter marketplace", "choose coal hides", "order swap", "end")
    # feeding (5 food each, in Francs: the one way) is paid alone
    assert state.round == 3
    assert owner_of(state, "bakery") == TOWN
    assert _names(state.specials) == ["zoo", "tavern", "farm", "smelter", "kiln"]
    assert _names(state.known[0]) == ["zoo", "-1", "-1", "-1", "-1"]  # still known, one up
    assert state.current_player == 1
    state = attrs.evolve(
        state, players=(state.players[0], attrs.evolve(state.players[1], stock=data.token_counts(francs=6)))
    )
    assert "buy bakery" in legal(state)  # face up: it can be bought
    assert owner_of(state, "zoo") == SPECIAL_DECK and "buy zoo" not in legal(state)
    # and entered like any town building, its fee to the Treasury
    bread = attrs.evolve(state.players[1], stock=data.token_counts(francs=1, bread=2))
    state = attrs.evolve(state, players=(state.players[0], bread))
    state = play(state, "enter bakery", "pay 1 francs", "times 2")
    assert goods(state, 1) == {"francs": 6}


def test_no_special_symbol_no_card_turned_up() -> None:
    state = full(stock={0: {"francs": 5}, 1: {"francs": 5}}, specials=DECK, offers={"fish": 1})
    state = play(attrs.evolve(state, turn=6), "take fish", "end")  # R01: no building symbol
    while kind(state) == "feeding":
        state = play(state, legal(state)[0])
    assert _names(state.specials) == DECK
    assert all(owner_of(state, k) == SPECIAL_DECK for k in DECK)


def test_special_cards_in_the_box_are_out() -> None:
    state = full(specials=DECK)
    assert owner_of(state, "wind_farm") == OUT
    with pytest.raises(IllegalActionError):
        play(state, "buy zoo")


@pytest.mark.parametrize("num_players", [1, 2, 3, 4, 5])
def test_six_special_cards_dealt_at_most_five_turned_up(num_players: int) -> None:
    # "Up to 5 Special buildings can be bought each game; 6 are laid out (due to the Marketplace)"
    state = lehavre.new_game(num_players, seed=7)
    assert len(state.specials) == data.SPECIAL_DEALT == 6
    assert all(state.owner[b] == SPECIAL_DECK for b in state.specials)
    symbols = [
        c
        for c in data.round_cards(num_players, "full")
        if c.town_build_for(num_players) == data.SPECIAL_BUILD
    ]
    assert len(symbols) <= 5
