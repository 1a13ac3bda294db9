"""Hidden information in the full game: the special buildings (rulebook, Setup 8: six shuffled
face down on the Special buildings space, the rest back in the box; the Marketplace: "look at
the top two Special building cards and return them in any order").

No observation may leak a special card its seat has not seen: changing a hidden card (two
face-down cards swapped, or a face-down card swapped with one in the box) leaves the
``dumps(observe(state, seat))`` of every seat that did not see it byte-identical. A seat that
looked sees its cards in their order; the others see -2 where it looked. ``resample`` keeps its
seat's observation, changes only what that seat cannot know, and is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from harborgames import lehavre as lh
from harborgames.lehavre import data as D
from harborgames.lehavre.setup import special_deck
from harborgames.testing import legal, play

from .position import kind

B = D.BUILDING_INDEX
TOWN, OUT, SPECIAL_DECK = -1, -3, -4
SPECIALS = frozenset(B[b.id] for b in D.SPECIAL_BUILDINGS)
MARKETPLACE = B["marketplace"]


# -- positions --------------------------------------------------------------------------------------
def _looking_playout(n: int, seed: int) -> Iterator[lh.State]:
    """A random full game that builds and visits the Marketplace whenever it can (so that seats
    look at the special deck), every position along it."""
    state = lh.new_game(n, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_player is not None:
        options = lh.legal_actions(state)
        market = [a for a in options if "marketplace" in str(a) and not str(a).startswith("sell")]
        action = rng.choice(market) if market and rng.random() < 0.9 else rng.choice(options)
        state = lh.apply(state, action)
        yield state


def _sampled_positions(n: int, seed: int, every: int = 40) -> list[lh.State]:
    """Positions of one such game: every ``every``-th, each Marketplace look (the order still to
    choose) and the position right after it."""
    chosen = []
    previous: lh.State | None = None
    for k, state in enumerate(_looking_playout(n, seed)):
        looking = isinstance(state.decision, lh.decisions.MarketplaceLook)
        looked = previous is not None and previous.known != state.known and state.specials
        if (k % every == 0 or looking or looked) and state.specials:
            chosen.append(state)
        previous = state
    return chosen


def _record_positions() -> list[lh.State]:
    """The full 4-player record of ``test_full_game.py`` (seed 7): the positions where the
    knowledge of the special deck changed, and the ones just before."""
    lines = Path(__file__).with_name("full_game_4p_seed7.txt").read_text(encoding="utf-8").splitlines()
    moves = [t.strip() for line in lines if line and not line.startswith("#") for t in line.split(";")]
    state = lh.new_game(4, seed=7)
    chosen = []
    for text in moves:
        after = lh.apply(state, lh.parse_action(state, text))
        if after.known != state.known and after.specials:
            chosen += [state, after]
        state = after
    return chosen


POSITIONS = {n: _sampled_positions(n, seed=20 + n) for n in (1, 2, 3, 4, 5)}


def test_the_playouts_include_marketplace_looks_at_every_player_count() -> None:
    for n, positions in POSITIONS.items():
        assert any(any(card >= 0 for seen in s.known for card in seen) for s in positions), n
    # and positions where two seats know cards
    assert any(sum(any(c >= 0 for c in seen) for seen in s.known) >= 2 for p in POSITIONS.values() for s in p)


# -- changing a hidden card -----------------------------------------------------------------------------
def _boxed(state: lh.State) -> list[int]:
    """The special cards back in the box (in this game, not face down, not turned up)."""
    in_game = special_deck(state.rules, state.num_players)
    return [b for b in in_game if state.owner[b] == OUT]


def _with_card(state: lh.State, position: int, card: int) -> lh.State:
    """``card`` (from the box) at deck ``position``; the card there goes back to the box. A seat
    that knew the position knows the new card (the state stays one the rules can reach)."""
    old = state.specials[position]
    deck = (*state.specials[:position], card, *state.specials[position + 1 :])
    owner = list(state.owner)
    owner[old], owner[card] = OUT, SPECIAL_DECK
    known = tuple(
        tuple(card if (k == position and c >= 0) else c for k, c in enumerate(seen)) for seen in state.known
    )
    return attrs.evolve(state, specials=deck, owner=tuple(owner), known=known)


def _swapped(state: lh.State, i: int, j: int) -> lh.State:
    """Deck positions ``i`` and ``j`` exchanged (the knowledge follows the positions)."""
    deck = list(state.specials)
    deck[i], deck[j] = deck[j], deck[i]
    known = tuple(
        tuple(deck[k] if (k in (i, j) and c >= 0) else c for k, c in enumerate(seen)) for seen in state.known
    )
    return attrs.evolve(state, specials=tuple(deck), known=known)


def _observations(state: lh.State) -> list[str]:
    return [lh.dumps(lh.observe(state, seat)) for seat in range(state.num_players)]


def _check_changes(state: lh.State, rng: random.Random) -> int:
    """Every hidden card changed once (with another face-down card and with boxed cards): each
    seat that did not see the changed positions observes exactly the same bytes, each seat that
    saw one observes the change. Returns the number of changes made."""
    before = _observations(state)
    moves_before = legal(lh, state)
    deck, n = state.specials, state.num_players
    boxed = _boxed(state)
    made = 0
    for i in range(len(deck)):
        changes: list[tuple[lh.State, tuple[int, ...]]] = []
        for j in range(len(deck)):
            if j != i:
                changes.append((_swapped(state, i, j), (i, j)))
        for card in rng.sample(boxed, min(3, len(boxed))):
            changes.append((_with_card(state, i, card), (i,)))
        for other, positions in changes:
            lh.loads(lh.dumps(other))  # still a valid position
            after = _observations(other)
            for seat in range(n):
                saw = any(state.known[seat][k] >= 0 for k in positions)
                if saw:
                    assert after[seat] != before[seat], (seat, positions)
                else:
                    assert after[seat] == before[seat], (seat, positions)
            # hidden cards change nothing a player can do now
            assert legal(lh, other) == moves_before
            made += 1
    return made


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_changing_a_hidden_special_card_leaves_every_unseeing_seats_observation_byte_identical(
    n: int,
) -> None:
    rng = random.Random(n)
    made = sum(_check_changes(state, rng) for state in POSITIONS[n])
    assert made > 0


def test_changing_a_hidden_special_card_in_the_recorded_4_player_game() -> None:
    rng = random.Random(7)
    positions = _record_positions()
    assert len(positions) >= 10
    assert sum(_check_changes(state, rng) for state in positions) > 0


def test_the_box_is_hidden_too_a_turned_up_card_is_not() -> None:
    state = lh.new_game(4, seed=3)
    boxed = _boxed(state)
    assert len(boxed) == 35 - 6  # 36 without the Harbor Watch, six face down
    other = _with_card(state, 0, boxed[0])
    assert _observations(other) == _observations(state)
    # once the town turns a card up (a special symbol), it is public
    shown = attrs.evolve(
        state, owner=tuple(TOWN if b == state.specials[0] else w for b, w in enumerate(state.owner))
    )
    assert all(a != b for a, b in zip(_observations(shown), _observations(state), strict=True))


# -- what a look shows ----------------------------------------------------------------------------------
def _marketplace_for(state: lh.State, seat_owner: int) -> lh.State:
    """The Marketplace built (taken out of its pile) and owned by ``seat_owner`` (-1: the town)."""
    owner = list(state.owner)
    owner[MARKETPLACE] = seat_owner
    piles = tuple(tuple(b for b in pile if b != MARKETPLACE) for pile in state.piles)
    return attrs.evolve(state, owner=tuple(owner), piles=piles)


def _look(state: lh.State, order: str) -> tuple[lh.State, lh.State]:
    """The current player enters the Marketplace, takes the first goods offered and returns the
    top two cards in ``order``: the position at the order decision, and after it."""
    state = play(lh, state, "enter marketplace")
    while not isinstance(state.decision, lh.decisions.MarketplaceLook):
        state = lh.apply(state, lh.legal_actions(state)[0])
    assert legal(lh, state) == ["order keep", "order swap"]
    return state, play(lh, state, f"order {order}")


def test_the_looking_seat_sees_its_two_cards_and_their_order_the_others_see_minus_2() -> None:
    state = _marketplace_for(lh.new_game(3, seed=5), 1)
    deck = state.specials
    deciding, after = _look(state, "swap")
    # while deciding: seat 0 sees the top two; seats 1 and 2 only that seat 0 knows them
    seen = [lh.observe(deciding, seat).state for seat in range(3)]
    assert seen[0].specials == (deck[0], deck[1], -1, -1, -1, -1)
    assert seen[1].specials == seen[2].specials == (-1,) * 6
    assert seen[1].known[0] == seen[2].known[0] == (-2, -2, -1, -1, -1, -1)
    # returned swapped: seat 0 knows the new order, the others still see -2 there
    assert after.specials == (deck[1], deck[0], *deck[2:])
    seen = [lh.observe(after, seat).state for seat in range(3)]
    assert seen[0].specials == (deck[1], deck[0], -1, -1, -1, -1)
    assert seen[0].known == ((deck[1], deck[0], -1, -1, -1, -1), (-1,) * 6, (-1,) * 6)
    for seat in (1, 2):
        assert seen[seat].specials == (-1,) * 6
        assert seen[seat].known[0] == (-2, -2, -1, -1, -1, -1)
        assert seen[seat].known[seat] == (-1,) * 6
    # the face-down cards are no building's place in an observation: they look out of the game
    assert all(who != SPECIAL_DECK for who in seen[1].owner)
    assert lh.loads(lh.dumps(lh.observe(after, 1))) == lh.observe(after, 1)


@pytest.mark.parametrize("order", ["keep", "swap"])
def test_a_second_look_takes_the_first_seats_knowledge_of_the_order_away(order: str) -> None:
    """Seat 0 looked; seat 1 looks and returns the two in an order seat 0 cannot see, so seat 0
    no longer knows which is on top (reading: the others lose positional knowledge)."""
    state = _marketplace_for(lh.new_game(3, seed=5), -1)
    deck = state.specials
    state = attrs.evolve(state, known=((deck[0], deck[1], -1, -1, -1, -1), (-1,) * 6, (-1,) * 6))
    state = attrs.evolve(state, current_player=1, turn_player=1)
    _, after = _look(state, order)
    top = (deck[0], deck[1]) if order == "keep" else (deck[1], deck[0])
    assert after.specials[:2] == top
    assert after.known == ((-1,) * 6, (*top, -1, -1, -1, -1), (-1,) * 6)
    assert lh.observe(after, 0).state.specials == (-1,) * 6
    assert lh.observe(after, 0).state.known[1] == (-2, -2, -1, -1, -1, -1)


def test_a_look_at_a_one_card_deck_shows_that_card_and_asks_no_order() -> None:
    state = _marketplace_for(lh.new_game(2, seed=5), -1)
    last = state.specials[3]
    owner = tuple(
        OUT if b in state.specials[:3] + state.specials[4:] else w for b, w in enumerate(state.owner)
    )
    state = attrs.evolve(state, specials=(last,), known=((-1,), (-1,)), owner=owner)
    state = play(lh, state, "enter marketplace")
    while state.current_player == 0 and kind(state) != "turn":
        state = lh.apply(state, lh.legal_actions(state)[0])
    assert state.known == ((last,), (-1,))
    assert lh.observe(state, 0).state.specials == (last,)
    assert lh.observe(state, 1).state.specials == (-1,) and lh.observe(state, 1).state.known[0] == (-2,)


# -- resample ----------------------------------------------------------------------------------------------
def _hidden_fields_restored(other: lh.State, state: lh.State) -> lh.State:
    return attrs.evolve(
        other, tiles=state.tiles, rng=state.rng, specials=state.specials, owner=state.owner, known=state.known
    )


def _check_resample(state: lh.State, seat: int, seed: int) -> lh.State:
    other = lh.resample(state, seat, seed)
    # the seat cannot tell it from the true state
    assert lh.dumps(lh.observe(other, seat)) == lh.dumps(lh.observe(state, seat))
    # only hidden things changed: the face-down tiles, the RNG, and which special cards lie
    # where the seat has not looked (in the deck or in the box)
    assert _hidden_fields_restored(other, state) == state
    assert other.tiles[: state.revealed] == state.tiles[: state.revealed]
    mine = state.known[seat]
    assert len(other.specials) == len(state.specials)
    for k, card in enumerate(mine):
        if card >= 0:
            assert other.specials[k] == card
    hidden_before = {b for k, b in enumerate(state.specials) if mine[k] < 0} | set(_boxed(state))
    hidden_after = {b for k, b in enumerate(other.specials) if mine[k] < 0} | set(_boxed(other))
    assert hidden_after == hidden_before
    for b in range(len(D.BUILDINGS)):
        if b not in hidden_before:
            assert other.owner[b] == state.owner[b]
    # the other seats know the same positions, now holding the cards dealt there
    for s, seen in enumerate(other.known):
        assert [c >= 0 for c in seen] == [c >= 0 for c in state.known[s]]
        assert all(c < 0 or c == other.specials[k] for k, c in enumerate(seen))
    # reproducible from its seed, and a position like any other
    assert lh.dumps(lh.resample(state, seat, seed)) == lh.dumps(other)
    assert lh.loads(lh.dumps(other)) == other
    assert legal(lh, other) == legal(lh, state)
    return other


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_resample_keeps_the_seats_observation_and_redeals_only_what_it_cannot_know(n: int) -> None:
    positions = POSITIONS[n][::3] + POSITIONS[n][1::7]
    for state in positions:
        for seat in range(n):
            dealt = {_check_resample(state, seat, seed).specials for seed in range(4)}
            unknown = sum(card < 0 for card in state.known[seat])
            if unknown >= 2:
                assert len(dealt) > 1  # the hidden cards really are re-dealt


def test_resample_in_the_recorded_4_player_game() -> None:
    for state in _record_positions()[::2]:
        for seat in range(4):
            _check_resample(state, seat, seed=seat + 11)


def test_resample_draws_the_face_down_cards_from_every_card_the_seat_has_not_seen() -> None:
    state = lh.new_game(2, seed=9)
    drawn = {b for seed in range(60) for b in lh.resample(state, 0, seed).specials}
    assert drawn == SPECIALS - {B["harbor_watch"]}  # never a card left out by the rules
    with_watch = lh.new_game(2, seed=9, options={"harbor_watch": "sources"})
    drawn = {b for seed in range(60) for b in lh.resample(with_watch, 0, seed).specials}
    assert drawn == SPECIALS


def test_resample_keeps_the_cards_the_seat_saw_and_redeals_what_the_others_saw() -> None:
    state = _marketplace_for(lh.new_game(3, seed=5), -1)
    deck = state.specials
    known = ((deck[0], deck[1], -1, -1, -1, -1), (-1,) * 6, (-1, -1, -1, -1, -1, deck[5]))
    state = attrs.evolve(state, known=known)
    changed_for_0 = changed_for_1 = False
    for seed in range(20):
        mine = _check_resample(state, 0, seed)
        assert mine.specials[:2] == deck[:2]
        assert mine.known[2][5] == mine.specials[5]  # seat 2 knows whatever lies there now
        changed_for_0 |= mine.specials[5] != deck[5]
        theirs = _check_resample(state, 1, seed)
        assert theirs.known[0][:2] == theirs.specials[:2]
        changed_for_1 |= theirs.specials[:2] != deck[:2]
    assert changed_for_0 and changed_for_1
