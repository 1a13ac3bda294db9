"""The position: frozen values shared structurally between successive states.

Indices, not names, inside a state: goods are ``data.GOODS`` positions, a quay is its printed
number minus one, a location is its position in the component file, a sector a position in
``data.SECTORS``, a cruise size a position in ``data.CRUISE_SIZES``, a die face a face id of the
components (``Components.face_codes``). Names appear in actions and in ``render``.
"""

from __future__ import annotations

import attrs

from ..core.decisions import Forced, forced_field, legal_memo_field
from ..core.rng import Rng
from ..core.update import fast_update
from .data import Rules

# The pending decision (``State.phase``)
CHOOSE_SECTOR = "choose_sector"  # two players, option first_player_chooses: the colour to remove
PLACE_MEEPLE = "place_meeple"  # setup: each player in turn places the meeple
ROLL = "roll"  # start of a turn: roll the three dice
REROLL = "reroll"  # after a roll with rerolls left: reroll some dice, or keep them all
ACTIONS = "actions"  # dice actions and additional actions in any allowed order, or end
SWAP_WITH = "swap_with"  # HR swap: your marker is picked, now the other marker
OVER = "over"  # the game has ended
PHASES = (CHOOSE_SECTOR, PLACE_MEEPLE, ROLL, REROLL, ACTIONS, SWAP_WITH, OVER)

# Bits of ``Turn.used``: each action at most once per turn.
LOAD, UNLOAD, MOVE, RECRUIT, EXECUTE, HR, CRUISE = 1, 2, 4, 8, 16, 32, 64
DICE_ACTIONS = LOAD | UNLOAD | MOVE | RECRUIT

# ``Turn.stage``: where the turn stands with respect to the dice actions.
BEFORE_DICE, DURING_DICE, AFTER_DICE = 0, 1, 2


@attrs.frozen(slots=True, weakref_slot=False)
class Player:
    """One company: its player board, stock and score."""

    score: int  # VP on the score track (final scoring is added by ``scores``)
    location: int  # the meeple's location index; -1 before it is placed
    hold: tuple[int, ...]  # cubes in the cargo space, per good
    workers: int  # Worker tokens
    stock: int  # Influence markers not yet on the board
    markers: int  # bitmask over quays (bit q) holding one of this player's Influence markers
    bonus: tuple[int, ...]  # constant bonuses (virtual cubes) from executed tokens, per good
    tokens: tuple[int, ...]  # executed Order tokens, in the order taken
    cards: tuple[int, ...]  # Port cards taken (quay indices), in the order taken
    cruise: tuple[tuple[int, int], ...]  # Cruise Ship cards: (size, VP); VP -1 when hidden


@attrs.frozen(slots=True, weakref_slot=False)
class Turn:
    """The current turn's dice and what has been done with them."""

    dice: tuple[int, ...]  # the dice as face ids, sorted; empty before the first roll
    rolls: int  # rolls made so far this turn (0..3)
    load: int  # loading symbols rolled (known once rolling is over)
    move: int  # movement arrows rolled
    recruit: int  # recruitment symbols rolled
    used: int  # bitmask of actions taken this turn (LOAD, UNLOAD, MOVE, ...)
    active: int  # LOAD or UNLOAD while that cube-by-cube action is under way, else 0
    left: int  # weight the active action may still move
    must_load: bool  # a cube was returned to make room: a cube must be loaded next
    stage: int  # BEFORE_DICE, DURING_DICE or AFTER_DICE
    swap_from: int  # phase SWAP_WITH: the quay of your marker being swapped; else -1


NO_TURN = Turn(
    dice=(),
    rolls=0,
    load=0,
    move=0,
    recruit=0,
    used=0,
    active=0,
    left=0,
    must_load=False,
    stage=BEFORE_DICE,
    swap_from=-1,
)


@attrs.frozen(slots=True, weakref_slot=False)
class Board:
    """What lies on and around the board apart from cubes, meeples and markers."""

    tokens: tuple[int, ...]  # per quay: the Order token on it, or -1
    deck: tuple[int, ...]  # Port deck, top first (quay indices); the Central Port card is below
    central_port_open: bool  # the Central Port card is on the Central Port location
    token_stack: tuple[int, ...]  # Order token draw pile, top first
    boxed_tokens: tuple[int, ...]  # two players: the tokens returned to the box (seen by all)
    removed_sector: int  # two players: the colour that sits out; -1 if none (yet)
    cruise_piles: tuple[tuple[int, ...], ...]  # per size: card VP values, top first


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class State:
    """Port Gdańsk between two decisions."""

    current_player: int | None  # the seat deciding next; None once the game is over
    num_players: int  # 2..4
    rng: Rng  # the seeded stream: shuffles, first player, every die roll
    rules: Rules  # rule options and components (shared, never copied)
    phase: str  # the pending decision, one of PHASES
    players: tuple[Player, ...]  # per seat
    turn: Turn  # the current turn's dice and progress
    supply: tuple[int, ...]  # cubes in the unloading zone, per good
    board: Board  # Order tokens, decks and piles
    first_player: int  # the seat holding the first-player card
    round: int  # rounds started (1 = the first round of turns); 0 during setup
    end_triggered: bool  # an end condition has been met: the round is the last
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What one seat may know: the state without the hidden cards, tokens and RNG."""

    player: int  # the observing seat
    current_player: int | None
    num_players: int
    rules: Rules
    phase: str
    players: tuple[Player, ...]  # other seats' Cruise Ship VP shown as -1
    turn: Turn
    supply: tuple[int, ...]
    tokens: tuple[int, ...]  # per quay: the Order token on it, or -1
    deck_size: int  # Port cards left in the deck (the Central Port card not counted)
    central_port_open: bool
    token_stack_top: int  # the face-up top Order token of the stack, or -1
    token_stack_size: int  # tokens in the stack, the top one included
    boxed_tokens: tuple[int, ...]
    removed_sector: int
    cruise_pile_sizes: tuple[int, ...]  # cards left per size
    first_player: int
    round: int
    end_triggered: bool
    forced: tuple[Forced, ...] = ()  # public: what the engine took (dice rolled, lone choices)


# -- the updates made on nearly every decision, bound once (``core.update.fast_update``) ---------
@fast_update(State)
def with_roll(state: State, rng: Rng, phase: str, turn: Turn) -> State:
    """After a roll: the advanced RNG, the next decision and the dice."""
    raise NotImplementedError  # replaced by the generated update


@fast_update(State)
def with_cube_moved(state: State, players: tuple[Player, ...], turn: Turn, supply: tuple[int, ...]) -> State:
    """After a cube moved between the unloading zone and a cargo space."""
    raise NotImplementedError  # replaced by the generated update


@fast_update(State)
def with_mover(state: State, players: tuple[Player, ...], turn: Turn) -> State:
    """After a dice action that changed the current player's board."""
    raise NotImplementedError  # replaced by the generated update


@fast_update(State)
def with_next_turn(
    state: State, current_player: int | None, phase: str, turn: Turn, round: int, end_triggered: bool
) -> State:
    """At the end of a turn: the next seat (or nobody, at the end), its first decision, a new turn."""
    raise NotImplementedError  # replaced by the generated update


@fast_update(Player)
def with_hold(player: Player, score: int, hold: tuple[int, ...]) -> Player:
    """The player's cargo space and score after a cube moved."""
    raise NotImplementedError  # replaced by the generated update


@fast_update(Turn)
def with_progress(turn: Turn, used: int, active: int, left: int, must_load: bool, stage: int) -> Turn:
    """The turn after a dice action (or one cube of it)."""
    raise NotImplementedError  # replaced by the generated update


def with_player(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    """``players`` with ``seat``'s board replaced."""
    return (*players[:seat], player, *players[seat + 1 :])


def with_count(counts: tuple[int, ...], index: int, change: int) -> tuple[int, ...]:
    """``counts`` with ``change`` added at ``index`` (cubes per good, bonuses, ...)."""
    return (*counts[:index], counts[index] + change, *counts[index + 1 :])


def bits(mask: int) -> list[int]:
    """The set bit positions of ``mask``, lowest first (quays in a marker mask)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def additional_turn(turn: Turn, kind: int) -> Turn:
    """The turn after an additional action ``kind``: used up, any cube-by-cube action over, and
    after dice actions it closes them (rule option ``additional_actions=around_dice``)."""
    stage = AFTER_DICE if turn.stage == DURING_DICE else turn.stage
    return Turn(
        dice=turn.dice,
        rolls=turn.rolls,
        load=turn.load,
        move=turn.move,
        recruit=turn.recruit,
        used=turn.used | kind,
        active=0,
        left=0,
        must_load=False,
        stage=stage,
        swap_from=-1,
    )
