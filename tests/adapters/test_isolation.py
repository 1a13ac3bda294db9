"""What holds without any extra: ``import harborgames`` pulls in no adapter and no extra, and
asking for a missing one is a clear error, not a traceback."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from harborgames.adapters import require_encoding
from harborgames.bots import ray_backend
from harborgames.bots.arena import run_arena

from ..bots import toy_nim
from ..cli.runner import run


def test_import_harborgames_imports_no_adapter_and_no_extra() -> None:
    script = (
        "import sys, harborgames\n"
        "for name in harborgames.games(): harborgames.load(name)\n"
        "import harborgames.bots, harborgames.cli\n"
        "heavy = ('harborgames.adapters', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel', 'ray')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m.startswith(heavy)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *rest: None if name == "ray" else real(name, *rest)
    )


def test_the_ray_backend_without_ray_names_the_install_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _no_ray(monkeypatch)
    with pytest.raises(ModuleNotFoundError, match=r"harborgames\[ray\]"):
        run_arena("inland_port", 2, ["random", "random"], games=1, seed=0, backend="ray")
    status = run(["arena", "inland_port", "--bots", "random,random", "--games", "1", "--backend", "ray"])
    assert status == 2
    assert "pip install 'harborgames[ray]'" in capsys.readouterr().err
    with pytest.raises(ModuleNotFoundError) as missing:
        ray_backend.require_ray()
    assert str(missing.value) == ray_backend.INSTALL_HINT


def test_an_address_needs_the_ray_backend(capsys: pytest.CaptureFixture[str]) -> None:
    status = run(["arena", "inland_port", "--bots", "random,random", "--address", "10.0.0.5:6379"])
    assert status == 2
    assert "--backend ray" in capsys.readouterr().err
    with pytest.raises(ValueError, match="backend"):
        run_arena("inland_port", 2, ["random", "random"], games=1, seed=0, backend="dask")


def test_a_game_without_the_integer_action_surface_is_named() -> None:
    with pytest.raises(ValueError, match="toy_nim has no integer-action surface"):
        require_encoding(toy_nim)
