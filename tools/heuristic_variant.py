"""A copy of a game's heuristic with some of its text replaced, for ``tools/heuristic_ab.py``.

Run: ``.venv/bin/python tools/heuristic_variant.py lehavre OUT.py 'OLD=>NEW' ['OLD=>NEW' ...]``

The copy imports the game's package absolutely (``from harborgames.lehavre.data import ...``),
so it loads from any path as ``OUT.py:heuristic``. Each ``OLD`` must occur in the file. The
Le Havre variants in docs/bots.md ("What was tried for Le Havre", item 8) were made this way,
for example ``'_HOARD = 6=>_HOARD = 3' '_HOARDED = 0.3=>_HOARDED = 0.15'``, then compared with

    tools/heuristic_ab.py lehavre --players 2 --a OUT.py:heuristic \\
        --b harborgames.lehavre.heuristic:heuristic --games 48 --seed 7
"""

from __future__ import annotations

import argparse
from pathlib import Path

import harborgames


def variant(game: str, replacements: list[str]) -> str:
    """The text of ``game``'s ``heuristic.py`` with each ``OLD=>NEW`` of ``replacements`` done."""
    package = Path(harborgames.__file__).parent / game
    text = (package / "heuristic.py").read_text(encoding="utf-8")
    text = text.replace("from .", f"from harborgames.{game}.")
    for replacement in replacements:
        old, sep, new = replacement.partition("=>")
        if not sep or old not in text:
            raise SystemExit(f"{replacement!r}: not OLD=>NEW with OLD in {game}/heuristic.py")
        text = text.replace(old, new)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("out", type=Path)
    parser.add_argument("replacements", nargs="*", help="OLD=>NEW")
    args = parser.parse_args(argv)
    args.out.write_text(variant(args.game, args.replacements), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
