"""What a loaded Port Gdańsk document may hold: scores and workers, with the room the rest of the
game needs.

Nothing in the rules bounds a score or a seat's workers, so a document with a score of 4,300
nines loaded, and one order later ``dumps`` could not write the state (issue 22). ``loads``
therefore checks each seat's score and workers together with the most the rest of the game can
add (``core.checks.StateChecks.room``): in each turn to come at most ``turn_score`` VP (an order's
token and unloading every loading symbol at the best VP per symbol, or, to another seat, 2 VP
per marker of its own when an order is executed) and as many workers as the dice show symbols;
in the turn under way what its unused actions and the dice rolled still allow. Each move lowers
that by what it adds, so a position within the limits leads only to positions within them.

The counts a component file sets (an Order token's VP, a Port card's workers, a Cruise Ship card's
VP, a die face's symbols, how the cards split among colours and sizes) are bounded by what
``component_file`` accepts: ``MAX_CARD_NUMBER`` and the ``MAX_..._OF_A_...`` counts below. The
observation tensor's bounds (``encoding.observation_layout``) come from these limits, so one
layout bounds the tensors of every valid component file.
"""

from __future__ import annotations

from ..core.checks import StateChecks
from .data import CRUISE_CARDS, CRUISE_SIZES, MAX_NUMBER, NUM_QUAYS, ROUND_LIMIT, SECTORS, Components
from .decisions import ChooseAction, ChooseSector, ChooseStart, FillRoom, LoadCubes, SwapWith, UnloadCubes
from .state import EXECUTE, RECRUIT, UNLOAD, Observation, State

__all__ = [
    "MAX_CARD_NUMBER",
    "MAX_FACE_SYMBOLS",
    "MAX_QUAYS_OF_A_COLOUR",
    "MAX_SCORE",
    "MAX_SHIPS_OF_A_SIZE",
    "MAX_WORKERS",
    "check_room",
    "score_room",
    "turn_score",
    "workers_room",
]

MAX_SCORE = 10**9
"""The most VP a seat's score may come to."""
MAX_WORKERS = 10**9
"""The most workers a seat may come to hold."""
# -- what a component file may set (``component_file`` refuses a file past these) ----------------
MAX_CARD_NUMBER = MAX_NUMBER
"""An Order token's VP, a Port card's workers, a Cruise Ship card's VP: any number of the file."""
MAX_FACE_SYMBOLS = 9
"""The symbols one die face shows (the rulebook's dice show 1 or 2; a recruitment face of a file
may show more)."""
MAX_QUAYS_OF_A_COLOUR = NUM_QUAYS - (len(SECTORS) - 1)
"""The Port cards of one colour: every colour has at least one quay."""
MAX_SHIPS_OF_A_SIZE = CRUISE_CARDS - (len(CRUISE_SIZES) - 1)
"""The Cruise Ship cards of one size: every size has at least one card."""
_ROLLED = (ChooseAction, LoadCubes, FillRoom, UnloadCubes, SwapWith)  # the dice are kept


def _symbols(c: Components) -> int:
    """The most symbols of one kind the dice can show."""
    return c.dice_count * max(c.face_value)


def _vp_per_symbol(c: Components) -> int:
    """The most VP one loading symbol unloads (a cube of weight ``w`` takes ``w`` symbols)."""
    return max(-(-vp // weight) for vp, weight in zip(c.unload_vp, c.weight, strict=True))


def turn_score(c: Components) -> int:
    """The most VP one turn brings a seat: its own (an order and a full unloading) or another's
    order in a sector where it has all its markers."""
    own = max(c.token_vp) + _symbols(c) * _vp_per_symbol(c)
    return max(own, c.sector_vp_per_marker * c.influence_markers)


def _turns_to_come(view: State | Observation) -> int:
    """Turns after the one under way: the rest of this round, and the rounds up to the last (none
    once the end is triggered); every turn of the game during setup."""
    n = view.num_players
    if view.current_player is None:
        return 0
    if isinstance(view.decision, (ChooseSector, ChooseStart)):
        return n * ROUND_LIMIT
    this_round = (view.first_player - view.current_player - 1) % n
    return this_round + (0 if view.end_triggered else n * (ROUND_LIMIT - view.round))


def _this_turn(view: State | Observation, seat: int) -> tuple[int, int]:
    """The most VP and workers the turn under way can still bring ``seat``."""
    decision = view.decision
    me = view.current_player
    if me is None or isinstance(decision, (ChooseSector, ChooseStart)):
        return 0, 0
    c = view.rules.components
    t = view.turn
    rolled = isinstance(decision, _ROLLED)
    executes = not t.used & EXECUTE
    if seat != me:
        markers = view.players[seat].markers.bit_count()
        return (c.sector_vp_per_marker * markers if executes else 0), 0
    if isinstance(decision, UnloadCubes):
        unloading = decision.left
    elif t.used & UNLOAD:
        unloading = 0
    else:
        unloading = t.load if rolled else _symbols(c)
    score = (max(c.token_vp) if executes else 0) + unloading * _vp_per_symbol(c)
    workers = 0 if t.used & RECRUIT else t.recruit if rolled else _symbols(c)
    return score, workers


def score_room(view: State | Observation, seat: int) -> tuple[int, int]:
    """``seat``'s score, and the most VP the rest of the game can add."""
    later = turn_score(view.rules.components) * _turns_to_come(view) + _this_turn(view, seat)[0]
    return view.players[seat].score, later


def workers_room(view: State | Observation, seat: int) -> tuple[int, int]:
    """``seat``'s workers, and the most the rest of the game can add."""
    later = _symbols(view.rules.components) * _turns_to_come(view) + _this_turn(view, seat)[1]
    return view.players[seat].workers, later


def check_room(check: StateChecks, view: State | Observation) -> None:
    """Each seat's score and workers, with what the rest of the game can add, within the limits."""
    for seat in range(view.num_players):
        check.room(f"player {seat}'s score", *score_room(view, seat), MAX_SCORE)
        check.room(f"player {seat}'s workers", *workers_room(view, seat), MAX_WORKERS)
