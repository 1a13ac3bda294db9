"""The upgrading buildings (rulebook, "Standard Buildings": the Bakehouse, Smokehouse, Charcoal
Kiln, Abattoir, Brickworks, Tannery, Steel Mill and Cokery): goods turned into better goods, one
table of arrows (``UPGRADES``) and one decision, how many, then the energy it takes."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..core.checks import StateChecks
from ..core.decisions import Rule
from .actions import Action, Times
from .data import (
    BREAD,
    BRICK,
    BUILDING_INDEX,
    BUILDINGS,
    CATTLE,
    CHARCOAL,
    CLAY,
    COAL,
    COKE,
    FISH,
    FRANC,
    GRAIN,
    HIDES,
    IRON,
    LEATHER,
    MEAT,
    SMOKED_FISH,
    STEEL,
    TOKEN_NAMES,
    WOOD,
)
from .decisions import PayUpgradeEnergy, UpgradeGoods
from .effect import (
    ENERGY_GOODS,
    Effect,
    amount_rule,
    ask,
    done_gaining,
    energy_due,
    energy_of,
    me,
    times,
    turn_seat,
)
from .explain import not_a_choice
from .kind import Kind, Phase
from .names import building_name
from .payment import ENERGY, energy_worth
from .state import State

__all__ = ["KINDS", "UPGRADES", "UPGRADE_OF", "UPGRADING_EFFECTS", "Upgrade"]


# -- the arrows --------------------------------------------------------------------------------
@attrs.frozen
class Upgrade:
    """An arrow on a card: ``source`` to ``product``, at most ``limit`` (None: any number)."""

    source: int
    product: int
    limit: int | None
    energy: Callable[[int], int]  # energy for upgrading k goods
    francs: Callable[[int], int]  # subsidy for k goods
    hides: Callable[[int], int] = lambda k: 0  # the Abattoir's hides


def _half_up(k: int) -> int:
    return (k + 1) // 2


def _half_down(k: int) -> int:
    return k // 2


def _none(k: int) -> int:
    return 0


UPGRADES = {
    # "each bread costs ½ energy (rounded up). For every 2 bread baked, 1 Franc (rounded down)"
    "bakehouse": Upgrade(GRAIN, BREAD, None, _half_up, _half_down),
    "charcoal_kiln": Upgrade(WOOD, CHARCOAL, None, _none, _none),  # no energy required
    # "up to 6 fish ... for 1 energy total. For every 2 fish smoked, 1 Franc (rounded down)"
    "smokehouse": Upgrade(FISH, SMOKED_FISH, 6, lambda k: 1 if k else 0, _half_down),
    # "1 hide for every 2 cattle slaughtered (rounded down)"
    "abattoir": Upgrade(CATTLE, MEAT, None, _none, _none, _half_down),
    "brickworks": Upgrade(CLAY, BRICK, None, _half_up, _half_down),
    "tannery": Upgrade(HIDES, LEATHER, 4, _none, lambda k: k),  # "for every hide tanned, 1 Franc"
    "steel_mill": Upgrade(IRON, STEEL, None, lambda k: 5 * k, _none),  # "5 energy for each iron"
    "cokery": Upgrade(COAL, COKE, None, _none, lambda k: k),  # "for every coke, 1 Franc"
}


def _upgrade_counts(state: State, seat: int, upgrade: Upgrade) -> list[int]:
    """The numbers of goods that can be upgraded, 1 and up (the energy must be payable)."""
    stock = state.players[seat].stock
    most = stock[upgrade.source] if upgrade.limit is None else min(upgrade.limit, stock[upgrade.source])
    energy = energy_of(stock)
    return [k for k in range(1, most + 1) if energy_due(state, seat, upgrade.energy(k)) <= energy]


UPGRADE_OF = {BUILDING_INDEX[key]: upgrade for key, upgrade in UPGRADES.items()}


def _upgrader(key: str) -> Effect:
    upgrade = UPGRADES[key]
    building = BUILDING_INDEX[key]
    first_energy = upgrade.energy(1)

    source = upgrade.source

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        # one good and its energy are enough to start (asked of every built upgrader every turn);
        # the Wind Farm's discount is looked at only where the full energy is not held
        if not stock[source]:
            return False
        if not first_energy:
            return True
        held = energy_worth(stock)
        return first_energy <= held or energy_due(state, seat, first_energy) <= held

    return Effect(
        can_enter, lambda state: ask(state, UpgradeGoods(building)), reads=ENERGY_GOODS | {upgrade.source}
    )


def _upgrade_legal(state: State, decision: UpgradeGoods) -> tuple[Action, ...]:
    return tuple(times(k) for k in _upgrade_counts(state, me(state), UPGRADE_OF[decision.building]))


def _upgrade(state: State, decision: UpgradeGoods, action: Action) -> State:
    assert isinstance(action, Times)
    energy = UPGRADE_OF[decision.building].energy(action.count)
    if energy:
        due = energy_due(state, me(state), energy)
        return ask(state, PayUpgradeEnergy(decision.building, action.count, due))
    return _upgraded(state, decision.building, action.count)


def _upgrade_paid(state: State, decision: PayUpgradeEnergy) -> State:
    return _upgraded(state, decision.building, decision.goods)


def _upgraded(state: State, building: int, k: int) -> State:
    upgrade = UPGRADE_OF[building]
    change = {upgrade.source: -k, upgrade.product: k, FRANC: upgrade.francs(k)}
    if upgrade.hides(k):
        change[HIDES] = change.get(HIDES, 0) + upgrade.hides(k)
    return done_gaining(state, me(state), change)


def _why_not_upgrade(state: State, decision: UpgradeGoods, action: Action) -> str:
    """E.g. "the Steel Mill needs 15 energy for 3 iron (5 per iron): you have 7 energy"."""
    name = BUILDINGS[decision.building].name
    if not isinstance(action, Times):
        return not_a_choice(state, decision.building, action)
    upgrade, count = UPGRADE_OF[decision.building], action.count
    seat = state.turn_player
    stock = state.players[seat].stock
    source = TOKEN_NAMES[upgrade.source]
    if count < 1:
        return f"the {name} upgrades at least 1 {source}"
    if upgrade.limit is not None and count > upgrade.limit:
        return f"the {name} upgrades at most {upgrade.limit} {source}"
    if count > stock[upgrade.source]:
        return f"the {name} cannot upgrade {count} {source}: you have {stock[upgrade.source]}"
    energy = energy_due(state, seat, upgrade.energy(count))
    return f"the {name} needs {energy} energy for {count} {source}: you have {energy_of(stock)} energy"


# -- the decisions, as every layer reads them ----------------------------------------------------
# What each building's question takes, in the card's words.
_HOW_MANY = {
    "bakehouse": "grain to bake into bread",
    "smokehouse": "fish to smoke",
    "charcoal_kiln": "wood to turn into charcoal",
    "abattoir": "cattle to slaughter",
    "brickworks": "clay to fire into brick",
    "tannery": "hides to tan",
    "steel_mill": "iron to make into steel",
    "cokery": "coal to turn into coke",
}


def _describe_upgrade(state: State, decision: UpgradeGoods, viewer: int | None) -> str:
    what = _HOW_MANY.get(BUILDINGS[decision.building].id, "goods to upgrade")
    return f"the {building_name(decision.building)}: how many {what}"


def _describe_energy(state: State, decision: PayUpgradeEnergy, viewer: int | None) -> str:
    return f"the {building_name(decision.building)}: {decision.due} energy to upgrade {decision.goods} goods"


def _check_upgrader(check: StateChecks, state: State, decision: UpgradeGoods | PayUpgradeEnergy) -> None:
    check.require(decision.building in UPGRADE_OF, f"{BUILDINGS[decision.building].id} upgrades no goods")


def _check_energy(check: StateChecks, state: State, decision: PayUpgradeEnergy) -> None:
    _check_upgrader(check, state, decision)
    key = BUILDINGS[decision.building].id
    upgrade = UPGRADE_OF[decision.building]
    held = state.players[state.turn_player].stock[upgrade.source]
    most = held if upgrade.limit is None else min(held, upgrade.limit)
    check.require(
        1 <= decision.goods <= most,
        f"the {key} upgrades {decision.goods} goods: 1 to {most} can be (the player holds {held})",
    )
    # (the energy is never paid in the goods upgraded: only the upgrades that need none, the
    # Charcoal Kiln's wood and the Cokery's coal, upgrade goods that give energy)
    due = energy_due(state, state.turn_player, upgrade.energy(decision.goods))
    check.require(
        due > 0 and decision.due == due,
        f"the {key}'s energy for {decision.goods} goods is {due}, not {decision.due}",
    )


def _upgrade_left(state: State, decision: UpgradeGoods) -> tuple[int, int]:
    """At most a Franc's subsidy per good (a cattle: a meat, half a hide)."""
    upgrade = UPGRADE_OF.get(decision.building)
    return 0, state.players[state.turn_player].stock[upgrade.source] if upgrade else 0


def _energy_left(state: State, decision: PayUpgradeEnergy) -> tuple[int, int]:
    upgrade = UPGRADE_OF.get(decision.building)
    return 0, upgrade.francs(decision.goods) if upgrade else 0


UPGRADING_EFFECTS = {key: _upgrader(key) for key in UPGRADES}
"""The upgrading buildings' actions (``buildings.py`` lists them with the others)."""

KINDS = (
    Kind(
        UpgradeGoods,
        Rule(_upgrade_legal, _upgrade, _why_not_upgrade),
        _describe_upgrade,
        check=_check_upgrader,
        left=_upgrade_left,
    ),
    Kind(
        PayUpgradeEnergy,
        amount_rule(ENERGY, turn_seat, _upgrade_paid),
        _describe_energy,
        phase=Phase.PAY,
        check=_check_energy,
        left=_energy_left,
        paid_in=ENERGY,
    ),
)
"""The upgrading buildings' decisions (``visit.py`` joins them to the others)."""
