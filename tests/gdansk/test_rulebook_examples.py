"""Each worked example of the rulebook, played through the public API.

Seats: Adam is P0, Caroline P1, Anna P2 (three players), unless an example needs otherwise.
"""

from __future__ import annotations

from collections import Counter

import pytest

from harborgames import gdansk
from harborgames.core.decisions import Forced
from harborgames.core.errors import IllegalActionError

from .positions import TOKEN, legal, play, position, rolled

ADAM, CAROLINE, ANNA = 0, 1, 2


def _loadable_sets(state: gdansk.State) -> set[tuple[str, ...]]:
    """Every multiset of cubes one loading action can take, found by trying every sequence."""
    found: set[tuple[str, ...]] = set()

    def walk(s: gdansk.State, taken: tuple[str, ...]) -> None:
        found.add(tuple(sorted(taken)))
        for action in gdansk.legal_actions(s):
            if isinstance(action, gdansk.Load):
                walk(gdansk.apply(s, action), (*taken, action.good))

    walk(state, ())
    return found


def test_caroline_rolls_keeps_loading_and_rerolls_the_rest() -> None:
    """Roll, set aside the loading die, reroll two, then choose not to roll a third time."""
    s = position(players=3, player=CAROLINE, location={CAROLINE: "L1"})
    s = play(s, "roll")
    assert s.decision == gdansk.RerollDice() and s.turn.rolls == 1
    assert "keep" in legal(s)
    dice = sorted(s.rules.components.face_codes[f] for f in s.turn.dice)
    others = [f for f in dice if f != dice[0]] or dice[1:]
    s = play(s, "reroll " + " ".join(sorted(others)[:2]))
    assert s.turn.rolls == 2 and s.decision == gdansk.RerollDice()
    s = play(s, "keep")
    assert s.decision == gdansk.ChooseAction(after_dice=False) and s.turn.rolls == 2


def test_caroline_with_4_loading_symbols_has_the_rulebooks_four_kinds_of_choice() -> None:
    """4 symbols: four weight-1 cubes, two weight-2, two weight-1 and a weight-2, or 1 + Ro-Ro."""
    s = position(players=3, player=CAROLINE, location={CAROLINE: "L1"},
                 dice=["L2", "L2", "R1"])
    sets = _loadable_sets(s)
    weight = {"grain": 1, "liquid_fuels": 1, "coal": 1, "containers": 2, "cargo": 2, "ro_ro": 3}
    for example in [
        ("coal", "grain", "liquid_fuels", "liquid_fuels"),
        ("cargo", "containers"),
        ("containers", "liquid_fuels", "liquid_fuels"),
        ("grain", "ro_ro"),
        ("cargo", "coal", "grain"),  # what Caroline took
    ]:
        assert tuple(sorted(example)) in sets
    assert all(sum(weight[g] for g in taken) <= 4 for taken in sets)
    assert ("ro_ro", "ro_ro") not in sets
    after = play(s, "load grain", "load coal", "load cargo")
    assert after.players[CAROLINE].hold == (1, 0, 1, 0, 1, 0)
    with pytest.raises(IllegalActionError, match="needs 2 loading symbol"):
        gdansk.apply(play(s, "load ro_ro"), gdansk.Load("containers"))


def test_adam_moves_one_location_from_krakowskie_quay_and_may_stop_early() -> None:
    """Movement + loading + double movement: 3 arrows; he stops at Przemysłowe Quay (18)."""
    s = position(players=3, player=ADAM, location={ADAM: "L20"}, dice=["M1", "L1", "M2"])
    assert s.turn.move == 3 and s.turn.load == 1
    # One loading symbol loads one weight-1 cube (the example's "weight 3" contradicts its own
    # dice; docs/rules/gdansk.md).
    loads = [a for a in legal(s) if a.startswith("load")]
    assert loads == ["load grain", "load liquid_fuels", "load coal"]
    s = play(s, "load grain", "move L18")
    assert s.players[ADAM].location == s.rules.components.location_index["L18"]
    assert not any(a.startswith("move") for a in legal(s))  # the move action is over


def test_adam_needs_exactly_two_arrows_from_krakowskie_quay_to_gorniczy_basin() -> None:
    s = position(players=3, player=ADAM, location={ADAM: "L20"}, dice=["M2", "L1", "L1"])
    assert "move L9_14" in legal(s)
    one = position(players=3, player=ADAM, location={ADAM: "L20"}, dice=["M1", "L1", "L1"])
    assert "move L9_14" not in legal(one)
    with pytest.raises(IllegalActionError, match="takes 2 movement arrows: you rolled 1"):
        gdansk.apply(one, gdansk.Move("L9_14"))


def test_double_location_gives_access_to_both_quays_without_moving() -> None:
    """Górniczy Basin (9) and Rudowe Quay (14) are one location: both orders in reach."""
    arguments: dict[str, object] = {
        "players": 3, "player": ADAM, "location": {ADAM: "L9_14"}, "dice": ["R1", "R1", "M1"],
        "hold": {ADAM: {"grain": 1, "liquid_fuels": 1, "coal": 2, "containers": 1, "cargo": 1,
                        "ro_ro": 1}},
        "orders": {9: "O01", 14: "O03"},
    }
    s = play(position(**arguments), "recruit")  # type: ignore[arg-type]
    assert "execute 9" in legal(s) and "execute 14" in legal(s)
    s = play(s, "execute 9")
    # One order per turn, even with a second order on the double location: `end` was Adam's
    # lone option (the move is closed after an additional action), so the engine took it.
    assert s.forced[0] == Forced(ADAM, "end")
    rolled(s, CAROLINE)
    # With three workers of his own a small cruise ship keeps his turn open, to ask why not.
    s = play(position(**arguments, workers={ADAM: 3}), "recruit", "execute 9")  # type: ignore[arg-type]
    assert legal(s) == ["cruise small", "end"]
    with pytest.raises(IllegalActionError, match="already executed an order this turn"):
        gdansk.apply(s, gdansk.Execute(14))


def test_caroline_recruits_two_workers_and_need_not_move() -> None:
    s = position(players=3, player=CAROLINE, location={CAROLINE: "L1"},
                 dice=["M1", "R1", "R1"])
    s = play(s, "recruit")
    assert s.players[CAROLINE].workers == 2
    assert "end" in legal(s)


def test_carolines_12_vp_order_scores_adam_4_and_not_her_own_blue_marker() -> None:
    """WOC I Quay (1), blue: Caroline scores 12, Adam 2 x 2 for markers on quays 3 and 5."""
    s = position(
        players=3, player=CAROLINE, location={CAROLINE: "L1"}, dice=["M1", "R1", "R1"],
        hold={CAROLINE: {"grain": 3, "liquid_fuels": 2, "coal": 1, "containers": 1,
                         "cargo": 1}},
        orders={1: "O16"}, markers={ADAM: [3, 5], CAROLINE: [2]}, deck=[4, 7, 8, 10],
    )
    top = s.board.token_stack[:2]
    s = play(s, "recruit", "execute 1")
    caroline, adam, anna = s.players[CAROLINE], s.players[ADAM], s.players[ANNA]
    assert caroline.score == 12 and adam.score == 4 and anna.score == 0
    assert caroline.hold == (0,) * 6 and caroline.workers == 1
    assert s.supply == s.rules.components.supply  # cubes back in the unloading zone
    assert caroline.markers == (1 << 0) | (1 << 1) and caroline.markers_left == 6
    assert caroline.tokens == (TOKEN["O16"],) and caroline.cards == (0,)
    # Two new Port cards, Oliwskie Quay (4) and Północne Quay (7), each with the next token.
    assert s.board.tokens[0] == -1
    assert (s.board.tokens[3], s.board.tokens[6]) == top
    assert s.board.deck == (7, 9)


def test_executing_needs_meeple_goods_and_a_worker() -> None:
    full = {"grain": 1, "liquid_fuels": 1, "coal": 2}
    base = {"players": 3, "orders": {1: "O01"}, "dice": ["L1", "L1", "L1"]}
    ok = position(location={0: "L1"}, hold={0: full}, workers={0: 1}, **base)  # type: ignore[arg-type]
    assert "execute 1" in legal(ok)
    away = position(location={0: "L2"}, hold={0: full}, workers={0: 1}, **base)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="meeple must be on the location of quay 1"):
        gdansk.apply(away, gdansk.Execute(1))
    short = position(location={0: "L1"}, hold={0: {"grain": 1, "coal": 2}}, workers={0: 1},
                     **base)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"needs.*1 liquid_fuels \(you have 0\)"):
        gdansk.apply(short, gdansk.Execute(1))
    idle = position(location={0: "L1"}, hold={0: full}, **base)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="needs 1 worker"):
        gdansk.apply(idle, gdansk.Execute(1))
    for state in (away, short, idle):
        assert "execute 1" not in legal(state)


def test_a_constant_bonus_counts_as_a_virtual_cube_every_time() -> None:
    """Caroline's coal bonus: one coal fewer to hand over, for every later order."""
    s = position(players=3, location={0: "L1"}, workers={0: 1}, taken={0: ["O03"]},
                 hold={0: {"grain": 1, "liquid_fuels": 1, "coal": 1}}, orders={1: "O01"},
                 dice=["L1", "L1", "L1"], markers={0: [20]})
    assert s.players[0].bonus == (0, 0, 1, 0, 0, 0)
    s = play(s, "execute 1")
    assert s.players[0].hold == (0, 0, 0, 0, 0, 0)  # 1 coal paid, the bonus covered the other
    assert s.players[0].bonus == (0, 1, 1, 0, 0, 0)  # O01's back: liquid fuels
    assert s.players[0].tokens == (TOKEN["O03"], TOKEN["O01"])


def test_anna_swaps_her_liquid_fuel_terminal_marker_with_carolines_on_woc_i() -> None:
    s = position(players=3, player=ANNA, dice=["R1", "R1", "R1"],
                 markers={ANNA: [6], CAROLINE: [1]})
    s = play(s, "recruit")
    assert s.players[ANNA].workers == 3
    assert legal(s)[-4:-1] == ["swap 6", "place 1", "cruise small"]
    s = play(s, "swap 6")
    # Caroline's is the lone marker to trade with, and then `end` is Anna's lone option (the HR
    # panel is used once per turn, and one worker buys nothing else): the engine takes both.
    assert s.forced[:2] == (Forced(ANNA, "with P1 1"), Forced(ANNA, "end"))
    assert s.players[ANNA].markers == 1 << 0 and s.players[CAROLINE].markers == 1 << 5
    assert s.players[ANNA].workers == 1


def test_anna_serves_a_large_cruise_ship_with_8_of_her_9_workers() -> None:
    s = position(players=3, player=ANNA, dice=["R1", "R1", "R1"], workers={ANNA: 6})
    top = s.board.cruise_piles[2][0]
    s = play(s, "recruit", "cruise large")
    anna = s.players[ANNA]
    assert anna.workers == 1 and anna.cruise == ((2, top),)
    assert len(s.board.cruise_piles[2]) == 6
    # This position's game ends with Anna's turn, and final scoring counts the card in the open
    # (face down during play: tests/gdansk/test_observe.py).
    assert gdansk.is_terminal(s)
    assert gdansk.observe(s, ADAM).players[ANNA].cruise == ((2, top),)
    assert gdansk.observe(s, ANNA).players[ANNA].cruise == ((2, top),)
    assert "cruise small" not in legal(s)  # one cruise ship per turn


def test_anna_moves_to_the_central_port_and_unloads_ro_ro_and_grain_for_6_vp() -> None:
    s = position(players=3, player=ANNA, location={ANNA: "L4"}, dice=["L2", "L2", "M1"],
                 hold={ANNA: {"ro_ro": 1, "grain": 2, "containers": 1}},
                 central_port_open=True, deck=[])
    s = play(s, "move CP")
    assert not any(a.startswith("load") for a in legal(s))  # no loading on the Central Port
    with pytest.raises(IllegalActionError, match="Central Port"):
        gdansk.apply(s, gdansk.Load("grain"))
    s = play(s, "unload ro_ro", "unload grain")
    assert s.players[ANNA].score == 6
    # 0 symbols left, nothing more to unload: `end` was the lone option, taken by the engine.
    assert s.forced == (Forced(ANNA, "end"),)  # the last seat, and no orders left: game over
    assert gdansk.is_terminal(s)


def test_adams_port_cards_3_4_5_12_17_are_worth_8_at_the_end() -> None:
    """Blue, green and brown make a set of three (6) and the two blue left score 1 each."""
    s = position(players=3, player=ANNA, dice=["R1", "R1", "R1"], cards={ADAM: [3, 4, 5, 12, 17]},
                 markers={ADAM: [3, 4, 5, 12, 17]}, end_triggered=True, first_player=ADAM)
    s = play(s, "end")
    assert gdansk.is_terminal(s)
    assert gdansk.scores(s)[ADAM] == 8
    assert Counter(s.rules.components.quay_sector[q] for q in s.players[ADAM].cards) == {
        0: 3, 2: 1, 3: 1}
