"""One server per SQLite file (issue 39): each server keeps what it serves in memory, so a second
``serve`` on the same file would serve its own stale copy. It is refused in one line while the
first runs, and starts once the first has stopped, however it stopped. (PostgreSQL, made for
several processes, is shared: tests/web/test_postgres.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from harborgames.web import SQLiteStorage, StorageError

REFUSED = "another harborgames server is using it"


def _serve(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harborgames", "serve", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_second_server_on_the_same_file_is_refused_in_one_line(server_class: Any, tmp_path: Path) -> None:
    db = tmp_path / "same.sqlite3"
    first = server_class(db).start()
    try:
        game = {"game": "inland_port", "bots": {"1": "random"}}
        status, created = first.request("POST", "/api/games", game)
        assert status == 201, created
        second = _serve(db)
        assert second.returncode == 1 and "Traceback" not in second.stderr, second.stderr
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and str(db) in lines[0] and REFUSED in lines[0], lines
        assert "postgresql://" in lines[0]
        assert first.request("GET", f"/api/games/{created['id']}?token={created['tokens']['0']}")[0] == 200
    finally:
        first.stop()
    again = server_class(db).start()  # the first one stopped: its lock went with it
    try:
        assert again.request("GET", f"/api/games/{created['id']}?token={created['tokens']['0']}")[0] == 200
    finally:
        again.stop()


def test_a_killed_server_leaves_no_lock_behind(server_class: Any, tmp_path: Path) -> None:
    db = tmp_path / "killed.sqlite3"
    first = server_class(db).start()
    first.kill()  # SIGKILL: no shutdown code runs; the kernel drops the lock with the process
    server_class(db).start().stop()


def test_the_storage_holds_the_file_while_open(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = SQLiteStorage(db)
    with pytest.raises(StorageError, match=REFUSED):
        SQLiteStorage(db)
    first.close()
    second = SQLiteStorage(db)
    second.close()
    second.close()  # closing twice is harmless


def test_a_storage_collected_unclosed_lets_go(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    SQLiteStorage(db)  # never closed, dropped at once
    SQLiteStorage(db).close()


def test_a_refused_open_leaves_the_holder_working(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = SQLiteStorage(db)
    for _ in range(3):
        with pytest.raises(StorageError, match=REFUSED):
            SQLiteStorage(db)
    first.add_replay('{"a": 1}')
    assert first.replay(first.add_replay('{"a": 1}')) == '{"a": 1}'
    first.close()
