"""The README's example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_the_readme_bot_example_plays_a_whole_game() -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)  # our own README, trusted
    game = namespace["game"]
    assert game.is_terminal(namespace["state"])  # type: ignore[attr-defined]
