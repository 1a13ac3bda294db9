"""The server as something people deploy (issue 22): seeds that cannot be searched for, quiet and
bounded edges, a clean start and stop, Host and Origin checks, and the storage interface."""

from __future__ import annotations

import hashlib
import json
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import harborgames
from harborgames.web import (
    BadRequest,
    BotPool,
    GameService,
    MemoryStorage,
    NotFound,
    SQLiteStorage,
    Storage,
    StorageError,
    StoredGame,
    open_storage,
)
from harborgames.web.thinking import think

# -- seeds ------------------------------------------------------------------------------------


def test_drawn_seeds_use_63_bits() -> None:
    """A seat's first observation pins the seed: drawn from 2**31, it could be searched for."""
    service = GameService(MemoryStorage())
    seeds = []
    for _ in range(300):
        created = service.create({"game": "inland_port"})
        stored = service.store.game(str(created["id"]))
        assert stored is not None
        seeds.append(json.loads(stored.record)["data"]["seed"])
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert len(set(seeds)) == len(seeds)
    # each seed is below 2**31 with odds 2**-32: all but a handful are far above it
    assert sum(seed >= 2**31 for seed in seeds) >= 295
    assert max(seeds) >= 2**61


# -- wrong-typed create fields ----------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"game": "lehavre", "options": []},
        {"game": "lehavre", "options": 0},
        {"game": "lehavre", "options": ""},
        {"game": "inland_port", "bots": []},
        {"game": "inland_port", "bots": 0},
        {"game": "lehavre", "variant": False},
        {"game": "lehavre", "variant": 0},
        {"game": "lehavre", "variant": ""},
    ],
)
def test_wrong_typed_create_fields_are_refused_not_defaulted(body: dict[str, object]) -> None:
    service = GameService(MemoryStorage())
    with pytest.raises(BadRequest):
        service.create(body)
    assert service.store.unfinished() == []


def test_null_fields_take_their_defaults() -> None:
    service = GameService(MemoryStorage())
    created = service.create(
        {"game": "lehavre", "players": None, "variant": None, "seed": None, "bots": None, "options": None}
    )
    view = service.view(str(created["id"]), created["tokens"]["0"])  # type: ignore[index]
    assert view["variant"] == "full" or view["variant"]


# -- memory -----------------------------------------------------------------------------------


def test_games_leave_memory_and_come_back_from_storage() -> None:
    service = GameService(MemoryStorage(), max_games=3)
    created = [service.create({"game": "inland_port", "seed": n, "bots": {"1": "random"}}) for n in range(6)]
    assert service.games_in_memory() == 3
    first = created[0]
    view = service.view(str(first["id"]), first["tokens"]["0"])  # type: ignore[index]
    assert view["seat"] == 0 and service.games_in_memory() == 3
    after = service.act(str(first["id"]), {"token": first["tokens"]["0"], "action": view["legal_actions"][0]})  # type: ignore[index]
    assert len(after["log"]) > len(view["log"])  # type: ignore[arg-type]

    idle = GameService(MemoryStorage(), idle_seconds=0.0, finished_idle_seconds=0.0)
    games = [idle.create({"game": "inland_port", "seed": n}) for n in range(4)]
    assert idle.games_in_memory() == 1, "each create lets the idle ones go"
    for game in games:
        assert idle.view(str(game["id"]), game["tokens"]["1"])["seat"] == 1  # type: ignore[index]


def test_memory_per_game_is_bounded() -> None:
    """Not a limit, a measurement for docs/web.md: the memory one game in memory takes."""
    import tracemalloc

    service = GameService(MemoryStorage())
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for n in range(20):
        setup = {"game": "lehavre", "players": 3, "variant": "full", "seed": n, "bots": {"1": "random"}}
        service.create(setup)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    print(f"\nmemory: {grown / 20 / 1024:.0f} KiB per Le Havre game (3 players, full) in memory")
    assert service.games_in_memory() == 20


# -- replays ----------------------------------------------------------------------------------


def _finished_record() -> bytes:
    service = GameService(MemoryStorage())
    created = service.create({"game": "lehavre", "players": 1, "variant": "short", "seed": 3})
    game_id, token = str(created["id"]), created["tokens"]["0"]  # type: ignore[index]
    view = service.view(game_id, token)
    while not view["over"]:
        view = service.act(game_id, {"token": token, "action": view["legal_actions"][0]})  # type: ignore[index]
    return json.dumps(service.record(game_id, None)).encode()


def test_identical_replays_are_stored_once(tmp_path: Path) -> None:
    record = _finished_record()
    service = GameService(SQLiteStorage(tmp_path / "games.sqlite3"))
    first = service.add_replay(record)
    again = service.add_replay(record)
    spaced = service.add_replay(json.dumps(json.loads(record), indent=2).encode())
    assert first["id"] == again["id"] == spaced["id"]
    service.close()
    with sqlite3.connect(tmp_path / "games.sqlite3") as connection:
        assert connection.execute("SELECT COUNT(*) FROM replays").fetchone() == (1,)


# -- bots in processes ------------------------------------------------------------------------


def test_bots_in_worker_processes_choose_as_bots_in_the_thread() -> None:
    """The choices depend on (game id, seat, move number) only, not on where the bot thought;
    and a server with worker processes plays whole games through them."""
    gdansk = harborgames.load("gdansk")
    state = gdansk.new_game(3, seed=9)
    seat_bots = {0: "random", 1: "greedy", 2: "greedy"}
    pool = BotPool(1)
    try:
        pool.start()
        in_worker = pool.think("gdansk", state, seat_bots, "g", 0)
        assert in_worker == think("gdansk", state, seat_bots, "g", 0)
        assert len(in_worker) > 5
    finally:
        pool.close()
    service = GameService(MemoryStorage(), bot_processes=1)
    try:
        created = service.create({"game": "inland_port", "seed": 4, "bots": {"0": "greedy"}})
        game_id, token = str(created["id"]), created["tokens"]["1"]  # type: ignore[index]
        view = service.view(game_id, token)
        for _ in range(3):
            view = service.act(game_id, {"token": token, "action": view["legal_actions"][-1]})  # type: ignore[index]
        assert {move["seat"] for move in view["log"]} == {0, 1}  # type: ignore[attr-defined]
    finally:
        service.close()


# -- the storage interface --------------------------------------------------------------------


def _storage_contract(storage: Storage) -> None:
    assert isinstance(storage, Storage)
    stored = StoredGame("g1", "inland_port", '{"r": 0}', {"0": "tok"}, {"1": "random"}, False)
    storage.add_game(stored)
    assert storage.game("g1") == stored and storage.revision("g1") == 0
    assert storage.game("nope") is None and storage.revision("nope") is None
    saved = storage.update("g1", lambda row: ('{"r": 1}', False))
    assert saved.revision == 1 and storage.game("g1") == saved
    with pytest.raises(RuntimeError):

        def refuse(row: StoredGame) -> tuple[str, bool]:
            raise RuntimeError("no")

        storage.update("g1", refuse)
    assert storage.game("g1") == saved, "a change that raised wrote nothing"
    with pytest.raises(LookupError):
        storage.update("nope", lambda row: ("x", False))
    assert storage.unfinished() == ["g1"]
    storage.update("g1", lambda row: ('{"r": 2}', True))
    assert storage.unfinished() == []
    first = storage.add_replay('{"a": 1}')
    assert storage.add_replay('{"a": 1}') == first != storage.add_replay('{"a": 2}')
    assert storage.replay(first) == '{"a": 1}' and storage.replay("nope") is None


def test_memory_storage_keeps_the_contract() -> None:
    _storage_contract(MemoryStorage())


def test_sqlite_storage_keeps_the_contract(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "games.sqlite3")
    _storage_contract(storage)
    storage.close()
    assert isinstance(open_storage(":memory:"), MemoryStorage)


def test_an_older_file_gains_the_revision_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT NULL, "
            "tokens TEXT NOT NULL, bots TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0, "
            "created REAL NOT NULL, updated REAL NOT NULL);"
            "CREATE TABLE replays (id TEXT PRIMARY KEY, record TEXT NOT NULL, created REAL NOT NULL);"
            "INSERT INTO games VALUES ('old', 'inland_port', '{}', '{}', '{}', 0, 1.0, 1.0);"
        )
    connection.close()
    storage = SQLiteStorage(path)
    assert storage.revision("old") == 0 and storage.unfinished() == ["old"]
    storage.close()


# -- start and stop ---------------------------------------------------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _damaged(tmp_path: Path) -> Path:
    path = tmp_path / "damaged.sqlite3"
    service = GameService(SQLiteStorage(path))
    for n in range(40):
        service.create({"game": "lehavre", "players": 2, "variant": "short", "seed": n})
    service.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page, len(data) - page, page * 3):  # junk over every third page
        data[start : start + 200] = b"\xa5" * 200
    path.write_bytes(bytes(data))
    return path


def _foreign_schema(tmp_path: Path) -> Path:
    path = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT, record TEXT)")
    connection.close()
    return path


def _other_program(tmp_path: Path) -> Path:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    connection.close()
    return path


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (_damaged, ("malformed", "damaged", "not a database")),
        (_foreign_schema, ("no column 'bots'",)),
        (_other_program, ("another program's tables (invoices)",)),
    ],
)
def test_a_damaged_or_foreign_database_is_refused_in_one_line(
    tmp_path: Path, make: Any, reason: tuple[str, ...]
) -> None:
    path = make(tmp_path)
    before = _digest(path)
    with pytest.raises(StorageError) as refused:
        SQLiteStorage(path)
    assert str(path) in str(refused.value) and any(r in str(refused.value) for r in reason), refused.value
    answer = subprocess.run(
        [sys.executable, "-m", "harborgames", "serve", "--port", "0", "--db", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode == 1 and "Traceback" not in answer.stderr, answer.stderr
    lines = answer.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], lines
    assert _digest(path) == before, "nothing is written to a refused file"
    assert not Path(f"{path}-wal").exists()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_stop_cleanly_with_the_log_folded_in(
    server_class: Any, tmp_path: Path, how: int
) -> None:
    db = tmp_path / "games.sqlite3"
    running = server_class(db).start()
    created = []
    for n in range(5):
        status, answer = running.request(
            "POST", "/api/games", {"game": "gdansk", "players": 3, "seed": n, "bots": {"1": "random"}}
        )
        assert status == 201
        created.append(answer["id"])
    output = running.stop(how)
    assert running.process.returncode == 0, output
    assert "Traceback" not in output
    wal = Path(f"{db}-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(db, copy)  # the file alone, without its -wal or -shm
    with sqlite3.connect(copy) as connection:
        ids = {row[0] for row in connection.execute("SELECT id FROM games")}
    connection.close()
    assert ids == set(created)


# -- the edges of a running server ------------------------------------------------------------


@pytest.fixture(scope="module")
def edged(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from .harness import Server

    running = Server(
        tmp_path_factory.mktemp("edges") / "games.sqlite3",
        "--request-seconds",
        "1",
        "--max-connections",
        "8",
        "--allow-host",
        "games.example.org",
    ).start()
    yield running
    running.stop()


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10)


def _read_all(sock: socket.socket) -> bytes:
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    except (ConnectionResetError, TimeoutError):
        pass
    return b"".join(chunks)


def test_hosts_and_origins(edged: Any) -> None:
    assert edged.request("GET", "/api/meta")[0] == 200
    for host in (f"localhost:{edged.port}", "games.example.org", f"127.0.0.1:{edged.port}", "[::1]"):
        assert edged.request("GET", "/api/meta", headers={"host": host})[0] == 200, host
    for host in ("evil.example", f"evil.example:{edged.port}", "localhost.evil.example", "10.1.2.3"):
        status, answer = edged.request("GET", "/api/meta", headers={"host": host})
        assert status == 403 and "--allow-host" in answer["error"], host
    status, answer = edged.request(
        "POST", "/api/games", headers={"host": "evil.example"}, raw=b'{"game": "inland_port"}'
    )
    assert status == 403
    body = b'{"game": "inland_port"}'
    status, answer = edged.request("POST", "/api/games", raw=body, headers={"content-type": "text/plain"})
    assert status == 415 and "application/json" in answer["error"]
    status, answer = edged.request("POST", "/api/games", raw=body, headers={"content-type": None})
    assert status == 415
    for origin in ("http://evil.example", "null", f"http://localhost:{edged.port + 1}"):
        status, answer = edged.request("POST", "/api/games", raw=body, headers={"origin": origin})
        assert status == 403 and "Origin" in answer["error"], origin
    status, _ = edged.request(
        "POST", "/api/games", raw=body, headers={"origin": f"http://127.0.0.1:{edged.port}"}
    )
    assert status == 201
    status, _ = edged.request(
        "POST", "/api/games", raw=body, headers={"content-type": "application/json; charset=utf-8"}
    )
    assert status == 201


def test_stalled_headers_and_bodies_are_dropped(edged: Any) -> None:
    headers_only = _connect(edged.port)
    headers_only.sendall(b"GET /api/meta HTTP/1.1\r\nHost: localhost\r\n")  # never finished
    body_stalled = _connect(edged.port)
    body_stalled.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{\"game\""
    )
    silent = _connect(edged.port)
    assert _read_all(headers_only) == b"", "closed without an answer"
    answer = _read_all(body_stalled)
    assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive" in answer
    assert _read_all(silent) == b""
    for sock in (headers_only, body_stalled, silent):
        sock.close()
    assert edged.request("GET", "/api/meta")[0] == 200


def test_open_connections_are_capped(edged: Any) -> None:
    held = [_connect(edged.port) for _ in range(12)]
    try:
        time.sleep(0.3)
        closed = 0
        for sock in held:
            sock.settimeout(0.2)
            try:
                closed += sock.recv(1) == b""
            except TimeoutError:
                pass
            except ConnectionResetError:
                closed += 1
        assert closed >= 4, "the connections beyond the cap are closed at once"
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 10
    while edged.request("GET", "/api/meta")[0] != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert edged.request("GET", "/api/meta")[0] == 200


def test_a_client_that_hangs_up_is_not_an_error(server_class: Any, tmp_path: Path) -> None:
    running = server_class(tmp_path / "games.sqlite3").start()
    try:
        for _ in range(20):
            sock = _connect(running.port)
            sock.sendall(
                b"POST /api/replays HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100000\r\n\r\n{\"game\": \"lehavre\", "
            )
            sock.close()
        time.sleep(0.5)
        assert running.request("GET", "/api/meta")[0] == 200
    finally:
        output = running.stop()
    assert "Traceback" not in output and "ClientDisconnect" not in output and "error" not in output.lower()


def test_serve_checks_its_new_options(tmp_path: Path) -> None:
    for args in (
        ("--bot-processes", "-1"),
        ("--max-connections", "0"),
        ("--request-seconds", "nan"),
        ("--request-seconds", "0"),
        ("--allow-host", "http://x/"),
    ):
        answer = subprocess.run(
            [sys.executable, "-m", "harborgames", "serve", "--port", "0", "--db", str(tmp_path / "a"), *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert answer.returncode != 0 and len(answer.stderr.strip().splitlines()) == 1, (args, answer.stderr)
        assert "Traceback" not in answer.stderr and args[0] in answer.stderr


def test_a_stored_game_another_process_moved_is_caught_up(tmp_path: Path) -> None:
    """Two services on one storage (as two processes on one PostgreSQL database): each move is
    taken from the other's last one; a stale copy is caught up, never written over."""
    storage = MemoryStorage()
    storage.shared = True  # type: ignore[misc]
    first, second = GameService(storage), GameService(storage)
    created = first.create({"game": "inland_port", "seed": 5})
    game_id, tokens = str(created["id"]), created["tokens"]  # type: ignore[index]
    for number in range(12):
        service = (first, second)[number % 2]
        view = service.view(game_id, tokens["0"])
        seat = view["current_player"]
        view = service.view(game_id, tokens[str(seat)])
        service.act(game_id, {"token": tokens[str(seat)], "action": view["legal_actions"][0]})
    one, two = first.view(game_id, tokens["0"]), second.view(game_id, tokens["0"])
    assert one["log"] == two["log"] and len(one["log"]) >= 12  # type: ignore[arg-type]
    with pytest.raises(NotFound):
        first.view("missing", tokens["0"])

