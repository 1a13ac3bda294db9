"""The Inland Port's views through the public API: every building's card with the Building
Index's function, the button words, the table a UI draws, and the round's end told."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from harborgames import inland_port as ip
from harborgames.core.views import find_card
from harborgames.inland_port import data as ip_data

from .positions import play, position, round_of

RULEBOOK = Path(__file__).parents[2] / "seeds" / "000_882d3c9ffcd160d0.txt"


def _index_entries() -> dict[str, str]:
    """The Building Index as the rulebook prints it: name -> the entry's text after the name."""
    text = RULEBOOK.read_text(encoding="utf-8")
    index = text[text.index("Building Index\n\nEach entry") :]
    entries = {}
    for line in index.splitlines():
        match = re.match(r"^(.+?) — (Cost: .*)$", line)
        if match:
            entries[match.group(1)] = match.group(2)
    return entries


def test_every_building_of_the_building_index_has_a_card() -> None:
    cards = {c.key: c for c in ip.cards() if "building" in c.kind}
    assert len(cards) == 31 == len(ip.BUILDINGS)
    assert {c.name for c in cards.values()} == set(_index_entries())
    for building in ip.BUILDINGS:
        card = cards[building.id]
        assert (card.name, card.cost, card.extra["enters in round"]) == (
            building.name,
            str(building.cost),
            building.letter,
        )
        assert card.text


def test_a_cards_function_is_the_building_indexs_own_sentence() -> None:
    entries = _index_entries()
    for card in ip.cards():
        if card.kind == "building":
            function = entries[card.name].split("Function: ", 1)[1]
            assert card.text == function, card.name


def test_locked_buildings_say_what_they_are_worth_and_that_they_have_no_function() -> None:
    cards = {c.key: c for c in ip.cards()}
    assert cards["town_hall"].kind == "locked building"
    assert cards["town_hall"].value == "26"
    assert "26 victory points" in cards["town_hall"].text
    assert cards["fish_factory"].value == "1 per Fish"
    assert "1 Franc per Fish" in cards["fish_factory"].text
    assert cards["fish_factory"].extra["anchor"] == "counts for the Dock"
    assert cards["dock"].value == "10 per anchor building"


def test_info_wood_company_finds_its_card_by_key_or_name() -> None:
    card = find_card(ip.cards(), "wood_company")
    assert card == find_card(ip.cards(), "Wood Company")
    assert card.lines() == [
        "Wood Company (building)",
        "  cost: 2 Clay · value: 10 · enters in round: A",
        "  Move the Wood goods counter 2-4 spaces to the right according to the",
        "  position of the Wood Company.",
    ]
    assert json.loads(json.dumps(card.as_json()))["key"] == "wood_company"


def test_buttons_name_buildings_and_goods_as_the_table_does() -> None:
    state = ip.new_game(seed=1)
    seen = ip.observe(state, 0)
    labels = [ip.action_label(a, seen) for a in ip.legal_actions(state)]
    assert labels == [
        "Build Wood Company",
        "Build Farmland",
        "Build Clay Mound",
        "Build Grocery Store",
        "Build Hardware Store",
    ]
    assert ip.action_label(ip.Use("farm"), seen) == "Use Farm"
    assert ip.action_label(ip.Sell("masons_guild"), seen) == "Sell Masons' Guild (for 10 Francs)"
    assert ip.action_label(ip.End(), seen) == "End turn"
    assert ip.action_label(ip.Pass(), seen) == "Pass"
    assert ip.action_label(ip.Move(fish=1, wood=2), seen) == "Move Fish 1, Wood 2"
    assert ip.action_label(ip.Times(1), seen) == "Once"
    assert ip.action_label(ip.Times(3), seen) == "3 times"
    assert ip.action_label(ip.Pay(clay=1, wood=2), seen) == "Pay 1 Clay + 2 Wood"
    assert ip.action_label(ip.Pay(), seen) == "Pay nothing"


def test_every_legal_action_has_a_label_other_than_its_notation_along_a_game() -> None:
    state = ip.new_game(seed=4)
    while not ip.is_terminal(state):
        actions = ip.legal_actions(state)
        for action in actions:
            assert ip.action_label(action, ip.observe(state, 0)) not in ("", str(action))
        state = ip.apply(state, actions[len(actions) // 2])


def test_the_table_is_drawn_for_its_viewer_with_card_keys_and_score_parts() -> None:
    state = position(
        round=round_of("K"),
        francs={0: 7},
        goods={0: (5, 3, 2, 1)},
        wheel={"wood_company": (0, "3"), "marketplace": (0, "4+"), "kiln": (1, "0")},
        built={"fish_factory": (0, round_of("J")), "grain_silo": (0, round_of("K"))},
    )
    table = ip.table(ip.observe(state, 1))
    assert table["viewer"] == 1
    assert json.loads(json.dumps(table)) == table
    me = table["players"][0]
    assert me["score_parts"] == [["Francs", 7], ["buildings", 20], ["Fish Factory", 5], ["Grain Silo", 1]]
    assert sum(points for _, points in me["score_parts"]) == me["wealth"] == 33
    built = {b["key"]: b for b in me["built"]}
    assert built["marketplace"] == {
        "key": "marketplace",
        "name": "Marketplace",
        "sector": "4+",
        "applications": 4,
        "value": 10,
        "sale": 5,
        "locked": False,
    }
    assert built["fish_factory"]["sector"] is None
    sectors = {s["sector"]: s for s in me["wheel"]}
    assert sectors["3"]["keys"] == ["wood_company"] and sectors["3"]["buildings"] == ["Wood Company"]
    assert me["beside_keys"] == ["fish_factory", "grain_silo"]
    assert [b["key"] for b in table["available"]][:2] == ["farmland", "clay_mound"]
    assert [c["round"] for c in table["coming"]] == ["L"]
    assert [b["key"] for b in table["coming"][0]["buildings"]] == ["wood_factory", "dock", "brick_factory"]
    assert table["round_starter"] == 0


def test_the_table_names_the_building_a_choice_is_about() -> None:
    state = position(round=round_of("B"), wheel={"hardware_store": (0, "2")})
    state = play(state, "use hardware_store")
    table = ip.table(ip.observe(state, 0))
    assert table["deciding_about"] == "hardware_store"
    assert table["pending"] == "how to use the Hardware Store (N = 2)"


def test_the_end_of_round_a_is_told_with_round_bs_actions_and_new_buildings() -> None:
    state = position(actions_left=1)
    after = play(state, "build wood_company", "end")
    assert ip.narrate(ip.observe(state, 1), ip.observe(after, 1)) == (
        "Round A is over: both pointers turn, every building moves one sector on.",
        "Round B: 3 actions, P1 starts (P1 2, P0 1). New buildings: Farm, Kiln, Smokehouse.",
    )


def test_a_building_reaching_the_cannot_use_sector_is_told_sold_for_half_its_value() -> None:
    """Rulebook, End of the round: buildings in the "cannot use" sector are sold immediately for
    half their value."""
    wheel = {"wood_company": (1, "4+"), "kiln": (0, "4+")}
    state = position(round=round_of("F"), actions_left=1, wheel=wheel)
    after = play(state, "build farmland", "end")
    lines = ip.narrate(ip.observe(state, 0), ip.observe(after, 0))
    assert "P1's Wood Company reached the \"cannot use\" sector and was sold for 5 Francs." in lines
    assert "Your Kiln reached the \"cannot use\" sector and was sold for 4 Francs." in lines


def test_a_building_in_the_bonus_sector_is_told_to_be_used_or_sold() -> None:
    state = position(round=round_of("D"), actions_left=1, wheel={"farmland": (0, "4")})
    after = play(state, "build wood_company", "end")
    lines = ip.narrate(ip.observe(state, 0), ip.observe(after, 0))
    assert lines[-1] == 'Your Farmland is in sector "4+": used this round, or sold at its end.'


def test_the_other_seat_using_ones_building_is_told_with_its_fee() -> None:
    state = position(player=1, round=round_of("C"), wheel={"wood_company": (0, "3")})
    after = play(state, "use wood_company")
    assert ip.narrate(ip.observe(state, 0), ip.observe(after, 0)) == (
        "P1 used your Wood Company (1 Franc to you); it is back in sector 0.",
    )
    assert ip.narrate(ip.observe(state, 1), ip.observe(after, 1)) == ()


def test_ones_own_choice_is_not_narrated() -> None:
    state = ip.new_game(seed=1)
    after = play(state, "build wood_company")
    seat = state.current_player
    assert ip.narrate(ip.observe(state, seat), ip.observe(after, seat)) == ()


def test_the_last_round_ends_the_game_with_the_final_wealth() -> None:
    state = position(round=round_of("L"), actions_left=1, francs={0: 40, 1: 4})
    after = play(state, "build pont_de_normandie", "end")
    assert ip.is_terminal(after)
    lines = ip.narrate(ip.observe(state, 0), ip.observe(after, 0))
    assert lines == (
        "Round L is over: both pointers turn, every building moves one sector on.",
        "The game is over: wealth P0 60, P1 4; P0 wins.",
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_narration_along_a_whole_game_is_lines_of_text(seed: int) -> None:
    state = ip.new_game(seed=seed)
    rounds_told = 0
    while not ip.is_terminal(state):
        actions = ip.legal_actions(state)
        after = ip.apply(state, actions[seed % len(actions)])
        for seat in (0, 1):
            lines = ip.narrate(ip.observe(state, seat), ip.observe(after, seat))
            assert all(isinstance(line, str) and line for line in lines)
            ended = any(line.endswith("every building moves one sector on.") for line in lines)
            rounds_told += seat == 0 and ended
        state = after
    assert rounds_told == 12


def test_using_the_opponents_building_says_its_fee_and_ones_own_is_free() -> None:
    """Along a game, every ``use`` button says the 1 Franc fee exactly when the building is the
    other player's (rulebook, "Use"), to the one using it and, naming the owner, to the other."""
    state, rng, fees, own = ip.new_game(seed=3), random.Random(3), 0, 0
    while not ip.is_terminal(state):
        actions = ip.legal_actions(state)
        seat = state.current_player
        for action in actions:
            if isinstance(action, ip.Use):
                owner = state.owner[ip_data.BUILDING_INDEX[action.building]]
                mine = ip.action_label(action, ip.observe(state, seat))
                theirs = ip.action_label(action, ip.observe(state, 1 - seat))
                if owner == seat:
                    assert mine == theirs == f"Use {find_card(ip.cards(), action.building).name}", mine
                    own += 1
                else:
                    assert mine.endswith(f" (fee 1 Franc to P{owner})"), mine
                    assert theirs.endswith(" (fee 1 Franc to you)"), theirs
                    fees += 1
        state = ip.apply(state, rng.choice(actions))
    assert fees and own


def test_the_goods_and_the_board_have_cards_info_finds_by_their_names() -> None:
    cards = ip.cards()
    assert [find_card(cards, word).kind for word in ("fish", "Clay", "wood", "grain")] == ["goods"] * 4
    assert "F on the table" in find_card(cards, "fish").text
    assert [find_card(cards, letter).kind for letter in "FCWG"] == ["goods letter"] * 4
    board = find_card(cards, "board").text
    for symbol in ("Fish (F)", "(+0, +1, +2)", "sector 0", "4+", "A-F board", "Available"):
        assert symbol in board, symbol


def test_a_use_that_moves_no_goods_says_so_in_its_label() -> None:
    # the Kiln moves Clay up-left: from the +0 column it cannot move (R18: the use is still legal)
    state = position(round=round_of("D"), goods={0: (4, 3, 2, 1)}, built={"kiln": (0, round_of("B"))})
    labels = [ip.action_label(a, ip.observe(state, 0)) for a in ip.legal_actions(state)]
    assert "Use Kiln (changes nothing: Clay is at 3 (+0))" in labels
    moved = position(round=round_of("D"), goods={0: (4, 4, 2, 1)}, built={"kiln": (0, round_of("B"))})
    assert "Use Kiln" in [ip.action_label(a, ip.observe(moved, 0)) for a in ip.legal_actions(moved)]
