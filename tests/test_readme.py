"""The README's example runs as written."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_the_readme_bot_example_plays_a_whole_game() -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)  # our own README, trusted
    game = namespace["game"]
    assert game.is_terminal(namespace["state"])  # type: ignore[attr-defined]


ROOT = README.parent


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_readme_says_which_install_the_benchmark_needs() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    # Every package benchmarks/bench.py imports beyond the standard library and harborgames.
    tree = ast.parse((ROOT / "benchmarks" / "bench.py").read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"harborgames", "__future__"}
    assert third_party == {"chess"}
    assert third_party <= _requirement_names(extras["bench"])
    assert third_party <= _requirement_names(extras["dev"])
    text = README.read_text(encoding="utf-8")
    paragraph = text[text.index("Benchmarks:") :].split("\n\n")[0]
    assert "benchmarks/bench.py" in paragraph and "pip install -e '.[bench]'" in paragraph


def test_ci_installs_and_tests_as_the_readme_says_without_touching_the_checkouts_venv() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in script.splitlines() if line and not line.startswith("#")]
    assert not any(".venv" in line for line in commands), "CI must leave ./.venv alone"
    assert 'WORK="$(mktemp -d)"' in script and "trap 'rm -rf \"$WORK\"' EXIT" in script
    readme = README.read_text(encoding="utf-8")
    dev_install = re.search(r"python3 -m venv \.venv && (.*pytest.*)", readme)
    assert dev_install is not None
    normal = script.replace('"', "").replace("'", "")
    for step in dev_install.group(1).split(" && "):
        assert step.startswith(".venv/bin/")
        ci_step = "$VENV/bin/" + step.removeprefix(".venv/bin/").replace("'", "")
        assert ci_step in normal, step
    for check in ("$VENV/bin/ruff check", "$VENV/bin/mypy --strict src"):
        assert check in normal
