"""Games survive a killed server: every accepted move is stored before the answer is sent."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


def test_sigkill_mid_games_then_restart_keeps_every_move(server_class: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = server_class(db).start()
    games: dict[str, tuple[str, list[dict[str, Any]], Any]] = {}
    try:
        setups = [
            {"game": "inland_port", "players": 2, "seed": 11, "bots": {"1": "random"}},
            {"game": "inland_port", "players": 2, "seed": 12},  # two people
            {"game": "gdansk", "players": 3, "seed": 13, "bots": {"2": "random"}},
            {"game": "lehavre", "players": 2, "variant": "short", "seed": 14, "bots": {"1": "greedy"}},
            {
                "game": "lehavre",
                "players": 3,
                "variant": "full",
                "seed": 15,
                "bots": {"1": "random", "2": "random"},
            },
        ]
        for setup in setups:
            status, created = first.request("POST", "/api/games", setup)
            assert status == 201, created
            tokens = created["tokens"]
            for _ in range(7):  # a few moves each, whoever's turn it is among the people
                view = None
                for token in tokens.values():
                    _, seen = first.request("GET", f"/api/games/{created['id']}?token={token}")
                    if seen["legal_actions"]:
                        view, mover = seen, token
                if view is None:
                    break
                status, after = first.request(
                    "POST",
                    f"/api/games/{created['id']}/actions",
                    {"token": mover, "action": view["legal_actions"][0]},
                )
                assert status == 200, after
            token = next(iter(tokens.values()))
            _, view = first.request("GET", f"/api/games/{created['id']}?token={token}")
            games[created["id"]] = (token, view["log"], view["observation"])
        _, victim = first.request("POST", "/api/games", {"game": "inland_port", "players": 2, "seed": 16})
    finally:
        first.kill()  # SIGKILL: nothing is flushed or closed by the server

    # A stored game the library can no longer replay (another rules version) is reported and
    # skipped; the server starts anyway and serves the others.
    with sqlite3.connect(db) as connection:
        (text,) = connection.execute("SELECT record FROM games WHERE id = ?", (victim["id"],)).fetchone()
        record = json.loads(text)
        record["data"]["version"] += 1
        connection.execute("UPDATE games SET record = ? WHERE id = ?", (json.dumps(record), victim["id"]))
    second = server_class(db).start()
    try:
        status, answer = second.request("GET", f"/api/games/{victim['id']}?token={victim['tokens']['0']}")
        assert status == 404 and "version" in answer["error"]
        for game_id, (token, log, observation) in games.items():
            status, view = second.request("GET", f"/api/games/{game_id}?token={token}")
            assert status == 200, view
            assert view["log"] == log, game_id
            assert view["observation"] == observation, game_id
            assert len(log) >= 7
        # And the games go on after the restart.
        game_id, (token, _, _) = next(iter(games.items()))
        final = second.play_first_legal(game_id, token)
        assert final["over"]
    finally:
        second.stop()
