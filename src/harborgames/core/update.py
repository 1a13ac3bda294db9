"""``update(value, field=new, ...)``: a copy of a frozen attrs value with some fields changed.

States are rebuilt on every decision, so this is a hot path. ``attrs.evolve`` looks up the
class's fields on each call, and a frozen class's ``__init__`` sets each field through
the base ``object`` setter. Here each class and set of changed fields gets, once, a generated function
that fills a new instance's slots directly (for classes with validators or converters: a positional
constructor call); unlike a hand-written positional call it cannot put a value in the wrong field.
Where Python allows it, the copy is filled as a "twin": a subclass adding no slots whose
``__setattr__`` is ``object``'s again, so its instances take ordinary attribute stores (which the
interpreter specialises); then it is given the frozen class (``__class__`` assignment). That
costs a quarter of calling each slot's setter. The twin being a subclass that adds nothing, the
assignment's layout check finds one common base at once; a separate class with the same slots
would have its slot names compared one by one on every copy.
For the type checker ``update`` *is* ``attrs.evolve``, so mypy checks each keyword's name and type
against the class.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> update(Point(1, 2), y=5)
Point(x=1, y=5)

Caches in a value state. A state may carry data derived from its own fields, where deriving it
again on every decision would cost more than keeping it; such a cache follows three rules:

- it is never part of equality, hashing or ``repr`` (``attrs.field(eq=False, hash=False,
  repr=False)``, or a holder that compares by something else), so two states that mean the same
  position are equal whatever they have cached;
- it is derived only from the state's own fields (or the shared, immutable components and rule
  options those fields point to), never from history or anything outside the state;
- it is rebuilt where missing or stale, so a state made another way (``attrs.evolve``, a
  constructor, unpickling) still reads the right answer, only more slowly.

The games keep two: Le Havre's ``State.built`` (the built buildings and who holds them, derived
from ``State.owner``; it names the ``owner`` tuple it was made from, and ``offered.built_entry``
recomputes it for any other) and Port Gdańsk's ``Components.memo`` (tables derived from the
component file, each a ``MemoTable`` named for what it holds: dice entries, the turn's progress
after a roll, the meeple's places, the tensor writer's tables; it pickles and copies empty).
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, TypeVar, cast

import attrs

__all__ = [
    "elementwise",
    "fields_updater",
    "generated_new",
    "generated_update",
    "update",
    "update_generic",
    "weighted_sum",
]

T = TypeVar("T")

_UPDATERS: dict[tuple[object, ...], Callable[..., object]] = {}


def _updater(cls: type[attrs.AttrsInstance], changed: tuple[str, ...]) -> Callable[..., object]:
    """Generate the function that copies ``obj`` with the ``changed`` fields replaced.

    For a slotted class with plain fields (no validators, converters or init hooks, which is every
    state class here) it fills a new instance's slots directly: a frozen class's ``__init__`` goes
    through the base ``object`` setter per field, which costs about a third more. Other classes get a
    positional constructor call, the cheapest call of ``__init__`` there is.
    """
    fields = attrs.fields(cls)
    names = {field.name for field in fields if field.init}
    # A field outside ``__init__`` (a state's ``legal_memo``) can be given only to a copy made
    # by filling slots: it is part of building the copy, never written afterwards.
    fillable = _slots_fillable(cls)
    settable = {field.name for field in fields} if fillable else names
    unknown = [name for name in changed if name not in settable]
    if unknown:
        raise TypeError(f"update: {cls.__name__} has no field {', '.join(unknown)}")
    for field in fields:
        if field.init and field.alias != field.name:
            raise TypeError(f"update: {cls.__name__}.{field.name} needs its own name as init alias")
    params = "".join(f", {name}" for name in changed)
    namespace: dict[str, object] = {"cls": cls, "new": object.__new__}
    if fillable:
        # Each slot's value: the new one, the old object's, or the default of a non-init field.
        def value_of(field: attrs.Attribute[object]) -> str | None:
            if field.name in changed:
                return field.name
            return f"obj.{field.name}" if field.init else None

        body = _filled(cls, namespace, value_of)
    else:
        args = ", ".join(f.name if f.name in changed else f"obj.{f.name}" for f in fields if f.init)
        body = f"    return cls({args})\n"
    source = f"def update(obj{params}):\n{body}"
    exec(source, namespace)  # the source is built from the class's own field names
    function = namespace["update"]
    assert callable(function)
    return function


def _filled(
    cls: type[attrs.AttrsInstance],
    namespace: dict[str, object],
    value_of: Callable[[attrs.Attribute[object]], str | None],
) -> str:
    """The body of a generated function that fills a new ``cls`` instance's slots and returns it:
    each field with the expression ``value_of`` names for it, or its default where that is None,
    and the hash cache empty. (Only for a class ``_slots_fillable`` accepts.)"""
    values: list[tuple[str, str]] = []
    for index, field in enumerate(attrs.fields(cls)):
        value = value_of(field)
        if value is None:
            value = f"default_{index}"
            namespace[value] = field.default
        values.append((field.name, value))
    if _HASH_CACHE in cls.__dict__:
        values.append((_HASH_CACHE, "None"))
    twin = _twin(cls)
    if twin is not None:
        # Filled as its mutable twin (plain attribute stores into the same slots, which the
        # interpreter specialises), then given its own class: a quarter of the cost of
        # calling each slot's setter on a frozen instance.
        namespace["twin"] = twin
        # (``twin()``, not ``new(twin)``: the twin's ``__init__`` is ``object``'s, and calling the
        # class is cheaper than ``object.__new__``'s checks)
        lines = ["    made = twin()", *(f"    made.{name} = {value}" for name, value in values)]
        lines.append("    made.__class__ = cls")
    else:
        lines = ["    made = new(cls)"]
        for index, (name, value) in enumerate(values):
            namespace[f"set_{index}"] = getattr(cls, name).__set__
            lines.append(f"    set_{index}(made, {value})")
    return "\n".join(lines) + "\n    return made\n"


_FACTORY: type[object] = type(attrs.Factory(list))  # attrs types Factory as a function
_HASH_CACHE = "_attrs_cached_hash"  # the slot attrs adds for ``cache_hash=True``


_TWINS: dict[type, type | None] = {}


def _twin(cls: type) -> type | None:
    """A subclass of ``cls`` adding no slots, with ``object``'s ``__setattr__`` and
    ``__delattr__`` instead of the frozen ones, whose instances may become ``cls`` instances by
    ``__class__`` assignment once filled; None where Python refuses that (a class whose
    instances have a ``__dict__``, say)."""
    if cls in _TWINS:
        return _TWINS[cls]
    twin: type | None = None
    # (the twin is made by calling it with no arguments: no class above it may have a __new__)
    plain_new = all("__new__" not in vars(base) for base in cls.__mro__[:-1])
    if plain_new and "__slots__" in cls.__dict__ and not hasattr(object.__new__(cls), "__dict__"):
        candidate = type(
            f"_{cls.__name__}Twin",
            (cls,),
            {
                "__slots__": (),
                "__init__": object.__init__,
                # the twin's own stores are plain; no state is written through this: a copy
                # is filled as the twin and only then becomes a state
                "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__,
            },
        )
        probe: object = object.__new__(candidate)
        try:
            probe.__class__ = cls
        except TypeError:
            pass
        else:
            twin = candidate
    _TWINS[cls] = twin
    return twin


def _slots_fillable(cls: type[attrs.AttrsInstance]) -> bool:
    """Whether a copy may be made by filling slots: nothing in ``__init__`` but assignments."""
    if "__slots__" not in cls.__dict__ or any(
        hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__")
    ):
        return False
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None:
            return False
        if not field.init and (field.default is attrs.NOTHING or isinstance(field.default, _FACTORY)):
            return False
    return True


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


def fields_updater(cls: type[attrs.AttrsInstance], *fields: str) -> Callable[..., object]:
    """The generated update of ``fields`` of ``cls``, called with the object and the new values
    in the order given: for generic code in core that copies every state of a game the same way
    (``Rulebook`` hands out each state with its legal actions)."""
    function = _UPDATERS.get((cls, *fields))
    if function is None:
        function = _UPDATERS[cls, *fields] = _updater(cls, fields)
    return function


def generated_update(cls: type[T], signature: type) -> Callable[..., T]:
    """The generated update of the fields ``signature`` names, for binding to a typed name.

    For the few updates made on nearly every decision, where even ``update``'s lookup by keyword
    names counts. ``signature`` is a callback protocol: its ``__call__`` takes the value
    (positional-only), then the fields to change, each with its field's own type, which is
    checked here at import (and mypy checks every call against the protocol). The generated
    function's parameters are the field names, so a value cannot reach the wrong field::

        class _WithY(Protocol):
            def __call__(self, point: Point, /, y: int) -> Point:
                \"\"\"A copy with another ``y``.\"\"\"

        with_y: _WithY = generated_update(Point, _WithY)

    """
    names = _parameters(cls, signature, skip=2)
    made = fields_updater(cast("type[attrs.AttrsInstance]", cls), *names)
    return cast("Callable[..., T]", _named(made, signature))


def generated_new(cls: type[T], signature: type) -> Callable[..., T]:
    """A constructor of ``cls`` that fills a new instance's slots as its twin (see the module
    docstring), for binding to a typed name.

    For the few values made on nearly every decision (``Forced``, a Le Havre player's supply):
    a frozen class's ``__init__`` costs about twice as much. ``signature`` is a callback
    protocol whose ``__call__`` names every ``__init__`` field of ``cls`` in order, each with
    its field's type; any other is refused at import::

        class _NewPoint(Protocol):
            def __call__(self, x: int, y: int) -> Point:
                \"\"\"``Point(x, y)``, made without the frozen setters.\"\"\"

        new_point: _NewPoint = generated_new(Point, _NewPoint)

    """
    names = _parameters(cls, signature, skip=1)
    made = _maker(cast("type[attrs.AttrsInstance]", cls), names)
    return cast("Callable[..., T]", _named(made, signature))


def _parameters(cls: type, signature: type, *, skip: int) -> tuple[str, ...]:
    """The parameter names of ``signature.__call__`` after the first ``skip`` (``self``, and the
    value updated), each checked to be a field of ``cls`` declared with the same type."""
    call = vars(signature).get("__call__")
    if not isinstance(call, types.FunctionType):
        raise TypeError(f"{signature.__name__} is no callback protocol: it defines no __call__")
    code = call.__code__
    names = code.co_varnames[skip : code.co_argcount + code.co_kwonlyargcount]
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is not an attrs class")
    fields = {field.name: field.type for field in attrs.fields(cls)}
    for name in names:
        if name not in fields:
            raise TypeError(f"{signature.__name__}: {cls.__name__} has no field {name}")
        declared, field_type = call.__annotations__.get(name), fields[name]
        if declared != field_type:
            field = f"{cls.__name__}.{name}"
            raise TypeError(f"{signature.__name__}: {name} is {declared}, but {field} is {field_type}")
    return names


def _named(function: Callable[..., object], signature: type) -> types.FunctionType:
    """``function`` under the snake-case name of ``signature`` (``_WithY``: ``with_y``) and its
    ``__call__``'s docstring, so tracebacks and help() read as for a written function."""
    assert isinstance(function, types.FunctionType)
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", signature.__name__.lstrip("_")).lower()
    copy = types.FunctionType(function.__code__.replace(co_name=name), function.__globals__)
    copy.__name__ = copy.__qualname__ = name
    copy.__doc__ = vars(signature)["__call__"].__doc__
    copy.__module__ = signature.__module__
    return copy


def _maker(cls: type[attrs.AttrsInstance], names: tuple[str, ...]) -> Callable[..., object]:
    """The generated constructor taking ``names``, which must be the ``__init__`` fields in order."""
    fields = attrs.fields(cls)
    expected = tuple(field.name for field in fields if field.init)
    if names != expected:
        raise TypeError(f"generated_new: {cls.__name__} takes {', '.join(expected)}, not {', '.join(names)}")
    namespace: dict[str, object] = {"cls": cls, "new": object.__new__}
    if _slots_fillable(cls):
        body = _filled(cls, namespace, lambda field: field.name if field.init else None)
    else:  # a positional call of ``__init__``, the cheapest there is
        body = f"    return cls({', '.join(names)})\n"
    exec(f"def new_{cls.__name__}({', '.join(names)}):\n{body}", namespace)  # from the field names
    function = namespace[f"new_{cls.__name__}"]
    assert callable(function)
    return function


# -- arithmetic over short fixed-length tuples, written out once -----------------------------------
# A game's supply is a tuple of token counts changed on most decisions. A generated expression
# over its items costs about half of ``tuple(map(sub, a, b))`` or a generator's ``sum``; this is
# the one place outside the updaters above that generates code, from numbers and an operator
# checked here, never from text a game passes in.
Counts = tuple[int, ...]


def elementwise(operator: Literal["+", "-"], length: int) -> Callable[[Counts, Counts], Counts]:
    """``(a[0] <operator> b[0], ..., a[length-1] <operator> b[length-1])``, generated once.

    >>> subtract = elementwise("-", 3)
    >>> subtract((5, 2, 1), (1, 2, 0))
    (4, 0, 1)
    """
    if operator not in ("+", "-") or length < 1:
        raise ValueError(f"elementwise: no {operator!r} over {length} items")
    items = ", ".join(f"a[{i}] {operator} b[{i}]" for i in range(length))
    name = "added" if operator == "+" else "subtract"
    return cast("Callable[[Counts, Counts], Counts]", _generated(name, "a, b", f"({items},)"))


def weighted_sum(weights: Counts) -> Callable[[Counts], int]:
    """``sum(counts[i] * weights[i])`` over the non-zero weights only, generated once (what
    a supply is worth in food or energy, asked on nearly every decision).

    >>> food = weighted_sum((0, 1, 2))
    >>> food((9, 3, 1))
    5
    """
    terms = [f"counts[{i}] * {int(w)}" if w != 1 else f"counts[{i}]" for i, w in enumerate(weights) if w]
    return cast("Callable[[Counts], int]", _generated("worth", "counts", " + ".join(terms) or "0"))


def _generated(name: str, parameters: str, expression: str) -> Callable[..., object]:
    namespace: dict[str, object] = {}
    exec(f"def {name}({parameters}):\n    return {expression}\n", namespace)  # from numbers only
    function = namespace[name]
    assert callable(function)
    return function


if TYPE_CHECKING:
    from attrs import evolve as update
else:
    update = update_generic
