"""pytest collects the doctests of ``src/`` (``--doctest-modules``): an adapter whose extra is
not installed cannot even be imported, so its module is left out instead of failing the run."""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "pettingzoo.py": ("pettingzoo", "gymnasium"),
    "gymnasium.py": ("gymnasium",),
    "openspiel.py": ("pyspiel",),
}


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):
        return True


collect_ignore = [file for file, modules in _EXTRAS.items() if any(_missing(m) for m in modules)]
