"""JSON for Port Gdańsk, with the consistency checks that ``loads`` applies.

The components travel inside every saved state and observation as one string: their canonical
JSON. Loading looks that text up in a content-addressed cache, so a million saved states of one
game share one ``Components`` object and a state written with a user's component file still
loads anywhere, without the file.
"""

from __future__ import annotations

from collections import Counter

from ..core.checks import StateChecks
from ..core.codec import Codec
from .actions import ACTION_TYPES
from .data import (
    CRUISE_SIZES,
    GOODS,
    NUM_QUAYS,
    NUM_TOKENS,
    SECTORS,
    Components,
    Rules,
    components_from_text,
)
from .dice import dice_symbols
from .info import INFO
from .state import (
    ACTIONS,
    AFTER_DICE,
    CHOOSE_SECTOR,
    LOAD,
    OVER,
    PHASES,
    PLACE_MEEPLE,
    REROLL,
    SWAP_WITH,
    UNLOAD,
    Observation,
    Player,
    State,
)
from .turn import RULEBOOK

_CHECK = StateChecks("gdansk")
_fail = _CHECK.fail


def _check_common(n: int, current: int | None, phase: str, rules: Rules,
                  players: tuple[Player, ...]) -> None:
    if not 2 <= n <= 4:
        _fail(f"num_players is {n}, must be 2..4")
    if len(players) != n:
        _fail(f"{len(players)} players for num_players {n}")
    if phase not in PHASES:
        _fail(f"phase {phase!r} is not one of {PHASES}")
    if (phase == OVER) != (current is None):
        _fail("current_player is null exactly when the phase is 'over'")
    if current is not None and not 0 <= current < n:
        _fail(f"current_player {current} is not a seat")
    c = rules.components
    for seat, p in enumerate(players):
        where = f"player {seat}"
        if len(p.hold) != len(GOODS) or len(p.bonus) != len(GOODS):
            _fail(f"{where}: hold and bonus list {len(GOODS)} goods")
        if min(p.hold) < 0 or sum(p.hold) > c.cargo_capacity:
            _fail(f"{where}: the cargo space holds 0..{c.cargo_capacity} cubes")
        if p.workers < 0 or p.score < 0:
            _fail(f"{where}: negative workers or score")
        if not -1 <= p.location < len(c.location_ids):
            _fail(f"{where}: location {p.location} does not exist")
        if p.markers >> NUM_QUAYS or p.markers < 0:
            _fail(f"{where}: markers on quays that do not exist")
        if p.stock < 0 or p.stock + p.markers.bit_count() != c.influence_markers:
            _fail(f"{where}: stock and markers on the board must add up to "
                  f"{c.influence_markers}")
        if any(not 0 <= q < NUM_QUAYS for q in p.cards):
            _fail(f"{where}: a Port card that does not exist")
        if any(not 0 <= size < len(CRUISE_SIZES) for size, _ in p.cruise):
            _fail(f"{where}: a cruise ship size that does not exist")


def validate_state(state: State) -> None:
    """Refuse positions the rules can never reach in form: conservation of every component."""
    _check_common(state.num_players, state.current_player, state.phase, state.rules,
                  state.players)
    c = state.rules.components
    b = state.board
    _check_turn(state)
    if not 0 <= state.first_player < state.num_players or state.round < 0:
        _fail(f"first_player {state.first_player} or round {state.round} out of range")
    if not -1 <= b.removed_sector < len(SECTORS):
        _fail(f"removed_sector {b.removed_sector} is not a sector")
    if len(b.tokens) != NUM_QUAYS or any(not -1 <= t < NUM_TOKENS for t in b.tokens):
        _fail("tokens must list one Order token or -1 per quay")
    if any(not 0 <= q < NUM_QUAYS for q in b.deck):
        _fail("the Port deck holds a card that does not exist")
    if len(b.cruise_piles) != len(CRUISE_SIZES):
        _fail("there are three cruise ship piles")
    for g, name in enumerate(GOODS):
        total = state.supply[g] + sum(p.hold[g] for p in state.players)
        if state.supply[g] < 0 or total != c.supply[g]:
            _fail(f"{total} {name} cubes in play; the game has {c.supply[g]}")
    on_board = [t for t in b.tokens if t >= 0]
    taken = [t for p in state.players for t in p.tokens]
    all_tokens = sorted([*on_board, *b.token_stack, *b.boxed_tokens, *taken])
    if all_tokens != list(range(NUM_TOKENS)):
        _fail("the Order tokens must each appear once (board, stack, box, players)")
    cards = [q for q, t in enumerate(b.tokens) if t >= 0]
    cards += list(b.deck) + [q for p in state.players for q in p.cards]
    if b.removed_sector >= 0:
        cards += [q for q in range(NUM_QUAYS) if c.quay_sector[q] == b.removed_sector]
    if len(set(cards)) != len(cards):
        _fail("a Port card appears twice")
    for size, values in enumerate(c.cruise_vp):
        held = [vp for p in state.players for s, vp in p.cruise if s == size]
        if Counter([*held, *b.cruise_piles[size]]) != Counter(values):
            _fail(f"the {CRUISE_SIZES[size]} cruise ships do not match the components")
    bits = [p.markers for p in state.players]
    for q in range(NUM_QUAYS):
        if b.tokens[q] >= 0 and any(m >> q & 1 for m in bits):
            _fail(f"quay {q + 1} holds both an Order token and a marker")
    over = state.phase == OVER
    _CHECK.decision(over, state.current_player, 0 if over else len(RULEBOOK.legal_tuple(state)))


def _check_turn(state: State) -> None:
    """The turn record must fit the phase, so legal_actions can trust it."""
    c = state.rules.components
    t = state.turn
    phase = state.phase
    placed = phase in (CHOOSE_SECTOR, PLACE_MEEPLE, OVER) or min(p.location for p in state.players) >= 0
    if not placed:
        _fail(f"every meeple is on the board in phase {phase!r}")
    if any(not 0 <= f < len(c.face_codes) for f in t.dice) or list(t.dice) != sorted(t.dice):
        _fail("dice must be sorted face ids of the components")
    rolled = phase in (REROLL, ACTIONS, SWAP_WITH)
    if rolled != (len(t.dice) == c.dice_count) or not (1 if rolled else 0) <= t.rolls <= 3:
        _fail(f"the dice and rolls {t.rolls} do not fit phase {phase!r}")
    if phase == REROLL and t.rolls == 3:
        _fail("no reroll after the third roll")
    if t.active not in (0, LOAD, UNLOAD) or not 0 <= t.stage <= AFTER_DICE or t.left < 0:
        _fail("the turn's active action, stage or budget is out of range")
    if t.must_load and t.active != LOAD:
        _fail("a pending load belongs to a loading action")
    if (phase == SWAP_WITH) != (t.swap_from >= 0):
        _fail("swap_from is set exactly in phase 'swap_with'")
    if phase == SWAP_WITH:
        me = state.current_player
        mine = -1 if me is None else state.players[me].markers
        if t.swap_from >= NUM_QUAYS or mine < 0 or not mine >> t.swap_from & 1:
            _fail("swap_from must be a quay holding the current player's marker")
    if rolled and phase != REROLL:
        symbols = dice_symbols(c, t.dice)
        if (t.load, t.move, t.recruit) != symbols:
            _fail("the symbols do not match the dice")


def validate_observation(observation: Observation) -> None:
    _check_common(observation.num_players, observation.current_player, observation.phase,
                  observation.rules, observation.players)
    if not 0 <= observation.player < observation.num_players:
        _fail(f"observation for seat {observation.player}")


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
    return codec


CODEC = _make_codec()
dumps = CODEC.dumps
loads = CODEC.loads
