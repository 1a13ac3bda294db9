"""Build Port Gdańsk positions for tests: a fresh game after setup, then only what a test needs.

>>> s = position(players=3, location={0: "L1"}, hold={0: {"grain": 3}}, orders={1: "O16"})
>>> s.current_player, s.decision, s.players[0].hold[0], s.supply[0]
(0, RollDice(), 3, 9)

Quays are printed numbers, goods and sizes rulebook names, tokens their ids ("O16"). Passing
``dice`` (face codes such as ``["L2", "L2", "M1"]``) puts the player after the last roll, ready
for actions (or, with ``rolls`` 1 or 2, deciding whether to reroll). Every position is checked
by the codec's consistency rules, and everything the position does not fix (the deck, the token
stack, the cruise piles) stays as the seed dealt it.

A hand-built position may wait on a lone option (``roll`` above): ``apply`` takes that one as
usual. Every state the engine hands out has already had its lone options taken (the
forced-choice policy, ``harborgames.core.decisions``); ``rolled`` checks that a turn's roll was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from harborgames import gdansk, testing
from harborgames.core.decisions import Forced
from harborgames.core.update import update
from harborgames.gdansk import State, new_game
from harborgames.gdansk.codec import validate_state
from harborgames.gdansk.data import CRUISE_INDEX, GOOD_INDEX, GOODS, NUM_QUAYS, SECTOR_INDEX
from harborgames.gdansk.decisions import CHOOSE_ACTION, REROLL_DICE, ROLL_DICE, Decision
from harborgames.gdansk.dice import dice_done, rolling
from harborgames.gdansk.state import Board

__all__ = ["TOKEN", "legal", "play", "position", "rolled", "texts"]


def _goods(counts: Mapping[str, int] | None) -> tuple[int, ...]:
    out = [0] * len(GOODS)
    for name, n in (counts or {}).items():
        out[GOOD_INDEX[name]] = n
    return tuple(out)


def _token_index(state: State) -> dict[str, int]:
    return {name: i for i, name in enumerate(state.rules.components.token_ids)}


TOKEN = {f"O{i + 1:02}": i for i in range(20)}  # stand-in token id -> index


def position(
    *,
    players: int = 4,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
    components: Any = None,
    player: int = 0,
    first_player: int = 0,
    location: Mapping[int, str] | None = None,
    hold: Mapping[int, Mapping[str, int]] | None = None,
    workers: Mapping[int, int] | None = None,
    score: Mapping[int, int] | None = None,
    markers: Mapping[int, Iterable[int]] | None = None,
    markers_left: Mapping[int, int] | None = None,
    taken: Mapping[int, Sequence[str]] | None = None,
    cards: Mapping[int, Iterable[int]] | None = None,
    cruise: Mapping[int, Sequence[tuple[str, int]]] | None = None,
    orders: Mapping[int, str] | None = None,
    deck: Sequence[int] | None = None,
    central_port_open: bool = False,
    removed_sector: str | None = None,
    dice: Sequence[str] | None = None,
    rolls: int = 3,
    round: int = 1,
    end_triggered: bool = False,
) -> State:
    """A position with ``player`` to act (to roll, or to act on ``dice`` if given)."""
    base = new_game(players, seed=seed, options=options, components=components)
    c = base.rules.components
    b = base.board
    ids = _token_index(base)
    seats = range(players)
    location = location or {}
    built = []
    for seat in seats:
        p = base.players[seat]
        bits = 0
        for q in (markers or {}).get(seat, ()):
            bits |= 1 << (q - 1)
        own_tokens = tuple(ids[t] for t in (taken or {}).get(seat, ()))
        bonus = [0] * len(GOODS)
        for t in own_tokens:
            if c.token_bonus[t] >= 0:
                bonus[c.token_bonus[t]] += 1
        ships = tuple((CRUISE_INDEX[size], vp) for size, vp in (cruise or {}).get(seat, ()))
        built.append(update(
            p,
            score=(score or {}).get(seat, 0),
            location=c.location_index[location.get(seat, "L1")],
            hold=_goods((hold or {}).get(seat)),
            workers=(workers or {}).get(seat, 0),
            markers_left=(markers_left or {}).get(seat, c.influence_markers - bits.bit_count()),
            markers=bits,
            bonus=tuple(bonus),
            tokens=own_tokens,
            cards=tuple(q - 1 for q in (cards or {}).get(seat, ())),
            cruise=ships,
        ))
    supply = tuple(c.supply[g] - sum(p.hold[g] for p in built) for g in range(len(GOODS)))
    tokens = [-1] * NUM_QUAYS
    for q, name in (orders or {}).items():
        tokens[q - 1] = ids[name]
    used_tokens = {t for t in tokens if t >= 0} | {t for p in built for t in p.tokens}
    boxed = tuple(t for t in b.boxed_tokens if t not in used_tokens)
    stack = tuple(t for t in (*b.token_stack, *b.boxed_tokens, *b.tokens)
                  if t >= 0 and t not in used_tokens and t not in boxed)
    removed = b.removed_sector if removed_sector is None else SECTOR_INDEX[removed_sector]
    held_cards = {q for p in built for q in p.cards} | {q for q in range(NUM_QUAYS)
                                                         if tokens[q] >= 0}
    if deck is None:
        revealed = [q for q in range(NUM_QUAYS) if b.tokens[q] >= 0]
        deck_cards = tuple(q for q in (*b.deck, *revealed) if q not in held_cards
                           and c.quay_sector[q] != removed)
    else:
        deck_cards = tuple(q - 1 for q in deck)
    piles = [list(pile) for pile in b.cruise_piles]
    for p in built:
        for size, vp in p.cruise:
            piles[size].remove(vp)
    board = Board(tokens=tuple(tokens), deck=deck_cards, central_port_open=central_port_open,
                  token_stack=stack, boxed_tokens=boxed, removed_sector=removed,
                  cruise_piles=tuple(tuple(pile) for pile in piles))
    turn = base.turn
    decision: Decision = ROLL_DICE
    if dice is not None:
        index = c.face_index
        faces = tuple(sorted(index[f] for f in dice))
        if rolls < 3:
            turn, decision = rolling(c, faces, rolls), REROLL_DICE
        else:
            turn, decision = dice_done(c, faces, rolls), CHOOSE_ACTION
    # Built anew, not copied from ``base``: a copy would keep the legal actions ``base`` knew.
    state = State(current_player=player, num_players=players, rng=base.rng, rules=base.rules,
                  decision=decision, players=tuple(built), turn=turn, supply=supply, board=board,
                  first_player=first_player, round=round, end_triggered=end_triggered)
    validate_state(state, reached=False)
    return state


def play(state: State, *moves: str) -> State:
    """Apply moves in notation (``harborgames.testing.play`` for this game): a move that is not
    offered raises ``IllegalActionError`` naming it."""
    return testing.play(gdansk, state, *moves)


def legal(state: State) -> list[str]:
    """The legal actions in notation (``harborgames.testing.legal`` for this game)."""
    return testing.legal(gdansk, state)


def rolled(state: State, player: int) -> None:
    """Assert that ``player``'s turn has begun with the roll taken by the engine (the lone
    option): it is the last entry of ``state.forced``, with the dice as they lie for its outcome,
    and ``player`` now decides whether to reroll."""
    codes = state.rules.components.face_codes
    dice = " ".join(codes[face] for face in state.turn.dice)
    assert state.forced[-1:] == (Forced(player, "roll", dice),), f"no roll for P{player}: {state.forced}"
    assert (state.current_player, state.decision, state.turn.rolls) == (player, REROLL_DICE, 1)
    assert len(state.turn.dice) == 3


def texts(actions: Iterable[Any]) -> list[str]:
    return [str(a) for a in actions]
