"""The Inland Port's metadata (OpenSpiel-style), declared once."""

from ..core.protocol import Chance, GameInfo, Information
from .data import OPTIONS

INFO = GameInfo(
    name="inland_port",
    title="Le Havre: The Inland Port",
    min_players=2,
    max_players=2,
    variants=("standard",),
    chance=Chance.SEEDED_SETUP,  # only the starting player is random
    information=Information.PERFECT,
    min_score=0,
    # Francs are unbounded in principle; this is a generous bound for sanity checks.
    max_score=2000,
    # 72 main actions; each turn at most: 31 sells before, the main action, 2 choices, 31 sells
    # after and an end. Sells are bounded by builds (at most 72 buildings ever built).
    max_decisions=72 * 4 + 72,
    version=2,
    options=OPTIONS,
)
