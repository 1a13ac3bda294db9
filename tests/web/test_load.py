"""Bounded load tests: 50 Inland Port games at once, every seat a scripted person, on SQLite and
on PostgreSQL; and plain GETs of one game while 20 games with bots moving first are created.

Each prints its throughput and p50/p95 latency and the error count (which must be 0); run with
``-s`` to see them. Nothing here asserts a time. Bounded: each client plays one game (at most
150 moves), under a time limit.
"""

from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from .test_postgres import DSN, _require

GAMES = 50
MOVES_PER_GAME = 150  # bounds each client; a whole game of the Inland Port takes fewer
TIME_LIMIT = 90.0


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000


def test_fifty_concurrent_games(server: Any) -> None:
    _fifty_games(server, "SQLite")


def test_fifty_concurrent_games_on_postgres(server_class: Any, tmp_path: Path) -> None:
    _require()
    import secrets
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    name = f"harborgames_load_{secrets.token_hex(6)}"
    with psycopg.connect(DSN, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    running = server_class(urlunsplit(urlsplit(DSN)._replace(path=f"/{name}"))).start()
    try:
        _fifty_games(running, "PostgreSQL")
    finally:
        running.stop()
        with psycopg.connect(DSN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _fifty_games(server: Any, storage: str) -> None:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + TIME_LIMIT

    def timed(method: str, path: str, body: object = None) -> tuple[int, Any]:
        started = time.perf_counter()
        status, answer = server.request(method, path, body)
        elapsed = time.perf_counter() - started
        with lock:
            latencies.append(elapsed)
            if status >= 300:
                errors.append(f"{method} {path}: {status} {answer}")
        return status, answer

    def client(number: int) -> None:
        try:
            status, created = timed(
                "POST", "/api/games", {"game": "inland_port", "players": 2, "seed": number}
            )
            if status != 201:
                return
            tokens = created["tokens"]
            moves = 0
            seat = 0
            while moves < MOVES_PER_GAME and time.monotonic() < deadline:
                status, view = timed("GET", f"/api/games/{created['id']}?token={tokens[str(seat)]}")
                if status != 200 or view["over"]:
                    return
                if view["current_player"] != seat:
                    seat = view["current_player"]
                    continue
                status, _ = timed(
                    "POST",
                    f"/api/games/{created['id']}/actions",
                    {"token": tokens[str(seat)], "action": view["legal_actions"][0]},
                )
                if status != 200:
                    return
                moves += 1
        except Exception as error:  # a dropped connection counts as an error, not a crash
            with lock:
                errors.append(f"client {number}: {error!r}")

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIME_LIMIT + 30)
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p95 = _percentile(ordered, 0.95)
    print(
        f"\nload ({storage}): {GAMES} concurrent games, {len(latencies)} requests in {elapsed:.1f} s: "
        f"{len(latencies) / elapsed:.0f} requests/s, p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
        f"errors {len(errors)}"
    )
    assert not errors, errors[:5]
    assert len(latencies) >= GAMES * 40


BOT_CREATES = 20


@pytest.mark.parametrize("processes", ["1", "0"])
def test_a_get_while_twenty_bot_heavy_games_are_created(
    server_class: Any, tmp_path: Path, processes: str
) -> None:
    """Bots think in worker processes (``--bot-processes``, 1 here): a person's GET of another
    game waits for none of their searches. Prints the GETs' p50/p95 (and, for comparison, with
    the bots thinking on the server's own threads: ``--bot-processes 0``)."""
    running = server_class(tmp_path / "games.sqlite3", "--bot-processes", processes).start()
    try:
        status, created = running.request("POST", "/api/games", {"game": "lehavre", "players": 2, "seed": 1})
        assert status == 201
        path = f"/api/games/{created['id']}?token={created['tokens']['0']}"
        errors: list[str] = []
        done = threading.Event()
        heavy = {"game": "gdansk", "players": 4, "bots": {"0": "mcts", "1": "ismcts", "2": "mcts"}}

        def create(number: int) -> None:
            status, answer = running.request("POST", "/api/games", {**heavy, "seed": number})
            if status != 201:
                errors.append(f"create {status} {answer}")

        creators = [threading.Thread(target=create, args=(n,)) for n in range(BOT_CREATES)]
        latencies: list[float] = []

        def poll() -> None:
            while not done.is_set():
                started = time.perf_counter()
                status, answer = running.request("GET", path)
                latencies.append(time.perf_counter() - started)
                if status != 200:
                    errors.append(f"GET {status} {answer}")
                time.sleep(0.05)

        poller = threading.Thread(target=poll)
        started = time.perf_counter()
        poller.start()
        for thread in creators:
            thread.start()
        for thread in creators:
            thread.join(600)
        elapsed = time.perf_counter() - started
        done.set()
        poller.join(60)
        ordered = sorted(latencies)
        print(
            f"\nbots in {processes} worker processes: {BOT_CREATES} Gdansk creates with 3 search bots each "
            f"in {elapsed:.1f} s; another game's GET ({len(ordered)} of them): "
            f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {_percentile(ordered, 0.95):.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms"
        )
        assert not errors, errors[:3]
    finally:
        running.stop()
