"""The rulebook's worked examples (seed 000, English; seed 001, German), played through the
public API, and the rulebook's sections that are best shown by a short game: setup, the round
sequence, the turn's decision sequence, the end of the game and the notation.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from harborgames.inland_port import (
    Build,
    ChooseUse,
    MainAction,
    Pass,
    PayBuildCost,
    PayExchangeFood,
    SellOrEnd,
    State,
    Use,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    parse_action,
    render,
    scores,
    winners,
)
from harborgames.inland_port.data import BUILDINGS, ROUND_ACTIONS, ROUND_LETTERS
from tests.inland_port.positions import BUILDING_INDEX, legal, play, position, round_of, square


# -- Game Setup -----------------------------------------------------------------------------------
def test_setup_three_francs_start_goods_and_a_random_starting_player_on_the_a_f_board() -> None:
    starters = set()
    for seed in range(20):
        state = new_game(seed=seed)
        starters.add(state.first_player)
        assert state.current_player == state.first_player  # the A-F holder starts round A
        assert state.round == round_of("A")
        assert state.actions_left == 3
        assert state.francs == (3, 3)
        assert state.goods == ((4, 3, 2, 1), (4, 3, 2, 1))  # 4 Fish, 3 Clay, 2 Wood, 1 Grain
        assert state.owner == (-1,) * 31
        text = render(state)
        assert f"Player {state.first_player} (A-F board)" in text
        assert f"Player {1 - state.first_player} (G-L board)" in text
    assert starters == {0, 1}  # randomly determined
    # the printed start squares, (row value, column): Fish (3,1), Clay (3,0), Wood (0,2), Grain (0,1)
    assert [square(n) for n in (4, 3, 2, 1)] == [(3, 1), (3, 0), (0, 2), (0, 1)]


def test_buildings_enter_the_game_by_letter() -> None:
    # With plenty of everything, the buildable tiles are exactly those whose letter has come.
    for round_ in range(12):
        state = position(round=round_, goods={0: (17, 17, 17, 17)}, francs={0: 99})
        expected = [f"build {b.id}" for b in BUILDINGS if ROUND_LETTERS.index(b.letter) <= round_]
        assert legal(state) == expected, ROUND_LETTERS[round_]
    assert [b.id for b in BUILDINGS if b.letter == "A"] == [
        "wood_company",
        "farmland",
        "clay_mound",
        "grocery_store",
        "hardware_store",
    ]


# -- Gameplay: the round sequence -----------------------------------------------------------------
def _main_action(state: State, text: str) -> State:
    """Play one whole turn: ``text`` as the main action, first choice/payment offered, then end."""
    state = play(state, text)
    while isinstance(state.decision, (ChooseUse, PayBuildCost, PayExchangeFood)):
        state = apply(state, legal_actions(state)[0])
    if state.decision == SellOrEnd():
        state = play(state, "end")
    return state


def test_emma_and_max_round_a_then_b() -> None:
    # Emma starts: round A has 3 actions, Emma - Max - Emma. Then both pointers turn (Emma's to B,
    # Max's to H), the B buildings enter, and Max starts round B with 2 actions to Emma's 1.
    state = new_game(seed=3)
    emma, max_ = state.first_player, 1 - state.first_player
    seen = []
    plan = ["build wood_company", "build farmland", "build grocery_store"]
    for text in plan:
        seen.append((ROUND_LETTERS[state.round], state.current_player))
        state = _main_action(state, text)
    assert seen == [("A", emma), ("A", max_), ("A", emma)]
    assert (ROUND_LETTERS[state.round], ROUND_LETTERS[state.round + 6]) == ("B", "H")
    assert state.actions_left == 3
    assert state.current_player == max_
    assert {"build farm", "build kiln", "build smokehouse"} <= set(legal(state))
    for text in ["build kiln", "use wood_company", "use farmland"]:
        seen.append((ROUND_LETTERS[state.round], state.current_player))
        state = _main_action(state, text)
    assert seen[3:] == [("B", max_), ("B", emma), ("B", max_)]
    assert ROUND_LETTERS[state.round] == "C"
    assert state.current_player == emma


def test_twelve_rounds_3_3_3_5_5_5_7_7_7_9_9_9_make_72_main_actions() -> None:
    assert ROUND_ACTIONS == (3, 3, 3, 5, 5, 5, 7, 7, 7, 9, 9, 9)
    assert sum(ROUND_ACTIONS) == 72
    state = new_game(seed=11)
    first = state.first_player
    per_round: dict[int, list[int]] = {}
    while not is_terminal(state):
        actions = legal_actions(state)
        if state.decision == MainAction():
            main = [a for a in actions if isinstance(a, (Build, Use, Pass))]
            per_round.setdefault(state.round, []).append(state.current_player)  # type: ignore[arg-type]
            state = apply(state, main[0])
        elif state.decision == SellOrEnd():
            state = play(state, "end")
        else:
            state = apply(state, actions[0])
    assert state.round == 12
    assert [len(per_round[r]) for r in range(12)] == list(ROUND_ACTIONS)
    for r, players in per_round.items():
        starter = first if r % 2 == 0 else 1 - first  # the start alternates: odd counts
        assert players[0] == players[-1] == starter  # the starter takes the first and last action
        assert all(a != b for a, b in pairwise(players))  # strictly alternating
        assert players.count(starter) == (ROUND_ACTIONS[r] + 1) // 2
    assert sum(p.count(first) for p in per_round.values()) == 36


def test_round_e_has_five_actions_and_the_a_f_player_starts() -> None:
    state = position(round=round_of("E"), player=0)
    assert state.first_player == 0
    assert state.actions_left == 5
    assert "round E (5 actions, 5 left): P0 to decide" in render(state)


def test_a_turn_is_sells_then_one_main_action_with_its_choices_then_sells_then_end() -> None:
    state = position(
        round=round_of("D"),
        goods={0: (4, 3, 0, 1)},
        francs={0: 0},
        built={"wood_company": (0, 0), "hardware_store": (0, 1), "kiln": (0, 3)},
    )
    state = play(state, "sell wood_company")
    assert (state.decision, state.francs[0]) == (MainAction(), 5)
    state = play(state, "use hardware_store")
    assert state.decision == ChooseUse("hardware_store", 3)  # sector 3: placed in B, used in D
    assert legal(state) == ["move W2", "move C2"]
    state = play(state, "move W2")
    assert state.decision == SellOrEnd()
    assert legal(state) == ["sell hardware_store", "sell kiln", "end"]
    state = play(state, "sell kiln")
    assert (state.decision, state.francs[0]) == (SellOrEnd(), 9)
    state = play(state, "end")
    assert (state.current_player, state.decision, state.actions_left) == (1, MainAction(), 4)


# -- Gameplay: the worked examples ----------------------------------------------------------------
def test_emma_uses_the_wood_company_in_sector_3() -> None:
    # "She may move the Wood goods counter three spaces to the right." With three columns the
    # counter stops at the last space of its row: from column 0 two of the three steps fit.
    state = position(round=round_of("C"), goods={0: (4, 3, 3, 1)}, wheel={"wood_company": (0, "3")})
    state = play(state, "use wood_company")
    assert state.goods[0] == (4, 3, 5, 1)
    assert square(5) == (3, 2)
    assert state.placed[BUILDING_INDEX["wood_company"]] == state.round  # back to sector 0


def test_max_uses_emmas_business_office_in_4_plus() -> None:
    # Emma (seat 0, A-F board) built it in H; in round L it is in "4+". Max pays her 1 Franc, moves
    # his four counters down-left (paying 4 goods each) for 4 x 5 = 20 Francs, plus the bonus Franc.
    state = position(
        round=round_of("L"),
        player=1,
        goods={1: (4, 4, 4, 4)},
        wheel={"business_office": (0, "4+")},
    )
    assert state.first_player == 0  # Emma
    state = play(state, "use business office")
    assert state.francs == (3 + 1, 3 - 1 + 20 + 1)
    assert state.goods[1] == (0, 0, 0, 0)
    assert state.goods[0] == (4, 3, 2, 1)
    assert state.owner[BUILDING_INDEX["business_office"]] == 0
    assert state.placed[BUILDING_INDEX["business_office"]] == state.round  # Emma's sector 0


def test_a_counter_on_the_6_row_and_the_1_column_means_7_wood() -> None:
    state = position(goods={0: (4, 3, 7, 1)})
    assert square(7) == (6, 1)
    lines = render(state).splitlines()
    block = lines[lines.index(next(x for x in lines if x.startswith("Player 0"))) :]
    assert "Wood 7" in block[0]
    row_6 = next(line for line in block if line.split()[:1] == ["6"])
    assert row_6.split() == ["6", ".", "W", "."]  # the W sits in column +1 of row 6


def test_no_change_wood_on_6_in_the_second_column_paying_2_moves_down() -> None:
    # English example: 7 Wood (6 row, column +1) paying 2 (Grocery Store): one left step pays only
    # 1 and a second is off the grid, so the counter moves down, paying 3.
    state = position(round=round_of("A"), goods={0: (4, 3, 7, 1)})
    state = play(state, "build grocery_store")
    assert state.decision == SellOrEnd()  # the only way to pay was taken without asking
    assert state.goods[0] == (4, 3, 4, 1)
    assert square(4) == (3, 1)


def test_no_change_clay_on_6_in_the_first_column_paying_2_moves_down() -> None:
    # German example: 6 Clay (6 row, column +0) paying 2 (Wood Company): no left step exists.
    state = position(round=round_of("A"), goods={0: (4, 6, 2, 1)})
    state = play(state, "build wood_company")
    assert state.goods[0] == (4, 3, 2, 1)
    assert square(3) == (3, 0)


# -- End of the Game ------------------------------------------------------------------------------
def test_game_ends_after_round_l_and_the_richest_player_wins() -> None:
    state = position(
        round=round_of("L"),
        actions_left=1,
        goods={0: (0, 0, 0, 0)},
        francs={0: 10, 1: 5},
        built={"town_hall": (1, 9)},
    )
    over = play(state, "build farmland; end")
    assert is_terminal(over)
    assert legal_actions(over) == []
    assert scores(over) == (9 + 4, 5 + 26)  # Francs plus building values
    assert winners(over) == (1,)


def test_a_tie_is_a_shared_win() -> None:
    # The rulebook replays with swapped boards; the engine reports both seats as winners.
    state = position(round=round_of("L"), actions_left=1, goods={0: (0, 0, 0, 0)}, francs={0: 2, 1: 5})
    over = play(state, "build farmland; end")
    assert is_terminal(over)
    assert scores(over) == (5, 5)
    assert winners(over) == (0, 1)
    assert winners(state) == ()  # no winner before the end


# -- Notation -------------------------------------------------------------------------------------
def test_notation_names_as_in_the_index_or_any_unambiguous_prefix() -> None:
    state = new_game(seed=1)
    for text, expected in [
        ("build Masons' Guild", Build("masons_guild")),
        ("BUILD masons guild", Build("masons_guild")),
        ("build Pont de Normandie", Build("pont_de_normandie")),
        ("use craftsmen", Use("craftsmens_yard")),
        ("use farm", Use("farm")),  # an exact name wins over a longer one (farmland)
        ("use farml", Use("farmland")),
    ]:
        assert parse_action(state, text) == expected, text


def test_notation_round_trips_for_every_legal_action_of_a_game() -> None:
    state = new_game(seed=5)
    seen: set[str] = set()
    step = 0
    while not is_terminal(state):
        actions: list[Any] = legal_actions(state)
        for action in actions:
            assert parse_action(state, str(action)) == action
            seen.add(str(action).split()[0])
        state = apply(state, actions[step % len(actions)])
        step += 1
    assert {"build", "sell", "end"} <= seen
