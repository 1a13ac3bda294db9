"""Le Havre's views through the public API: every building, ship and good as a card, the words on
the buttons, the table a UI draws (food due against what covers it, the top of each pile, the
round cards to come, the score by source), and a round's end told as it happens."""

from __future__ import annotations

import json
import random
import re

import attrs
import pytest

from harborgames import lehavre as lh
from harborgames.core.views import find_card
from harborgames.lehavre import data as D
from harborgames.lehavre.decisions import PayFee
from harborgames.lehavre.render import describe

from .position import play, position

B = D.BUILDING_INDEX
R = D.ROUND_CARD_INDEX


def _with(state: lh.State, **changes: object) -> lh.State:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


def _player(
    state: lh.State, seat: int, *, goods: dict[str, int] | None = None, **changes: object
) -> lh.State:
    if goods is not None:
        changes["stock"] = D.token_counts(**goods)
    p = attrs.evolve(state.players[seat], **changes)  # type: ignore[arg-type]
    return _with(state, players=tuple(p if s == seat else q for s, q in enumerate(state.players)))


def _round_end(state: lh.State, turn_player: int = 0, **changes: object) -> lh.State:
    """The round's seventh turn, waiting for ``turn_player``'s main action."""
    return _with(state, turn=6, turn_player=turn_player, current_player=turn_player, revealed=7, **changes)


def _told(before: lh.State, after: lh.State, seat: int = 0) -> list[str]:
    return list(lh.narrate(lh.observe(before, seat), lh.observe(after, seat)))


def _table(state: lh.State, seat: int = 0) -> dict[str, object]:
    table = lh.table(lh.observe(state, seat))
    assert json.loads(json.dumps(table)) == table  # JSON-ready
    return table


def _players(table: dict[str, object]) -> list[dict[str, object]]:
    players = table["players"]
    assert isinstance(players, list)
    return players


# -- the cards ------------------------------------------------------------------------------------
def test_every_building_ship_and_good_has_one_card_under_the_word_the_notation_uses() -> None:
    cards = lh.cards()
    keys = [c.key for c in cards]
    assert len(keys) == len(set(keys)), "a page finds a card by its key"
    by_key = {c.key: c for c in cards}
    for b in D.BUILDINGS:  # the 33 standard and 36 special buildings
        card = by_key[b.id]
        assert card.text == b.text and card.value == str(b.value)
        assert card.kind == ("special building" if b.special else "building")
    for card in D.ROUND_CARDS:  # sell_ship R04 names the ship by its round card
        assert by_key[card.card].value == str(card.ship_value)
        assert by_key[card.card].kind == D.SHIP_TYPES[card.ship_type].name
    for name in D.TOKEN_NAMES:  # pay 2 fish 1 francs
        assert by_key[name].text and by_key[name].extra["food"] == str(D.FOOD_VALUE[D.TOKEN_INDEX[name]])
    assert [c.key for c in cards if c.kind == "ship"] == [
        "wooden_ship",
        "iron_ship",
        "steel_ship",
        "luxury_liner",
    ]
    assert all(c.text for c in cards)


def test_info_marketplace_prints_cost_fee_value_and_the_rulebooks_text() -> None:
    card = find_card(lh.cards(), "marketplace")
    assert card == find_card(lh.cards(), "Marketplace")
    lines = card.lines()
    assert lines[0] == "Marketplace (building)"
    assert lines[1] == "  cost: 2 wood · fee: 2 food / 1 Franc · value: 6 · type: non-building"
    assert " ".join(line.strip() for line in lines[2:]) == D.BUILDINGS[B["marketplace"]].text


def test_the_two_wharves_are_named_apart() -> None:
    assert find_card(lh.cards(), "wharf_2").name == "Wharf 2"
    with pytest.raises(LookupError, match="Wharf 1, Wharf 2"):
        find_card(lh.cards(), "wharf")


def test_a_ship_costs_more_than_its_value_and_feeds_by_the_player_count() -> None:
    # "Ships: Only the topmost face-up card on each ship pile may be purchased. The cost is higher
    # than its value."; luxury liners cannot be bought and provide no food.
    wooden = find_card(lh.cards(), "wooden_ship")
    assert wooden.cost == "5 wood + 3 energy"
    assert wooden.extra["price"] == "14 Francs" and wooden.value == "2, 4, 6"
    assert wooden.extra["food per round, 1–5 players"] == "5 / 4 / 3 / 2 / 1"
    assert wooden.extra["ships at the Shipping Line"] == "2 goods"
    liner = find_card(lh.cards(), "luxury_liner")
    assert liner.extra["price"] == "cannot be bought"
    assert liner.extra["food per round, 1–5 players"] == "0 / 0 / 0 / 0 / 0"
    lucie = find_card(lh.cards(), "R04")
    assert (lucie.name, lucie.kind, lucie.value) == ("Lucie (R04)", "wooden ship", "4")
    assert lucie.extra["food due, 1–5 players"] == "10 / 5 / 3 / 2 / 1"  # the round card's front


# -- the buttons ----------------------------------------------------------------------------------
def test_buttons_name_buildings_ships_and_goods_as_the_table_does() -> None:
    state = lh.new_game(2, seed=1)
    seen = lh.observe(state, 0)
    assert [lh.action_label(a, seen) for a in lh.legal_actions(state)] == [
        "Take the Francs",
        "Take the fish",
        "Take the wood",
        "Take the clay",
        "Buy Building Firm 1 (4 Francs)",
    ]
    labels = {
        lh.Enter("fishery"): "Enter Fishery (no fee)",
        lh.Enter("construction_firm"): "Enter Construction Firm (fee 2 food)",  # to the Treasury
        lh.Enter("marketplace"): "Enter Marketplace (fee 2 food or 1 Franc)",
        lh.Buy("wharf_1"): "Buy Wharf 1 (14 Francs)",
        lh.Sell("fishery"): "Sell Fishery (5 Francs)",
        lh.SellShip("R03"): "Sell ship: wooden ship (value 2, for 1 Franc)",
        lh.BuyShip("iron"): "Buy an iron ship (20 Francs)",
        lh.BuildShip("luxury"): "Build a luxury liner",
        lh.Build("smokehouse"): "Build Smokehouse",
        lh.Pay(D.token_counts(fish=2, bread=1)): "Pay 2 fish, 1 bread",
        lh.Pay(D.token_counts(francs=1, smoked_fish=1)): "Pay 1 smoked fish, 1 Franc",
        lh.Choose(("fish", "wood", "clay")): "Take fish, wood and clay",
        lh.Times(1): "Once",
        lh.Times(3): "3 times",
        lh.Trade("clay", "brick"): "Trade 1 clay for 1 brick",
        lh.Give("smoked_fish"): "Hand over 1 smoked fish",
        lh.Repay(): "Repay a loan (5 Francs)",
        lh.Loan(): "Pay all you have, borrow the rest",
        lh.End(): "End the turn",
    }
    assert {action: lh.action_label(action, seen) for action in labels} == labels


def test_every_legal_action_of_a_game_has_words_of_its_own() -> None:
    state, rng = lh.new_game(3, seed=4), random.Random(4)
    for _ in range(400):
        if lh.is_terminal(state):
            break
        actions = lh.legal_actions(state)
        for action in actions:
            label = lh.action_label(action, lh.observe(state, state.current_player))
            assert label and label != str(action) and "_" not in label, label
        state = lh.apply(state, rng.choice(actions))


# -- the table ------------------------------------------------------------------------------------
def test_the_table_is_drawn_for_its_viewer() -> None:
    state = lh.new_game(3, seed=2)
    assert [_table(state, seat)["viewer"] for seat in range(3)] == [0, 1, 2]
    prompts = [str(_table(state, seat)["prompt"]) for seat in range(2)]
    assert prompts[0].startswith("You: buy or sell ") and prompts[1].startswith("P0: buy or sell ")


def test_only_the_top_building_of_each_proposal_pile_is_marked_and_can_be_bought() -> None:
    state = position(2, variant="full", stock={0: {"francs": 99}})
    table = _table(state)
    piles = table["proposals"]
    assert isinstance(piles, list)
    tops = {b["key"] for pile in piles for b in pile if b["top"]}
    assert all(b["top"] == (k == 0) for pile in piles for k, b in enumerate(pile))
    bought = {a.building for a in lh.legal_actions(state) if isinstance(a, lh.Buy)}
    town = {b["key"] for b in table["town"]}  # type: ignore[attr-defined]
    assert bought - town == tops


def test_each_good_shows_its_food_and_energy_as_the_resource_reference_gives() -> None:
    goods = {g["good"]: (g["food"], g["energy"]) for g in _table(lh.new_game(2, seed=1))["goods_info"]}  # type: ignore[attr-defined]
    assert goods["fish"] == (1, 0) and goods["smoked_fish"] == (2, 0)
    assert goods["bread"] == (2, 0) and goods["meat"] == (3, 0)
    assert goods["grain"] == (0, 0) and goods["cattle"] == (0, 0)  # no food until upgraded
    assert goods["wood"] == (0, 1) and goods["charcoal"] == (0, 3)
    assert goods["coal"] == (0, 3) and goods["coke"] == (0, 10)
    assert goods["francs"] == (1, 0)  # "Each Franc counts as 1 Food"


def test_food_due_is_the_round_cards_food_less_the_ships_against_goods_and_francs() -> None:
    # 2p round 2 (R05): 7 food; R01's wooden ship feeds 4 in a 2-player game
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=1)
    state = _player(state, 0, ships=(R["R01"],), goods={"fish": 1, "bread": 1, "grain": 5, "francs": 1})
    state = _player(state, 1, ships=(), goods={"meat": 1, "francs": 2, "wood": 4})
    p0, p1 = _players(_table(state))
    assert p0["food"] == {
        "demand": 7,
        "ships": 4,
        "due": 3,
        "goods": 3,
        "francs": 1,
        "short": 0,
        "status": "to pay",
    }
    assert p1["food"] == {
        "demand": 7,
        "ships": 0,
        "due": 7,
        "goods": 3,
        "francs": 2,
        "short": 2,
        "status": "to pay",
    }
    assert (p0["energy"], p1["energy"]) == (0, 4)
    # P1 feeds first, by a loan (5 food < 7, nothing to sell: the engine takes it); P0 decides
    fed = play(state, "take iron", "end")
    assert fed.current_player == 0 and [f.action for f in fed.forced] == ["loan"]
    p0, p1 = _players(_table(fed))
    assert (p0["food"]["status"], p1["food"]["status"]) == ("paying", "fed")  # type: ignore[index]
    assert p0["food_due"] == 3 and p1["food_due"] is None


def test_the_round_card_and_those_to_come_show_food_harvest_town_building_and_ship() -> None:
    state = lh.new_game(2, seed=1)
    coming = _table(state)["round_cards"]
    assert isinstance(coming, list)
    assert [c["card"] for c in coming] == [c.card for c in D.round_cards(2, "full")]
    first = coming[0]
    assert first == _table(state)["round_card"]
    assert (first["round"], first["food"], first["harvest"], first["town_builds"]) == (1, 3, True, "none")
    assert (first["ship_name"], first["ship_type"], first["ship_value"], first["ship_food"]) == (
        "Appoline",
        "wooden ship",
        2,
        4,
    )
    later = _with(state, round=3)
    assert [c["round"] for c in _table(later)["round_cards"]][:2] == [4, 5]  # type: ignore[index]


def test_ships_for_sale_show_their_price_food_and_the_notations_word() -> None:
    state = lh.new_game(2, seed=1)
    state = _with(state, ship_piles=((R["R04"],), (R["R06"],), (), (R["R20"],)))
    sale = {s["word"]: s for s in _table(state)["ships_for_sale"]}  # type: ignore[attr-defined]
    assert (sale["wooden"]["price"], sale["wooden"]["value"], sale["wooden"]["food"]) == (14, 4, 4)
    assert (sale["iron"]["price"], sale["iron"]["food"], sale["iron"]["key"]) == (20, 5, "R06")
    assert sale["luxury"]["price"] is None and sale["luxury"]["food"] == 0


def test_score_parts_add_up_to_each_players_wealth_buildings_ships_francs_bonuses_loans() -> None:
    state, rng = lh.new_game(2, seed=3, variant="short"), random.Random(3)
    while not lh.is_terminal(state):
        actions = lh.legal_actions(state)
        wanted = [a for a in actions if isinstance(a, (lh.Buy, lh.BuyShip, lh.Build, lh.Enter))]
        state = lh.apply(state, rng.choice(wanted or actions))
    table = _table(state)
    for seat, player in enumerate(_players(table)):
        parts = dict(player["score_parts"])  # type: ignore[call-overload]
        assert list(parts) == ["buildings", "bonuses", "ships", "Francs", "loans"]
        assert sum(parts.values()) == lh.scores(state)[seat] == player["wealth"]


# -- a round's end told ---------------------------------------------------------------------------
def _a_turn(state: lh.State) -> lh.State:
    """Take the Offer space with the most food (or Francs), then end the turn (unless the engine
    ended it: nothing else could be done)."""
    takes = [a for a in lh.legal_actions(state) if isinstance(a, lh.Take)]
    food = {
        a: state.offers[D.OFFER_SPACES.index(D.TOKEN_INDEX[a.space])]
        * max(1, D.FOOD_VALUE[D.TOKEN_INDEX[a.space]])
        for a in takes
    }
    taken = lh.apply(state, max(takes, key=food.__getitem__))
    return lh.apply(taken, lh.End()) if lh.End() in lh.legal_actions(taken) else taken


def test_the_end_of_a_round_tells_the_harvest_each_feeding_the_towns_building_and_the_new_ship() -> None:
    state = lh.new_game(2, seed=1)  # 2 players, full game: round 2 is R02, 4 food, the town builds
    told: list[list[str]] = [[], []]
    paid: list[str] = []
    while state.round < 2:
        before = state
        if isinstance(state.decision, lh.decisions.Feed):
            action = lh.legal_actions(state)[0]
            paid.append(f"P{state.current_player} {action}")
            state = lh.apply(state, action)
        else:
            if state.turn == 6 and state.round == 1:
                tops = [pile[0] for pile in state.piles if pile]
                lowest = min(tops, key=lambda b: D.BUILDINGS[b].sort or 0)
                grain = [p.stock[D.GRAIN] for p in state.players]
            state = _a_turn(state)
        paid += [str(f) for f in state.forced if f.action.startswith(("pay", "loan"))]
        for seat in range(2):
            told[seat] += _told(before, state, seat)
    lines = told[0]
    assert [line for line in lines if line.endswith("less what ships provide.")] == [
        "Round 1 of 14 is over: 3 food each, less what ships provide.",
        "Round 2 of 14 is over: 4 food each, less what ships provide.",
    ]
    # Harvest: "A player with at least 1 grain receives 1 additional grain."
    harvest = [line for line in lines if line.startswith(("Harvest", "No harvest"))]
    assert len(harvest) == 2
    expect = [f"{'You get' if seat == 0 else 'P1 gets'} 1 grain" for seat in range(2) if grain[seat] >= 1]
    assert all(part in harvest[1] for part in expect)
    # Feeding: every player pays, seat by seat from the player after the seventh turn's.
    payments = [line for line in lines if " food: " in line or " owed " in line]
    assert len(payments) == 4
    for line, move in zip(payments, paid, strict=True):
        seat, notation = move.split(" ", 1)
        assert line.startswith("You" if seat == "P0" else seat)
        if notation.startswith("pay"):
            words = notation.split()[1:]
            assert line.endswith(
                ", ".join(_words(n, good) for n, good in zip(words[::2], words[1::2], strict=True)) + "."
            )
    # The town: round 1 builds nothing, round 2 the lowest sort number on top of the piles.
    assert "The town builds nothing this round." in lines
    name = D.BUILDINGS[lowest].name
    assert f"The town builds the {name} (the lowest sort number on top of the proposals)." in lines
    assert D.BUILDINGS[lowest].id in {b["key"] for b in _table(state)["town"]}  # type: ignore[attr-defined]
    # The new ship: the round card turned over joins its pile.
    assert (
        "A new ship: Appoline, a wooden ship worth 2 (4 food a round, 14 Francs to buy), on top of its pile."
        in lines
    )
    assert any(line.startswith("Round 3 of 14: 5 food at its end, a harvest") for line in lines)
    # Each seat is told the same round's end, its own payments as "You".
    assert len(told[1]) == len(told[0])
    assert [line.replace("You", "P?") for line in told[1] if "P0" not in line and "You" not in line] == [
        line.replace("You", "P?") for line in told[0] if "P1" not in line and "You" not in line
    ]


def _words(count: str, good: str) -> str:
    if good == "francs":
        return f"{count} Franc{'s' * (count != '1')}"
    return f"{count} {good.replace('_', ' ')}"


def test_a_player_whose_ships_provide_the_food_is_told_so() -> None:
    # 2p short round 1 (R02): 4 food; each starting wooden ship feeds 4
    state = lh.new_game(2, seed=1, variant="short")
    for _ in range(6):
        state = _a_turn(state)
    after = _a_turn(state)
    lines = _told(state, after)
    assert "You: the ships provide all the food." in lines and "P1: the ships provide all the food." in lines


def test_a_player_short_of_food_takes_loans_and_the_others_are_told() -> None:
    # "A player who cannot pay must sell buildings or take a Loan card."
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=3)  # R10: 13 food - 4 = 9
    state = _player(state, 0, goods={"francs": 9})
    state = _player(state, 1, goods={"francs": 2, "fish": 1, "meat": 1, "wood": 3})
    state = play(state, "take iron", "end")
    after = play(state, "loan")  # 6 food's worth, one loan covers the other 3; P0 pays by force
    assert _told(state, after, 0)[:2] == [
        "P1 owed 9 food, had 6 food's worth: paid it all and took 1 loan.",
        "You paid 9 food: 9 Francs.",
    ]
    assert _told(state, after, 1)[0] == "You owed 9 food, had 6 food's worth: paid it all and took 1 loan."


def test_a_sale_to_pay_for_food_is_not_counted_as_food_paid() -> None:
    state = position(2, own={0: ["fishery"]}, stock={0: {"francs": 1}, 1: {"francs": 3}})
    state = _round_end(state, round=1)  # 7 food - 4 = 3 each
    before = play(state, "take grain")
    state = play(before, "end")  # P1 feeds first (3 Francs, the only way); then P0 must sell
    assert state.current_player == 0
    assert "P1 paid 3 food: 3 Francs." in _told(before, state)
    after = play(state, "sell fishery")  # 5 Francs: 6, then 3 paid (the only way)
    lines = _told(state, after)
    assert lines[0] == "You paid 3 food: 3 Francs." and not any(line.startswith("P1") for line in lines)


def test_interest_is_told_when_a_ship_lands_on_the_interest_tile() -> None:
    # "Whenever any player places a ship on this tile, all players who have taken a loan must
    # immediately pay exactly 1 Franc in interest (regardless of the number of loans)."
    state = lh.new_game(3, seed=1, variant="short")
    state = _player(state, 2, loans=2, goods={"francs": 3})
    state = _player(state, 0, loans=1, goods={"francs": 0})
    interest = next(k for k, t in enumerate(state.tiles) if D.SUPPLY_TILES[t].interest)
    told = []
    while state.turn < interest or state.turn_player != interest % 3:
        before = state
        state = _a_turn(state)
        told += [line for line in _told(before, state, 1) if "interest" in line]
        if state.round:
            break
    lander = interest % 3  # round 1: turn k is seat k's; the others pay after it, in turn order
    said = {2: "P2 paid 1 Franc interest.", 0: "P0 had no Franc for the interest: took a loan to pay it."}
    assert told == [said[seat] for seat in ((lander + k) % 3 for k in range(3)) if seat in said]


def test_the_owner_of_a_building_entered_is_told_the_fee_it_received() -> None:
    state = position(2, seat=1, own={0: ["fishery"]}, stock={1: {"fish": 2}})
    assert D.BUILDINGS[B["fishery"]].fee == D.FREE
    after = play(state, "enter fishery")
    assert _told(state, after, 0) == ["P1 entered your Fishery (no entry fee)."]
    state = position(2, seat=1, own={0: ["clay_mound"]}, stock={1: {"fish": 2}})  # fee: 1 food
    after = play(state, "enter clay_mound")
    assert _told(state, after, 0) == ["P1 entered your Clay Mound and paid you 1 fish."]
    assert _told(state, after, 1) == []


@pytest.mark.parametrize(
    ("n", "variant"), [(1, "full"), (2, "short"), (3, "full"), (4, "short"), (5, "short")]
)
def test_every_round_end_is_told_once_to_every_seat_with_each_seats_feeding(n: int, variant: str) -> None:
    state, rng = lh.new_game(n, seed=n, variant=variant), random.Random(n)
    rounds = len(D.round_cards(n, variant))
    told: list[list[str]] = [[] for _ in range(n)]
    while not lh.is_terminal(state):
        actions = lh.legal_actions(state)
        wanted = [a for a in actions if isinstance(a, (lh.Enter, lh.Build, lh.Buy))]
        after = lh.apply(state, rng.choice(wanted if wanted and rng.random() < 0.6 else actions))
        for seat in range(n):
            told[seat] += _told(state, after, seat)
        state = after
    for lines in told:
        overs = [line for line in lines if re.match(r"Round \d+ of \d+ is over", line)]
        assert [int(line.split()[1]) for line in overs] == list(range(1, rounds + 1))
        fed = [
            line for line in lines if re.match(r"(You|P\d)( paid \d+ food:| owed \d+ food|: the ships)", line)
        ]
        demands = sum(1 for card in D.round_cards(n, variant) if card.food_demand(n))
        assert len(fed) == n * demands
        assert lines[-1].startswith("The game is over: wealth ")
        assert sum(line.startswith("A new ship:") for line in lines) == rounds


def test_a_feeding_paid_one_kind_of_food_at_a_time_is_told_as_one_payment() -> None:
    # More minimal ways than are listed: the food is asked kind by kind (pay_part), paid at the end.
    state = _round_end(lh.new_game(2, seed=1, variant="short"), round=3)  # R10: 13 food - 4 = 9
    state = _player(state, 1, goods={"fish": 6, "smoked_fish": 4, "bread": 4, "meat": 3, "francs": 7})
    state = _player(state, 0, goods={"francs": 30})
    state = play(state, "take iron", "end")
    assert str(lh.legal_actions(state)[0]).startswith("pay_part ")
    told = []
    for part in ("pay_part 0 fish", "pay_part 0 smoked_fish", "pay_part 0 bread", "pay_part 1 meat"):
        before, state = state, play(state, part)
        told += _told(before, state)
    assert told[:2] == ["P1 paid 9 food: 1 meat, 6 Francs.", "You paid 9 food: 9 Francs."]


# -- the words say what this seat pays -------------------------------------------------------------
def test_an_owner_enters_its_own_building_free_and_the_label_says_so() -> None:
    """The Marketplace's card shows 2 food / 1 Franc; its owner pays nothing (rulebook, Entry
    Fee), the other player pays it to the owner: the button says so to each."""
    state = position(2, own={0: ["marketplace"]}, stock={0: {"francs": 5}, 1: {"francs": 5}})
    enter = lh.Enter("marketplace")
    assert enter in lh.legal_actions(state)
    assert lh.action_label(enter, lh.observe(state, 0)) == "Enter Marketplace (yours: no fee)"
    assert lh.action_label(enter, lh.observe(state, 1)) == "Enter Marketplace (P0's own: no fee)"
    assert lh.apply(state, enter).players[0].stock == state.players[0].stock  # nothing was paid
    theirs = position(2, seat=1, own={0: ["marketplace"]}, stock={0: {"francs": 5}, 1: {"francs": 5}})
    assert enter in lh.legal_actions(theirs)
    paying = "Enter Marketplace (fee 2 food or 1 Franc, to "
    assert lh.action_label(enter, lh.observe(theirs, 1)) == paying + "P0)"
    assert lh.action_label(enter, lh.observe(theirs, 0)) == paying + "you)"
    assert _fee_asked(theirs, enter) and not _fee_asked(state, enter)


def _fee_asked(state: lh.State, enter: lh.Enter) -> bool:
    """Whether entering asks the fee: a ``PayFee`` decision, or its only way paid at once."""
    after = lh.apply(state, enter)
    forced = after.forced[:1]
    return isinstance(after.decision, PayFee) or (
        bool(forced) and forced[0].player == state.current_player and forced[0].action.startswith("pay ")
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (3, 4), (4, 9)])
def test_every_enter_label_says_no_fee_exactly_when_none_is_asked(players: int, seed: int) -> None:
    """Along seeded games that buy and build often (so that seats own buildings they enter), the
    words of every legal ``enter`` tell the truth: "no fee" exactly when entering asks no fee."""
    state, rng = lh.new_game(players, seed=seed, variant="short"), random.Random(seed)
    owned = asked = 0
    while not lh.is_terminal(state):
        actions = lh.legal_actions(state)
        seen = lh.observe(state, state.current_player)
        for action in actions:
            if isinstance(action, lh.Enter):
                label = lh.action_label(action, seen)
                fee_asked = _fee_asked(state, action)
                assert ("no fee" not in label) == fee_asked, label
                owned += "(yours: no fee)" in label
                asked += fee_asked
        wanted = [a for a in actions if isinstance(a, (lh.Buy, lh.Build))]
        state = lh.apply(state, rng.choice(wanted if wanted and rng.random() < 0.7 else actions))
    assert owned and asked


# -- what is being decided: one text for the header and the prompt ---------------------------------
def test_the_prompt_and_the_header_say_what_is_decided_in_the_same_words() -> None:
    """``render.describe`` is the one text: the table's prompt is it after whom it concerns, and
    the header of ``render`` shows it in ``P0 to decide (...)``, for every decision reached
    along seeded games that enter buildings often (so that the buildings' own decisions come),
    to the seat deciding and to another."""
    kinds: set[str] = set()
    for players, variant, seed in ((2, "short", 1), (3, "full", 2), (4, "full", 3), (1, "full", 4)):
        state, rng = lh.new_game(players, seed=seed, variant=variant), random.Random(seed)
        while not lh.is_terminal(state):
            seat = state.current_player
            assert seat is not None
            kinds.add(type(state.decision).__name__)
            for viewer in {seat, (seat + 1) % players}:
                words, who = describe(state, viewer), "You" if viewer == seat else f"P{seat}"
                assert _table(state, viewer)["prompt"] == f"{who}: {words}."
                header = " ".join(lh.render(state, viewer).split("\n\n")[0].split())
                assert f"P{seat} to decide ({' '.join(words.split())})" in header, (header, words)
            actions = lh.legal_actions(state)
            wanted = [a for a in actions if isinstance(a, (lh.Enter, lh.Build, lh.Buy))]
            state = lh.apply(state, rng.choice(wanted if wanted and rng.random() < 0.7 else actions))
        assert _table(state, 0)["prompt"] is None and describe(state, 0) == "over"
        assert "game over" in lh.render(state, 0).split("\n\n")[0]
    assert {"Turn", "PayInterest", "Feed", "PayFee", "ChooseBuilding", "BuildGoods"} <= kinds, kinds
    assert len(kinds) >= 15, kinds
