"""What the terminal shows fits it: every line of every game's table is at most 80 columns,
at every player count and variant, all along random games and for every seat's view."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import harborgames
from harborgames.cli.choices import Menu
from harborgames.core.render import WIDTH

from .runner import run

SETUPS = [
    (name, players, variant)
    for name in harborgames.games()
    for players in range(harborgames.load(name).INFO.min_players, harborgames.load(name).INFO.max_players + 1)
    for variant in harborgames.load(name).INFO.variants
]


@pytest.mark.parametrize(("name", "players", "variant"), SETUPS)
def test_every_line_of_the_table_fits_80_columns_along_a_random_game(
    name: str, players: int, variant: str
) -> None:
    game = harborgames.load(name)
    try:
        state = game.new_game(players, seed=players, variant=variant)
    except ValueError:  # a variant not played at this count
        pytest.skip(f"{name} {variant} is not for {players} players")
    choose = random.Random(players)
    moves = 0
    while True:
        for viewer in (None, *range(players)) if moves % 5 == 0 or game.is_terminal(state) else (None,):
            for line in game.render(state, viewer).splitlines():
                assert len(line) <= WIDTH, (moves, viewer, line)
        if game.is_terminal(state):
            break
        state = game.apply(state, choose.choice(game.legal_actions(state)))
        moves += 1


def test_le_havre_says_the_rounds_end_instead_of_a_turn_past_the_last() -> None:
    lehavre = harborgames.load("lehavre")
    state = lehavre.new_game(2, seed=1)
    choose = random.Random(1)
    ends = 0
    while not lehavre.is_terminal(state):
        text = lehavre.render(state)
        assert "turn 8 of 7" not in text
        if type(state.decision).__name__ == "Feed":
            assert "the round's end (card " in text and "feeding: " in text
            ends += 1
        state = lehavre.apply(state, choose.choice(lehavre.legal_actions(state)))
    assert ends


def test_the_tables_count_one_franc_and_one_loan_in_the_singular() -> None:
    for name in ("lehavre", "inland_port"):
        game = harborgames.load(name)
        state = game.new_game(2, seed=3)
        choose = random.Random(3)
        singular = 0
        while not game.is_terminal(state):
            text = game.render(state)
            assert re.search(r"\b1 Francs\b", text) is None, text
            assert re.search(r"\b1 loans\b", text) is None, text
            singular += bool(re.search(r"\b1 Franc\b", text))
            state = game.apply(state, choose.choice(game.legal_actions(state)))
        assert singular, name


# -- the options' words are true for the seat deciding --------------------------------------------
# A short two-player Le Havre (seed 6): P0 sells its ship and buys the Marketplace (fee on the
# card: 2 food / 1 Franc), so it may enter it free; after P0's turn P1 may enter it for the fee.
OWNS_MARKETPLACE = ["sell_ship R01", "buy marketplace"]
P1_MAY_ENTER = [*OWNS_MARKETPLACE, "take francs", "end"]


def _lehavre_after(moves: list[str]) -> Any:
    lehavre = harborgames.load("lehavre")
    state = lehavre.new_game(2, seed=6, variant="short")
    for move in moves:
        state = lehavre.apply(state, lehavre.parse_action(state, move))
    return state


def test_the_list_says_an_owner_enters_its_own_building_free_and_another_pays_the_fee() -> None:
    lehavre = harborgames.load("lehavre")
    for moves, seat, words in (
        (OWNS_MARKETPLACE, 0, "Enter Marketplace (yours: no fee)"),
        (P1_MAY_ENTER, 1, "Enter Marketplace (fee 2 food or 1 Franc, to P0)"),
    ):
        state = _lehavre_after(moves)
        legal = lehavre.legal_actions(state)
        assert state.current_player == seat and "enter marketplace" in map(str, legal)
        lines = Menu(lehavre, legal, lehavre.observe(state, seat)).lines()
        entered = [line for line in lines if "Enter Marketplace" in line]
        assert len(entered) == 1 and entered[0].endswith(f". {words}"), entered


def test_harborgames_play_shows_the_owner_no_fee_and_the_visitor_the_fee(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "\n".join([*P1_MAY_ENTER, "quit", "y", ""])
    argv = ["play", "lehavre", "--players", "2", "--seats", "0,1", "--seed", "6", "--variant", "short"]
    assert run(argv, stdin=script, monkeypatch=monkeypatch) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d+\. Enter Marketplace \(yours: no fee\)\n", out), "P0, its owner"
    assert re.search(r"\d+\. Enter Marketplace \(fee 2 food or 1 Franc, to P0\)\n", out), "P1"
    assert "(fee 2 food / 1 Franc)" not in out  # the card's printed fee is not what either pays
