"""A new player reads the screen without the rulebook: every code a table shows resolves with
``info``, ``info`` alone names what the decision offers, a payment that pays more than is due
says why, a sale says its price, ``undo`` is named after a first move, ``replay`` shows the
moves the engine took alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from harborgames import gdansk, inland_port, lehavre
from harborgames.core.views import find_card

from .runner import run


def _played(game, players: int, seed: int, moves: int):  # type: ignore[no-untyped-def]
    state = game.new_game(players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.current_player is None:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_code_port_gdansks_table_shows_resolves_in_info(seed: int) -> None:
    cards = gdansk.cards()
    for moves in (0, 30, 120):
        state = _played(gdansk, 3, seed, moves)
        table = gdansk.render(state, 0)
        codes = set(re.findall(r"\b(?:L\d+(?:_\d+)?|CP|O\d\d)\b", table))
        codes |= set(re.findall(r"\[(\w+)\]", table))  # the sectors
        zone = re.search(r"\nUnloading zone: (.*(?:\n {4}.*)*)", table)
        assert zone is not None
        codes |= set(re.findall(r"\b\d+ (\w+)", zone.group(1)))  # the goods
        assert codes
        for code in codes:
            card = find_card(cards, code)
            assert card.kind in ("location", "order token", "sector", "goods"), (code, card)
    assert find_card(cards, "L1").kind == "location"  # not the die face, which is `die L1`
    assert find_card(cards, "die L1").kind == "die face"
    assert find_card(cards, "board").kind == "how to read the table"


def test_the_inland_ports_goods_board_and_sale_price_read_at_the_table() -> None:
    cards = inland_port.cards()
    assert find_card(cards, "fish").name == "Fish"
    state = inland_port.new_game(seed=1)
    state = inland_port.apply(state, inland_port.parse_action(state, "build wood_company"))
    seat = 1 - state.current_player if state.current_player is not None else 0
    labels = [
        inland_port.action_label(a, inland_port.observe(state, seat))
        for a in inland_port.legal_actions(state)
    ]
    assert any(re.fullmatch(r"Sell Wood Company \(for \d+ Francs?\)", label) for label in labels), labels


def test_a_payment_of_more_than_is_due_says_no_change_is_given() -> None:
    seen = []
    for seed in range(40):
        state = _played(lehavre, 3, seed, 0)
        chooser = random.Random(seed)
        while state.current_player is not None and not seen:
            legal = lehavre.legal_actions(state)
            seen = [
                label
                for label in (
                    lehavre.action_label(a, lehavre.observe(state, state.current_player)) for a in legal
                )
                if "due: no change is given" in label
            ]
            state = lehavre.apply(state, chooser.choice(legal))
        if seen:
            break
    assert seen and re.fullmatch(r"Pay .+ \((\d+) (food|energy) for (\d+) due: no change is given\)", seen[0])


def test_info_alone_names_every_location_a_meeple_may_start_at(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["play", "gdansk", "--bots", "random", "--seed", "1"], "info\nquit\ny\n", monkeypatch) == 0
    out = " ".join(capsys.readouterr().out.split())
    named = out.split("this decision names: ")[1].split(" > ")[0]
    assert named.split(", ")[:3] == ["L1", "L2", "L4"] or "L1, L2" in named
    assert len(named.split(", ")) >= 17


def test_the_seats_have_a_line_of_their_own_and_undo_is_named_after_a_first_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "inland_port", "--bots", "greedy:lookahead=1", "--seed", "5"]
    assert run(argv, "1\n1\nquit\ny\n", monkeypatch) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "Le Havre: The Inland Port, 2 players, variant standard, seed 5",
        "seat 0: you, seat 1: greedy:lookahead=1",
    ]
    told = [line for line in lines if "`undo` takes your move back" in line]
    assert len(told) == 1


def test_replay_shows_the_moves_the_engine_took_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    assert (
        run(
            ["play", "inland_port", "--bots", "easy", "--seed", "2"],
            f"1\n1\nsave {saved}\nquit\n",
            monkeypatch,
        )
        == 0
    )
    capsys.readouterr()
    assert run(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\n   1\. seat \d: build \w+\n      forced: P\d pay ", out)


@pytest.mark.parametrize(
    ("game", "example"),
    [("inland_port", "`build "), ("gdansk", "`start "), ("lehavre", "`take ")],
)
def test_help_fits_80_columns_with_this_games_own_examples(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str, example: str
) -> None:
    assert (
        run(["play", game, "--bots", "random", "--seed", "1"], "help\nhelp info\nquit\ny\n", monkeypatch) == 0
    )
    out = capsys.readouterr().out
    helped = out[out.index("> help\n") : out.index("> quit")]
    assert all(len(line) <= 80 for line in helped.splitlines()), helped
    assert "for example, now: " + example in helped
    assert "fishery" not in helped or game == "lehavre"
    assert "               this decision's options name; info board" in helped  # help info: whole entry


def test_port_gdansks_dice_line_counts_down_as_the_dice_are_used() -> None:
    seen = {"left": False, "used": False}
    chooser = random.Random(4)
    state = gdansk.new_game(2, seed=4)
    while state.current_player is not None and not all(seen.values()):
        dice = [line for line in gdansk.render(state).splitlines() if line.startswith("Dice: ")]
        if dice and "reroll" not in dice[0]:
            seen["left"] |= bool(re.search(r"loading \d+ \(\d+ left\)", dice[0]))
            seen["used"] |= bool(re.search(r"movement \d+ \(used\)", dice[0]))
        state = gdansk.apply(state, chooser.choice(gdansk.legal_actions(state)))
    assert seen == {"left": True, "used": True}


def test_le_havres_table_shows_the_food_due_all_round() -> None:
    state = lehavre.new_game(2, seed=1)
    for table in (lehavre.render(state, 0), lehavre.render_seat(state, 0)):
        assert re.search(r"P0: .*food due \d+ at the round's\s+end", table), table
