"""The observation tensor's layout for Port Gdańsk (``docs/rl/gdansk.md``): its fields in order,
each with its size, what it holds, the scale its counts are divided by and its true bounds.

The writer (``tensor.py``) looks every position up in tables built from these fields.
"""

from __future__ import annotations

from functools import cache

from ..core.encoding import Field, TensorLayout
from .action_ids import DEFAULT_PLAYERS, DICE, MAX_FACES, MAX_LOCATIONS
from .data import (
    CRUISE_CARDS,
    CRUISE_SIZES,
    CRUISE_WORKERS,
    GOODS,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    RULEBOOK_RULES,
    SECTORS,
)
from .decisions import DECISION_TYPES
from .info import INFO
from .limits import (
    MAX_CARD_NUMBER,
    MAX_FACE_SYMBOLS,
    MAX_QUAYS_OF_A_COLOUR,
    MAX_SCORE,
    MAX_SHIPS_OF_A_SIZE,
    MAX_WORKERS,
)
from .state import CRUISE, EXECUTE, HR, LOAD, MOVE, UNLOAD
from .state import RECRUIT as RECRUIT_BIT

# Scales (values are 0..1 where the rules bound them; "~" marks a typical, not a hard, bound).
MAX_CARGO = 9  # the rulebook's cargo capacity
MAX_SYMBOLS = 6  # three dice of at most 2 loading (or movement) symbols each
WORKERS_SCALE = CRUISE_WORKERS[-1]  # ~: a large cruise ship's 8 workers
BONUS_SCALE = 4  # ~: constant bonuses of one good
SCORE_SCALE = RULEBOOK_RULES["end_vp"]  # ~: the end threshold, which the last round can pass
TOKEN_VP_SCALE = 20  # ~: the most an Order token is worth
CRUISE_VP_SCALE = 40  # ~: the cruise ship VP one player collects
PILE_SCALE = CRUISE_CARDS // len(CRUISE_SIZES)  # 7 cards per size in the rulebook's box
QUAY_WORKERS_SCALE = 4  # ~: the workers a Port card asks for
QUAYS_PER_COLOUR = NUM_QUAYS // len(SECTORS)  # 5: a full colour of Port cards
TURN_BITS = (LOAD, UNLOAD, MOVE, RECRUIT_BIT, EXECUTE, HR, CRUISE)
TURN_BIT_NAMES = ("load", "unload", "move", "recruit", "execute", "hr", "cruise")
_KINDS = ", ".join(kind.__name__ for kind in DECISION_TYPES)
ORDER_FEATURES = 2 + 2 * len(GOODS)  # present, VP, bonus good one-hot, cubes required per good


# The bounds of what a component file sets (``limits``): an Order token's VP (its other features
# are flags or required cubes, at most the cargo space), and the Cruise Ship cards of one size.
_ORDER_HIGH = MAX_CARD_NUMBER / TOKEN_VP_SCALE
_SHIPS_HIGH = MAX_SHIPS_OF_A_SIZE / PILE_SCALE
_WORKERS_HIGH = MAX_WORKERS / WORKERS_SCALE  # the loader's limit (``limits``), as the score's


def _order_doc(prefix: str) -> str:
    return (
        f"{prefix} token: present, VP / {TOKEN_VP_SCALE}, bonus good one-hot (6), "
        f"cubes required per good / {MAX_CARGO}"
    )


def _board_fields(seats: int) -> tuple[Field, ...]:
    return (
        Field("end_triggered", 1, "an end condition is met: this round is the last"),
        Field("central_port_open", 1, "the Central Port card is out (unloading possible)"),
        Field("removed_sector", len(SECTORS), "one-hot: the colour sitting out (2 players)"),
        Field("supply", len(GOODS), "cubes in the unloading zone per good / cubes in the box"),
        Field("deck_size", 1, f"Port cards left in the deck / {NUM_QUAYS}"),
        Field("token_stack_size", 1, f"Order tokens in the stack / {NUM_TOKENS}"),
        Field("token_stack_top", ORDER_FEATURES, _order_doc("the stack's face-up top"), high=_ORDER_HIGH),
        Field("boxed_tokens", NUM_TOKENS, "multi-hot over token ids: tokens returned to the box"),
        Field("cruise_piles", len(CRUISE_SIZES), f"cards left per size / {PILE_SCALE}", high=_SHIPS_HIGH),
        Field("quay_sector", NUM_QUAYS * len(SECTORS), "per quay, one-hot of its colour"),
        Field(
            "quay_workers",
            NUM_QUAYS,
            f"per quay, workers its Port card asks / {QUAY_WORKERS_SCALE}",
            high=MAX_CARD_NUMBER / QUAY_WORKERS_SCALE,
        ),
        Field("quay_order", NUM_QUAYS * ORDER_FEATURES, _order_doc("per quay, its Order"), high=_ORDER_HIGH),
        Field("quay_markers", NUM_QUAYS * seats, "per quay, per seat: holds that seat's Influence marker"),
    )


def _seat_fields(seats: int) -> tuple[Field, ...]:
    return (
        Field("score", seats, f"per seat, VP on the track / {SCORE_SCALE} (~)", high=MAX_SCORE / SCORE_SCALE),
        Field("location", seats * MAX_LOCATIONS, "per seat, one-hot of the meeple's location (file order)"),
        Field("hold", seats * len(GOODS), f"per seat, cubes aboard per good / {MAX_CARGO}"),
        Field("workers", seats, f"per seat, Worker tokens / {WORKERS_SCALE} (~)", high=_WORKERS_HIGH),
        Field("markers_left", seats, "per seat, Influence markers not yet on the board / markers per player"),
        Field(
            "bonus",
            seats * len(GOODS),
            f"per seat, constant bonuses per good / {BONUS_SCALE} (~)",
            high=NUM_TOKENS / BONUS_SCALE,
        ),
        Field("executed", seats * NUM_TOKENS, "per seat, multi-hot over token ids: tokens executed"),
        Field("cards", seats * NUM_QUAYS, "per seat, multi-hot over quays: Port cards taken"),
        Field(
            "card_colours",
            seats * len(SECTORS),
            f"per seat, Port cards per colour / {QUAYS_PER_COLOUR}",
            high=MAX_QUAYS_OF_A_COLOUR / QUAYS_PER_COLOUR,
        ),
        Field(
            "cruise_count",
            seats * len(CRUISE_SIZES),
            f"per seat, cruise ships per size / {PILE_SCALE}",
            high=_SHIPS_HIGH,
        ),
        Field(
            "cruise_vp",
            seats,
            f"per seat, VP of the cruise ships the observer knows / {CRUISE_VP_SCALE} (~)",
            high=CRUISE_CARDS * MAX_CARD_NUMBER / CRUISE_VP_SCALE,
        ),
    )


def _turn_fields() -> tuple[Field, ...]:
    return (
        Field("dice", MAX_FACES, f"dice per face id / {DICE} (ids 0..3: L1, L2, M1, M2; 4, 5: recruitment)"),
        Field("rolls", 1, f"rolls made this turn / {DICE}"),
        Field(
            "symbols",
            3,
            f"loading, movement, recruitment symbols rolled / {MAX_SYMBOLS}",
            high=DICE * MAX_FACE_SYMBOLS / MAX_SYMBOLS,
        ),
        Field("used", len(TURN_BITS), "taken this turn: " + ", ".join(TURN_BIT_NAMES)),
    )


def _decision_fields() -> tuple[Field, ...]:
    return (
        Field("decision", len(DECISION_TYPES), "one-hot: what is being decided (all 0 once over): " + _KINDS),
        Field("after_dice", 1, "ChooseAction: the dice actions are over (an additional action followed)"),
        Field(
            "left",
            1,
            f"LoadCubes, FillRoom, UnloadCubes: loading symbols the action may still spend / {MAX_SYMBOLS}",
        ),
        Field("swap_from", NUM_QUAYS, "SwapWith: one-hot of the quay of the mover's marker being swapped"),
    )


@cache
def observation_layout(num_players: int = DEFAULT_PLAYERS, variant: str | None = None) -> TensorLayout:
    """The slices of the tensor; seats are absolute (seat 0 first), ``me`` says which one I am."""
    INFO.check_configuration(num_players, variant)
    seats = num_players
    perspective = (
        Field("me", seats, "one-hot: the observing seat"),
        Field("current_player", seats, "one-hot: the seat deciding now (all 0 once over)"),
        Field("first_player", seats, "one-hot: the seat holding the first-player card"),
        Field("round", 1, f"rounds started / {ROUND_LIMIT} (the engine's round limit)"),
    )
    return TensorLayout(
        perspective + _decision_fields() + _board_fields(seats) + _seat_fields(seats) + _turn_fields()
    )
