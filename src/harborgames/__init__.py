"""harborgames: harbour board games played exactly by their printed rules, behind one protocol.

>>> import harborgames
>>> harborgames.games()
('inland_port', 'gdansk', 'lehavre')
>>> game = harborgames.load("inland_port")
>>> state = game.new_game(2, seed=7)
>>> state.current_player in (0, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only named in annotations: ``import harborgames`` loads nothing heavy
    from .core.protocol import LoadedGame

__all__ = ["__version__", "games", "load"]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


__version__ = "0.1.0"
"""The package's version, as pyproject.toml gives it."""

_GAMES = ("inland_port", "gdansk", "lehavre")


def games() -> tuple[str, ...]:
    """The names of the registered games, for ``load``."""
    return _GAMES


def load(name: str) -> LoadedGame:
    """The game module ``harborgames.<name>``; a ``ValueError`` names the known games otherwise.

    Which game is known only at run time, so its state and action types are too; the
    functions it is passed to (``harborgames.testing``, the bots, ``core.play``) are generic.
    The module is checked once against every protocol the layers use (``core.protocol``:
    ``Game``, ``Presentable``, ``Encodable``), so they call its functions without probing.
    """
    loaded = _LOADED.get(name)
    if loaded is None:
        from .core.protocol import checked

        loaded = _LOADED[name] = checked(_import(name))
    return loaded


_LOADED: dict[str, LoadedGame] = {}


def _import(name: str) -> LoadedGame:
    # Each game is imported only when asked for; returning the module lets mypy check it
    # against the protocol too.
    if name == "inland_port":
        from . import inland_port

        return inland_port
    if name == "gdansk":
        from . import gdansk

        return gdansk
    if name == "lehavre":
        from . import lehavre

        return lehavre
    raise ValueError(f"unknown game {name!r}; known games: {', '.join(_GAMES)}")
