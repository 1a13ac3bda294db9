"""PostgreSQL storage against a real server: ``.ci/run`` starts one (Debian's ``postgresql``,
initdb into a temporary folder, a local socket) and sets ``HARBORGAMES_TEST_POSTGRES`` to its
URL. Without it these tests are skipped, except in CI, where a missing database is a failure.

Two ``harborgames serve`` processes share one database, and clients on both take the moves of
one game at once: every move answered "ok" is in the game exactly once.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

import harborgames
from harborgames.core.play import replay

DSN = os.environ.get("HARBORGAMES_TEST_POSTGRES", "")


def _require() -> None:
    if not DSN:
        if os.environ.get("CI"):
            pytest.fail("HARBORGAMES_TEST_POSTGRES is not set: .ci/run starts PostgreSQL and sets it")
        pytest.skip("no PostgreSQL: set HARBORGAMES_TEST_POSTGRES=postgresql://… (as .ci/run does)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("psycopg is missing: the CI install needs the postgres extra")
        pytest.skip("the postgres extra is not installed: pip install -e '.[postgres]'")


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh database on the test server, dropped afterwards: its URL."""
    _require()
    import psycopg

    name = f"harborgames_test_{secrets.token_hex(6)}"
    with psycopg.connect(DSN, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(DSN)
    yield urlunsplit(parts._replace(path=f"/{name}"))
    with psycopg.connect(DSN, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_postgres_storage_keeps_the_contract(database: str) -> None:
    from harborgames.web import open_storage
    from harborgames.web.postgres import PostgresStorage

    from .test_deploy import _storage_contract

    storage = open_storage(database)
    assert isinstance(storage, PostgresStorage) and storage.shared
    try:
        _storage_contract(storage)
    finally:
        storage.close()


def test_a_password_is_never_shown_and_a_dead_server_is_one_line(database: str) -> None:
    from harborgames.web import StorageError
    from harborgames.web.postgres import PostgresStorage

    with pytest.raises(StorageError) as refused:
        PostgresStorage("postgresql://someone:hunter2@127.0.0.1:1/none?connect_timeout=2")
    assert "hunter2" not in str(refused.value) and "***" in str(refused.value)
    assert len(str(refused.value).splitlines()) == 1


def test_two_server_processes_share_one_game(server_class: Any, database: str) -> None:
    servers = [server_class(database), server_class(database)]
    try:
        for server in servers:  # inside the try: a second start that fails still stops the first
            server.start()
        status, created = servers[0].request("POST", "/api/games", {"game": "inland_port", "seed": 21})
        assert status == 201, created
        game_id, tokens = created["id"], created["tokens"]
        accepted: list[str] = []
        lock = threading.Lock()
        errors: list[str] = []

        def client(number: int) -> None:
            rng = random.Random(number)
            for _ in range(40):
                server = rng.choice(servers)
                status, view = server.request("GET", f"/api/games/{game_id}?token={tokens['0']}")
                if status != 200:
                    errors.append(f"GET {status} {view}")
                    return
                if view["over"]:
                    return
                token = tokens[str(view["current_player"])]
                status, mine = server.request("GET", f"/api/games/{game_id}?token={token}")
                if not mine["legal_actions"]:
                    continue  # the other clients moved in between
                action = mine["legal_actions"][0]
                status, answer = server.request(
                    "POST", f"/api/games/{game_id}/actions", {"token": token, "action": action}
                )
                if status == 200:
                    with lock:
                        accepted.append(action)
                elif status != 400:  # 400: the turn moved on, or the move is no longer legal
                    errors.append(f"POST {status} {answer}")

        threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
        assert not errors, errors[:3]
        views = [s.request("GET", f"/api/games/{game_id}?token={tokens['0']}")[1] for s in servers]
        assert views[0]["log"] == views[1]["log"], "both processes see the same game"
        log = views[0]["log"]
        assert len(log) == len(accepted) >= 20, "every accepted move once: none doubled, none lost"
        assert sorted(m["move"] for m in log) == sorted(accepted)
        # The stored record replays to the same position.
        import psycopg

        with psycopg.connect(database) as db:
            row = db.execute("SELECT record FROM harborgames_games WHERE id = %s", (game_id,)).fetchone()
        assert row is not None
        module = harborgames.load("inland_port")
        state = replay(module, module.loads(row[0]))
        assert json.loads(module.dumps(module.observe(state, 0))) == views[0]["observation"]
        # A restarted process finds the game.
        servers[1].stop()
        servers[1] = server_class(database).start()
        status, again = servers[1].request("GET", f"/api/games/{game_id}?token={tokens['0']}")
        assert status == 200 and again["log"] == log
    finally:
        for server in servers:
            server.stop()


def test_a_killed_server_on_postgres_leaves_no_process_and_no_connection(
    server_class: Any, database: str
) -> None:
    """Issue 32 with PostgreSQL: a server killed with SIGKILL, its bots' workers busy, leaves
    none of its processes, and PostgreSQL's backends for its connections end with it."""
    import time

    import psycopg

    from ..processes import survivors, tree, wait_until_busy, workers

    if not os.path.isdir(f"/proc/{os.getpid()}/task"):
        pytest.skip("finds child processes through Linux's /proc")
    server = server_class(database, "--bot-processes", "2").start()
    body = {"game": "lehavre", "players": 4, "seed": 1, "bots": {"0": "mcts", "1": "mcts", "2": "mcts"}}

    def create() -> None:
        with contextlib.suppress(OSError):  # the server is killed meanwhile
            server.request("POST", "/api/games", body)

    try:
        threads = [threading.Thread(target=create) for _ in range(4)]
        for thread in threads:
            thread.start()
        started = tree(server.process.pid)
        wait_until_busy(workers(started))
        name = urlsplit(database).path.lstrip("/")
        with psycopg.connect(DSN, autocommit=True) as admin:
            count = "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
            assert admin.execute(count, (name,)).fetchone() != (0,), "the server is connected"
            server.kill()
            assert survivors(started, 10.0) == []
            deadline = time.monotonic() + 10
            while admin.execute(count, (name,)).fetchone() != (0,) and time.monotonic() < deadline:
                time.sleep(0.1)
            rows = admin.execute(
                "SELECT pid, state, backend_start, query FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchall()
            assert rows == [], f"a connection outlived the server: {rows}"
        for thread in threads:
            thread.join(30)
    finally:
        server.stop()
