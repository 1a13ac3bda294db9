"""Every public package says exactly what it offers: ``__all__`` lists its public names, each of
them is there and documented, and ``dir(package)`` shows those names and nothing else (no
``inspect``, ``typing`` or submodule beside the bots), so tab completion and ``help`` show the API.

The rule for "documented":

* a class or function has a docstring of its own, or, in a game package, it is one of the
  protocol's functions, which docs/protocol.md (or docs/rl.md, for the integer encoding)
  documents for every game;
* a module is one of the package's own, with a docstring (``lehavre.data``: the tables);
* a constant, alias or other value has a docstring right after its assignment or a ``#:`` doc
  comment right before it, in its package, or is named in backticks in the project's docs
  (docs/, README.md).

New public names are welcome: the tests hold any name in ``__all__`` to the same rule.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import types
import typing
from functools import cache
from pathlib import Path

import pytest

import harborgames

ROOT = Path(__file__).parents[1]
PACKAGES = [
    "harborgames",
    "harborgames.core",
    *(f"harborgames.{game}" for game in harborgames.games()),
    "harborgames.bots",
    "harborgames.review",
    "harborgames.adapters",
    "harborgames.testing",
    "harborgames.web",
    "harborgames.cli",
]
GAMES = {f"harborgames.{game}" for game in harborgames.games()}


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


@cache
def _docs_text() -> str:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


@cache
def _protocol_functions() -> frozenset[str]:
    """The functions docs/protocol.md and docs/rl.md document for every game (``name(...)`` in
    backticks)."""
    text = "".join((ROOT / "docs" / name).read_text(encoding="utf-8") for name in ("protocol.md", "rl.md"))
    return frozenset(re.findall(r"`(\w+)\(", text))


@cache
def _value_docs(package: str) -> frozenset[str]:
    """Names assigned in the package's modules with a docstring after them or a ``#:`` comment
    before them."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    documented: set[str] = set()
    for path in folder.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        body = ast.parse(source).body
        for index, node in enumerate(body):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            following = body[index + 1] if index + 1 < len(body) else None
            docstring = (
                isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            )
            comment = node.lineno >= 2 and lines[node.lineno - 2].lstrip().startswith("#:")
            if docstring or comment:
                documented.update(names)
    return frozenset(documented)


def _own_doc(obj: object) -> str | None:
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__")
    return getattr(obj, "__doc__", None)


def _is_typing_helper(obj: object) -> bool:
    """``TypeVar``, ``Any``, ``Callable``, ``TypeAlias`` and the like: the tools of annotations,
    not an API (an alias the package defines, ``SpecValue = bool | int ...``, is a value)."""
    if isinstance(obj, typing.TypeVar | typing.ParamSpec):
        return True
    return getattr(obj, "__module__", None) in ("typing", "typing_extensions", "collections.abc") and not (
        isinstance(obj, types.UnionType)
    )


def _documented(package: str, name: str, obj: object) -> bool:
    if isinstance(obj, types.ModuleType):
        return obj.__name__ == f"{package}.{name}" and bool((obj.__doc__ or "").strip())
    if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
        doc = _own_doc(obj)
        if doc and doc.strip():
            return True
        return package in GAMES and name in _protocol_functions()
    if name in _value_docs(package):
        return True
    return re.search(rf"`[\w.]*\b{re.escape(name)}\b", _docs_text()) is not None


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_there_and_documented(package: str) -> None:
    module = importlib.import_module(package)
    public = getattr(module, "__all__", None)
    assert isinstance(public, list | tuple), f"{package} has no __all__"
    assert len(set(public)) == len(public), f"{package}.__all__ names something twice"
    for name in public:
        assert hasattr(module, name), f"{package}.__all__ names {name!r}, which it does not have"
        obj = getattr(module, name)
        assert not _is_typing_helper(obj), f"{package}.{name} is a typing helper, not an API name"
        assert _documented(package, name, obj), f"{package}.{name} has no docstring and no mention in docs/"


@pytest.mark.parametrize("package", PACKAGES)
def test_dir_shows_the_public_names_only(package: str) -> None:
    module = importlib.import_module(package)
    shown = {name for name in dir(module) if not _dunder(name)}
    assert shown == {name for name in module.__all__ if not _dunder(name)}
