"""The dice: roll, set aside, reroll, set aside, one last reroll (rulebook "A player's turn")."""

from __future__ import annotations

from collections import Counter

import pytest

from harborgames import gdansk
from harborgames.core.errors import IllegalActionError

from .positions import legal, play, position


def test_a_turn_starts_with_the_roll_and_nothing_else() -> None:
    s = position(players=2)
    assert legal(s) == ["roll"]
    with pytest.raises(IllegalActionError, match="current decision is rolling the dice"):
        gdansk.apply(s, gdansk.Execute(1))


def test_after_a_roll_any_dice_may_be_rerolled_or_all_kept() -> None:
    s = position(players=2, dice=["L1", "L1", "M2"], rolls=1)
    assert legal(s) == ["reroll L1", "reroll M2", "reroll L1 L1", "reroll L1 M2",
                        "reroll L1 L1 M2", "keep"]
    three = position(players=2, dice=["L1", "M2", "R1"], rolls=1)
    assert len(legal(three)) == 7 + 1


def test_dice_set_aside_stay_and_the_others_are_rolled_again() -> None:
    s = position(players=2, dice=["L1", "L1", "M2"], rolls=1)
    after = play(s, "reroll M2")
    codes = [after.rules.components.face_codes[f] for f in after.turn.dice]
    assert Counter(codes)["L1"] >= 2 and after.turn.rolls == 2 and after.decision == gdansk.RerollDice()


def test_the_final_reroll_may_include_dice_set_aside_after_the_first_roll() -> None:
    s = position(players=2, dice=["L2", "L2", "L2"], rolls=2)
    assert "reroll L2 L2 L2" in legal(s)
    after = play(s, "reroll L2 L2 L2")
    assert after.decision == gdansk.ChooseAction(after_dice=False) and after.turn.rolls == 3  # no fourth roll


def test_keeping_ends_the_rolling_and_counts_the_symbols() -> None:
    s = play(position(players=2, dice=["L1", "L2", "M2"], rolls=1), "keep")
    assert s.decision == gdansk.ChooseAction(after_dice=False)
    assert (s.turn.load, s.turn.move, s.turn.recruit) == (3, 2, 0)


def test_rerolling_faces_that_are_not_showing_is_refused() -> None:
    s = position(players=2, dice=["L1", "L1", "M2"], rolls=1)
    with pytest.raises(IllegalActionError, match="does not name dice you can reroll"):
        gdansk.apply(s, gdansk.Reroll(("R1",)))
    with pytest.raises(IllegalActionError, match="does not name dice you can reroll"):
        gdansk.apply(s, gdansk.Reroll(("M2", "M2")))
    with pytest.raises(IllegalActionError, match="in order"):
        gdansk.apply(s, gdansk.Reroll(("M2", "L1")))
    # The notation reads faces in any order and writes them in order.
    assert str(gdansk.parse_action(s, "reroll M2 L1")) == "reroll L1 M2"


def test_the_dice_come_from_the_states_seeded_rng() -> None:
    s = position(players=2)
    assert play(s, "roll") == play(s, "roll")
    faces: Counter[str] = Counter()
    results = set()
    for seed in range(300):
        rolled = play(position(players=2, seed=seed), "roll")
        codes = tuple(rolled.rules.components.face_codes[f] for f in rolled.turn.dice)
        results.add(codes)
        faces.update(codes)
    # 900 dice: each side 1/6; the two recruitment sides share the face R1.
    expected = {"L1": 150, "L2": 150, "M1": 150, "M2": 150, "R1": 300}
    assert all(abs(faces[f] - n) < 5 * n**0.5 for f, n in expected.items())
    assert len(results) > 30
