"""Entering a building (rulebook "Main Action B: Entering a Building", "Entry Fee"): which
buildings may be entered, the fee, and the building's action; the registry of every building's
action and decisions is assembled here.

"A player entering a building must carry out its action": only buildings whose action can be
carried out, after some way of paying the fee, are offered. The Harbor Watch (a special
building) is an entering rule too: it enters a building another player occupies.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TypeVar

from ..core.checks import StateChecks
from ..core.decisions import Rule
from ..core.update import update
from .actions import Action, Enter, Pay
from .buildings import EFFECTS as STANDARD_EFFECTS
from .buildings import ENERGY_PAID as STANDARD_ENERGY_PAID
from .buildings import KINDS as STANDARD_KINDS
from .construction import KINDS as CONSTRUCTION_KINDS
from .data import BUILDING_INDEX, BUILDINGS, FRANC
from .decisions import HarborWatchTarget, PayFee
from .effect import Effect, EnergyPaid, always, ask, gain, me, owned, paying_energy, stock_of
from .explain import choice_refused, payment_refused
from .kind import Kind, Phase, said
from .names import building_name
from .offered import ENTERS, FEE_FOOD, FEE_FRANCS, LOCKED, built_entry
from .payment import FOOD_KINDS, fee_ways, food_ways, food_worth, francs, subtract
from .specials import SPECIAL_EFFECTS, SPECIAL_ENERGY_PAID, SPECIAL_KINDS
from .state import Built, State, handed, new_player, pay_tokens, with_player, with_players
from .upgrading import KINDS as UPGRADING_KINDS

__all__ = [
    "CAN_ENTER",
    "EFFECTS",
    "EFFECT_OF",
    "ENERGY_PAID",
    "KINDS",
    "enter_building",
    "enter_offers",
    "enterable",
    "enterable_with",
    "fee_options",
    "owned",  # (``effect.owned``, where the heuristic reads it)
]

CanEnter = Callable[[State, int, tuple[int, ...]], bool]


# -- the Harbor Watch (rule option harbor_watch=sources): enter an occupied building ---------------
HARBOR_WATCH = BUILDING_INDEX["harbor_watch"]
HARBOR_WATCH_FRANCS = 1


def _watch_targets(state: State, seat: int, stock: tuple[int, ...]) -> list[int]:
    """Buildings where another player's disc stands that ``seat`` could then use: "Pay 1 Franc to
    another player; that player takes back her Person marker, and you move your marker to that
    building (paying its entry fee if not owned)" and carry out its action."""
    if stock[FRANC] < HARBOR_WATCH_FRANCS:
        return []
    after = (*stock[:FRANC], stock[FRANC] - HARBOR_WATCH_FRANCS, *stock[FRANC + 1 :])
    occupied = {p.location for s, p in enumerate(state.players) if s != seat and p.location >= 0}
    return [b for b in sorted(occupied) if b != HARBOR_WATCH and enterable_with(state, seat, b, after)]


def _watch_choices(state: State, decision: HarborWatchTarget) -> tuple[Action, ...]:
    return tuple(ENTERS[b] for b in _watch_targets(state, me(state), stock_of(state)))


def _watch_choose(state: State, decision: HarborWatchTarget, action: Action) -> State:
    assert isinstance(action, Enter)
    target = BUILDING_INDEX[action.building]
    seat = me(state)
    occupant = next(s for s, p in enumerate(state.players) if s != seat and p.location == target)
    state = gain(state, seat, {FRANC: -HARBOR_WATCH_FRANCS})
    state = gain(state, occupant, {FRANC: HARBOR_WATCH_FRANCS})
    players = tuple(update(p, location=-1) if s == occupant else p for s, p in enumerate(state.players))
    return enter_building(update(state, players=players), target)


EFFECTS: dict[str, Effect] = {
    **STANDARD_EFFECTS,
    **SPECIAL_EFFECTS,
    "harbor_watch": Effect(
        lambda state, seat, stock: bool(_watch_targets(state, seat, stock)),
        lambda state: ask(state, HarborWatchTarget()),
        needs_francs=True,
    ),
}
"""Every building's action, by building id: the standard buildings (``buildings.py``), the
special ones (``specials.py``) and the Harbor Watch. Locked buildings have none."""

EFFECT_OF: tuple[Effect | None, ...] = tuple(EFFECTS.get(b.id) for b in BUILDINGS)
# Actions that spend Francs: a fee paid in Francs is checked against them too.
NEEDS_FRANCS = tuple(effect is not None and effect.needs_francs for effect in EFFECT_OF)
# Each building's "can its action be carried out" check; None where it always can.
CAN_ENTER: tuple[CanEnter | None, ...] = tuple(
    None if effect is None or effect.can_enter is always else effect.can_enter for effect in EFFECT_OF
)
_FOOD_TOKENS = frozenset(FOOD_KINDS)  # what a food fee takes
# Whether paying the fee in food can make the action impossible: the check reads a food token or
# Francs (or says nothing of what it reads), or the action spends Francs.
FEE_MATTERS = tuple(
    effect is not None and (effect.needs_francs or effect.reads is None or bool(effect.reads & _FOOD_TOKENS))
    for effect in EFFECT_OF
)
_LOCATION = attrgetter("location")  # a player's Person disc
_UNREACHABLE = 10**9  # more Francs than any stock holds
# Checks that several buildings share (the Building Firms' and the Construction Firm's).
_SHARED = frozenset(check for check in CAN_ENTER if check is not None and CAN_ENTER.count(check) > 1)


def _fee_settled_from(building: int) -> int:
    """The Francs held from which ``building``'s fee needs no further thought: 0 where it has no
    fee; the fee (its Francs, else its food, which Francs pay 1:1) where the action never spends
    Francs; else more than anyone holds (every way to pay must then be weighed)."""
    least = FEE_FRANCS[building] or FEE_FOOD[building]
    if not least:
        return 0
    return _UNREACHABLE if NEEDS_FRANCS[building] else least


# Per building, what ``enterable`` asks of every building in one tuple: ``_fee_settled_from``,
# its check, and whether that check is shared.
_ENTRY = tuple((_fee_settled_from(b), CAN_ENTER[b], CAN_ENTER[b] in _SHARED) for b in range(len(BUILDINGS)))
# ... and of a building whose fee needs thought: its fee in Francs and in food, and whether a
# food fee can matter.
_FEE = tuple((FEE_FRANCS[b], FEE_FOOD[b], FEE_MATTERS[b]) for b in range(len(BUILDINGS)))
ENERGY_PAID: dict[int, EnergyPaid] = {**STANDARD_ENERGY_PAID, **SPECIAL_ENERGY_PAID}


# -- which buildings may be entered ----------------------------------------------------------------
def enterable(state: State, seat: int) -> list[int]:
    """Buildings ``seat`` may enter now: built, unlocked, not where the disc already stands,
    unoccupied (except in the final stage), and the fee payable in a way that leaves the
    building's action possible ("a player entering a building must carry out its action")."""
    return _entered(state, seat, built_entry(state), [], _INDICES)


def enter_offers(state: State, seat: int, built: Built, out: list[Action]) -> None:
    """Append to ``out`` the offer to enter each building ``enterable`` names (the turn's options
    are built in one list, without a list of indices first; ``built``: ``built_entry(state)``,
    which the turn's options read too)."""
    _entered(state, seat, built, out, ENTERS)


_INDICES = tuple(range(len(BUILDINGS)))
T = TypeVar("T")


def _entered(state: State, seat: int, built: Built, out: list[T], offer: tuple[T, ...]) -> list[T]:
    """``out`` with ``offer[b]`` appended for each building ``b`` that ``seat`` may enter."""
    p = state.players[seat]
    stock = p.stock
    # the discs block their buildings (one's own too), except in the final stage (a set: it is
    # looked up for every building, and a tuple's ``in`` compares each item)
    blocked = {p.location} if state.final_turns > 0 else set(map(_LOCATION, state.players))
    francs_held = stock[FRANC]
    food_held = -1  # the food the stock is worth, once a fee needs it
    owner = state.owner
    asked: dict[CanEnter, bool] = {}  # this call's answers, by check
    for b in built.enterable:
        if b in blocked:
            continue
        settled_from, can_enter, shared = _ENTRY[b]
        short = False  # the fee is not simply paid with Francs that the action never reads
        if francs_held < settled_from and owner[b] != seat:
            fee_francs, fee_food, fee_matters = _FEE[b]
            if not (fee_francs and francs_held >= fee_francs):  # ``can_pay_fee``
                if not fee_food:
                    continue
                if food_held < 0:
                    food_held = food_worth(stock)
                if food_held < fee_food:
                    continue
            short = fee_matters
        if can_enter is not None:
            if shared:  # buildings sharing a check (the Building Firms) ask it once
                possible = asked.get(can_enter)
                if possible is None:
                    possible = asked[can_enter] = can_enter(state, seat, stock)
            else:
                possible = can_enter(state, seat, stock)
            if not possible:
                continue  # paying a fee only takes goods away: impossible before, impossible after
            if short and not _fee_leaves_action(state, seat, b, can_enter, stock):
                continue  # every way to pay the fee (not all in Francs) takes goods the action needs
        out.append(offer[b])
    return out


def _fee_leaves_action(
    state: State, seat: int, building: int, can_enter: CanEnter, stock: tuple[int, ...]
) -> bool:
    """Whether some way to pay the fee from ``stock`` leaves the action possible (the first found
    will do; a way paying more of every good leaves less, so the minimal ways are the ones to
    try)."""
    cash = FEE_FRANCS[building]
    if cash and stock[FRANC] >= cash and can_enter(state, seat, subtract(stock, francs(cash))):
        return True
    food = FEE_FOOD[building]
    if not food:
        return False
    for way in food_ways(stock, food):  # noqa: SIM110  (a loop: no generator per call)
        if can_enter(state, seat, subtract(stock, way)):
            return True
    return False


def enterable_with(state: State, seat: int, building: int, stock: tuple[int, ...]) -> bool:
    """Whether ``seat``, holding ``stock``, could pay ``building``'s fee and then carry out its
    action (the Harbor Watch asks this of an occupied building)."""
    effect = EFFECT_OF[building]
    if effect is None or LOCKED[building]:
        return False
    if state.owner[building] == seat or not (FEE_FOOD[building] or FEE_FRANCS[building]):
        return effect.can_enter(state, seat, stock)
    return _fee_leaves_action(state, seat, building, effect.can_enter, stock)


# -- entering: the fee, then the action --------------------------------------------------------------
def enter_building(state: State, building: int) -> State:
    """The turn's player's disc moves into ``building``; its fee is asked for (owners enter
    free), then its action begins. (Main action B, and the Harbor Watch's second building.)"""
    seat = state.turn_player
    p = state.players[seat]
    players = with_player(state.players, seat, new_player(p.stock, p.loans, p.ships, building))
    if state.owner[building] != seat and (FEE_FOOD[building] or FEE_FRANCS[building]):
        return update(state, players=players, decision=_PAYING_FEE[building])  # one copy
    return _effect(building).enter(with_players(state, players))


_PAYING_FEE = tuple(PayFee(b) for b in range(len(BUILDINGS)))  # values: made once


def _effect(building: int) -> Effect:
    effect = EFFECT_OF[building]
    assert effect is not None  # only buildings with an action are entered
    return effect


def fee_options(state: State, seat: int, building: int) -> tuple[Pay, ...]:
    """The ways to pay ``building``'s entry fee after which its action can be carried out."""
    stock = state.players[seat].stock
    fee = BUILDINGS[building].fee
    can_enter = _effect(building).can_enter
    ways = fee_ways(stock, fee.food, fee.francs)
    if not FEE_MATTERS[building]:  # no way to pay it changes what the check reads: ask once
        return ways if ways and can_enter(state, seat, stock) else ()
    return tuple(way for way in ways if can_enter(state, seat, subtract(stock, way.tokens)))


def _fee_legal(state: State, decision: PayFee) -> tuple[Action, ...]:
    return fee_options(state, state.turn_player, decision.building)


def _pay_fee(state: State, decision: PayFee, action: Action) -> State:
    """The fee goes to the owner (the town's to the Treasury); then the action."""
    assert isinstance(action, Pay)
    owner = state.owner[decision.building]
    if owner < 0:
        state = pay_tokens(state, state.turn_player, action.tokens)
    else:  # from one player to another, in one copy
        state = with_players(state, handed(state.players, state.turn_player, owner, action.tokens))
    return _effect(decision.building).enter(state)


def _fee_due(decision: PayFee) -> str:
    return f"the entry fee {BUILDINGS[decision.building].fee}"


def _describe_fee(state: State, decision: PayFee, viewer: int | None) -> str:
    building = decision.building
    owner = state.owner[building]
    to = "the Treasury" if owner < 0 else "you" if owner == viewer else f"P{owner}"
    return f"the {building_name(building)}'s entry fee: {BUILDINGS[building].fee}, to {to}"


def _check_fee(check: StateChecks, state: State, decision: PayFee) -> None:
    fee = BUILDINGS[decision.building].fee
    check.require(
        state.owner[decision.building] != state.turn_player and bool(fee.food or fee.francs),
        f"no entry fee is due at the {BUILDINGS[decision.building].id}",
    )


def _fees_after_fee(decision: PayFee) -> tuple[int, int]:
    """This fee, and what follows if it is the Harbor Watch's: its Franc and another fee."""
    watch = decision.building == HARBOR_WATCH
    return 1 + watch, HARBOR_WATCH_FRANCS * watch


def _fees_after_watch(decision: HarborWatchTarget) -> tuple[int, int]:
    """A Franc to the occupant, then the target's fee."""
    return 1, HARBOR_WATCH_FRANCS


KINDS = (
    Kind(
        PayFee,
        Rule(_fee_legal, _pay_fee, payment_refused(_fee_due)),
        _describe_fee,
        phase=Phase.PAY,
        check=_check_fee,
        action_to_come=True,
        fees_to_others=_fees_after_fee,
    ),
    Kind(
        HarborWatchTarget,
        Rule(_watch_choices, _watch_choose, choice_refused("harbor_watch")),
        said("the Harbor Watch: which occupied building to move into"),
        at="harbor_watch",
        action_to_come=True,
        fees_to_others=_fees_after_watch,
    ),
    paying_energy(ENERGY_PAID),
    *CONSTRUCTION_KINDS,
    *STANDARD_KINDS,
    *UPGRADING_KINDS,
    *SPECIAL_KINDS,
)
"""Every decision entering a building leads to: the fee, the Harbor Watch's target, the energy
of a building's action, and each building's own choices and payments (``turn.py`` adds the
turn's and the obligations')."""
