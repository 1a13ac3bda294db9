"""Port Gdańsk's views through the public API: the components as cards, the button words, the
table a UI draws (seat legend, movement targets, VP by source) and what happened told."""

from __future__ import annotations

import json

import pytest

from harborgames import gdansk
from harborgames.core.views import find_card

from .positions import play, position


def test_every_port_card_says_its_sector_its_workers_and_how_it_scores() -> None:
    cards = {c.key: c for c in gdansk.cards()}
    ports = [c for c in cards.values() if c.kind == "port card"]
    assert len(ports) == 20
    woc = cards["quay_1"]
    assert (woc.name, woc.extra["sector"], woc.cost) == ("WOC I Quay", "blue", "1 Worker")
    # Influence scores 2 VP per marker when another player executes in the sector; sets of
    # different colours score 1/3/6/10 (rulebook, "End of game scoring").
    assert "2 VP whenever another player executes an order in the blue sector" in woc.text
    assert "1 colour 1 VP, 2 colours 3 VP, 3 colours 6 VP, 4 colours 10 VP" in woc.text
    assert cards["quay_12"].extra["sector"] == "green"


def test_order_tokens_cruise_ships_and_the_central_port_card_have_cards() -> None:
    cards = {c.key: c for c in gdansk.cards()}
    assert sum(c.kind == "order token" for c in cards.values()) == 20
    order = cards["O01"]
    assert (order.cost, order.value, order.extra["bonus"]) == (
        "1 grain + 1 liquid fuels + 2 coal",
        "4 VP",
        "liquid fuels",
    )
    small, large = cards["small_cruise_ship"], cards["large_cruise_ship"]
    assert (small.cost, large.cost) == ("3 Workers", "8 Workers")
    assert "face down" in small.text
    assert "grain 2 VP" in cards["central_port"].text and "Ro-Ro 4 VP" in cards["central_port"].text
    assert cards["ro_ro"].extra["weight"] == "3"
    assert find_card(gdansk.cards(), "wiślane").key == "quay_12"
    assert all(json.loads(json.dumps(c.as_json()))["key"] == c.key for c in cards.values())


def test_buttons_read_as_words() -> None:
    seen = gdansk.observe(gdansk.new_game(2, seed=1), 0)
    assert gdansk.action_label(gdansk.Roll(), seen) == "Roll the dice"
    assert gdansk.action_label(gdansk.Reroll(("L1", "M2")), seen) == "Reroll 1 loading + 2 movement"
    assert gdansk.action_label(gdansk.Keep(), seen) == "Keep the dice"
    assert gdansk.action_label(gdansk.Load("ro_ro"), seen) == "Load Ro-Ro"
    assert gdansk.action_label(gdansk.Discard("liquid_fuels"), seen) == "Return liquid fuels to make room"
    assert gdansk.action_label(gdansk.Move("L20"), seen) == "Move to L20"
    assert gdansk.action_label(gdansk.Execute(5), seen) == "Execute the order on quay 5"
    assert gdansk.action_label(gdansk.HrSwapWith(1, 7), seen) == "Swap with P1's marker on quay 7"
    assert gdansk.action_label(gdansk.Cruise("medium"), seen) == "Serve a medium cruise ship"
    assert gdansk.action_label(gdansk.End(), seen) == "End turn"


def test_every_legal_action_has_a_label_other_than_its_notation_along_a_game() -> None:
    state = gdansk.new_game(3, seed=2)
    for _ in range(300):
        if gdansk.is_terminal(state):
            break
        actions = gdansk.legal_actions(state)
        for action in actions:
            assert gdansk.action_label(action, gdansk.observe(state, 0)) not in ("", str(action))
        state = gdansk.apply(state, actions[len(actions) // 2])


def test_the_table_has_a_seat_legend_and_is_drawn_for_its_viewer() -> None:
    state = position(players=3, first_player=1, player=1)
    table = gdansk.table(gdansk.observe(state, 2))
    assert json.loads(json.dumps(table)) == table
    assert table["viewer"] == 2
    assert table["seats"] == [
        {"seat": 0, "name": "P0", "first": False, "to_move": False},
        {"seat": 1, "name": "P1", "first": True, "to_move": True},
        {"seat": 2, "name": "P2", "first": False, "to_move": False},
    ]


def test_the_movement_targets_are_the_locations_within_the_arrows_rolled() -> None:
    """Rulebook, Movement: each arrow moves the meeple along one connection; fewer is allowed."""
    state = position(players=2, location={0: "L20"}, dice=["M2", "L1", "R1"])
    targets = gdansk.table(gdansk.observe(state, 0))["targets"]
    moves = sorted(str(a) for a in gdansk.legal_actions(state) if isinstance(a, gdansk.Move))
    assert sorted(t["action"] for t in targets) == moves
    assert {t["location"] for t in targets} >= {"L18", "L19", "L9_14"}  # Górniczy Basin: 2 moves
    assert all(t["action"] == f"move {t['location']}" for t in targets)
    # another seat sees no targets of its own; after moving there are none
    assert gdansk.table(gdansk.observe(state, 1))["targets"] == []
    moved = play(state, "move L18")
    assert gdansk.table(gdansk.observe(moved, 0))["targets"] == []


def test_the_start_locations_are_targets_while_meeples_are_placed() -> None:
    state = gdansk.new_game(2, seed=1)
    seat = state.current_player
    assert seat is not None
    targets = gdansk.table(gdansk.observe(state, seat))["targets"]
    starts = [str(a) for a in gdansk.legal_actions(state)]
    assert [t["action"] for t in targets] == starts
    assert targets[0] == {"location": "L1", "action": "start L1"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_targets_match_the_legal_moves_along_a_game(players: int) -> None:
    state = gdansk.new_game(players, seed=players)
    for step in range(400):
        if gdansk.is_terminal(state):
            break
        seat = state.current_player
        assert seat is not None
        actions = gdansk.legal_actions(state)
        targets = gdansk.table(gdansk.observe(state, seat))["targets"]
        legal = sorted(str(a) for a in actions if isinstance(a, (gdansk.Move, gdansk.PlaceMeeple)))
        assert sorted(t["action"] for t in targets) == legal
        state = gdansk.apply(state, actions[(step * 7) % len(actions)])


def test_score_parts_are_vp_by_source_where_the_seat_may_know_them() -> None:
    state = position(
        players=2,
        score={0: 20, 1: 9},
        taken={0: ["O01", "O16"]},
        cards={0: [1, 12, 17]},
        cruise={0: [("small", 4)], 1: [("large", 12)]},
        removed_sector="purple",
    )
    table = gdansk.table(gdansk.observe(state, 0))
    mine, theirs = table["players"]
    assert mine["score_parts"] == [
        ["orders", 16],
        ["influence and Central Port", 4],
        ["cruise ships", 4],
        ["Port card sets", 6],
    ]
    assert sum(points for _, points in mine["score_parts"]) == gdansk.scores(state)[0]
    assert theirs["score_parts"] is None  # P1's Cruise Ship card is face down for P0
    assert gdansk.table(gdansk.observe(state, 1))["players"][1]["score_parts"][2] == ["cruise ships", 12]


def test_quays_and_port_cards_carry_their_card_keys() -> None:
    state = position(players=2, orders={1: "O03"}, cards={0: [12]}, cruise={0: [("small", 4)]})
    table = gdansk.table(gdansk.observe(state, 0))
    quay = next(q for loc in table["locations"] for q in loc["quays"] if q["number"] == 1)
    assert (quay["card"], quay["workers"], quay["order"]["id"]) == ("quay_1", 1, "O03")
    me = table["players"][0]
    assert me["port_cards"] == [{"quay": 12, "sector": "green", "card": "quay_12"}]
    assert me["cruise_ships"] == [{"size": "small", "vp": 4, "card": "small_cruise_ship"}]
    keys = {c.key for c in gdansk.cards()}
    assert {"quay_1", "quay_12", "O03", "small_cruise_ship"} <= keys


def test_the_roll_that_begins_the_next_turn_is_told() -> None:
    state = position(players=2, orders={5: "O02"}, dice=["L1", "M1", "R1"])
    after = play(state, "end")
    lines = gdansk.narrate(gdansk.observe(state, 0), gdansk.observe(after, 0))
    codes = " ".join(after.rules.components.face_codes[f] for f in after.turn.dice)
    assert lines == (f"P1 rolled: {codes} (roll 1 of 3).",)


def test_others_influence_vp_and_the_new_order_tokens_are_told() -> None:
    """Rulebook, Executing an order: other players with Influence markers in the sector score 2 VP
    each; two new Port cards are revealed, an Order token on each."""
    state = position(
        players=3,
        location={0: "L1"},
        orders={1: "O01"},
        hold={0: {"grain": 1, "liquid_fuels": 1, "coal": 2}},
        workers={0: 1},
        markers={1: [3, 4], 2: [2]},
        dice=["R1", "R1", "R1"],
    )
    after = play(state, "execute 1")
    lines = gdansk.narrate(gdansk.observe(state, 1), gdansk.observe(after, 1))
    assert lines[:2] == (
        "You score 4 VP for Influence markers in the blue sector.",
        "P2 scores 2 VP for Influence markers in the blue sector.",
    )
    new = [line for line in lines if line.startswith("A new Order token")]
    assert len(new) == 2


def test_the_end_triggered_by_60_vp_is_told() -> None:
    """Rulebook, Game End: 60 VP or more on the board ends the game after the round."""
    state = position(players=3, player=0, score={0: 60}, orders={5: "O02"}, dice=["L1", "M1", "R1"])
    after = play(state, "end")
    lines = gdansk.narrate(gdansk.observe(state, 2), gdansk.observe(after, 2))
    assert lines[0] == "The end is triggered (P0 has 60 VP): this round is the last."


def test_the_colour_sitting_out_is_told_to_the_other_player() -> None:
    state = gdansk.new_game(2, seed=3, options={"two_player_removed_sector": "first_player_chooses"})
    chooser = state.current_player
    assert chooser is not None
    after = play(state, "remove purple")
    other = 1 - chooser
    assert gdansk.narrate(gdansk.observe(state, other), gdansk.observe(after, other)) == (
        "The purple sector sits out this game: its Port cards are out of the deck.",
    )
    assert gdansk.narrate(gdansk.observe(state, chooser), gdansk.observe(after, chooser)) == ()


def test_the_game_end_is_told_with_every_total_once_the_cruise_ships_are_shown() -> None:
    state = position(players=2, player=1, first_player=0, score={0: 61, 1: 30}, end_triggered=True,
                     cruise={0: [("small", 4)]}, dice=["L1", "M1", "R1"])
    after = play(state, "end")
    assert gdansk.is_terminal(after)
    lines = gdansk.narrate(gdansk.observe(state, 1), gdansk.observe(after, 1))
    assert lines == (
        "The game is over; final scoring adds cruise ships and Port card sets: "
        "P0 65, P1 30.",  # P0's small cruise ship (4 VP) is counted in the open
    )
