"""The HR panel (rulebook "Additional actions: HR panel"): swap one of your Influence markers
with another player's, or place one of the markers left beside your board where another player has one."""

from __future__ import annotations

from ..core.decisions import Rule
from ..core.update import update
from .actions import Action, HrPlace, HrSwap, HrSwapWith
from .data import MAX_PLAYERS, NUM_QUAYS
from .decisions import Decision, SwapWith, not_now
from .state import HR, Player, State, additional_done, bits, with_player

HR_SWAPS = tuple(HrSwap(q + 1) for q in range(NUM_QUAYS))
HR_PLACES = tuple(HrPlace(q + 1) for q in range(NUM_QUAYS))
HR_WITH = tuple(tuple(HrSwapWith(p, q + 1) for q in range(NUM_QUAYS)) for p in range(MAX_PLAYERS))
_SWAPPING = tuple(SwapWith(q) for q in range(NUM_QUAYS))


def swap_sources(players: tuple[Player, ...], me: int) -> list[int]:
    """Quays with my marker that some other player's marker could trade places with.

    Ruling: a swap may never leave two markers of one player on one quay (the one-marker-per-quay
    rule holds for swaps too), and a swap between markers on the same quay is no swap.
    """
    mine = players[me].markers
    free = 0  # quays where some other player, holding a marker I lack, has none
    for seat, other in enumerate(players):
        if seat != me and other.markers & ~mine:
            free |= ~other.markers
    return bits(mine & free)


def swap_targets(state: State, decision: SwapWith) -> tuple[Action, ...]:
    me = state.current_player
    assert me is not None
    mine = state.players[me].markers
    source = decision.quay
    return tuple(
        HR_WITH[seat][q]
        for seat, other in enumerate(state.players)
        if seat != me and not other.markers >> source & 1
        for q in bits(other.markers & ~mine)
    )


def place_targets(state: State, me: int) -> list[int]:
    """Quays holding another player's marker, none of mine, and no Order token."""
    players = state.players
    union = 0
    for seat, other in enumerate(players):
        if seat != me:
            union |= other.markers
    tokens = state.board.tokens
    return [q for q in bits(union & ~players[me].markers) if tokens[q] < 0]


def swap(state: State, _: Decision, action: HrSwap) -> State:
    """First half: your marker is picked; the other marker is the next decision."""
    return update(state, decision=_SWAPPING[action.quay - 1])


def swap_with(state: State, decision: SwapWith, action: Action) -> State:
    assert type(action) is HrSwapWith
    me = state.current_player
    assert me is not None
    c = state.rules.components
    trade = (1 << (action.quay - 1)) | (1 << decision.quay)
    p, other = state.players[me], state.players[action.player]
    mover = update(p, workers=p.workers - c.hr_swap_cost, markers=p.markers ^ trade)
    them = update(other, markers=other.markers ^ trade)
    players = with_player(with_player(state.players, me, mover), action.player, them)
    turn, after = additional_done(state, HR)
    return update(state, decision=after, players=players, turn=turn)


def place(state: State, _: Decision, action: HrPlace) -> State:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    p = state.players[me]
    mover = update(
        p,
        workers=p.workers - c.hr_place_cost,
        markers_left=p.markers_left - 1,
        markers=p.markers | 1 << (action.quay - 1),
    )
    turn, decision = additional_done(state, HR)
    return update(state, decision=decision, players=with_player(state.players, me, mover), turn=turn)


def _quay_error(number: int) -> str | None:
    if not 1 <= number <= NUM_QUAYS:
        return f"{number!r} is not a quay number (1-{NUM_QUAYS})"
    return None


def why_not_swap(state: State, _: Decision, action: HrSwap) -> str:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    p = state.players[me]
    bad = _quay_error(action.quay)
    if bad:
        return bad
    if p.workers < c.hr_swap_cost:
        return f"an HR swap needs {c.hr_swap_cost} workers: you have {p.workers}"
    if not p.markers >> (action.quay - 1) & 1:
        return f"you have no Influence marker on quay {action.quay}"
    return (
        f"no other player's marker can trade places with yours on quay {action.quay} "
        "(a swap may not leave two markers of one player on one quay)"
    )


def why_not_swap_with(state: State, decision: SwapWith, action: Action) -> str:
    if type(action) is not HrSwapWith:
        return not_now(action, decision)
    me = state.current_player
    assert me is not None
    seat = action.player
    if not 0 <= seat < state.num_players or seat == me:
        return f"P{seat} is not another player's seat"
    bad = _quay_error(action.quay)
    if bad:
        return bad
    q = action.quay - 1
    source = decision.quay
    if not state.players[seat].markers >> q & 1:
        return f"P{seat} has no Influence marker on quay {action.quay}"
    if state.players[me].markers >> q & 1:
        return f"you already have a marker on quay {action.quay}: one marker per player per quay"
    return f"P{seat} already has a marker on quay {source + 1}: one marker per player per quay"


def why_not_place(state: State, _: Decision, action: HrPlace) -> str:
    me = state.current_player
    assert me is not None
    c = state.rules.components
    p = state.players[me]
    bad = _quay_error(action.quay)
    if bad:
        return bad
    q = action.quay - 1
    if p.workers < c.hr_place_cost:
        return f"placing a marker with the HR panel needs {c.hr_place_cost} workers: you have {p.workers}"
    if not p.markers_left:
        return "you have no Influence marker left beside your player board"
    if state.board.tokens[q] >= 0:
        return f"the HR panel never places a marker on a quay with an Order token (quay {action.quay})"
    if p.markers >> q & 1:
        return f"you already have a marker on quay {action.quay}: one marker per player per quay"
    return f"the HR panel places a marker only where another player has one, and quay {action.quay} has none"


SWAP_WITH_RULE: Rule[State, SwapWith, Action] = Rule(swap_targets, swap_with, why_not_swap_with)
