"""The library boundary every embedder relies on (issue 22): setup arguments of the wrong kind
and bot budgets that leave a search nothing to do are refused with a message naming them."""

from __future__ import annotations

import subprocess
import sys

import pytest

import harborgames
from harborgames import bots


@pytest.mark.parametrize("name", harborgames.games())
@pytest.mark.parametrize("options", [5, "junk", [("a", "b")], 1.5, True])
def test_new_game_refuses_options_that_are_not_a_mapping(name: str, options: object) -> None:
    game = harborgames.load(name)
    with pytest.raises(ValueError, match=r"^options must be a mapping"):
        game.new_game(game.INFO.min_players, options=options)  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", ["mcts", "ismcts"])
@pytest.mark.parametrize(
    ("param", "message"),
    [
        ("time_limit=0", "time_limit must be above 0"),
        ("time_limit=-1", "time_limit must be above 0"),
        ("time_limit=nan", "time_limit must be a finite number"),
        ("time_limit=inf", "time_limit must be a finite number"),
        ("time_limit=-inf", "time_limit must be a finite number"),
        ("iterations=0", "iterations must be at least 1"),
        ("iterations=-5", "iterations must be at least 1"),
    ],
)
def test_bot_budgets_are_checked(bot: str, param: str, message: str) -> None:
    with pytest.raises(ValueError, match=rf"^{bot}: {message}"):
        bots.make_from_spec(f"{bot}:{param}")


def test_a_tiny_time_limit_still_chooses_a_move() -> None:
    game = harborgames.load("inland_port")
    state = game.new_game(2, seed=1)
    for bot in ("mcts", "ismcts"):
        chosen = bots.make_from_spec(f"{bot}:time_limit=1e-9").choose(
            bots.make_view(game, state, state.current_player)
        )
        assert chosen in game.legal_actions(state)


def test_the_cli_says_so_in_one_line() -> None:
    answer = subprocess.run(
        [sys.executable, "-m", "harborgames", "arena", "inland_port", "--bots", "mcts:time_limit=0,random"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode != 0 and "Traceback" not in answer.stderr
    assert answer.stderr.strip() == "harborgames: error: mcts: time_limit must be above 0, not 0"


@pytest.mark.parametrize("name", harborgames.games())
@pytest.mark.parametrize(
    ("player", "text", "message"),
    [
        (0, "\x1b[2J", "control character"),
        (0, "take wood\n", "control character"),
        (0, "x" * 100_000, "100000 characters"),
        (99, "end", "seat"),
    ],
)
def test_loads_checks_the_forced_decisions(name: str, player: int, text: str, message: str) -> None:
    import json

    from harborgames.core.errors import FormatError

    game = harborgames.load(name)
    state = game.new_game(game.INFO.min_players, seed=1)
    document = json.loads(game.dumps(state))
    document["data"]["forced"] = [{"player": player, "action": text, "outcome": ""}]
    with pytest.raises(FormatError, match=message):
        game.loads(json.dumps(document))
