"""``update(value, field=new, ...)``: a copy of a frozen attrs value with some fields changed.

States are rebuilt on every decision, so this is a hot path. ``attrs.evolve`` looks up the
class's fields on each call; here each class and set of changed fields gets, once, a generated
function that calls the constructor positionally (close to a hand-written positional call, and
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

_UPDATERS: dict[tuple[object, ...], Callable[..., object]] = {}


def _updater(cls: type[attrs.AttrsInstance], changed: tuple[str, ...]) -> Callable[..., object]:
    """Generate ``def update(obj, b, d): return cls(obj.a, b, obj.c, d)`` for one set of
    changed fields (positional: the cheapest call of the constructor there is)."""
    fields = [field for field in attrs.fields(cls) if field.init]
    names = {field.name for field in fields}
    unknown = [name for name in changed if name not in names]
    if unknown:
        raise TypeError(f"update: {cls.__name__} has no field {', '.join(unknown)}")
    for field in fields:
        if field.alias != field.name:
            raise TypeError(f"update: {cls.__name__}.{field.name} needs its own name as init alias")
    params = "".join(f", {name}" for name in changed)
    args = ", ".join(field.name if field.name in changed else f"obj.{field.name}" for field in fields)
    source = f"def update(obj{params}):\n    return cls({args})\n"
    namespace: dict[str, object] = {"cls": cls}
    exec(source, namespace)  # the source is built from the class's own field names
    function = namespace["update"]
    assert callable(function)
    return function


def update_generic(inst: T, /, **changes: object) -> T:
    """``update`` for code generic in the class (a type variable), where mypy cannot check the
    field names; prefer ``update`` wherever the class is known."""
    try:
        return _UPDATERS[inst.__class__, *changes](inst, *changes.values())  # type: ignore[return-value]
    except KeyError:
        key = (inst.__class__, *changes)
        if key in _UPDATERS:
            raise  # a KeyError from inside the constructor
    cls = type(inst)
    if not attrs.has(cls):
        raise TypeError(f"update: {cls.__name__} is not an attrs class")
    function = _UPDATERS[key] = _updater(cls, tuple(changes))
    return function(inst, *changes.values())  # type: ignore[return-value]  # cls(...) is a T


if TYPE_CHECKING:
    from attrs import evolve as update
else:
    update = update_generic
