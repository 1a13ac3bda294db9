"""What a review as a player and as an embedding developer found, each pinned by a test:
the seed (and so every hidden card and roll) kept from the seats until the end, damaged database
rows, ``serve``'s start-up checks, strict request fields, and Le Havre's special buildings."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import harborgames
from harborgames.core.update import update
from harborgames.lehavre import data as lh_data
from harborgames.lehavre import state as lh_state
from harborgames.web import Conflict, GameService, NotFound, Store


def test_the_seed_and_the_record_wait_for_the_end_of_the_game(server: Any) -> None:
    """The seed fixes every shuffle and roll: a seat that knew it would know every face-down
    tile, special card and Cruise Ship value and every die still to come."""
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 12, "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    status, view = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert status == 200 and view["seed"] is None
    status, answer = server.request("GET", f"/api/games/{game_id}/record?token={token}")
    assert status == 409 and "seed" in answer["error"] and set(answer) == {"error"}
    status, answer = server.request("GET", f"/api/games/{game_id}/record")
    assert status == 403
    final = server.play_first_legal(game_id, token)
    assert final["seed"] == 12
    status, record = server.request("GET", f"/api/games/{game_id}/record")
    assert status == 200 and record["data"]["seed"] == 12


def test_unknown_fields_and_second_spellings_of_a_seat_are_refused(server: Any) -> None:
    _, created = server.request("POST", "/api/games", {"game": "gdansk", "players": 3, "seed": 1})
    game_id = created["id"]
    _, view = server.request("GET", f"/api/games/{game_id}?token={created['tokens']['0']}")
    token = created["tokens"][str(view["current_player"])]
    _, before = server.request("GET", f"/api/games/{game_id}?token={token}")
    status, answer = server.request(
        "POST",
        f"/api/games/{game_id}/actions",
        {"token": token, "action": before["legal_actions"][0], "seat": 2},
    )
    assert status == 400 and answer["error"] == "unknown field 'seat'"
    _, after = server.request("GET", f"/api/games/{game_id}?token={token}")
    assert after["log"] == before["log"]
    for bots in ({"01": "random"}, {"1": "random", "01": "greedy"}, {"+1": "random"}, {" 1": "random"}):
        status, answer = server.request("POST", "/api/games", {"game": "gdansk", "players": 3, "bots": bots})
        assert status == 400 and "is not a seat" in answer["error"], bots


def test_a_damaged_row_stops_only_its_own_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    service = GameService(Store(path))
    games = [service.create({"game": "inland_port", "seed": n, "bots": {"1": "random"}}) for n in range(4)]
    service.store.close()
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE games SET tokens = 'not json' WHERE id = ?", (games[0]["id"],))
        connection.execute("UPDATE games SET bots = '[1]' WHERE id = ?", (games[1]["id"],))
        connection.execute("UPDATE games SET game = 'chess' WHERE id = ?", (games[2]["id"],))
    connection.close()

    restarted = GameService(Store(path))
    count, problems = restarted.restore()
    assert count == 1
    assert [problem.split(":")[0] for problem in problems] == [f"game {g['id']}" for g in games[:3]]
    assert "tokens column is damaged" in problems[0] and "bots column is damaged" in problems[1]
    assert "unknown game 'chess'" in problems[2]
    with pytest.raises(NotFound, match="cannot be restored"):
        restarted.view(games[0]["id"], games[0]["tokens"]["0"])
    assert restarted.view(games[3]["id"], games[3]["tokens"]["0"])["seat"] == 0
    with pytest.raises(Conflict):
        restarted.record(games[3]["id"], games[3]["tokens"]["0"])
    restarted.store.close()

    # The server itself starts on that file, warning about each damaged game in one line.
    started = subprocess.run(
        [sys.executable, "-c", _SERVE_ONCE, str(path)], capture_output=True, text=True, timeout=60
    )
    assert started.returncode == 0, started.stderr
    assert started.stderr.count("harborgames: warning: game ") == 3 and "Traceback" not in started.stderr
    assert "1 games restored" in started.stdout


# ``harborgames serve`` up to the point where it listens, then stopped at once.
_SERVE_ONCE = """
import sys, uvicorn
from harborgames.cli import main
uvicorn.Server.run = lambda self, sockets=None: None
sys.exit(main(['serve', '--port', '0', '--db', sys.argv[1]]))
"""


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harborgames", "serve", *args], capture_output=True, text=True, timeout=60
    )


def test_serve_refuses_an_empty_host_and_a_missing_folder(tmp_path: Path) -> None:
    empty = _serve("--host", "", "--port", "0", "--db", str(tmp_path / "a.db"))
    assert empty.returncode != 0 and "--host must name an address" in empty.stderr
    assert "Traceback" not in empty.stderr and len(empty.stderr.strip().splitlines()) == 1
    missing = tmp_path / "no" / "such" / "x.db"
    answer = _serve("--port", "0", "--db", str(missing))
    assert answer.returncode == 1 and "does not exist" in answer.stderr and "Traceback" not in answer.stderr
    assert not (tmp_path / "no").exists(), "a mistyped --db must not create folders"
    for db in ("/dev/null", str(tmp_path)):
        answer = _serve("--port", "0", "--db", db)
        assert answer.returncode == 1 and "cannot open the database" in answer.stderr
        assert len(answer.stderr.strip().splitlines()) == 1


def test_lehavre_table_shows_the_special_deck_as_each_seat_knows_it() -> None:
    module = harborgames.load("lehavre")
    state = module.new_game(3, seed=8, variant="full")
    top, second, *rest = state.specials
    built = rest[-1]  # one special building already in the town
    owner = list(state.owner)
    owner[built] = lh_state.TOWN
    unseen = (-1,) * (len(rest) + 1)  # what a seat knows of each card of the deck: nothing
    known = (unseen, (top, second, *unseen[2:]), unseen)
    state = update(state, specials=(top, second, *rest[:-1]), known=known, owner=tuple(owner))

    looked = module.table(module.observe(state, 1))["specials"]
    assert [card["name"] for card in looked["deck"]] == [
        lh_data.BUILDINGS[top].name,
        lh_data.BUILDINGS[second].name,
        *(None for _ in rest[:-1]),
    ]
    assert all(card["known_to"] == [] for card in looked["deck"])
    other = module.table(module.observe(state, 0))
    assert [card["name"] for card in other["specials"]["deck"]] == [None] * (len(rest) + 1)
    assert [card["known_to"] for card in other["specials"]["deck"][:3]] == [[1], [1], []]
    town = {b["name"]: b for b in other["town"]}
    assert town[lh_data.BUILDINGS[built].name]["special"] is True
    assert all(b["text"] and b["occupants"] == [] for b in other["town"])
    card = other["round_card"]
    assert card["town_builds"] in lh_data.TOWN_BUILD_NAMES and card["ship_name"]


def test_a_seed_above_2_to_the_53_stays_exact_from_the_lobby_to_the_record(server: Any) -> None:
    # The page sends the seed as its digits (a JavaScript number would round 6387471596401453391
    # to 6387471596401453000); the stored game, its record and the view's seed_text are exact.
    big = 6387471596401453391
    _, created = server.request(
        "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": str(big), "bots": {"1": "random"}}
    )
    game_id, token = created["id"], created["tokens"]["0"]
    final = server.play_first_legal(game_id, token)
    assert final["seed"] == big and final["seed_text"] == str(big)
    status, record = server.request("GET", f"/api/games/{game_id}/record")
    assert status == 200 and record["data"]["seed"] == big
    for bad in ("-1", "1e5", "12a", "9" * 20, " 1"):
        status, answer = server.request(
            "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": bad}
        )
        assert status == 400 and "seed" in answer["error"], bad
