"""``harborgames play`` at a terminal of 80 columns and 24 lines, as a person meets it: driven
through a pseudo-terminal, the screen before each prompt holds the decision (every option) and
the seat's own holdings together, in each game."""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

fcntl = pytest.importorskip("fcntl")  # pseudo-terminals: POSIX only
pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")

COLUMNS, ROWS = 80, 24
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")


def _screen(text: str) -> list[str]:
    """The last ``ROWS`` rows a terminal of ``COLUMNS`` columns shows after ``text`` (lines
    longer than a row wrap onto the next, as a terminal does)."""
    rows: list[str] = []
    for line in _ESCAPE.sub("", text).replace("\r\n", "\n").replace("\r", "").split("\n"):
        rows += [line[k : k + COLUMNS] for k in range(0, max(len(line), 1), COLUMNS)]
    return rows[-ROWS:]


class Terminal:
    """``harborgames play ARGV`` in a pseudo-terminal of 80×24."""

    def __init__(self, argv: list[str], saves: Path) -> None:
        self.fd, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {**os.environ, "HARBORGAMES_SAVES": str(saves), "TERM": "dumb", "COLUMNS": "80", "LINES": "24"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "harborgames", "play", *argv],
            stdin=child,
            stdout=child,
            stderr=child,
            env=env,
            close_fds=True,
        )
        os.close(child)
        self.output = ""

    def until_prompt(self, timeout: float = 60.0) -> str:
        """Everything printed up to the next ``> `` prompt; the text since the last call."""
        start, end = len(self.output), time.monotonic() + timeout
        while time.monotonic() < end:
            if self.output[start:].rstrip(" ").endswith(">") and self.output.endswith("> "):
                return self.output[start:]
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output += chunk.decode("utf-8", "replace")
        raise AssertionError(f"no prompt within {timeout} s; the screen:\n" + "\n".join(_screen(self.output)))

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def close(self) -> str:
        """Ctrl-D at the prompt; what was printed until the game ended."""
        self.type("\x04")
        end = time.monotonic() + 30
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output += chunk.decode("utf-8", "replace")
            elif self.process.poll() is not None:
                break
        self.process.wait(timeout=30)
        os.close(self.fd)
        return self.output


def _check(screen: list[str]) -> None:
    """The decision, every option of it, and the seat's own holdings on one screen."""
    text = "\n".join(screen)
    assert screen[-1].startswith(">"), text
    decide = [k for k, row in enumerate(screen) if re.fullmatch(r"seat \d+ \(you\) to decide:", row)]
    assert decide, text
    numbers = [int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", "\n".join(screen[decide[-1] :]))]
    assert numbers and sorted(numbers) == list(range(1, len(numbers) + 1)), text  # none scrolled away
    assert any(row.startswith("You, P") for row in screen[: decide[-1]]), text  # the own holdings
    assert all(len(row) <= COLUMNS for row in screen)


@pytest.mark.parametrize(
    ("game", "argv"),
    [
        ("inland_port", ["--bots", "easy"]),
        ("gdansk", ["--bots", "easy,easy"]),
        ("lehavre", ["--bots", "easy,easy,easy,easy"]),
    ],
)
def test_at_80_by_24_the_decision_and_the_seats_holdings_are_on_screen_together(
    tmp_path: Path, game: str, argv: list[str]
) -> None:
    terminal = Terminal([game, *argv, "--seed", "3"], tmp_path)
    checked = 0
    try:
        for _ in range(80):
            printed = terminal.until_prompt()
            screen = _screen(terminal.output)
            if not screen[-1].startswith(">"):  # picking a composed option's parts: the first until done
                terminal.type("done\n" if "`done` plays" in printed else "1\n")
            elif "(you) to decide:" in printed:
                _check(screen)
                checked += 1
                if checked == 25:
                    break
                # the last option (end the turn, keep the dice ...) keeps the game moving
                last = max(int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", printed.split("to decide:")[-1]))
                terminal.type(f"{last}\n")
            else:
                terminal.type("1\n")
        assert checked == 25
    finally:
        out = terminal.close()
    saved = tmp_path / f"{game}-3.json"
    assert "resume with:" in out and saved.exists()
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("game_name", "players"), [("inland_port", 2), ("gdansk", 4), ("lehavre", 5), ("lehavre", 2)]
)
def test_every_decision_of_a_random_game_fits_24_lines_with_every_option_numbered(
    monkeypatch: pytest.MonkeyPatch, game_name: str, players: int
) -> None:
    """Many options (Le Havre's late turns: 35) go in columns, and the biggest groups fold into
    a line naming their numbers (``table`` lists them): nothing scrolls the decision away."""
    import random

    import harborgames
    from harborgames.cli import prompt
    from harborgames.cli.choices import Menu

    game = harborgames.load(game_name)
    monkeypatch.setattr(prompt, "terminal_rows", lambda: ROWS)
    chooser = random.Random(2)
    state = game.new_game(players, seed=2)
    for _ in range(300):
        if state.current_player is None:
            break
        seat = state.current_player
        menu = Menu(game, game.legal_actions(state), game.observe(state, seat))
        screen = prompt.screen(game, state, seat, menu)
        assert len(screen) <= ROWS - 1 and all(len(row) <= COLUMNS for row in screen), "\n".join(screen)
        shown: set[int] = set()
        for first, last in re.findall(r"(\d+)-(\d+), \d+ options \(`table` lists them\)", "\n".join(screen)):
            shown |= set(range(int(first), int(last) + 1))
        shown |= {int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", "\n".join(screen))}
        assert shown == set(range(1, len(menu.entries) + 1)), "\n".join(screen)
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
