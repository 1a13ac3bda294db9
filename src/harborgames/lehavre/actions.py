"""The decisions a player makes, one small frozen class each; ``str(action)`` is the notation.

A turn: any number of ``Buy``, ``BuyShip``, ``Sell``, ``SellShip`` and ``Repay``; one main action
(``Take`` the goods of an Offer space, or ``Enter`` a building, then the building's own
decisions: ``Pay``, ``Times``, ``Choose``, ``Build``, ``BuildShip``, ``Give``, ``Trade``,
``Done``); more buying and selling; ``End``. Interest and feeding are paid with ``Pay``, or after
``Sell``/``SellShip`` or with ``Loan`` when a player cannot pay.
"""

from __future__ import annotations

import typing
from typing import Protocol

import attrs

from ..core.update import generated_new
from .data import TOKEN_NAMES


def goods_text(counts: tuple[int, ...]) -> str:
    """``2 fish 1 bread``: the non-zero counts of a token vector, by name."""
    text = _TEXTS.get(counts)
    if text is None:
        parts = [f"{n} {TOKEN_NAMES[token]}" for token, n in enumerate(counts) if n]
        text = " ".join(parts) if parts else "nothing"
        if len(_TEXTS) < _TEXTS_KEPT:  # payments repeat (1 Franc, 2 fish ...): keep the common ones
            _TEXTS[counts] = text
    return text


_TEXTS: dict[tuple[int, ...], str] = {}
_TEXTS_KEPT = 4096


@attrs.frozen(slots=True)
class Take:
    """Main action A: take all tokens from one Offer space."""

    space: str  # "francs", "fish", "wood", "clay", "iron", "grain" or "cattle"

    def __str__(self) -> str:
        return f"take {self.space}"


@attrs.frozen(slots=True)
class Enter:
    """Main action B: move the Person disc into a building and carry out its action."""

    building: str

    def __str__(self) -> str:
        return f"enter {self.building}"


@attrs.frozen(slots=True)
class Buy:
    """Buy a building from the town or from the top of a Building Proposal pile."""

    building: str

    def __str__(self) -> str:
        return f"buy {self.building}"


@attrs.frozen(slots=True)
class BuyShip:
    """Buy the top ship of a ship pile."""

    ship: str  # "wooden", "iron" or "steel"

    def __str__(self) -> str:
        return f"buy_ship {self.ship}"


@attrs.frozen(slots=True)
class Sell:
    """Sell one of one's buildings to the town for half its value (rounded down)."""

    building: str

    def __str__(self) -> str:
        return f"sell {self.building}"


@attrs.frozen(slots=True)
class SellShip:
    """Sell one of one's ships for half its value; it goes back on top of its pile."""

    card: str  # the round card the ship is on the back of, e.g. "R04"

    def __str__(self) -> str:
        return f"sell_ship {self.card}"


@attrs.frozen(slots=True)
class Repay:
    """Repay one loan for 5 Francs."""

    def __str__(self) -> str:
        return "repay"


@attrs.frozen(slots=True)
class Loan:
    """Unable to pay interest or food: pay everything one has, and take the loans that cover
    the rest (4 Francs each; the Francs left over are kept)."""

    def __str__(self) -> str:
        return "loan"


@attrs.frozen(slots=True)
class Pay:
    """Pay these tokens (a fee, food, energy, building goods: what the decision names)."""

    tokens: tuple[int, ...]  # counts per token kind (data.TOKEN_KINDS); Francs at data.FRANC

    def __str__(self) -> str:
        return f"pay {goods_text(self.tokens)}"


class _NewPay(Protocol):
    def __call__(self, tokens: tuple[int, ...]) -> Pay:
        """``Pay(tokens)``, made without the frozen setter (the ways to pay food, every round)."""


new_pay: _NewPay = generated_new(Pay, _NewPay)


@attrs.frozen(slots=True)
class PayPart:
    """One step of a payment asked one token kind at a time (when the ways to pay are too many
    to list): pay ``count`` of ``token`` (0: none of it) toward what is due."""

    token: str
    count: int

    def __str__(self) -> str:
        return f"pay_part {self.count} {self.token}"


@attrs.frozen(slots=True)
class Times:
    """How many: goods to upgrade, wood to sell at the Joinery, ships to load, ..."""

    count: int

    def __str__(self) -> str:
        return f"times {self.count}"


@attrs.frozen(slots=True)
class Choose:
    """The Marketplace: the different standard goods to take."""

    goods: tuple[str, ...]  # token names, in token order

    def __str__(self) -> str:
        return "choose " + " ".join(self.goods)


@attrs.frozen(slots=True)
class Build:
    """At a Building Firm, the Construction Firm or the Sawmill: build a top proposal building."""

    building: str

    def __str__(self) -> str:
        return f"build {self.building}"


@attrs.frozen(slots=True)
class BuildShip:
    """At a Wharf: build the top ship of a pile."""

    ship: str  # "wooden", "iron", "steel" or "luxury"

    def __str__(self) -> str:
        return f"build_ship {self.ship}"


@attrs.frozen(slots=True)
class Give:
    """Hand over one good: to ship it (Shipping Line), sell it (Bridge over the Seine) or
    exchange it (Business Office)."""

    good: str

    def __str__(self) -> str:
        return f"give {self.good}"


@attrs.frozen(slots=True)
class Trade:
    """The Business Office's second exchange: one good for a charcoal, leather or brick."""

    good: str
    product: str  # "charcoal", "leather" or "brick"

    def __str__(self) -> str:
        return f"trade {self.good} {self.product}"


@attrs.frozen(slots=True)
class Order:
    """The Marketplace in the full game: return the two special cards looked at as they were,
    or swapped."""

    swap: bool

    def __str__(self) -> str:
        return "order swap" if self.swap else "order keep"


@attrs.frozen(slots=True)
class Done:
    """Stop handing over goods, or skip an optional part of a building's action."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(slots=True)
class End:
    """End the turn (after the main action)."""

    def __str__(self) -> str:
        return "end"


Action = (
    Take
    | Enter
    | Buy
    | BuyShip
    | Sell
    | SellShip
    | Repay
    | Loan
    | Pay
    | PayPart
    | Times
    | Choose
    | Build
    | BuildShip
    | Give
    | Trade
    | Order
    | Done
    | End
)
ACTION_TYPES: tuple[type[Action], ...] = typing.get_args(Action)  # the union's classes, in order
REPAY, LOAN, DONE, END = Repay(), Loan(), Done(), End()
KEEP_ORDER, SWAP_ORDER = Order(False), Order(True)
