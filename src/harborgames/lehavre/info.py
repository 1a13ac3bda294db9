"""Le Havre's metadata (OpenSpiel-style), declared once."""

from ..core.protocol import Chance, GameInfo, Information
from .data import FULL, NUM_ROUNDS, OPTIONS, SHORT, TURNS_PER_ROUND

# Decisions in one turn, at most (a generous bound, checked by the conformance kit): buying and
# selling around the main action, a building's own decisions (the Shipping Line ships a good per
# decision), payments asked one token kind at a time.
MAX_TURN_DECISIONS = 400

INFO = GameInfo(
    name="lehavre",
    title="Le Havre",
    min_players=1,
    max_players=5,
    variants=(FULL, SHORT),
    chance=Chance.SEEDED_SETUP,  # the shuffles at setup decide everything random
    information=Information.IMPERFECT,  # the face-down Supply tiles of round 1; the special deck
    min_score=-7 * 200,  # loans are unlimited in the rules; a bound for tensors, not a rule
    max_score=5000,
    max_decisions=(max(NUM_ROUNDS[FULL]) * TURNS_PER_ROUND + 5) * MAX_TURN_DECISIONS,
    version=2,
    options=OPTIONS,
)
