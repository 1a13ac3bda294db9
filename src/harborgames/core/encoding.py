"""Integer actions and observation tensors: what RL tools need, written once for every game.

A policy head needs a fixed number of outputs per game configuration, and most of a game's
actions have a meaning that does not depend on the position ("build farm", "take fish"): those get
a *fixed* id from a catalogue. A few kinds of action are open-ended (a payment from the current
list of non-dominated ways, "process k times"): for those a block of *slots* stands for "the k-th
offered action of that kind, in ``legal_actions`` order". ``ActionSpace`` holds both and turns
actions into ids and back; each game declares its catalogue and slots in its ``encoding`` module.

``TensorLayout`` names the slices of a flat float32 observation vector, so each game's layout is
documented from the same table that writes it (``describe``), and carries each slice's true
bounds (``Field.low``/``high``: what the rules and the loader's limits allow, after scaling), so the
adapters' observation spaces are exact rather than float32's largest value.

The batch helpers (``fill_observations``, ``fill_masks``) write many states into one preallocated
array, for trainers that step many games at once; each game's ``observation_tensors`` and
``legal_action_masks`` are these helpers bound to its own writer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, NamedTuple, Protocol, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from .errors import IllegalActionError

__all__ = [
    "ActionSpace",
    "Field",
    "IdFunctions",
    "ObservationWriter",
    "Slot",
    "TensorLayout",
    "TensorWriter",
    "bind_ids",
    "fill_masks",
    "fill_observations",
]

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)
S_contra = TypeVar("S_contra", contravariant=True)

_INTEGERS = (int, np.integer)  # what an action id may be (``bool`` refused apart)


@attrs.frozen
class Slot:
    """A block of ids for an open-ended kind of action: id ``start + k`` is the k-th offered action
    of class ``kind``. ``capacity`` must bound how many the rules can offer at once."""

    kind: type
    capacity: int
    doc: str = ""


class ActionSpace(Generic[S, A]):
    """The integer ids of one game configuration: fixed actions first, then each slot block."""

    __slots__ = ("_fixed", "_index", "_legal", "_slot_start", "size", "slots")

    def __init__(self, fixed: Iterable[A], slots: Sequence[Slot], legal: Callable[[S], list[A]]) -> None:
        self._fixed: tuple[A, ...] = tuple(fixed)
        self._index: dict[A, int] = {}
        for number, action in enumerate(self._fixed):
            if action in self._index:
                raise ValueError(f"the action catalogue lists {action} twice")
            self._index[action] = number
        self.slots = tuple(slots)
        self._slot_start: dict[type, int] = {}
        start = len(self._fixed)
        for slot in self.slots:
            self._slot_start[slot.kind] = start
            start += slot.capacity
        self.size = start
        self._legal = legal

    @property
    def fixed(self) -> tuple[A, ...]:
        """The actions with a fixed id, in id order (id = position)."""
        return self._fixed

    def encode(self, state: S, action: A) -> int:
        """The id of ``action`` in ``state``; a slot action must be among the offered ones."""
        number = self._index.get(action)
        if number is not None:
            return number
        start = self._slot_start.get(type(action))
        if start is None:
            raise IllegalActionError(f"{action!r} has no integer id in this game's action space")
        same_kind = [offered for offered in self._legal(state) if type(offered) is type(action)]
        try:
            k = same_kind.index(action)
        except ValueError:
            raise IllegalActionError(f"{action} is not offered here, so it has no id") from None
        return start + self._check_capacity(type(action), k)

    def decode(self, state: S, index: int) -> A:
        """The action that ``index`` stands for in ``state``.

        A fixed id always decodes (``apply`` then says whether it is legal); a slot id decodes only
        when that many actions of its kind are offered, since its meaning comes from the list.
        """
        if type(index) is not int:  # (the common case skips the checks)
            if isinstance(index, bool) or not isinstance(index, _INTEGERS):
                raise IllegalActionError(f"an action id is an integer, not {type(index).__name__}")
            index = int(index)
        if not 0 <= index < self.size:
            raise IllegalActionError(f"action id {index} is outside 0..{self.size - 1}")
        if index < len(self._fixed):
            return self._fixed[index]
        for slot in self.slots:
            start = self._slot_start[slot.kind]
            if index < start + slot.capacity:
                k = index - start
                same_kind = [a for a in self._legal(state) if type(a) is slot.kind]
                if k >= len(same_kind):
                    raise IllegalActionError(
                        f"action id {index} is {slot.kind.__name__} option {k + 1}, "
                        f"but {len(same_kind)} are offered here"
                    )
                return same_kind[k]
        raise AssertionError("unreachable: the slots cover every id above the catalogue")

    def ids(self, state: S, actions: Sequence[A]) -> list[int]:
        """The ids of ``actions`` (the offered list of ``state``), in one pass."""
        numbers: list[int | None] = list(map(self._index.get, actions))
        if None not in numbers:  # only catalogue actions: one dict look-up each
            return numbers  # type: ignore[return-value]  # no None in it
        taken: dict[type, int] = {}
        for at, action in enumerate(actions):
            if numbers[at] is not None:
                continue
            kind = type(action)
            start = self._slot_start.get(kind)
            if start is None:
                raise IllegalActionError(f"{action!r} has no integer id in this game's action space")
            k = taken.get(kind, 0)
            taken[kind] = k + 1
            numbers[at] = start + self._check_capacity(kind, k)
        return numbers  # type: ignore[return-value]  # every None was replaced

    def mask(self, state: S) -> npt.NDArray[np.int8]:
        """1 at the id of every legal action, 0 elsewhere (int8, as Gymnasium's ``sample`` wants).

        Written into a ``bytearray`` that the array then wraps: a legal list is short, and a
        byte store per id costs far less than numpy's fancy indexing from a Python list."""
        flags = bytearray(self.size)
        for number in self.ids(state, self._legal(state)):
            flags[number] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def mask_into(self, state: S, row: npt.NDArray[np.int8]) -> None:
        """Set 1 at the id of every legal action in ``row`` (zeroed by the caller: a batch row),
        through its buffer, for the reason ``mask`` gives."""
        flags = row.data
        for number in self.ids(state, self._legal(state)):
            flags[number] = 1

    def _check_capacity(self, kind: type, k: int) -> int:
        for slot in self.slots:
            if slot.kind is kind and k >= slot.capacity:
                raise IllegalActionError(
                    f"more than {slot.capacity} {kind.__name__} actions are offered here; "
                    "the integer action space holds that many"
                )
        return k


@attrs.frozen
class Field:
    """One named slice of an observation vector, with the bounds of its (scaled) values.

    ``low``/``high`` are true bounds: what the rules and the loader's limits (each game's
    ``limits.py``) allow, divided by the field's scale. One-hots, flags and counts scaled by their
    rules maximum keep the default [0, 1].
    """

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0

    def __attrs_post_init__(self) -> None:
        if not self.low <= self.high:
            raise ValueError(f"{self.name}: the low bound {self.low} is above the high bound {self.high}")


@attrs.frozen
class TensorLayout:
    """The slices of a flat float32 observation vector, in order."""

    fields: tuple[Field, ...]
    offsets: dict[str, slice] = attrs.field(init=False, eq=False)

    @offsets.default
    def _offsets(self) -> dict[str, slice]:
        offsets: dict[str, slice] = {}
        start = 0
        for field in self.fields:
            if field.name in offsets:
                raise ValueError(f"the layout names {field.name!r} twice")
            offsets[field.name] = slice(start, start + field.size)
            start += field.size
        return offsets

    size: int = attrs.field(init=False, eq=False)
    """The vector's length (computed once: tensors are written on every decision)."""

    @size.default
    def _size(self) -> int:
        return sum(field.size for field in self.fields)

    low: npt.NDArray[np.float32] = attrs.field(init=False, eq=False, repr=False)
    """Per position, the least value the tensor can hold there (from each field's ``low``)."""

    @low.default
    def _low(self) -> npt.NDArray[np.float32]:
        return self._bound("low")

    high: npt.NDArray[np.float32] = attrs.field(init=False, eq=False, repr=False)
    """Per position, the largest value the tensor can hold there (from each field's ``high``)."""

    @high.default
    def _high(self) -> npt.NDArray[np.float32]:
        return self._bound("high")

    def _bound(self, which: str) -> npt.NDArray[np.float32]:
        bound = np.empty(self.size, dtype=np.float32)
        for field in self.fields:
            bound[self.offsets[field.name]] = getattr(field, which)
        bound.flags.writeable = False  # shared by every caller: a layout is a value
        return bound

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def writer(self) -> TensorWriter:
        return TensorWriter(self)

    def describe(self) -> str:
        """A Markdown table of the slices, for ``docs/rl.md``."""
        lines = ["| slice | name | size | bounds | holds |", "| --- | --- | --- | --- | --- |"]
        for field in self.fields:
            where = self.offsets[field.name]
            bounds = f"{field.low:g}..{field.high:g}"
            row = (f"{where.start}:{where.stop}", field.name, field.size, bounds, field.doc)
            lines.append("| " + " | ".join(map(str, row)) + " |")
        return "\n".join(lines)


class TensorWriter:
    """Fills one observation vector slice by slice, checking each write fits its slice."""

    __slots__ = ("layout", "values")

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.values: npt.NDArray[np.float32] = np.zeros(layout.size, dtype=np.float32)

    def set(self, name: str, values: Sequence[float] | npt.NDArray[np.float32]) -> None:
        where = self.layout.offsets[name]
        if len(values) != where.stop - where.start:
            raise ValueError(f"{name} holds {where.stop - where.start} values, not {len(values)}")
        self.values[where] = values

    def one_hot(self, name: str, index: int | None) -> None:
        """Set position ``index`` of the slice to 1 (``None``: leave it all 0)."""
        if index is None:
            return
        where = self.layout.offsets[name]
        if not 0 <= index < where.stop - where.start:
            raise ValueError(f"{name} has {where.stop - where.start} positions, not index {index}")
        self.values[where.start + index] = 1.0


class ObservationWriter(Protocol[S_contra]):
    """A game's tensor writer: ``player``'s view of ``state`` into ``row``, a zeroed float32 vector
    of the state's layout (what ``observation_tensor`` fills, and each row of a batch)."""

    def __call__(self, state: S_contra, player: int, row: npt.NDArray[np.float32], /) -> None: ...


def fill_observations(
    write: ObservationWriter[S],
    layout_of: Callable[[S], TensorLayout],
    states: Sequence[S],
    seats: Sequence[int],
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """Row ``k`` of a (len(states), layout size) float32 array: ``seats[k]``'s tensor of
    ``states[k]``. ``out``, if given, is that array (reused across steps: it is zeroed and
    filled); every state must be of one configuration (one layout)."""
    layout = _shared(layout_of, states, "observation_tensors")
    if len(seats) != len(states):
        raise ValueError(f"observation_tensors: {len(states)} states but {len(seats)} seats")
    rows: npt.NDArray[np.float32] = _rows(out, (len(states), layout.size), np.float32, "observation_tensors")
    for k, state in enumerate(states):
        write(state, seats[k], rows[k])
    return rows


def fill_masks(
    space_of: Callable[[S], ActionSpace[S, A]],
    states: Sequence[S],
    out: npt.NDArray[np.int8] | None = None,
) -> npt.NDArray[np.int8]:
    """Row ``k`` of a (len(states), action count) int8 array: the legal-action mask of
    ``states[k]``, in ``out`` if given (zeroed and filled); one configuration only."""
    space = _shared(space_of, states, "legal_action_masks")
    rows: npt.NDArray[np.int8] = _rows(out, (len(states), space.size), np.int8, "legal_action_masks")
    for k, state in enumerate(states):
        space.mask_into(state, rows[k])
    return rows


T = TypeVar("T")
G = TypeVar("G", bound=np.generic)  # an array's element type


def _shared(of: Callable[[S], T], states: Sequence[S], who: str) -> T:
    """What every state's configuration gives (its layout, or its action space: one object per
    configuration); a ``ValueError`` for no states or states of several configurations."""
    if not states:
        raise ValueError(f"{who}: no states given")
    shared = of(states[0])
    for state in states:
        if of(state) is not shared:
            raise ValueError(f"{who}: the states are of different configurations")
    return shared


def _rows(out: object, shape: tuple[int, int], dtype: type[G], who: str) -> npt.NDArray[G]:
    """``out`` zeroed, once checked to be a C-contiguous array of ``shape`` and ``dtype``; or a
    new zeroed array."""
    if out is None:
        return np.zeros(shape, dtype=dtype)
    if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype:
        got = f"{out.dtype} {out.shape}" if isinstance(out, np.ndarray) else type(out).__name__
        raise ValueError(f"{who}: out must be a {np.dtype(dtype)} array of shape {shape}, not {got}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"{who}: out must be a writeable C-contiguous array")
    out.fill(0)
    return out


class _Count(Protocol):
    def __call__(self, num_players: int = ..., variant: str | None = ...) -> int: ...


class IdFunctions(NamedTuple, Generic[S, A]):
    """The four id functions of a game's ``encoding`` module (docs/rl.md), bound by ``bind_ids``."""

    num_distinct_actions: _Count
    encode: Callable[[S, A], int]
    decode: Callable[[S, int], A]
    legal_action_mask: Callable[[S], npt.NDArray[np.int8]]


def bind_ids(
    space: Callable[[int, str | None], ActionSpace[S, A]],
    space_of: Callable[[S], ActionSpace[S, A]],
    default_players: int,
) -> IdFunctions[S, A]:
    """A game's ``num_distinct_actions``, ``encode``, ``decode`` and ``legal_action_mask``, from
    its action space of a configuration (``space(num_players, variant)``) and of a state's
    (``space_of(state)``): written once here, bound by each game in one line."""

    def num_distinct_actions(num_players: int = default_players, variant: str | None = None) -> int:
        """The size of a policy head for this configuration."""
        return space(num_players, variant).size

    def encode(state: S, action: A) -> int:
        """The id of ``action`` in ``state`` (a slot action must be offered there)."""
        return space_of(state).encode(state, action)

    def decode(state: S, index: int) -> A:
        """The action id ``index`` stands for in ``state`` (IllegalActionError for an unused slot)."""
        return space_of(state).decode(state, index)

    def legal_action_mask(state: S) -> npt.NDArray[np.int8]:
        """1 at the id of every legal action."""
        return space_of(state).mask(state)

    return IdFunctions(num_distinct_actions, encode, decode, legal_action_mask)
