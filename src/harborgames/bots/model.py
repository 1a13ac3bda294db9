"""A learned evaluation: a small neural network from a seat's observation tensor to its expected
final result, with numpy inference only (no torch or jax at play time).

A model is data: its weights and what made them (seed, command, games, CPU time) live in one
``.npz`` file. The shipped ones are package data (``harborgames/bots/models/``), one per game
configuration (game, player count, variant), found by ``shipped``; ``load`` reads any other.

The value is the seat's expected *rank reward* (``base.rank_rewards``: 1 for beating every other
seat, 0 for losing to all, a tie counting half), the same scale the searches' leaves use, so a
model can value a search's cut-off positions directly.

>>> import numpy as np
>>> model = ValueModel.initial("inland_port", 2, "standard", inputs=4, hidden=3, seed=1)
>>> model.predict(np.zeros((2, 4), dtype=np.float32)).shape
(2,)
"""

from __future__ import annotations

import importlib.resources
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

import attrs
import numpy as np
import numpy.typing as npt

__all__ = ["MODEL_FORMAT", "ModelError", "ValueModel", "load", "shipped", "shipped_name"]

MODEL_FORMAT = 1
"""The version of the ``.npz`` layout: a file of another version is refused with its number."""

Floats = npt.NDArray[np.float32]


class ModelError(ValueError):
    """A model file that cannot be used: missing, unreadable, or made for another configuration."""


class _Encoded(Protocol):
    """What a model needs of a game module: its tensor (``harborgames.core.encoding``)."""

    def observation_tensor(self, state: Any, player: int) -> Floats: ...  # pragma: no cover


@attrs.frozen(eq=False)
class ValueModel:
    """A one-hidden-layer network: ``sigmoid(w2 . tanh(W1 x + b1) + b2)``, per row ``x``.

    Small on purpose: Keldon Jones's Race for the Galaxy AI plays strongly with one hidden layer
    of 50 units; a forward pass here costs a few microseconds, far below a decision's search.
    """

    game: str
    num_players: int
    variant: str
    w1: Floats  # (inputs, hidden)
    b1: Floats  # (hidden,)
    w2: Floats  # (hidden,)
    b2: float
    meta: Mapping[str, object] = attrs.field(factory=dict)
    """What made the weights: seed, command, games, CPU seconds, generation (written as JSON)."""

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    @classmethod
    def initial(
        cls, game: str, num_players: int, variant: str, *, inputs: int, hidden: int = 64, seed: int = 0
    ) -> ValueModel:
        """Small random weights (Glorot-scaled), the output at 0.5: where training starts."""
        rng = np.random.default_rng(seed)
        w1 = (rng.standard_normal((inputs, hidden)) * np.sqrt(1.0 / max(inputs, 1))).astype(np.float32)
        w2 = (rng.standard_normal(hidden) * np.sqrt(1.0 / hidden)).astype(np.float32)
        return cls(game, num_players, variant, w1, np.zeros(hidden, np.float32), w2, 0.0)

    def predict(self, tensors: Floats) -> Floats:
        """The value of each row of ``tensors`` (shape (n, inputs)), in (0, 1)."""
        if tensors.ndim != 2 or tensors.shape[1] != self.inputs:
            raise ModelError(
                f"this model reads tensors of {self.inputs} values; got an array of shape {tensors.shape}"
            )
        hidden = np.tanh(tensors @ self.w1 + self.b1)
        out: Floats = 1.0 / (1.0 + np.exp(-(hidden @ self.w2 + self.b2)))
        return out

    def values(self, game: _Encoded, state: object) -> tuple[float, ...]:
        """Every seat's value of ``state``, each read from that seat's own tensor (so a seat is
        valued only by what it may know)."""
        batch = getattr(game, "observation_tensors", None)
        if batch is not None:  # one array for every seat, written in place
            tensors = batch([state] * self.num_players, list(range(self.num_players)))
        else:
            tensors = np.stack([game.observation_tensor(state, seat) for seat in range(self.num_players)])
        return tuple(float(v) for v in self.predict(tensors))

    def save(self, path: str | Path) -> None:
        """Write the weights and ``meta`` to ``path`` (an ``.npz`` file)."""
        header = {
            "format": MODEL_FORMAT,
            "game": self.game,
            "num_players": self.num_players,
            "variant": self.variant,
            "meta": dict(self.meta),
        }
        with open(path, "wb") as file:
            np.savez_compressed(
                file,
                header=np.frombuffer(json.dumps(header, sort_keys=True).encode(), dtype=np.uint8),
                w1=self.w1,
                b1=self.b1,
                w2=self.w2,
                b2=np.array([self.b2], dtype=np.float32),
            )


def _read(data: bytes, where: str) -> ValueModel:
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
            header = json.loads(bytes(arrays["header"]).decode())
            w1, b1, w2, b2 = (np.asarray(arrays[k], dtype=np.float32) for k in ("w1", "b1", "w2", "b2"))
    except (OSError, ValueError, KeyError, UnicodeDecodeError) as error:
        raise ModelError(f"{where} is not a harborgames model file ({error})") from None
    if not isinstance(header, dict) or header.get("format") != MODEL_FORMAT:
        found = header.get("format") if isinstance(header, dict) else None
        raise ModelError(f"{where} is a model of format {found!r}; this version reads format {MODEL_FORMAT}")
    if w1.ndim != 2 or b1.shape != (w1.shape[1],) or w2.shape != (w1.shape[1],) or b2.shape != (1,):
        raise ModelError(f"{where}: the weights' shapes do not fit together")
    try:
        return ValueModel(
            str(header["game"]),
            int(header["num_players"]),
            str(header["variant"]),
            w1,
            b1,
            w2,
            float(b2[0]),
            dict(header.get("meta", {})),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{where}: its header lacks {error}") from None


def load(path: str | Path) -> ValueModel:
    """The model in the file at ``path``; a ``ModelError`` says why a file cannot be used."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise ModelError(f"cannot read the model file {str(path)!r}: {error.strerror or error}") from None
    return _read(data, repr(str(path)))


def shipped_name(game: str, num_players: int, variant: str) -> str:
    """The package-data file name of a configuration's shipped model."""
    return f"{game}-{num_players}p-{variant}.npz"


def shipped(game: str, num_players: int, variant: str) -> ValueModel | None:
    """The model shipped with the package for this configuration, or ``None`` if none is."""
    name = shipped_name(game, num_players, variant)
    resource = importlib.resources.files("harborgames.bots").joinpath("models", name)
    if not resource.is_file():
        return None
    return _read(resource.read_bytes(), f"the shipped model {name}")
