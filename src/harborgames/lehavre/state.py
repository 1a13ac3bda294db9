"""The position: frozen values shared structurally between successive states.

Indices, not names, inside a state: a token is its index in ``data.TOKEN_KINDS`` (Francs are
``FRANC``), a building its index in ``data.BUILDINGS``, a ship the index of its round card in
``data.ROUND_CARDS``, an offer space its position in ``data.OFFER_SPACES``. Names appear in actions,
notation and ``render``.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

import attrs

from ..core.decisions import Forced, forced_field, legal_memo_field
from ..core.rng import Rng
from ..core.update import generated_new, generated_update
from .actions import Sell
from .data import Rules
from .decisions import Decision
from .payment import added, subtract

T = TypeVar("T")

# Where a building card is (``State.owner``): a seat, or one of these.
TOWN = -1  # owned by the town: bought from it, entered for a fee paid to the Treasury
PROPOSAL = -2  # in a Building Proposal pile (see ``State.piles``)
OUT = -3  # not in this game (another player count, or a special card back in the box)
SPECIAL_DECK = -4  # face down on the Special buildings space (full game)


@attrs.frozen(slots=True, weakref_slot=False)
class Player:
    """One player's supply, loans, ships and Person disc."""

    stock: tuple[int, ...]  # tokens held, per token kind (Francs at FRANC)
    loans: int  # Loan cards not repaid
    ships: tuple[int, ...]  # ship cards owned (round card indices), in the order gained
    location: int  # the building the Person disc stands in; -1: beside the board


@attrs.frozen(slots=True, weakref_slot=False)
class Built:
    """Derived from ``State.owner``: the buildings built (the town's or a seat's), in index
    order, and those of them that can be entered. Only these can be entered, bought from the
    town or sold (the full game has 69 cards, most of them in piles, face down or out of the
    game). It names the ``owner`` tuple it was computed from, so a state whose ``owner`` was
    replaced another way (``attrs.evolve``) never reads a stale answer (``offered.built_entry``
    recomputes it)."""

    owner: tuple[int, ...]  # the ``State.owner`` this was derived from (compared by identity)
    buildings: tuple[int, ...]  # built, in index order
    enterable: tuple[int, ...]  # built and not locked (a padlock, or no action)
    owned: tuple[tuple[int, ...], ...]  # per seat 0..4: its buildings (for sale to the town)
    # per seat 0..4: the offers to sell them (``offered.SELLS``), made when ``owned`` changes
    # rather than on every decision that lists them
    sales: tuple[tuple[Sell, ...], ...]
    # The town's buildings cheapest first, and their prices: the ones a player can afford are a
    # prefix (most players hold a few Francs, the town a score of buildings).
    town_by_price: tuple[int, ...]
    town_prices: tuple[int, ...]


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class State:
    """Le Havre between two decisions."""

    current_player: int | None  # the seat deciding next; None once the game is over
    num_players: int  # 1..5
    rng: Rng  # the seeded stream: proposal piles, supply tiles, special deck
    rules: Rules  # variant and rule options (shared, never copied)
    decision: Decision | None  # what is being decided (``decisions.py``); None once it is over
    round: int  # the round being played, 0-based; == number of rounds in the final stage
    turn: int  # turns played in this round (0..6): the next Supply tile's position
    turn_player: int  # whose turn it is (a seat paying interest or food may differ)
    main_done: bool  # the turn's main action has been taken
    final_turns: int  # final stage: final actions still to take (this one included); else 0
    tiles: tuple[int, ...]  # the 7 Supply tiles in board order (indices into SUPPLY_TILES)
    revealed: int  # tiles turned face up (all 7 after round 1's seventh turn)
    offers: tuple[int, ...]  # tokens on each Offer space, in OFFER_SPACES order
    players: tuple[Player, ...]  # per seat
    owner: tuple[int, ...]  # per building: a seat, TOWN, PROPOSAL, OUT or SPECIAL_DECK
    piles: tuple[tuple[int, ...], ...]  # the 3 Building Proposal piles, top first
    ship_piles: tuple[tuple[int, ...], ...]  # per ship type: ship cards, top first
    modernised: tuple[int, ...]  # Wharves carrying a brick (building indices)
    sold: tuple[int, ...]  # buildings sold during this turn (not bought back in it)
    specials: tuple[int, ...] = ()  # full game: the face-down special buildings, top first
    known: tuple[tuple[int, ...], ...] = ()  # per seat: the special deck as that seat knows it
    # (a card id where it looked with the Marketplace, -1 elsewhere; as long as ``specials``)
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed
    # Derived from ``owner`` (``offered.built_entry``); set where the engine changes owners.
    built: Built | None = attrs.field(default=None, eq=False, hash=False, repr=False)

    @property
    def variant(self) -> str:
        """The variant played (``core.protocol.State``): "full" or "short"."""
        return self.rules.variant


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What one seat may know: the state without the face-down Supply tiles and the RNG."""

    player: int  # the observing seat
    state: State  # with unrevealed tiles as -1 and a blank RNG


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` (a short tuple, one per seat) with the one at ``index`` replaced."""
    return items[:index] + (item,) + items[index + 1 :]  # noqa: RUF005  (cheaper than unpacking)


with_player = replaced  # ``players`` with ``seat``'s replaced (the commonest use)


def with_at(items: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``items`` with ``value`` at ``index`` (a building's owner among 69: through a list, which
    costs half of slicing and joining a tuple that long)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


# -- the updates made on nearly every decision, bound once (``core.update.generated_update``) ------
# Each is kept because callgrind shows what it pays (docs/performance.md, "Speed devices and what
# each pays"); every other copy is ``update(state, field=...)``.
class _WithPlayers(Protocol):
    def __call__(self, state: State, /, players: tuple[Player, ...]) -> State:
        """The state with other players' supplies (the commonest change)."""


with_players: _WithPlayers = generated_update(State, _WithPlayers)


class _WithDecision(Protocol):
    def __call__(self, state: State, /, decision: Decision | None) -> State:
        """The same seat's next decision."""


with_decision: _WithDecision = generated_update(State, _WithDecision)


class _WithPlayersSeatDeciding(Protocol):
    def __call__(
        self,
        state: State,
        /,
        players: tuple[Player, ...],
        current_player: int | None,
        decision: Decision | None,
    ) -> State:
        """Someone paid (interest, food) and the next seat decides, in one copy."""


with_players_seat_deciding: _WithPlayersSeatDeciding = generated_update(State, _WithPlayersSeatDeciding)


class _WithGoodsTaken(Protocol):
    def __call__(
        self,
        state: State,
        /,
        offers: tuple[int, ...],
        players: tuple[Player, ...],
        main_done: bool,
    ) -> State:
        """Main action A: an Offer space emptied into a player's supply."""


with_goods_taken: _WithGoodsTaken = generated_update(State, _WithGoodsTaken)


class _WithTurnStarted(Protocol):
    def __call__(
        self,
        state: State,
        /,
        current_player: int | None,
        turn_player: int,
        decision: Decision | None,
        main_done: bool,
        sold: tuple[int, ...],
        offers: tuple[int, ...],
        revealed: int,
        turn: int,
    ) -> State:
        """A new turn: its player, the Supply action's tokens on the Offer spaces. (Called with
        keyword arguments: mypy checks each name and type against this signature.)"""


with_turn_started: _WithTurnStarted = generated_update(State, _WithTurnStarted)


class _NewPlayer(Protocol):
    def __call__(self, stock: tuple[int, ...], loans: int, ships: tuple[int, ...], location: int) -> Player:
        """``Player(...)``, made without the frozen setters (a supply changes on most decisions)."""


new_player: _NewPlayer = generated_new(Player, _NewPlayer)


class _NewBuilt(Protocol):
    def __call__(
        self,
        owner: tuple[int, ...],
        buildings: tuple[int, ...],
        enterable: tuple[int, ...],
        owned: tuple[tuple[int, ...], ...],
        sales: tuple[tuple[Sell, ...], ...],
        town_by_price: tuple[int, ...],
        town_prices: tuple[int, ...],
    ) -> Built:
        """``Built(...)``, made without the frozen setters (on every building changing hands)."""


new_built: _NewBuilt = generated_new(Built, _NewBuilt)


class _WithStock(Protocol):
    def __call__(self, player: Player, /, stock: tuple[int, ...]) -> Player:
        """The player with another supply."""


with_stock: _WithStock = generated_update(Player, _WithStock)


def pay_tokens(state: State, seat: int, tokens: tuple[int, ...]) -> State:
    return with_players(state, paid_by(state.players, seat, tokens))


def paid_by(players: tuple[Player, ...], seat: int, tokens: tuple[int, ...]) -> tuple[Player, ...]:
    """``players`` after ``seat`` pays ``tokens`` (for a copy that changes more than the supply)."""
    p = players[seat]
    return with_player(players, seat, with_stock(p, subtract(p.stock, tokens)))


def handed(
    players: tuple[Player, ...], payer: int, payee: int, tokens: tuple[int, ...]
) -> tuple[Player, ...]:
    """``players`` after ``payer`` hands ``tokens`` to ``payee`` (an entry fee to its owner)."""
    out = list(players)
    giver = out[payer]
    out[payer] = with_stock(giver, subtract(giver.stock, tokens))
    taker = out[payee]
    out[payee] = with_stock(taker, added(taker.stock, tokens))
    return tuple(out)
