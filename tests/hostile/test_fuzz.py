"""The mutation fuzzers of ``harborgames.testing`` on every game, in CI with a bounded number of
mutations. For a deeper run by hand: ``HARBORGAMES_FUZZ=5000 pytest tests/hostile/test_fuzz.py``
(mutations per fuzzer, game and player count)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from harborgames import gdansk, inland_port, lehavre
from harborgames.testing import (
    ConformanceError,
    FuzzReport,
    fuzz_actions,
    fuzz_documents,
    fuzz_notation,
)

MUTATIONS = int(os.environ.get("HARBORGAMES_FUZZ", "0")) or None
DEEP = MUTATIONS is not None

# (game, players, documents, actions, notation): mutations per fuzzer in CI (about 10 s in all)
SETTINGS = [
    pytest.param(inland_port, 2, 3000, 2000, 2000, id="inland_port-2"),
    pytest.param(gdansk, 2, 2000, 2000, 2000, id="gdansk-2"),
    pytest.param(gdansk, 4, 1000, 1000, 1000, id="gdansk-4"),
    pytest.param(lehavre, 2, 3000, 1000, 2000, id="lehavre-2"),
    pytest.param(lehavre, 5, 3000, 1000, 2000, id="lehavre-5"),
]

@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_documents(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_documents(module, players, seed=0, mutations=MUTATIONS or documents, collect=True)
    assert report.tried > 0 and report.refused > 0 and report.accepted > 0, report
    assert not report.findings, "\n".join(report.findings)


# Documents aimed at what play raises and what the round must agree with (issue 22): the round and
# turn, the ship cards, the special deck, the decision's counts and pending amounts, loans,
# stocks and Offer spaces (Le Havre); Francs (the Inland Port); scores and workers (Gdansk).
# Each value is moved a little, doubled, zeroed or set to the largest that loads, and ship cards
# are moved or copied between piles and players. (mutations in CI; HARBORGAMES_FUZZ for more)
LEHAVRE_FOCUS = (
    r"\.round$", r"\.turn$", r"\.turn_player$", r"\.final_turns$", r"ship", r"\.specials",
    r"\.decision\.", r"\.loans$", r"\.stock\[", r"\.offers\[",
)  # fmt: skip
IP_FOCUS = (r"\.francs\[", r"\.actions_left$", r"\.round$")
GDANSK_FOCUS = (r"\.score$", r"\.workers$", r"\.round$", r"\.left$")
FOCUSED = [  # (game, players, variant, options, paths aimed at, mutations in CI)
    pytest.param(lehavre, 2, "full", {}, LEHAVRE_FOCUS, 200, id="lehavre-2"),
    pytest.param(lehavre, 4, "full", {"coal_trader": "sources"}, LEHAVRE_FOCUS, 150, id="lehavre-4-sources"),
    pytest.param(lehavre, 1, "short", {}, LEHAVRE_FOCUS, 100, id="lehavre-1-short"),
    pytest.param(inland_port, 2, None, {}, IP_FOCUS, 200, id="inland_port-2"),
    pytest.param(gdansk, 3, None, {}, GDANSK_FOCUS, 150, id="gdansk-3"),
]


@pytest.mark.parametrize(("module", "players", "variant", "options", "focus", "mutations"), FOCUSED)
def test_documents_aimed_at_the_counts_play_raises(
    module: Any,
    players: int,
    variant: str | None,
    options: dict[str, str],
    focus: tuple[str, ...],
    mutations: int,
) -> None:
    """Every mutant is refused with a ``FormatError``, or loads and plays on: every offered action
    and a random playout lead to states that load back equal."""
    report = fuzz_documents(
        module, players, seed=0, mutations=MUTATIONS or mutations, variant=variant, options=options or None,
        focus=focus, collect=True,
    )  # fmt: skip
    if DEEP:  # pytest -s shows the numbers of a deep run
        print(f"{report.game} {players}p {variant or ''} {options}: tried {report.tried}, refused "
              f"{report.refused}, played {report.accepted}, failures {len(report.findings)}")  # fmt: skip
    assert report.refused > 0 and report.accepted > 0, report
    assert not report.findings, "\n".join(report.findings[:20])


@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_actions(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_actions(module, players, seed=0, mutations=MUTATIONS or actions)
    assert report.refused > 0 and report.accepted > 0, report


@pytest.mark.parametrize(("module", "players", "documents", "actions", "notation"), SETTINGS)
def test_notation(module: Any, players: int, documents: int, actions: int, notation: int) -> None:
    report = fuzz_notation(module, players, seed=0, mutations=MUTATIONS or notation, big=DEEP)
    assert report.refused > 0 and report.accepted > 0, report


def test_big_notation_is_refused_quickly() -> None:
    report = fuzz_notation(inland_port, 2, seed=1, mutations=0, big=True)
    assert report.tried == 6 and report.refused == 6


def test_a_finding_names_the_mutation_path() -> None:
    """A game whose ``loads`` lets a bad value through is caught, and the path is named."""
    import types

    broken = types.SimpleNamespace(**{name: getattr(inland_port, name) for name in inland_port.__all__})
    broken.__name__ = "broken_inland_port"

    def loads(text: str | bytes) -> object:
        try:
            return inland_port.loads(text)
        except Exception:
            raise ZeroDivisionError("boom") from None

    broken.loads = loads
    with pytest.raises(
        ConformanceError,
        match=r"mutation \d+ \(playout seed \d+, step \d+\): \$\.\S+ := .*"
        r"loads raised ZeroDivisionError: boom \(expected FormatError\)",
    ):
        fuzz_documents(broken, 2, seed=0, mutations=50)
    report = fuzz_documents(broken, 2, seed=0, mutations=50, collect=True)
    assert isinstance(report, FuzzReport) and report.findings
    assert all("ZeroDivisionError" in finding for finding in report.findings)


def _position(module: Any, players: int, game_seed: int, step: int) -> Any:
    """The fuzzers' position: ``step`` random moves from ``new_game`` with ``Random(game_seed)``."""
    import random

    rng = random.Random(game_seed)
    state = module.new_game(players, seed=game_seed)
    for _ in range(step):
        legal = module.legal_actions(state)
        state = module.apply(state, legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(("game_seed", "step", "index", "value"), [(4, 140, 0, 0), (3, 100, 3, None)])
def test_inland_port_refuses_an_owned_building_older_than_the_wheel(
    game_seed: int, step: int, index: int, value: int | None
) -> None:
    import json

    from harborgames.core.errors import FormatError

    document = json.loads(inland_port.dumps(_position(inland_port, 2, game_seed, step)))
    owner = document["data"]["owner"]
    owner[index] = owner[index] + 1 if value is None else value
    try:
        state = inland_port.loads(json.dumps(document))
    except FormatError:
        return  # refused: the gap is closed
    for action in inland_port.legal_actions(state):
        inland_port.apply(state, action)
