"""JSON for Port Gdańsk, with the consistency checks that ``loads`` applies.

The components travel inside every saved state and observation as one string: their canonical
JSON. Loading looks that text up in a content-addressed cache, so a million saved states of one
game share one ``Components`` object and a state written with a user's component file still
loads anywhere, without the file.
"""

from __future__ import annotations

from collections import Counter

from ..core.checks import StateChecks
from ..core.codec import Codec, register_decisions
from ..core.update import update
from .actions import ACTION_TYPES
from .component_file import components_from_text
from .data import (
    CRUISE_SIZES,
    GOODS,
    MAX_NUMBER,
    NUM_QUAYS,
    NUM_TOKENS,
    ROUND_LIMIT,
    TWO_PLAYER_TOKENS_REMOVED,
    Components,
)
from .decisions import (
    DECISION_TYPES,
    ChooseAction,
    ChooseSector,
    ChooseStart,
    Decision,
    FillRoom,
    LoadCubes,
    RerollDice,
    RollDice,
    SwapWith,
    UnloadCubes,
)
from .dice import dice_symbols
from .info import INFO
from .limits import check_room
from .state import (
    CRUISE,
    DICE_ACTIONS,
    EXECUTE,
    HR,
    LOAD,
    MOVE,
    NO_TURN,
    RECRUIT,
    UNLOAD,
    Observation,
    Player,
    State,
)
from .turn import RULEBOOK

__all__ = ["CODEC", "dumps", "loads", "validate_observation", "validate_state"]

_STATE = StateChecks("gdansk")
_OBSERVATION = StateChecks("gdansk", "observation")
_SETUP = (ChooseSector, ChooseStart)  # round 0: no meeple has moved, no card is out yet
_NOT_ROLLED = (ChooseSector, ChooseStart, RollDice, type(None))  # the turn has no dice
_ALL_ACTIONS = LOAD | UNLOAD | MOVE | RECRUIT | EXECUTE | HR | CRUISE
_ADDITIONAL = EXECUTE | HR | CRUISE


def _check_common(view: State | Observation, ck: StateChecks, *, own: int | None,
                  whole: bool) -> None:
    """What a state and an observation share: seats, the decision, round, the players' boards, the
    cubes, the Order tokens on the board and the turn record. ``own``: an observation's seat
    (the others' Cruise Ship values are hidden, -1); ``None`` for a state (nothing hidden).
    ``whole``: also the conservation of Port cards and Order tokens (a position the rules reached)."""
    n = view.num_players
    decision = view.decision
    setup = type(decision) in _SETUP
    current = view.current_player
    c = view.rules.components
    players = view.players
    if not 2 <= n <= 4:
        ck.fail(f"num_players is {n}, must be 2..4")
    if len(players) != n:
        ck.fail(f"{len(players)} players for num_players {n}")
    if (decision is None) != (current is None):
        ck.fail("current_player is null exactly when the decision is null (the game is over)")
    if current is not None and not 0 <= current < n:
        ck.fail(f"current_player {current} is not a seat")
    if not 0 <= view.first_player < n:
        ck.fail(f"first_player {view.first_player} is not a seat")
    if setup:
        if view.round != 0:
            ck.fail(f"round {view.round} during setup (decision {type(decision).__name__}), must be 0")
    elif not 1 <= view.round <= ROUND_LIMIT:
        ck.fail(f"round {view.round} is outside 1..{ROUND_LIMIT}")
    if decision is None and not (view.end_triggered or view.round >= ROUND_LIMIT):
        ck.fail(f"the game is over before an end condition or round {ROUND_LIMIT}")
    ck.forced("forced", view.forced, n)
    if len(view.supply) != len(GOODS):
        ck.fail(f"supply lists {len(view.supply)} goods, must list {len(GOODS)}")
    if len(view.tokens if isinstance(view, Observation) else view.board.tokens) != NUM_QUAYS:
        ck.fail(f"tokens must list one Order token or -1 for each of the {NUM_QUAYS} quays")
    for seat, p in enumerate(players):
        _check_player(view, ck, seat, p, own, whole)
    for g, name in enumerate(GOODS):
        total = view.supply[g] + sum(p.hold[g] for p in players)
        if view.supply[g] < 0 or total != c.supply[g]:
            ck.fail(f"{total} {name} cubes in play; the game has {c.supply[g]}")
    _check_locations(view, ck)
    _check_markers(view, ck, whole)
    _check_turn(view, ck)
    check_room(ck, view)  # scores and workers leave room for the rest of the game (limits.py)


def _check_player(view: State | Observation, ck: StateChecks, seat: int, p: Player,
                  own: int | None, whole: bool) -> None:
    c = view.rules.components
    where = f"player {seat}"
    if len(p.hold) != len(GOODS) or len(p.bonus) != len(GOODS):
        ck.fail(f"{where}: hold and bonus list {len(GOODS)} goods")
    if min(p.hold) < 0 or sum(p.hold) > c.cargo_capacity:
        ck.fail(f"{where}: the cargo space holds 0..{c.cargo_capacity} cubes")
    if p.workers < 0 or p.score < 0:
        ck.fail(f"{where}: negative workers or score")
    if not -1 <= p.location < len(c.location_ids):
        ck.fail(f"{where}: location {p.location} does not exist")
    if p.markers >> NUM_QUAYS or p.markers < 0:
        ck.fail(f"{where}: markers on quays that do not exist")
    if p.markers_left < 0 or p.markers_left + p.markers.bit_count() != c.influence_markers:
        ck.fail(f"{where}: markers_left and markers on the board must add up to "
              f"{c.influence_markers}")
    if any(not 0 <= q < NUM_QUAYS for q in p.cards):
        ck.fail(f"{where}: a Port card that does not exist")
    if any(not 0 <= t < NUM_TOKENS for t in p.tokens):
        ck.fail(f"{where}: an Order token that does not exist")
    if whole and len(p.tokens) != len(p.cards):
        ck.fail(f"{where}: {len(p.tokens)} Order tokens executed but {len(p.cards)} Port cards "
              "taken (each order takes one of each)")
    bonus = [0] * len(GOODS)
    for t in p.tokens:
        if c.token_bonus[t] >= 0:
            bonus[c.token_bonus[t]] += 1
    if list(p.bonus) != bonus:
        ck.fail(f"{where}: bonus {list(p.bonus)} is not what the executed Order tokens give "
              f"({bonus})")
    hidden = own is not None and seat != own
    for size, vp in p.cruise:
        if not 0 <= size < len(CRUISE_SIZES):
            ck.fail(f"{where}: a cruise ship size that does not exist")
        if (vp != -1) if hidden else not 0 <= vp <= MAX_NUMBER:
            ck.fail(f"{where}: cruise ship value {vp} " + ("must be hidden (-1)" if hidden else
                                                         "is not a card value"))


def _check_locations(view: State | Observation, ck: StateChecks) -> None:
    """Setup places the meeples in turn order from the first player; then all are out."""
    kind = type(view.decision)
    located = [p.location >= 0 for p in view.players]
    if kind is ChooseSector:
        expected = [False] * view.num_players
    elif kind is ChooseStart:
        current = view.current_player
        assert current is not None
        placed = (current - view.first_player) % view.num_players
        expected = [(seat - view.first_player) % view.num_players < placed
                    for seat in range(view.num_players)]
    else:
        expected = [True] * view.num_players
    if located != expected:
        if kind in _SETUP:
            ck.fail("meeples are placed in turn order from the first player, up to the current "
                  "player")
        ck.fail("every meeple is on the board once setup is over")


def _check_markers(view: State | Observation, ck: StateChecks, whole: bool) -> None:
    """A marker never lies beside an Order token; ``whole``: markers lie exactly where orders
    were executed (taken Port cards: swaps and HR places only move or add markers there)."""
    tokens = view.tokens if isinstance(view, Observation) else view.board.tokens
    if any(not -1 <= t < NUM_TOKENS for t in tokens):
        ck.fail("tokens must list one Order token or -1 per quay")
    taken = {q for p in view.players for q in p.cards}
    marked = 0
    for p in view.players:
        marked |= p.markers
    executed = sum(1 << q for q in taken)
    for q in range(NUM_QUAYS):
        if tokens[q] >= 0 and marked >> q & 1:
            ck.fail(f"quay {q + 1} holds both an Order token and a marker")
    if whole and marked != executed:
        stray = [q + 1 for q in range(NUM_QUAYS) if (marked ^ executed) >> q & 1]
        ck.fail(f"quays {stray}: an Influence marker lies exactly on each quay whose Port card "
              "was taken")
    for q in range(NUM_QUAYS):
        if tokens[q] >= 0 and q in taken:
            ck.fail(f"quay {q + 1} holds an Order token, but its Port card was taken")


def _check_turn(view: State | Observation, ck: StateChecks) -> None:
    """The turn record must fit the decision, so legal_actions can trust it."""
    c = view.rules.components
    t = view.turn
    decision = view.decision
    kind = type(decision)
    name = kind.__name__
    rolled = kind not in _NOT_ROLLED
    if any(not 0 <= f < len(c.face_codes) for f in t.dice) or list(t.dice) != sorted(t.dice):
        ck.fail("dice must be sorted face ids of the components")
    if rolled != (len(t.dice) == c.dice_count) or not (1 if rolled else 0) <= t.rolls <= 3:
        ck.fail(f"the dice and rolls {t.rolls} do not fit the decision {name}")
    if not rolled:
        if t != NO_TURN:
            ck.fail(f"no turn is under way in decision {name}: the turn record must be empty")
        return
    if kind is RerollDice:
        if t.rolls == 3:
            ck.fail("no reroll after the third roll")
        if t != update(NO_TURN, dice=t.dice, rolls=t.rolls):
            ck.fail("while rolling, nothing else is recorded in the turn")
        return
    if (t.load, t.move, t.recruit) != dice_symbols(c, t.dice):
        ck.fail("the symbols do not match the dice")
    if not 0 <= t.used <= _ALL_ACTIONS:
        ck.fail("the turn's used actions are out of range")
    for bit, symbols in ((LOAD, t.load), (UNLOAD, t.load), (MOVE, t.move),
                         (RECRUIT, t.recruit)):
        if t.used & bit and not symbols:
            ck.fail("a dice action was used without its symbols")
    if view.rules.load_and_unload == "either" and t.used & LOAD and t.used & UNLOAD:
        ck.fail("loading and unloading share the loading symbols (load_and_unload=either)")
    me = view.current_player
    assert me is not None
    player = view.players[me]
    if isinstance(decision, LoadCubes | FillRoom | UnloadCubes):
        bit = UNLOAD if kind is UnloadCubes else LOAD
        if not t.used & bit:
            ck.fail(f"the loading or unloading under way ({name}) must be marked used")
        if not 0 <= decision.left <= t.load:
            ck.fail(f"{decision.left} loading symbols left do not fit the {t.load} rolled")
    if isinstance(decision, ChooseAction) and decision.after_dice and not (
            t.used & DICE_ACTIONS and t.used & _ADDITIONAL):
        ck.fail("the dice actions are over (after_dice) only after a dice action and an "
                "additional action")
    if kind is FillRoom and sum(player.hold) != c.cargo_capacity - 1:
        ck.fail("a cube returned to make room leaves exactly one free space to load")
    if isinstance(decision, SwapWith):
        if not 0 <= decision.quay < NUM_QUAYS or not player.markers >> decision.quay & 1:
            ck.fail("the quay of SwapWith must hold the current player's marker")
        if t.used & HR or player.workers < c.hr_swap_cost:
            ck.fail("an HR swap needs the HR panel unused this turn and its workers")


def _check_cards(view: State | Observation, ck: StateChecks, deck: tuple[int, ...] | int,
                 whole: bool) -> None:
    """Every Port card is in exactly one place: under an Order token, in the deck, taken, or
    (two players) sitting out with its colour; for an observation only the count of the deck is
    known. Without ``whole``, only that no card is in two places."""
    c = view.rules.components
    b = view if isinstance(view, Observation) else view.board
    n = view.num_players
    removed = b.removed_sector
    if n == 2:
        sitting_out = type(view.decision) is ChooseSector
        if (removed == -1) != sitting_out:
            ck.fail("with two players one colour sits out, chosen in the decision ChooseSector")
        if sitting_out and view.rules.two_player_removed_sector != "first_player_chooses":
            ck.fail("the colour that sits out is drawn at random (two_player_removed_sector)")
        if not sitting_out and removed not in c.removable_sectors:
            ck.fail(f"removed_sector {removed} is not a colour that may sit out")
        if whole and len(b.boxed_tokens) != TWO_PLAYER_TOKENS_REMOVED:
            ck.fail(f"two players return {TWO_PLAYER_TOKENS_REMOVED} Order tokens to the box")
    elif removed != -1 or b.boxed_tokens:
        ck.fail("only two players remove a colour and box Order tokens")
    out = [q for q in range(NUM_QUAYS) if removed >= 0 and c.quay_sector[q] == removed]
    shown = [q for q, t in enumerate(b.tokens) if t >= 0]
    taken = [q for p in view.players for q in p.cards]
    if isinstance(deck, int):
        total = len(out) + len(shown) + len(taken) + deck
        if not 0 <= deck <= NUM_QUAYS or (total != NUM_QUAYS if whole else total > NUM_QUAYS):
            ck.fail(f"deck_size {deck}: every Port card must be in exactly one place")
        deck_size = deck
    else:
        cards = [*out, *shown, *taken, *deck]
        if len(set(cards)) != len(cards) or (whole and len(cards) != NUM_QUAYS):
            ck.fail("every Port card must be in exactly one place: under an Order token, in the "
                  "deck, taken, or sitting out with its colour")
        deck_size = len(deck)
    if whole and b.central_port_open != (deck_size == 0):
        ck.fail("the Central Port card is out exactly when the Port deck is empty")
    if type(view.decision) in _SETUP and (shown or taken):
        ck.fail("no Port card is revealed before every meeple is placed")


def _check_cruise(view: State | Observation, ck: StateChecks,
                  piles: tuple[tuple[int, ...], ...] | None, sizes: tuple[int, ...]) -> None:
    c = view.rules.components
    if len(sizes) != len(CRUISE_SIZES):
        ck.fail("there are three cruise ship piles")
    for size, values in enumerate(c.cruise_vp):
        held = [vp for p in view.players for s, vp in p.cruise if s == size]
        if sizes[size] < 0 or len(held) + sizes[size] != len(values):
            ck.fail(f"the {CRUISE_SIZES[size]} cruise ships do not match the components")
        if piles is not None and Counter([*held, *piles[size]]) != Counter(values):
            ck.fail(f"the {CRUISE_SIZES[size]} cruise ships do not match the components")


def validate_state(state: State, *, reached: bool = True) -> None:
    """Refuse positions the rules cannot play from: every count in range, every cube, Order
    token and Cruise Ship card of the components once, no Port card in two places, a decision
    and a turn record that fit each other, so that ``legal_actions`` and ``apply`` can trust it.

    ``loads`` checks a position the rules ``reached``: then also the conservation of every Port
    card and Order token (each in exactly one place, a marker exactly where an order was
    executed). A hand-built test position, which may put markers and cards anywhere, is checked
    with ``reached=False``.
    """
    whole = reached
    ck = _STATE
    _check_common(state, ck, own=None, whole=whole)
    b = state.board
    if any(not 0 <= q < NUM_QUAYS for q in b.deck):
        ck.fail("the Port deck holds a card that does not exist")
    _check_cards(state, ck, b.deck, whole)
    on_board = [t for t in b.tokens if t >= 0]
    taken = [t for p in state.players for t in p.tokens]
    all_tokens = sorted([*on_board, *b.token_stack, *b.boxed_tokens, *taken])
    if all_tokens != list(range(NUM_TOKENS)):
        ck.fail("the Order tokens must each appear once (board, stack, box, players)")
    if whole and type(state.decision) is not ChooseSector and len(b.token_stack) != len(b.deck):
        ck.fail(f"{len(b.token_stack)} Order tokens in the stack for {len(b.deck)} Port cards in "
              "the deck (each revealed card gets a token)")
    _check_cruise(state, ck, b.cruise_piles, tuple(len(pile) for pile in b.cruise_piles))
    over = state.decision is None
    ck.decision(over, state.current_player, 0 if over else len(RULEBOOK.legal_tuple(state)))


def validate_observation(observation: Observation) -> None:
    """What one seat sees must be a cut of a valid state: the same checks, on the counts of
    what is hidden."""
    o = observation
    ck = _OBSERVATION
    if not 0 <= o.player < o.num_players:
        ck.fail(f"observation for seat {o.player}")
    # once the game is over every Cruise Ship value is shown to every seat (observe.py)
    _check_common(o, ck, own=o.player if o.decision is not None else None, whole=True)
    _check_cards(o, ck, o.deck_size, True)
    on_board = [t for t in o.tokens if t >= 0]
    taken = [t for p in o.players for t in p.tokens]
    known = [*on_board, *o.boxed_tokens, *taken]
    if o.token_stack_size < 0 or (o.token_stack_top >= 0) != (o.token_stack_size > 0):
        ck.fail("the face-up top of the token stack is shown exactly when the stack is not empty")
    if o.token_stack_top >= 0:
        known.append(o.token_stack_top)
    if (any(not 0 <= t < NUM_TOKENS for t in known) or len(set(known)) != len(known)
            or len(on_board) + len(o.boxed_tokens) + len(taken) + o.token_stack_size != NUM_TOKENS):
        ck.fail("the Order tokens must each appear once (board, stack, box, players)")
    if type(o.decision) is not ChooseSector and o.token_stack_size != o.deck_size:
        ck.fail("the token stack and the Port deck hold as many each")
    _check_cruise(o, ck, None, o.cruise_pile_sizes)


def _make_codec() -> Codec[State, Observation]:
    codec = Codec(
        "gdansk",
        state_type=State,
        observation_type=Observation,
        action_types=ACTION_TYPES,
        validate_state=validate_state,
        validate_observation=validate_observation,
        info=INFO,
    )

    def structure_components(value: object, _: object) -> Components:
        if not isinstance(value, str):
            raise TypeError("components must be the component document as a JSON string")
        return components_from_text(value, "embedded components")

    codec.converter.register_unstructure_hook(Components, lambda c: c.text)
    codec.converter.register_structure_hook(Components, structure_components)
    register_decisions(codec.converter, DECISION_TYPES, Decision | None)
    return codec


CODEC = _make_codec()
dumps = CODEC.dumps
loads = CODEC.loads
