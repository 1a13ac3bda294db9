"""Every registered game, at every player count and variant, passes the conformance kit."""

from __future__ import annotations

import os

import pytest

import harborgames
from harborgames.testing import check_game

# CI keeps the whole run short; HARBORGAMES_CONFORMANCE_GAMES raises it for a deeper local check.
GAMES = int(os.environ.get("HARBORGAMES_CONFORMANCE_GAMES", "200"))

CASES = [
    (name, players, variant)
    for name in harborgames.games()
    for module in [harborgames.load(name)]
    for players in range(module.INFO.min_players, module.INFO.max_players + 1)
    for variant in module.INFO.variants
]


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_game_passes_the_conformance_kit(name: str, players: int, variant: str) -> None:
    module = harborgames.load(name)
    games = GAMES if name == "inland_port" else max(GAMES // 10, 20)
    report = check_game(module, players, variant=variant, games=games, seed=1000)
    assert report.decisions > 2 * games  # the games were played, each with many decisions


@pytest.mark.parametrize(
    "options",
    [
        {"diagonal_edge": "per_axis"},
        {"overpay": "least_goods"},
        {"effect_cost_payment": "per_application"},
        {"main_effect_applications": "up_to"},
    ],
)
def test_inland_port_rule_options_pass_the_conformance_kit(options: dict[str, str]) -> None:
    from harborgames import inland_port

    check_game(inland_port, 2, options=options, games=30, seed=7, cross_process=False)


@pytest.mark.parametrize("variant", ["full", "short"])
@pytest.mark.parametrize("players", [1, 3])
def test_lehavre_rule_options_pass_the_conformance_kit(variant: str, players: int) -> None:
    """Every Le Havre option at its other reading (the sources'), at once."""
    from harborgames import lehavre

    sources = {name: values[1] for name, values in lehavre.OPTIONS.items()}
    check_game(lehavre, players, variant=variant, options=sources, games=10, seed=11, cross_process=False)
