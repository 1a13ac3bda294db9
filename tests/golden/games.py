"""Seeded random games of every configuration, and what they are checked by: the record, and a
digest of every seat's observation tensor, legal-action mask and observation at every step.

The saved files (``records/``) were written before issue 38's restructuring; the test plays the
same games again and compares, so a refactor that changes a legal action's order, an outcome, a
tensor entry or an observation shows up as a changed digest. Rewrite them (``python -m
tests.golden.games``) only when a change of behaviour is meant, and bump the game's version then.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import harborgames
from harborgames.core.files import write_atomic
from harborgames.core.play import make_record

RECORDS = Path(__file__).parent / "records"
SEEDS = (38, 39, 40)

CONFIGURATIONS = [
    (name, players, variant)
    for name in harborgames.games()
    for module in [harborgames.load(name)]
    for players in range(module.INFO.min_players, module.INFO.max_players + 1)
    for variant in module.INFO.variants
]


def path(name: str, players: int, variant: str) -> Path:
    return RECORDS / f"{name}-{players}-{variant}.json"


def play(name: str, players: int, variant: str, seed: int) -> dict[str, object]:
    """One seeded random game and the digests of everything each seat was shown along the way."""
    module = harborgames.load(name)
    rng = random.Random(f"{seed}/{name}/{players}/{variant}")
    state = module.new_game(players, seed=seed, variant=variant)
    tensors = hashlib.sha256()
    observations = hashlib.sha256()
    actions = []
    while True:
        for seat in range(players):
            tensors.update(module.observation_tensor(state, seat).tobytes())  # type: ignore[attr-defined]
            observations.update(module.dumps(module.observe(state, seat)).encode())
        if module.is_terminal(state):
            break
        tensors.update(module.legal_action_mask(state).tobytes())  # type: ignore[attr-defined]
        action = rng.choice(module.legal_actions(state))
        actions.append(action)
        state = module.apply(state, action)
    record = make_record(module, players, seed, actions, variant=variant)
    return {
        "record": json.loads(module.dumps(record)),
        "scores": list(module.scores(state)),
        "tensors": tensors.hexdigest(),
        "observations": observations.hexdigest(),
    }


def main() -> None:
    """Write every configuration's file (only when a change of behaviour is meant)."""
    RECORDS.mkdir(exist_ok=True)
    wanted = sys.argv[1:]
    for name, players, variant in CONFIGURATIONS:
        if wanted and name not in wanted:
            continue
        games = [play(name, players, variant, seed) for seed in SEEDS]
        text = json.dumps(games, indent=1) + "\n"
        write_atomic(path(name, players, variant), text)
        print(path(name, players, variant).name, len(text))


if __name__ == "__main__":
    main()
