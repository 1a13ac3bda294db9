"""A learned evaluation: a small neural network from a seat's observation tensor to its expected
final result, with numpy inference only (no torch or jax at play time).

A model is data: its weights and what made them (seed, command, games, CPU time) live in one
``.npz`` file. The shipped ones are package data (``harborgames/bots/models/``), one per game
configuration (game, player count, variant), found by ``shipped``; ``load`` reads any other.

The value is the seat's expected *rank reward* (``base.rank_rewards``: 1 for beating every other
seat, 0 for losing to all, a tie counting half), the same scale the searches' leaves use, so a
model can value a search's cut-off positions directly.

**A residual on the heuristic.** A model of format 2 has a second input beside the tensor: the
game's heuristic for the seat relative to the best other seat (``relative_heuristics``: what
``greedy`` ranks by, ``simple.evaluate``), divided by ``heuristic_scale``, with its own weight
``wh``. The logit is ``wh * heuristic / heuristic_scale + network(tensor)``. Trained models
start from the heuristic (``wh`` fitted to the outcomes, the network's output layer at 0), so
before any training the model ranks positions exactly as the heuristic does and training learns
a correction. A format-1 file (no heuristic input) loads with ``heuristic_scale`` ``None`` and
values positions as it did.

>>> import numpy as np
>>> model = ValueModel.initial("inland_port", 2, "standard", inputs=4, hidden=3, seed=1)
>>> model.predict(np.zeros((2, 4), dtype=np.float32)).shape
(2,)
>>> residual = ValueModel.initial(
...     "inland_port", 2, "standard", inputs=4, hidden=3, heuristic_scale=10.0, wh=2.0
... )
>>> [round(float(v), 3) for v in residual.predict(np.zeros((2, 4), np.float32), np.array([-10.0, 5.0]))]
[0.119, 0.731]
"""

from __future__ import annotations

import importlib.resources
import io
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs
import numpy as np
import numpy.typing as npt

from .base import outcome_rewards

__all__ = [
    "FINISH_WEIGHT",
    "MODEL_FORMAT",
    "ModelError",
    "ValueModel",
    "load",
    "relative_heuristics",
    "shipped",
    "shipped_name",
    "tensors_of",
]

MODEL_FORMAT = 2
"""The version of the ``.npz`` layout this version writes: 2 adds the heuristic input (``wh``,
``heuristic_scale``). Format 1 (no heuristic input) still loads; another is refused with its
number."""
_READS = (1, 2)

FINISH_WEIGHT = 1e9
"""A won or lost finish outweighs any logit (as ``simple.evaluate``'s finish weight does any
heuristic difference): what ``ValueModel.ranking`` adds per rank reward above one half."""

Floats = npt.NDArray[np.float32]
Doubles = npt.NDArray[np.float64]


class ModelError(ValueError):
    """A model file that cannot be used: missing, unreadable, or made for another configuration."""


class _Encoded(Protocol):
    """What a model needs of a game module: its tensor (``harborgames.core.encoding``) and its
    heuristic."""

    def observation_tensor(self, state: Any, player: int) -> Floats: ...  # pragma: no cover

    def heuristic(self, state: Any, player: int) -> float: ...  # pragma: no cover


def _relative(values: Sequence[float], seat: int) -> float:
    if len(values) == 1:
        return values[0]
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)


def relative_heuristics(game: Any, states: Sequence[Any], seats: Sequence[int]) -> Doubles:
    """Each ``(state, seat)``'s heuristic minus the best other seat's (the seat's own where it
    is alone): what ``greedy`` ranks open positions by (``simple.evaluate``), the residual
    model's second input before its scale. One heuristic per seat of each distinct state."""
    cache: dict[int, list[float]] = {}
    out = np.empty(len(seats), dtype=np.float64)
    for i, (state, seat) in enumerate(zip(states, seats, strict=True)):
        values = cache.get(id(state))
        if values is None:
            values = cache[id(state)] = [game.heuristic(state, p) for p in range(state.num_players)]
        out[i] = _relative(values, seat)
    return out


def tensors_of(game: Any, states: Sequence[Any], seats: Sequence[int]) -> Floats:
    """Each ``(state, seat)``'s observation tensor, as rows: the game's batch function where it
    has one (``observation_tensors``, one array written in place), else one tensor at a time."""
    batch = getattr(game, "observation_tensors", None)
    if batch is not None:
        out: Floats = np.asarray(batch(list(states), list(seats)), dtype=np.float32)
        return out
    rows = [game.observation_tensor(s, p) for s, p in zip(states, seats, strict=True)]
    return np.stack(rows).astype(np.float32, copy=False)


@attrs.frozen(eq=False)
class ValueModel:
    """A one-hidden-layer network: ``sigmoid(w2 . tanh(W1 x + b1) + b2 + wh * h / heuristic_scale)``,
    per row ``x`` and its relative heuristic ``h`` (the last term only where ``heuristic_scale``
    is set: a residual model).

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
    wh: float = 0.0
    """The weight of the heuristic input (a residual model's)."""
    heuristic_scale: float | None = None
    """The heuristic's unit: the input is the relative heuristic divided by it. ``None``: the
    model has no heuristic input (format 1)."""

    @property
    def residual(self) -> bool:
        """Whether the model reads the heuristic beside the tensor."""
        return self.heuristic_scale is not None

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    @classmethod
    def initial(
        cls,
        game: str,
        num_players: int,
        variant: str,
        *,
        inputs: int,
        hidden: int = 64,
        seed: int = 0,
        heuristic_scale: float | None = None,
        wh: float = 1.0,
        b2: float = 0.0,
    ) -> ValueModel:
        """Where training starts. Without ``heuristic_scale``: small random weights
        (Glorot-scaled), the output at 0.5. With it, a residual model that is the heuristic
        alone, ``sigmoid(wh * h / heuristic_scale + b2)`` (``wh`` > 0 ranks positions as the
        heuristic does): the hidden layer random, its output weights 0."""
        if heuristic_scale is not None and not (math.isfinite(heuristic_scale) and heuristic_scale > 0):
            raise ModelError(f"heuristic_scale must be a number above 0, not {heuristic_scale!r}")
        rng = np.random.default_rng(seed)
        w1 = (rng.standard_normal((inputs, hidden)) * np.sqrt(1.0 / max(inputs, 1))).astype(np.float32)
        b1 = np.zeros(hidden, np.float32)
        if heuristic_scale is None:
            w2 = (rng.standard_normal(hidden) * np.sqrt(1.0 / hidden)).astype(np.float32)
            return cls(game, num_players, variant, w1, b1, w2, 0.0)
        w2 = np.zeros(hidden, np.float32)
        return cls(
            game, num_players, variant, w1, b1, w2, float(b2), wh=float(wh), heuristic_scale=heuristic_scale
        )

    def _check(self, tensors: Floats, heuristics: Doubles | None) -> None:
        if tensors.ndim != 2 or tensors.shape[1] != self.inputs:
            raise ModelError(
                f"this model reads tensors of {self.inputs} values; got an array of shape {tensors.shape}"
            )
        if self.residual and (heuristics is None or heuristics.shape != (tensors.shape[0],)):
            raise ModelError("this model reads the relative heuristic of each row beside its tensor")

    def logits(self, tensors: Floats, heuristics: Doubles | None = None) -> Doubles:
        """The logit of each row of ``tensors`` (shape (n, inputs)), in float64; ``heuristics``
        (a residual model's, shape (n,)): each row's relative heuristic, unscaled
        (``relative_heuristics``). A model that is the heuristic alone orders rows exactly as
        their heuristics (the float64 sum keeps distinct heuristics distinct)."""
        self._check(tensors, heuristics)
        hidden = np.tanh(tensors @ self.w1 + self.b1)
        out: Doubles = (hidden @ self.w2).astype(np.float64) + self.b2
        if self.heuristic_scale is not None and heuristics is not None:
            out += self.wh * (np.asarray(heuristics, dtype=np.float64) / self.heuristic_scale)
        return out

    def predict(self, tensors: Floats, heuristics: Doubles | None = None) -> Floats:
        """The value of each row of ``tensors`` (shape (n, inputs)), in (0, 1); ``heuristics``
        as ``logits`` takes them."""
        logits = self.logits(tensors, heuristics)
        out: Floats = (1.0 / (1.0 + np.exp(-np.clip(logits, -60.0, 60.0)))).astype(np.float32)
        return out

    def inputs_of(
        self, game: Any, states: Sequence[Any], seats: Sequence[int]
    ) -> tuple[Floats, Doubles | None]:
        """What the model reads of each ``(state, seat)``: the seat's tensor, and (a residual
        model) its relative heuristic."""
        tensors = tensors_of(game, states, seats)
        return tensors, relative_heuristics(game, states, seats) if self.residual else None

    def ranking(self, game: Any, states: Sequence[Any], seat: int) -> list[float]:
        """What a greedy choice compares for ``seat`` among ``states``: each open position's
        logit, a finished one's also plus ``FINISH_WEIGHT`` per rank reward above one half
        (so a won finish beats, and a lost one trails, every open position, as in
        ``simple.evaluate``)."""
        if not states:
            return []
        logits = self.logits(*self.inputs_of(game, states, [seat] * len(states)))
        values = [float(v) for v in logits]
        for i, state in enumerate(states):
            if state.current_player is None:
                values[i] += FINISH_WEIGHT * (outcome_rewards(game, state)[seat] - 0.5)
        return values

    def values(self, game: _Encoded, state: object) -> tuple[float, ...]:
        """Every seat's value of ``state``, each read from that seat's own tensor (so a seat is
        valued only by what it may know)."""
        seats = list(range(self.num_players))
        return tuple(float(v) for v in self.predict(*self.inputs_of(game, [state] * len(seats), seats)))

    def save(self, path: str | Path) -> None:
        """Write the weights and ``meta`` to ``path`` (an ``.npz`` file)."""
        header = {
            "format": MODEL_FORMAT,
            "game": self.game,
            "num_players": self.num_players,
            "variant": self.variant,
            "heuristic": None if self.heuristic_scale is None else "relative",
            "heuristic_scale": self.heuristic_scale,
            "wh": self.wh,
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
    if not isinstance(header, dict) or header.get("format") not in _READS:
        found = header.get("format") if isinstance(header, dict) else None
        known = " and ".join(str(f) for f in _READS)
        raise ModelError(f"{where} is a model of format {found!r}; this version reads formats {known}")
    if w1.ndim != 2 or b1.shape != (w1.shape[1],) or w2.shape != (w1.shape[1],) or b2.shape != (1,):
        raise ModelError(f"{where}: the weights' shapes do not fit together")
    kind = header.get("heuristic")  # format 1: absent, no heuristic input
    if kind not in (None, "relative"):
        raise ModelError(f"{where} reads a heuristic input {kind!r} this version does not know")
    try:
        scale = None if kind is None else float(header["heuristic_scale"])
        wh = 0.0 if kind is None else float(header["wh"])
        if scale is not None and not (math.isfinite(scale) and scale > 0 and math.isfinite(wh)):
            raise ValueError(f"a heuristic scale of {scale} and weight of {wh}")
        return ValueModel(
            str(header["game"]),
            int(header["num_players"]),
            str(header["variant"]),
            w1,
            b1,
            w2,
            float(b2[0]),
            dict(header.get("meta", {})),
            wh=wh,
            heuristic_scale=scale,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ModelError(f"{where}: its header lacks or mangles {error}") from None


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
