"""``update(value, field=new, ...)``: a copy of a frozen attrs value with some fields changed.

States are rebuilt on every decision, so this is a hot path. ``attrs.evolve`` looks up the
class's fields on each call; here each class gets, once, a generated function that calls its
constructor with every field spelled out (close to a hand-written positional call, and
unlike one it cannot put a value in the wrong field). For the type checker ``update`` *is*
``attrs.evolve``, so mypy checks each keyword's name and type against the class.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> update(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import attrs

__all__ = ["update", "update_generic"]

T = TypeVar("T")

_UPDATERS: dict[type, Callable[[object, dict[str, object]], object]] = {}


def _updater(cls: type[attrs.AttrsInstance]) -> Callable[[object, dict[str, object]], object]:
    """Generate ``def update(obj, changes): return cls(changes.get("a", obj.a), ...)``."""
    fields = [field for field in attrs.fields(cls) if field.init]
    for field in fields:
        if not field.name.isidentifier() or field.alias != field.name:
            raise TypeError(f"update: {cls.__name__}.{field.name} needs its own name as init alias")
    args = ", ".join(f"get({f.name!r}, obj.{f.name})" for f in fields)
    source = f"def update(obj, changes):\n    get = changes.get\n    return cls({args})\n"
    namespace: dict[str, object] = {"cls": cls}
    exec(source, namespace)  # the source is built from the class's own field names
    function = namespace["update"]
    assert callable(function)
    return function


def update_generic(inst: T, /, **changes: object) -> T:
    """``update`` for code generic in the class (a type variable), where mypy cannot check the
    field names; prefer ``update`` wherever the class is known."""
    cls = type(inst)
    try:
        return _UPDATERS[cls](inst, changes)  # type: ignore[return-value]  # cls(...) is a T
    except KeyError:
        if cls in _UPDATERS:
            raise
    if not attrs.has(cls):
        raise TypeError(f"update: {cls.__name__} is not an attrs class")
    names = {field.name for field in attrs.fields(cls)}
    unknown = set(changes) - names
    if unknown:
        raise TypeError(f"update: {cls.__name__} has no field {', '.join(sorted(unknown))}")
    _UPDATERS[cls] = _updater(cls)
    return _UPDATERS[cls](inst, changes)  # type: ignore[return-value]


if TYPE_CHECKING:
    from attrs import evolve as update
else:
    update = update_generic
