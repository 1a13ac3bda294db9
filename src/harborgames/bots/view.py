"""What a bot may know: its seat's view of the game, never the true state.

A bot decides from a ``View``: the game module (for search on states it samples), its seat, its
observation, its legal actions, and ``sample(seed)``. For games with hidden information (or with
dice still to come and a ``resample`` to hide them) ``sample`` returns
``module.resample(state, seat, seed)``: a state the seat cannot tell apart from the true one, with a
fresh RNG. For perfect-information games whose future is not hidden it returns the state itself,
since nothing in it is secret. So a bot that needs more than its seat may know cannot be written
against this protocol: that is the point.

Python cannot stop deliberate introspection (a closure's cells are reachable), so the guarantee is
that nothing in the view's public surface leads to the true state; an arena that distrusts its
bots should run them in another process and send them views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, final

import attrs

from ..core.protocol import Chance, Game, GameInfo, Information, State

__all__ = ["View", "hides_future", "make_view"]

S = TypeVar("S", bound=State)  # the game's state: bots read its ``current_player`` and ``num_players``
A = TypeVar("A")  # the game's action


def hides_future(game: Game[S, A]) -> bool:
    """Whether ``sample`` must redraw the state: hidden cards, or hidden future dice.

    A perfect-information game whose dice come from the RNG inside the state would otherwise
    let a searching bot see the dice before they are rolled; when the game offers ``resample``
    we use it to draw a fresh RNG.
    """
    return game.INFO.information == Information.IMPERFECT or game.INFO.chance == Chance.STOCHASTIC


@final
@attrs.frozen(slots=True, repr=False, eq=False, weakref_slot=False)
class View(Generic[S, A]):
    """One seat's view of one decision in a game with states ``S`` and actions ``A``; see the
    module docstring for why it holds no state. Read-only."""

    game: Game[S, A]
    seat: int
    _observe: Callable[[], object]
    legal_actions: tuple[A, ...]
    _sampler: Callable[[int], S]

    @property
    def info(self) -> GameInfo:
        return self.game.INFO

    @property
    def observation(self) -> object:
        """What ``game.observe`` gives this seat: made when read, since most bots never read it
        (they search on ``sample``), and an observation copies much of the state."""
        return self._observe()

    def sample(self, seed: int) -> S:
        """A state consistent with this seat's observation, drawn from ``seed``.

        Same seed, same state, so a seeded bot stays reproducible.
        """
        return self._sampler(seed)

    def __repr__(self) -> str:
        return (
            f"View(game={self.game.INFO.name!r}, seat={self.seat}, legal_actions={len(self.legal_actions)})"
        )


def make_view(game: Game[S, A], state: S, seat: int) -> View[S, A]:
    """The view that ``seat`` gets of ``state`` (normally the seat to move)."""
    legal = game.legal_actions(state) if state.current_player == seat else []
    if hides_future(game):
        resample = game.resample

        def sampler(seed: int) -> S:
            return resample(state, seat, seed)

    else:

        def sampler(seed: int) -> S:
            return state

    def observe() -> object:
        return game.observe(state, seat)

    return View(game, seat, observe, tuple(legal), sampler)
