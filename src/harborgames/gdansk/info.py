"""Port Gdańsk's metadata (OpenSpiel-style), declared once."""

from ..core.protocol import Chance, GameInfo, Information
from .component_file import standin_components
from .data import MAX_PLAYERS, OPTIONS, ROUND_LIMIT

# Decisions per turn, at most: roll + 2 rerolls; loading up to 6 cubes (3 dice x 2 symbols,
# each cube weighs >= 1) with a return before each; unloading up to 6 cubes (option "both");
# move, recruit, execute, HR (2 decisions for a swap), cruise, end.
MAX_TURN_DECISIONS = 3 + 12 + 6 + 1 + 1 + 1 + 2 + 1 + 1
SETUP_DECISIONS = 1 + MAX_PLAYERS  # the colour that sits out, the meeples


def _max_score() -> int:
    """A true bound on a final score with the shipped components.

    Below the end threshold until the end triggers; then at most one own turn (the best order
    plus unloading 6 symbols at the best VP per symbol) and the other players' turns (2 VP per
    marker, all 8 in the sector) before the round ends; plus every cruise ship and the best
    set score of all 20 cards.
    """
    c = standin_components()
    own_turn = max(c.token_vp) + 6 * max(vp // w for vp, w in zip(c.unload_vp, c.weight,
                                                                     strict=True))
    other_turn = c.sector_vp_per_marker * c.influence_markers
    track = c.end_vp - 1 + own_turn + (MAX_PLAYERS - 1) * other_turn
    ships = sum(sum(values) for values in c.cruise_vp)
    return track + ships + c.set_scores[4] * 5


INFO = GameInfo(
    name="gdansk",
    title="Port Gdańsk",
    min_players=2,
    max_players=MAX_PLAYERS,
    variants=("standard",),
    chance=Chance.STOCHASTIC,  # dice every turn, shuffled decks
    information=Information.IMPERFECT,  # cruise ship values, the Port deck, the token stack, the dice
    min_score=0,
    max_score=_max_score(),
    max_decisions=SETUP_DECISIONS + ROUND_LIMIT * MAX_PLAYERS * MAX_TURN_DECISIONS,
    version=2,
    options=OPTIONS,
)
