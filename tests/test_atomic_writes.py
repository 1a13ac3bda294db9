"""Every file the package writes goes through ``core.files.write_atomic`` (issue 39: a save
written with ``Path.write_text`` was cut off on a full disk, destroying the previous one).

Read from the source: no ``write_text``, ``write_bytes``, or ``open`` for writing anywhere in
the package but ``core/files.py`` itself. (The web layer's one file is its SQLite database,
which SQLite writes in transactions; its lock is opened read-only.)"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "harborgames"
ALLOWED = {PACKAGE / "core" / "files.py"}
WRITING_MODES = set("wax+")


def _plain_writes(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        if isinstance(function, ast.Attribute):
            name = function.attr
        elif isinstance(function, ast.Name):
            name = function.id
        else:
            continue
        if name in ("write_text", "write_bytes", "savez", "savez_compressed", "tofile"):
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
        where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
        if name == "open" and isinstance(function, ast.Attribute) and ast.unparse(function) == "os.open":
            flags = ast.unparse(node.args[1]) if len(node.args) > 1 else ""
            if any(flag in flags for flag in ("O_CREAT", "O_TRUNC", "O_APPEND")):  # O_WRONLY: /dev/null
                found.append(f"{where} os.open(..., {flags})")
        elif name in ("open", "fdopen"):
            modes = [*node.args[1:2], *(keyword.value for keyword in node.keywords if keyword.arg == "mode")]
            for mode in modes:
                if not isinstance(mode, ast.Constant) or set(str(mode.value)) & WRITING_MODES:
                    found.append(f"{where} {name}(..., {ast.unparse(mode)})")
    return found


def test_every_file_is_written_through_write_atomic() -> None:
    paths = [path for path in sorted(PACKAGE.rglob("*.py")) if path not in ALLOWED]
    found = [hit for path in paths for hit in _plain_writes(path)]
    assert not found, f"write these with harborgames.core.files.write_atomic: {found}"


def test_the_check_sees_a_plain_write() -> None:
    sample = PACKAGE / "core" / "files.py"
    assert _plain_writes(sample)  # the one allowed place, so the check is not blind
