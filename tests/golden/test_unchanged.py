"""Behaviour is unchanged: a seeded random game of every configuration gives the same record,
scores, observation tensors, masks and observations as the files saved before issue 38's
restructuring (tests/golden/games.py says how they are made and when to rewrite them)."""

from __future__ import annotations

import json

import pytest

from .games import CONFIGURATIONS, SEEDS, path, play


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGURATIONS)
def test_a_seeded_random_game_plays_as_it_did_before(name: str, players: int, variant: str) -> None:
    saved = json.loads(path(name, players, variant).read_text())
    assert len(saved) == len(SEEDS)
    for seed, before in zip(SEEDS, saved, strict=True):
        now = play(name, players, variant, seed)
        assert now["record"] == before["record"], f"seed {seed}: the moves differ"
        assert now["scores"] == before["scores"], f"seed {seed}: the scores differ"
        assert now["tensors"] == before["tensors"], f"seed {seed}: a tensor or mask differs"
        assert now["observations"] == before["observations"], f"seed {seed}: an observation differs"
