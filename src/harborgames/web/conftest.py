"""pytest collects the doctests of ``src/`` (``--doctest-modules``): ``app.py`` imports
Starlette, so without the ``web`` extra it is left out instead of failing the run."""

from __future__ import annotations

import importlib.util


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):
        return True


collect_ignore = ["app.py"] if _missing("starlette") else []
