"""The Python examples of docs/rl.md and docs/scale.md run as written, and the size table of
docs/rl.md is the modules' own. A block whose first line is ``# not run: <why>`` is shown, not
run (RLlib); a block needing a missing extra is skipped, naming it."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

import harborgames

from .games import encoded_or_skip

DOCS = Path(__file__).parent.parent.parent / "docs"
PAGES = ("rl.md", "scale.md")

# What a block needs, by what it mentions.
_EXTRAS = {
    "adapters.pettingzoo": "pettingzoo",
    "adapters.gymnasium": "gymnasium",
    "open_spiel": "pyspiel",
    "ray": "ray",
}


def _blocks() -> list[Any]:
    params = []
    for page in PAGES:
        text = (DOCS / page).read_text(encoding="utf-8")
        for number, code in enumerate(re.findall(r"```python\n(.*?)```", text, re.S), start=1):
            params.append(pytest.param(page, code, id=f"{page}-{number}"))
    return params


@pytest.mark.parametrize(("page", "code"), _blocks())
def test_the_example_runs(page: str, code: str) -> None:
    if code.startswith("# not run:"):
        pytest.skip(f"{page} shows it without running it: {code.splitlines()[0].removeprefix('# not run: ')}")
    for mention, module in _EXTRAS.items():
        if mention in code:
            pytest.importorskip(module, reason=f"the example needs {module}, which is not installed")
    for name in harborgames.games():
        if f'"{name}"' in code:
            encoded_or_skip(name)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/{page}", "exec"), {})  # our own docs, trusted
    assert out.getvalue().strip(), "every example prints what it shows"


def test_every_page_has_examples_to_run() -> None:
    runnable = [p for p in _blocks() if not p.values[1].startswith("# not run:")]
    assert {p.values[0] for p in runnable} == set(PAGES)


def test_the_size_table_is_the_modules() -> None:
    text = (DOCS / "rl.md").read_text(encoding="utf-8")
    table = text[text.index("## Sizes") :].split("\n\n")[1]
    rows = [line.strip("|").split("|") for line in table.splitlines()[2:]]
    listed = {(r[0].strip(), r[1].strip(), int(r[2])): (int(r[3]), int(r[4])) for r in rows}
    expected = {}
    for name in harborgames.games():
        encoded_or_skip(name)
        module: Any = harborgames.load(name)
        info = module.INFO
        for variant in info.variants:
            for players in range(info.min_players, info.max_players + 1):
                size = module.num_distinct_actions(players, variant)
                expected[(name, variant, players)] = (size, module.observation_layout(players, variant).size)
    assert listed == expected


def test_the_docs_index_links_the_rl_scale_and_web_pages() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in ("rl.md", "scale.md", "web.md"):
        assert f"]({page})" in index, f"docs/index.md does not link {page}"
        assert (DOCS / page).is_file()
