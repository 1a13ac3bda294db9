"""Hostile action objects: numeric twins, malformed fields and look-alikes reach ``apply``.

``apply`` either refuses them with ``IllegalActionError`` or applies the offered action itself
(so what a record writes always parses back); it never raises anything else, even while
building the refusal message (issue 9).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import numpy as np
import pytest

from harborgames import gdansk, inland_port
from harborgames.core.decisions import field_problem
from harborgames.core.errors import IllegalActionError
from harborgames.core.play import make_record, replay
from harborgames.gdansk.actions import Execute, HrSwapWith, Reroll
from harborgames.inland_port.actions import Build, End, Move, Pay, Times

GAMES = [pytest.param(inland_port, id="inland_port"), pytest.param(gdansk, id="gdansk")]


def states(module: Any, games: int = 6, every: int = 7) -> Iterator[Any]:
    """Positions from seeded random playouts."""
    for seed in range(games):
        rng = random.Random(seed)
        state = module.new_game(2, seed=seed)
        step = 0
        while not module.is_terminal(state):
            if step % every == 0:
                yield state
            legal = module.legal_actions(state)
            state = module.apply(state, legal[rng.randrange(len(legal))])
            step += 1


def int_fields(action: object) -> list[str]:
    return [f.name for f in attrs.fields(type(action)) if type(getattr(action, f.name)) is int]


def twins(value: int) -> list[object]:
    found: list[object] = [float(value), np.int64(value), np.float64(value), np.int32(value)]
    if value in (0, 1):
        found.append(bool(value))
    return found


@pytest.mark.parametrize("module", GAMES)
def test_numeric_twins_apply_as_the_offered_action(module: Any) -> None:
    seen = 0
    for state in states(module):
        before = module.dumps(state)
        for action in module.legal_actions(state):
            for field in int_fields(action):
                for twin in twins(getattr(action, field)):
                    mutant = attrs.evolve(action, **{field: twin})
                    after = module.apply(state, mutant)  # equal and of its class: accepted ...
                    assert module.dumps(after) == module.dumps(module.apply(state, action))
                    module.loads(module.dumps(after))  # ... and the state saves and loads
                    assert module.parse_action(state, str(action)) == action
                    seen += 1
        assert module.dumps(state) == before
    assert seen > 5


def test_a_record_of_twins_written_by_the_arena_parses_back() -> None:
    """A bot answering with numeric twins (numpy, floats) still leaves a readable record."""
    from harborgames.bots.arena import play_game
    from harborgames.bots.base import Bot

    class TwinBot(Bot):
        name = "twins"

        def choose(self, view: Any) -> Any:
            action = view.legal_actions[-1]
            fields = int_fields(action)
            return (
                attrs.evolve(action, **{f: np.int64(getattr(action, f)) for f in fields})
                if fields
                else action
            )

        def __init__(self) -> None:
            pass

    final, actions = play_game(inland_port, [TwinBot(), TwinBot()], seed=3)
    assert all(field_problem(a) == "" for a in actions)
    record = inland_port.loads(inland_port.dumps(make_record(inland_port, 2, 3, actions)))
    assert replay(inland_port, record) == final


def test_an_object_equal_to_everything_is_refused() -> None:
    class Liar:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    state = inland_port.new_game(2, seed=1)
    with pytest.raises(IllegalActionError, match="not an Inland Port action"):
        inland_port.apply(state, Liar())

    class FakeEnd(End):  # a subclass of an action class, equal by its own say-so
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    with pytest.raises(IllegalActionError, match="not an Inland Port action"):
        inland_port.apply(state, FakeEnd())


@pytest.mark.parametrize(
    ("module", "action", "message"),
    [
        (
            gdansk,
            Reroll(faces=1),
            r"Reroll\(faces=1\) is not a legal action: its field faces must be a tuple of str",
        ),  # type: ignore[arg-type]
        (gdansk, Reroll(faces=("L1", 2)), "its field faces must be a tuple of str, but holds int"),  # type: ignore[arg-type]
        (gdansk, Execute(quay="1"), "its field quay must be an int, not str"),  # type: ignore[arg-type]
        (gdansk, HrSwapWith(player=None, quay=3), "its field player must be an int, not NoneType"),  # type: ignore[arg-type]
        (
            inland_port,
            Build(building=[1]),
            r"Build\(building=\[1\]\) is not a legal action: its field building must be a str",
        ),  # type: ignore[arg-type]
        (inland_port, Times(4.5), "its field count must be an int, not float"),  # type: ignore[arg-type]
        (inland_port, Pay(fish=np.int64(99)), "its field fish must be an int, not int64"),  # type: ignore[arg-type]
        (inland_port, Move(fish=True), "its field fish must be an int, not bool"),
    ],
)
def test_malformed_fields_are_refused_with_a_reason(module: Any, action: object, message: str) -> None:
    state = module.new_game(2, seed=1)
    before = module.dumps(state)
    with pytest.raises(IllegalActionError, match=message):
        module.apply(state, action)
    assert module.dumps(state) == before


@pytest.mark.parametrize("module", GAMES)
def test_odd_values_are_refused_or_applied_as_offered(module: Any) -> None:
    odd: list[object] = [
        None,
        -1,
        0,
        10**30,
        -(10**30),
        float("nan"),
        "",
        "\x00",
        "x" * 10_000,
        [1],
        {},
        object(),
    ]
    for state in states(module, games=3, every=11):
        legal = module.legal_actions(state)
        for action in legal:
            for field in attrs.fields(type(action)):
                for value in odd:
                    mutant = attrs.evolve(action, **{field.name: value})
                    try:
                        after = module.apply(state, mutant)
                    except IllegalActionError as error:
                        assert 0 < len(str(error)) < 2000
                        continue
                    offered = [a for a in legal if type(a) is type(mutant) and a == mutant]
                    assert offered, f"{mutant!r} was accepted but equals no offered action"
                    assert module.dumps(after) == module.dumps(module.apply(state, offered[0]))


def test_a_refusal_explainer_that_raises_still_refuses() -> None:
    """The core catches an explainer that trips over an odd value: still IllegalActionError."""
    from harborgames.core.decisions import Rule, Rulebook

    @attrs.frozen
    class Go:
        steps: int

    @attrs.frozen
    class Move:
        """The toy's one kind of decision."""

    @attrs.frozen
    class Toy:
        current_player: int | None = 0
        decision: Move | None = Move()
        forced: tuple[object, ...] = ()
        legal_memo: tuple[object, ...] | None = attrs.field(default=None, eq=False)

    def explain(state: Toy, decision: Move, action: Go) -> str:
        raise KeyError(action.steps)

    book: Rulebook[Toy, Go] = Rulebook(
        "Toy",
        state_type=Toy,
        action_types=(Go,),
        rules={Move: Rule(lambda s, d: (Go(1), Go(2)), lambda s, d, a: s, explain)},
    )
    with pytest.raises(IllegalActionError, match=r"Go\(steps=7\) is not a legal action here \(KeyError"):
        book.apply(Toy(), Go(7))


def test_field_types_are_checked_the_same_after_attrs_resolves_them() -> None:
    """cattrs resolves an action class's postponed annotations the first time it structures one
    (``loads`` of an action); the field check must read ``tuple[str, ...]`` the same afterwards,
    whatever order a test run (or a program) takes."""

    @attrs.frozen
    class Faces:
        faces: tuple[str, ...]
        count: int

    attrs.resolve_types(Faces)  # before the first check, as when ``loads`` came first
    assert not isinstance(attrs.fields(Faces).faces.type, str)
    assert field_problem(Faces(faces=1, count=1)) == "its field faces must be a tuple of str, not int (1)"  # type: ignore[arg-type]
    assert field_problem(Faces(faces=("a", 2), count=1)).endswith("but holds int (2)")  # type: ignore[arg-type]
    assert field_problem(Faces(faces=("a",), count=True)) == "its field count must be an int, not bool (True)"
