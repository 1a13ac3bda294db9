"""A Ctrl-C while the command's modules are still loading ends it as one during a command does:
one line and status 130, no traceback (``harborgames._console``)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# Imported first by the child (``sitecustomize``): SIGINT arrives while ``harborgames.cli`` is
# being imported, as a Ctrl-C pressed right after Enter does.
_INTERRUPT_ON_IMPORT = textwrap.dedent(
    """
    import os, signal, sys

    # Python's Ctrl-C handler, as a terminal starts the command (started with SIGINT ignored,
    # as by a shell's ``cmd &``, Python leaves it ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)

    class _InterruptOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == "harborgames.cli":
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
            return None

    sys.meta_path.insert(0, _InterruptOnImport())
    """
)


def _commands() -> list[list[str]]:
    commands = [[sys.executable, "-m", "harborgames", "games"]]
    script = Path(sys.executable).with_name("harborgames")  # the console script, where installed
    if script.exists():
        commands.append([str(script), "games"])
    return commands


@pytest.mark.parametrize("command", _commands(), ids=lambda command: Path(command[0]).name)
def test_a_ctrl_c_while_loading_prints_one_line_and_exits_130(command: list[str], tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(_INTERRUPT_ON_IMPORT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == "harborgames: interrupted"
    assert done.stdout == ""


def test_the_command_still_runs_through_the_same_entry() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "harborgames", "games"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "inland_port" in done.stdout
