"""``core.update``: a copy with some fields changed, equal to what the constructor builds."""

from __future__ import annotations

import types
from typing import Protocol

import attrs
import pytest

from harborgames.core.update import (
    elementwise,
    generated_new,
    generated_update,
    update,
    update_generic,
    weighted_sum,
)


@attrs.frozen(slots=True, cache_hash=True)
class Cached:
    a: int
    b: tuple[int, ...]
    memo: object = attrs.field(default=None, init=False, eq=False)


@attrs.frozen(slots=True)
class Checked:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class Plain:
    a: int
    b: str = "x"


def test_update_fills_slots_as_the_constructor_would() -> None:
    before = Cached(1, (2,))
    hash(before)  # fill the hash cache: the copy must not inherit it
    after = update(before, a=5)
    assert after == Cached(5, (2,))
    assert hash(after) == hash(Cached(5, (2,)))
    assert after.memo is None and after.b is before.b


@attrs.frozen(slots=True)
class Derived(Cached):
    c: int = 0


def test_a_copy_is_of_the_class_itself_and_still_frozen() -> None:
    """The copy is filled as a twin (a subclass taking plain stores) and then given the class:
    what comes out is the class itself, frozen, with a weak-reference slot or a base as well."""
    for before in (Cached(1, (2,)), Derived(1, (2,), 3)):
        after = update_generic(before, a=7)
        assert type(after) is type(before)
        assert after == attrs.evolve(before, a=7)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            after.a = 8  # type: ignore[misc]
    made = generated_new(Derived, _NewDerived)(1, (2,), 3)
    assert type(made) is Derived and made == Derived(1, (2,), 3)


class _NewDerived(Protocol):
    def __call__(self, a: int, b: tuple[int, ...], c: int) -> Derived: ...


def test_update_runs_validators_through_the_constructor() -> None:
    with pytest.raises(TypeError):
        update_generic(Checked(1), a="no")


def test_update_of_a_dict_class_and_of_several_fields() -> None:
    assert update(Plain(1), a=2, b="y") == Plain(2, "y")


def test_update_names_an_unknown_field() -> None:
    with pytest.raises(TypeError, match="Plain has no field c"):
        update_generic(Plain(1), c=3)


class _WithB(Protocol):
    def __call__(self, value: Cached, /, b: tuple[int, ...]) -> Cached:
        """A copy with other ``b``."""


with_b: _WithB = generated_update(Cached, _WithB)


def test_a_generated_update_binds_the_fields_its_protocol_names() -> None:
    assert with_b(Cached(1, (2,)), (3, 4)) == Cached(1, (3, 4))
    assert with_b(Cached(1, (2,)), b=(5,)) == Cached(1, (5,))
    assert isinstance(with_b, types.FunctionType)  # a function as written: named and documented
    assert with_b.__name__ == "with_b" and with_b.__doc__ == "A copy with other ``b``."


def test_a_generated_update_refuses_a_parameter_that_is_no_field() -> None:
    class _WithC(Protocol):
        def __call__(self, value: Cached, /, c: int) -> Cached: ...

    with pytest.raises(TypeError, match="_WithC: Cached has no field c"):
        generated_update(Cached, _WithC)


def test_a_generated_update_refuses_a_parameter_of_another_type_than_its_field() -> None:
    class _WithA(Protocol):
        def __call__(self, value: Cached, /, a: str) -> Cached: ...

    with pytest.raises(TypeError, match=r"_WithA: a is str, but Cached\.a is int"):
        generated_update(Cached, _WithA)


def test_a_signature_must_be_a_callback_protocol() -> None:
    class _NoCall(Protocol):
        pass

    with pytest.raises(TypeError, match="_NoCall is no callback protocol"):
        generated_update(Cached, _NoCall)


class _NewCached(Protocol):
    def __call__(self, a: int, b: tuple[int, ...]) -> Cached:
        """A ``Cached`` made by filling its slots."""


new_cached: _NewCached = generated_new(Cached, _NewCached)


def test_a_generated_constructor_makes_what_the_constructor_makes() -> None:
    made = new_cached(1, (2,))
    assert type(made) is Cached and made == Cached(1, (2,)) and hash(made) == hash(Cached(1, (2,)))
    assert made.memo is None  # a field outside ``__init__`` gets its default
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.a = 3  # type: ignore[misc]  # frozen as any other
    assert isinstance(new_cached, types.FunctionType) and new_cached.__name__ == "new_cached"


def test_a_generated_constructor_calls_the_constructor_of_a_class_with_validators() -> None:
    class _NewChecked(Protocol):
        def __call__(self, a: int) -> Checked: ...

    new_checked: _NewChecked = generated_new(Checked, _NewChecked)
    assert new_checked(1) == Checked(1)
    with pytest.raises(TypeError):
        new_checked("no")  # type: ignore[arg-type]  # the validator runs


def test_a_generated_constructor_refuses_a_signature_that_is_not_the_fields_in_order() -> None:
    class _Swapped(Protocol):
        def __call__(self, b: tuple[int, ...], a: int) -> Cached: ...

    with pytest.raises(TypeError, match="Cached takes a, b, not b, a"):
        generated_new(Cached, _Swapped)


def test_elementwise_and_weighted_sum_equal_the_loops_they_write_out() -> None:
    a, b = (5, 0, 3, 2), (1, 0, 3, 4)
    assert elementwise("-", 4)(a, b) == tuple(x - y for x, y in zip(a, b, strict=True))
    assert elementwise("+", 4)(a, b) == tuple(x + y for x, y in zip(a, b, strict=True))
    weights = (0, 1, 2, 0)
    assert weighted_sum(weights)(a) == sum(x * w for x, w in zip(a, weights, strict=True))
    assert weighted_sum((0, 0))((3, 4)) == 0


def test_elementwise_refuses_another_operator() -> None:
    with pytest.raises(ValueError, match="elementwise"):
        elementwise("*", 3)  # type: ignore[arg-type]
