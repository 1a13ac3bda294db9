"""What is being decided (``State.decision``): one small frozen class per kind of decision.

The class says what is decided, its fields about what (buildings by their index in
``data.BUILDINGS``, ship types by their index in ``data.SHIP_TYPES``). ``None`` once the game is
over. Each kind is declared once, as a ``kind.Kind`` (its rule: options, effect, refusal; its
words; what a loaded document asking it must satisfy), next to the rulebook part it belongs to,
and ``turn.py`` joins them into ``KINDS``:

* the turn (``turn.py``): ``Turn``;
* interest, feeding and loans (``obligations.py``): ``PayInterest``, ``Feed``;
* entering a building (``visit.py``): ``PayFee``, ``HarborWatchTarget``;
* a building's energy (``effect.py``): ``PayEnergy``;
* building (``construction.py``): ``ChooseBuilding``, ``BuildGoods``, ``ChooseShip``,
  ``PayShipGoods``, ``PayShipEnergy``;
* the standard buildings (``buildings.py``, ``upgrading.py``, ``shipping.py``) and the special
  buildings (``specials.py``): the rest.

A payment of food or energy with more minimal ways than are listed is asked one token kind at a
time (``payment.py``): its ``chosen`` holds the counts decided so far.
"""

from __future__ import annotations

import typing
from typing import Protocol, TypeAlias

import attrs

from ..core.update import generated_new

__all__ = [
    "DECISION_TYPES",
    "BridgeSell",
    "BuildGoods",
    "ChooseBuilding",
    "ChooseShip",
    "CoalTraderCharcoal",
    "CoalTraderChoose",
    "CoalTraderCoal",
    "CoalTraderPay",
    "Decision",
    "ExchangeTimes",
    "Feed",
    "FurrieryHides",
    "FurrieryLeather",
    "HarborWatchTarget",
    "HaulagePair",
    "IronworksExtra",
    "JoineryWood",
    "MarketplaceGoods",
    "MarketplaceLook",
    "OfficeExchange",
    "OfficeSteel",
    "PayEnergy",
    "PayFee",
    "PayInterest",
    "PayShipEnergy",
    "PayShipGoods",
    "PayUpgradeEnergy",
    "ShippingLoad",
    "TownSquareGoods",
    "Turn",
    "UpgradeGoods",
    "new_feed",
]


# -- the turn and what every seat owes ------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class Turn:
    """The turn's player decides: buying, selling, repaying, the main action, ending the turn."""


@attrs.frozen(slots=True, weakref_slot=False)
class PayInterest:
    """``seat`` has loans and pays 1 Franc interest (or repays, or sells, or borrows)."""

    seat: int


@attrs.frozen(slots=True, weakref_slot=False)
class Feed:
    """``seat`` pays the round's food: ``due`` food; seats are fed in turn order from ``first``."""

    seat: int
    first: int
    due: int
    chosen: tuple[int, ...] = ()


class _NewFeed(Protocol):
    def __call__(self, seat: int, first: int, due: int, chosen: tuple[int, ...]) -> Feed:
        """``Feed(...)``, made without the frozen setters (every seat, every round)."""


new_feed: _NewFeed = generated_new(Feed, _NewFeed)


# -- entering a building ----------------------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class PayFee:
    """The entry fee of ``building``, which the turn's player is entering."""

    building: int


@attrs.frozen(slots=True, weakref_slot=False)
class HarborWatchTarget:
    """The Harbor Watch: which occupied building to move into."""


# -- building buildings and ships -----------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class ChooseBuilding:
    """At builder ``building`` (a Building Firm, the Construction Firm, the Sawmill): which top
    proposal to build, ``built`` of its builds already done this visit."""

    building: int
    built: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class BuildGoods:
    """Paying the building goods of ``target`` at builder ``building`` (brick for clay, steel
    for iron as the player likes); ``built``: the builds done before this one in the visit."""

    building: int
    target: int
    built: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class ChooseShip:
    """At Wharf ``wharf``: which ship to build (or the Luxury Yacht swap)."""

    wharf: int


@attrs.frozen(slots=True, weakref_slot=False)
class PayShipGoods:
    """Paying the goods of a ship of type ``ship_type`` at Wharf ``wharf``."""

    wharf: int
    ship_type: int


@attrs.frozen(slots=True, weakref_slot=False)
class PayShipEnergy:
    """Paying the ``due`` energy of the ship of type ``ship_type`` built at Wharf ``wharf``."""

    wharf: int
    ship_type: int
    due: int
    chosen: tuple[int, ...] = ()


# -- the standard buildings ---------------------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class UpgradeGoods:
    """At upgrading building ``building`` (Bakehouse, Smokehouse, ...): how many goods."""

    building: int


@attrs.frozen(slots=True, weakref_slot=False)
class PayUpgradeEnergy:
    """Paying the ``due`` energy for upgrading ``goods`` goods at ``building``."""

    building: int
    goods: int
    due: int
    chosen: tuple[int, ...] = ()


@attrs.frozen(slots=True, weakref_slot=False)
class PayEnergy:
    """Paying the ``due`` energy of ``building``'s action (the Ironworks' extra iron, the
    Shipping Line's ships, the Kiln, the Steelworks); its action follows."""

    building: int
    due: int
    chosen: tuple[int, ...] = ()


@attrs.frozen(slots=True, weakref_slot=False)
class JoineryWood:
    """The Joinery: how many wood (1-3) to sell."""


@attrs.frozen(slots=True, weakref_slot=False)
class IronworksExtra:
    """The Ironworks: pay 6 energy for a fourth iron, or not."""


@attrs.frozen(slots=True, weakref_slot=False)
class MarketplaceGoods:
    """The Marketplace: which different standard goods to take."""


@attrs.frozen(slots=True, weakref_slot=False)
class MarketplaceLook:
    """The Marketplace (full game): the order the two special buildings looked at go back in."""


@attrs.frozen(slots=True, weakref_slot=False)
class ShippingLoad:
    """The Shipping Line: the next good to ship, ``shipped`` loaded so far (or ``done``)."""

    shipped: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class OfficeSteel:
    """The Business Office's 4-goods-for-a-steel exchange: the next good, ``given`` so far."""

    given: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class OfficeExchange:
    """The Business Office's single exchange (a good for a charcoal, leather or brick);
    ``after_steel``: the steel exchange was made, so it may be skipped."""

    after_steel: bool = False


@attrs.frozen(slots=True, weakref_slot=False)
class BridgeSell:
    """The Bridge over the Seine: the next good to sell, ``upgraded`` and ``standard`` goods
    sold so far."""

    upgraded: int = 0
    standard: int = 0


# -- the special buildings ----------------------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class ExchangeTimes:
    """At exchanging special building ``building`` (Bakery, Tavern, ...): how many times."""

    building: int


@attrs.frozen(slots=True, weakref_slot=False)
class FurrieryHides:
    """The Furriery: how many hides to exchange for bread."""


@attrs.frozen(slots=True, weakref_slot=False)
class FurrieryLeather:
    """The Furriery: how many leather to sell, after ``hides`` hides exchanged."""

    hides: int


@attrs.frozen(slots=True, weakref_slot=False)
class CoalTraderChoose:
    """The Coal Trader (the rulebook's one exchange): a charcoal for 1 food, or a coal for 2."""


@attrs.frozen(slots=True, weakref_slot=False)
class CoalTraderCharcoal:
    """The Coal Trader (the sources' reading): how many charcoal (at most 1)."""


@attrs.frozen(slots=True, weakref_slot=False)
class CoalTraderCoal:
    """The Coal Trader (the sources' reading): how many coal, after ``charcoal`` charcoal."""

    charcoal: int


@attrs.frozen(slots=True, weakref_slot=False)
class CoalTraderPay:
    """Paying the Coal Trader's food for ``charcoal`` charcoal and ``coal`` coal."""

    charcoal: int
    coal: int
    chosen: tuple[int, ...] = ()

    @property
    def due(self) -> int:
        """1 food per charcoal, 2 per coal."""
        return self.charcoal + 2 * self.coal


@attrs.frozen(slots=True, weakref_slot=False)
class HaulagePair:
    """The Haulage Firm: which two adjacent Offer spaces to take."""


@attrs.frozen(slots=True, weakref_slot=False)
class TownSquareGoods:
    """The Town Square: which different upgraded goods to take."""


Decision: TypeAlias = (
    Turn
    | PayInterest
    | Feed
    | PayFee
    | HarborWatchTarget
    | ChooseBuilding
    | BuildGoods
    | ChooseShip
    | PayShipGoods
    | PayShipEnergy
    | UpgradeGoods
    | PayUpgradeEnergy
    | PayEnergy
    | JoineryWood
    | IronworksExtra
    | MarketplaceGoods
    | MarketplaceLook
    | ShippingLoad
    | OfficeSteel
    | OfficeExchange
    | BridgeSell
    | ExchangeTimes
    | FurrieryHides
    | FurrieryLeather
    | CoalTraderChoose
    | CoalTraderCharcoal
    | CoalTraderCoal
    | CoalTraderPay
    | HaulagePair
    | TownSquareGoods
)
"""What a state waits for (``State.decision``): one small class per kind of decision."""

DECISION_TYPES: tuple[type[Decision], ...] = typing.get_args(Decision)  # the union's classes, in order
"""Every decision class, in a fixed order (the observation tensor's one-hot of the kind)."""


TURN = Turn()  # the one ``Turn`` (it has no fields)
