"""``serve``'s numbers have documented bounds (issue 39): a value past them is refused in one
line that names the bound, before anything is opened."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from harborgames.cli import serve
from harborgames.web import BotPool, GameService, MemoryStorage
from harborgames.web.thinking import MAX_BOT_PROCESSES


@pytest.mark.parametrize("processes", ["100000", "65", "-1"])
def test_bot_processes_past_the_bound_are_refused_naming_it(processes: str, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    command = ["serve", "--port", "0", "--db", str(db), "--bot-processes", processes]
    answer = subprocess.run(
        [sys.executable, "-m", "harborgames", *command],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert answer.returncode != 0 and "Traceback" not in answer.stderr, answer.stderr
    expected = f"harborgames: error: --bot-processes must be from 0 to 64, not {processes}"
    assert answer.stderr.strip() == expected
    assert not db.exists(), "refused before the database is opened"


def test_the_command_and_the_pool_share_one_bound() -> None:
    assert serve.MAX_BOT_PROCESSES == MAX_BOT_PROCESSES == 64
    assert 1 <= serve.default_bot_processes() <= MAX_BOT_PROCESSES


@pytest.mark.parametrize("processes", [65, 100_000, -1, 2.0, True])
def test_the_pool_refuses_what_the_command_refuses(processes: object) -> None:
    with pytest.raises(ValueError, match="bot processes must be from 0 to 64"):
        BotPool(processes)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bot processes must be from 0 to 64"):
        GameService(MemoryStorage(), bot_processes=processes)  # type: ignore[arg-type]


def test_the_bound_itself_is_allowed() -> None:
    pool = BotPool(MAX_BOT_PROCESSES)  # no worker starts until a bot must think
    pool.close()
