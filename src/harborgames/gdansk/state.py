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
from ..core.update import update
from .data import Rules
from .decisions import CHOOSE_ACTION, CHOOSE_AFTER_DICE, ChooseAction, Decision

# Bits of ``TurnProgress.used``: each action at most once per turn.
LOAD, UNLOAD, MOVE, RECRUIT, EXECUTE, HR, CRUISE = 1, 2, 4, 8, 16, 32, 64
DICE_ACTIONS = LOAD | UNLOAD | MOVE | RECRUIT


@attrs.frozen(slots=True, weakref_slot=False)
class Player:
    """One company: its player board, stock and score."""

    score: int  # VP on the score track (final scoring is added by ``scores``)
    location: int  # the meeple's location index; -1 before it is placed
    hold: tuple[int, ...]  # cubes in the cargo space, per good
    workers: int  # Worker tokens
    markers_left: int  # Influence markers not yet on the board (beside the player board)
    markers: int  # bitmask over quays (bit q) holding one of this player's Influence markers
    bonus: tuple[int, ...]  # constant bonuses (virtual cubes) from executed tokens, per good
    tokens: tuple[int, ...]  # executed Order tokens, in the order taken
    cards: tuple[int, ...]  # Port cards taken (quay indices), in the order taken
    cruise: tuple[tuple[int, int], ...]  # Cruise Ship cards: (size, VP); VP -1 when hidden


@attrs.frozen(slots=True, weakref_slot=False)
class TurnProgress:
    """The current turn's dice and what has been done with them (what is being decided is
    ``State.decision``)."""

    dice: tuple[int, ...]  # the dice as face ids, sorted; empty before the first roll
    rolls: int  # rolls made so far this turn (0..3)
    load: int  # loading symbols rolled (known once rolling is over)
    move: int  # movement arrows rolled
    recruit: int  # recruitment symbols rolled
    used: int  # bitmask of actions taken this turn (LOAD, UNLOAD, MOVE, ...)


NO_TURN = TurnProgress(dice=(), rolls=0, load=0, move=0, recruit=0, used=0)


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
    decision: Decision | None  # what the current player decides; None once the game is over
    players: tuple[Player, ...]  # per seat
    turn: TurnProgress  # the current turn's dice and progress
    supply: tuple[int, ...]  # cubes in the unloading zone, per good
    board: Board  # Order tokens, decks and piles
    first_player: int  # the seat holding the first-player card
    round: int  # rounds started (1 = the first round of turns); 0 during setup
    end_triggered: bool  # an end condition has been met: the round is the last
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed

    @property
    def variant(self) -> str:
        """The variant played (``core.protocol.State``): this game has one."""
        return "standard"


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What one seat may know: the state without the hidden cards, tokens and RNG."""

    player: int  # the observing seat
    current_player: int | None
    num_players: int
    rules: Rules
    decision: Decision | None
    players: tuple[Player, ...]  # other seats' Cruise Ship VP shown as -1
    turn: TurnProgress
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


def additional_done(state: State, kind: int) -> tuple[TurnProgress, ChooseAction]:
    """The turn and the next decision after the additional action ``kind``: used up, any
    cube-by-cube action over, and, once dice actions were taken, the dice actions over (rule
    option ``additional_actions=around_dice``: before and/or after *all* of them)."""
    turn = state.turn
    used = turn.used | kind
    return update(turn, used=used), CHOOSE_AFTER_DICE if used & DICE_ACTIONS else CHOOSE_ACTION


