"""Training the learned evaluation (``bots.model``) by self-play, in generations, with numpy only.

A generation is three phases:

1. **Games.** Self-play games of the best player so far, a little ``epsilon`` of random moves
   for variety: ``greedy`` (the game's heuristic) until a model's ``ModelGreedyBot`` has beaten
   the best player in its match, then that bot. (A first model's bot is usually far weaker than
   ``greedy``; games of its play would teach the next model about positions that good play never
   reaches.) In each game ``positions`` of the positions where a decision is made are drawn at
   random, and each seat's observation tensor there is recorded with that seat's final rank
   reward (``base.outcome_rewards``). Every decision, not only turn boundaries, because the
   evaluation is asked about positions inside a turn too (a look-ahead cut off by its budget, a
   search cut off at any decision): a model trained on turn boundaries alone valued them
   wildly, and its greedy bot rerolled and discarded its way to last place in Port Gdańsk. A cap
   per game, because a game's positions share one outcome, so more of them mostly repeat it.
2. **Fit.** The sigmoid output against a target by cross-entropy, minibatch Adam with L2,
   starting from the previous generation's model (the first generation: a residual model that
   is the heuristic alone, ``heuristic_start``, unless ``residual`` is off), on this
   generation's games and the ``window - 1`` generations before (a replay window). The target
   is the TD(λ) return of the starting model's values along each seat's recorded positions
   (``td_targets``; ``td_lambda`` 1 is Monte Carlo, the final rank reward). A tenth of the
   games (by a hash of the game, so a game stays on its side from one generation to the next)
   is held out, and the epoch with the least held-out loss is kept (early stopping; epoch 0,
   the starting model, if none improves on it).
3. **Match.** The new model's ``ModelGreedyBot`` against the best player so far, one seat
   against the others, seats rotated, each deal played from every seat. The new model is kept
   (and its bot becomes the best player) if its mean rank reward is above one half. The run's
   model is the last kept one; while none is kept, the newest (the one fitted on the most games
   of ``greedy``'s play), and its meta says that no model beat ``greedy``.

Games and matches are pure tasks (config, bots, seed, index) run in worker processes or on Ray
(``harborgames.adapters.ray_backend``, as the arena does); every seed comes from the run's seed
through ``derive_seed``, so a run gives the same weights with any number of workers. The output
folder holds every generation (``gen-<k>.npz``, ``gen-<k>-data.npz``), ``progress.json`` and the
run's model (``model.npz``); running again continues after the last finished generation.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import MISSING, asdict, dataclass, fields
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

import harborgames

from ..core.protocol import GameModule
from .arena import BACKENDS, play_game, wilson_interval
from .base import Bot, derive_seed, outcome_rewards, seed_of
from .lifetime import in_workers
from .model import ValueModel, load, relative_heuristics, tensors_of
from .search import advantages
from .simple import GreedyBot
from .view import A, S, View

__all__ = [
    "FitResult",
    "MatchResult",
    "ModelGreedyBot",
    "TrainConfig",
    "TrainingError",
    "describe",
    "fit",
    "heuristic_start",
    "td_targets",
    "tensors_of",
    "train",
]

"""Where the games are played: local worker processes, or Ray tasks (the ``ray`` extra)."""

Floats = npt.NDArray[np.float32]
_Seats = tuple[int | None, ...]  # per seat: greedy (None) or a model's index


class TrainingError(ValueError):
    """A training run that cannot start or continue: a bad setting, or an output folder that
    holds another run."""


@dataclass(frozen=True)
class TrainConfig:
    """What determines a run's weights (everything but how many workers play the games).

    Two runs with the same config give the same weights; an output folder holds one config.
    """

    game: str
    players: int
    variant: str
    seed: int = 0
    games: int = 100  # self-play games per generation
    hidden: int = 32
    positions: int = 64  # positions (decisions) recorded per game, at most
    epsilon: float = 0.05  # random moves in the self-play games
    window: int = 3  # generations of games each fit reads
    match_games: int = 24  # games of the new model's bot against the best player so far
    lookahead: int = 2  # ModelGreedyBot's look-ahead over the mover's own decisions
    max_nodes: int = 400  # ModelGreedyBot's positions valued per decision, at most (greedy's)
    outcome_weight: float = 1.0  # the fit's target: this much final rank reward, the rest heuristic
    l2: float = 1e-4
    learning_rate: float = 1e-3
    batch: int = 128
    max_epochs: int = 60
    patience: int = 5
    residual: bool = True  # the model reads the relative heuristic too and starts as it
    td_lambda: float = 0.5  # the fit's targets: TD(λ) returns of the starting model; 1: Monte Carlo

    def check(self) -> None:
        """A ``TrainingError`` naming the first setting out of its range."""
        limits: tuple[tuple[str, float, float], ...] = (
            ("games", 2, 1_000_000),
            ("hidden", 1, 4096),
            ("positions", 1, 10_000),
            ("window", 1, 1000),
            ("match_games", 0, 100_000),
            ("lookahead", 1, 10),
            ("max_nodes", 1, 100_000),
            ("batch", 1, 1_000_000),
            ("max_epochs", 1, 100_000),
            ("patience", 1, 100_000),
        )
        for name, low, high in limits:
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise TrainingError(f"{name} must be a whole number from {low:g} to {high:,g}, not {value!r}")
        for name in ("epsilon", "l2", "learning_rate", "outcome_weight", "td_lambda"):
            value = getattr(self, name)
            if not isinstance(value, float | int) or not math.isfinite(value) or value < 0:
                raise TrainingError(f"{name} must be a number >= 0, not {value!r}")
        if self.epsilon > 1 or self.outcome_weight > 1 or self.td_lambda > 1:
            raise TrainingError("epsilon, outcome_weight and td_lambda are from 0 to 1")
        if self.learning_rate == 0:
            raise TrainingError("learning_rate must be above 0")
        if type(self.residual) is not bool:
            raise TrainingError(f"residual must be true or false, not {self.residual!r}")


# --- the bots -----------------------------------------------------------------------------------


class ModelGreedyBot:
    """The move whose outcome the model values best for the mover: a greedy bot on the model.

    Like ``GreedyBot`` it looks ``lookahead`` decisions ahead while the same seat is still to move
    (a turn of several decisions is judged by where it ends), valuing at most ``max_nodes``
    positions per decision, all in one batch; a finished game is valued by its outcome. Hidden
    information is drawn once per decision from the view. With probability ``epsilon`` it moves
    at random instead (for variety in self-play). Ties go to the bot's own seeded generator.
    """

    def __init__(
        self,
        model: ValueModel,
        seed: int = 0,
        *,
        lookahead: int = 2,
        max_nodes: int = 48,
        epsilon: float = 0.0,
    ) -> None:
        if lookahead < 1 or max_nodes < 1 or not 0.0 <= epsilon <= 1.0:
            raise ValueError("lookahead and max_nodes must be at least 1, epsilon from 0 to 1")
        self.name = "model-greedy"
        self.model = model
        self.rng = random.Random(seed)
        self.lookahead = lookahead
        self.max_nodes = max_nodes
        self.epsilon = epsilon

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.epsilon > 0.0 and self.rng.random() < self.epsilon:
            return legal[self.rng.randrange(len(legal))]
        game, seat = view.game, view.seat
        state = view.sample(seed_of(self.rng))
        leaves: list[S] = []
        nodes = [0]

        # A tree as nested lists: an int is a leaf's index in ``leaves``, a list is the mover's
        # choice among its children (the best of them).
        def expand(position: S, depth: int) -> int | list[Any]:
            nodes[0] += 1
            if depth > 0 and position.current_player == seat and nodes[0] < self.max_nodes:
                return [expand(game.apply(position, a), depth - 1) for a in game.legal_actions(position)]
            leaves.append(position)
            return len(leaves) - 1

        trees = [expand(game.apply(state, action), self.lookahead - 1) for action in legal]
        values = self._values(game, leaves, seat)

        def fold(tree: int | list[Any]) -> float:
            return values[tree] if isinstance(tree, int) else max(fold(t) for t in tree)

        scores = [fold(t) for t in trees]
        best = max(scores)
        return self.rng.choice([a for a, v in zip(legal, scores, strict=True) if v == best])

    def _values(self, game: GameModule[S, A], leaves: Sequence[S], seat: int) -> list[float]:
        # the logits (a finished game's outcome first): a model that is the heuristic alone
        # chooses as ``greedy`` does, ties and all
        return self.model.ranking(game, leaves, seat)


class _Noisy:
    """A bot that moves at random with probability ``epsilon``, else as ``bot`` does."""

    def __init__(self, bot: GreedyBot, epsilon: float, seed: int) -> None:
        self.name = bot.name
        self.bot = bot
        self.epsilon = epsilon
        self.rng = random.Random(seed)

    def choose(self, view: View[S, A]) -> A:
        legal = view.legal_actions
        if len(legal) > 1 and self.epsilon > 0.0 and self.rng.random() < self.epsilon:
            return legal[self.rng.randrange(len(legal))]
        return self.bot.choose(view)


# --- one game, as a worker plays it ----------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """One game: the seats' players (``None``: greedy, else an index into ``models``)."""

    game: str
    players: int
    variant: str
    seed: int  # the game's seed
    bot_seeds: tuple[int, ...]
    sample_seed: int
    index: int
    seats: tuple[int | None, ...]
    models: tuple[ValueModel, ...]
    epsilon: float
    lookahead: int
    max_nodes: int
    positions: int  # 0: record no tensors (a match)


@dataclass(frozen=True)
class _Played:
    index: int
    rewards: tuple[float, ...]
    scores: tuple[int, ...]
    tensors: npt.NDArray[np.float16]  # (positions * players, inputs), seat-major per position
    cpu: float
    advantages: npt.NDArray[np.float32]  # per row: the seat's heuristic minus the seats' mean
    relative: npt.NDArray[np.float64]  # per row: the seat's heuristic minus the best other's


def _play_task(task: _Task) -> _Played:
    started = time.process_time()
    game = harborgames.load(task.game)
    players: list[Bot] = []
    for seat, which in enumerate(task.seats):
        seed = task.bot_seeds[seat]
        if which is None:
            players.append(_Noisy(GreedyBot(seed=seed), task.epsilon, derive_seed("noise", seed)))
        else:
            players.append(
                ModelGreedyBot(
                    task.models[which],
                    seed,
                    lookahead=task.lookahead,
                    max_nodes=task.max_nodes,
                    epsilon=task.epsilon,
                )
            )
    decided: list[Any] = []  # every position where a decision is made

    def seen(state: Any, action: Any) -> None:
        if task.positions:
            decided.append(state)

    final, _ = play_game(game, players, seed=task.seed, variant=task.variant, on_move=seen)
    rewards = outcome_rewards(game, final)
    chosen = decided
    if len(decided) > task.positions:
        picks = sorted(random.Random(task.sample_seed).sample(range(len(decided)), task.positions))
        chosen = [decided[i] for i in picks]
    if chosen:
        states = [s for s in chosen for _ in range(task.players)]
        seats = [p for _ in chosen for p in range(task.players)]
        tensors = tensors_of(game, states, seats).astype(np.float16)
        # each seat's heuristic against the seats' mean, as the searches' margin reads it
        gains = np.asarray([a for s in chosen for a in advantages(game, s)], dtype=np.float32)
        relative = relative_heuristics(game, states, seats)
    else:
        tensors = np.zeros((0, 0), dtype=np.float16)
        gains = np.zeros(0, dtype=np.float32)
        relative = np.zeros(0, dtype=np.float64)
    cpu = time.process_time() - started
    return _Played(task.index, rewards, tuple(game.scores(final)), tensors, cpu, gains, relative)


def _run(
    tasks: Sequence[_Task], jobs: int | None, backend: str, address: str | None
) -> Iterator[_Played]:
    """Every task's game, in completion order: here, in local processes, or on Ray."""
    if backend == "ray":
        from ..adapters.ray_backend import run_tasks

        yield from run_tasks(_play_task, tasks, jobs, address)
        return
    if (jobs or 1) <= 1 or len(tasks) <= 1:
        yield from map(_play_task, tasks)
        return
    yield from in_workers(_play_task, tasks, jobs or 1)  # as the arena's games


# --- fitting ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FitResult:
    epochs: int  # the kept epoch (1-based)
    train_loss: float  # cross-entropy on the training rows, at the kept epoch
    held_out_loss: float  # cross-entropy on the held-out rows, at the kept epoch
    held_out_mse: float
    baseline_mse: float  # of always predicting the training rows' mean
    rows: int
    held_out_rows: int


def _bce(p: Floats, y: Floats) -> float:
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(
    start: ValueModel,
    x: Floats,
    y: Floats,
    held: npt.NDArray[np.bool_],
    config: TrainConfig,
    seed: int,
    heuristics: npt.NDArray[np.float64] | None = None,
) -> tuple[ValueModel, FitResult]:
    """Minibatch Adam on cross-entropy with L2, from ``start``; the held-out rows (``held``) pick
    the epoch that is kept (epoch 0, ``start`` itself, if none improves on it). A residual
    ``start`` reads each row's relative heuristic (``heuristics``, unscaled) and its weight
    ``wh`` is fitted with the rest (no L2 on it: it is the heuristic's own trust)."""
    if start.residual and (heuristics is None or heuristics.shape != (len(y),)):
        raise TrainingError("a residual model is fitted on each row's relative heuristic too")
    scale = start.heuristic_scale or 1.0
    h_all = (
        np.zeros(len(y), np.float32)
        if heuristics is None or not start.residual
        else (heuristics / scale).astype(np.float32)
    )
    xt, yt, xh, yh = x[~held], y[~held], x[held], y[held]
    ht, hh = h_all[~held], h_all[held]
    params = [
        start.w1.copy(),
        start.b1.copy(),
        start.w2.copy(),
        np.array([start.b2], dtype=np.float32),
        np.array([start.wh], dtype=np.float32),
    ]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    beta1, beta2, tiny = 0.9, 0.999, 1e-8
    rng = np.random.default_rng(seed)
    step = 0
    trains_wh = 1.0 if start.residual else 0.0

    def forward(w: list[Floats], rows: Floats, hs: Floats) -> tuple[Floats, Floats]:
        hidden = np.tanh(rows @ w[0] + w[1])
        logit = hidden @ w[2] + w[3][0] + w[4][0] * hs
        out: Floats = 1.0 / (1.0 + np.exp(-np.clip(logit, -60.0, 60.0)))
        return hidden, out

    def losses(w: list[Floats]) -> tuple[float, float]:
        held_loss = _bce(forward(w, xh, hh)[1], yh) if len(yh) else math.nan
        return _bce(forward(w, xt, ht)[1], yt), held_loss

    best = [p.copy() for p in params]
    best_train, best_held = losses(params)
    best_epoch, waited = 0, 0
    for epoch in range(1, config.max_epochs + 1):
        order = rng.permutation(len(yt))
        for begin in range(0, len(order), config.batch):
            rows = order[begin : begin + config.batch]
            xb, yb, hb = xt[rows], yt[rows], ht[rows]
            hidden, p = forward(params, xb, hb)
            delta = ((p - yb) / len(rows)).astype(np.float32)  # d loss / d logit
            dz = np.outer(delta, params[2]) * (1.0 - hidden * hidden)
            grads = [
                xb.T @ dz + config.l2 * params[0],
                dz.sum(axis=0),
                hidden.T @ delta + config.l2 * params[2],
                np.array([delta.sum()], dtype=np.float32),
                np.array([trains_wh * float(delta @ hb)], dtype=np.float32),
            ]
            step += 1
            rate = config.learning_rate * math.sqrt(1 - beta2**step) / (1 - beta1**step)
            for p_, g, m, v in zip(params, grads, moments, squares, strict=True):
                m *= beta1
                m += (1 - beta1) * g
                v *= beta2
                v += (1 - beta2) * g * g
                p_ -= (rate * m / (np.sqrt(v) + tiny)).astype(np.float32)
        train_loss, held_loss = losses(params)
        if not len(yh) or held_loss < best_held:
            best = [p.copy() for p in params]
            best_train, best_held, best_epoch, waited = train_loss, held_loss, epoch, 0
        else:
            waited += 1
            if waited >= config.patience:
                break
    model = attrs.evolve(
        start, w1=best[0], b1=best[1], w2=best[2], b2=float(best[3][0]), wh=float(best[4][0]), meta={}
    )
    mse = float(np.mean((forward(best, xh, hh)[1] - yh) ** 2)) if len(yh) else math.nan
    baseline = float(np.mean((float(np.mean(yt)) - yh) ** 2)) if len(yh) and len(yt) else math.nan
    return model, FitResult(best_epoch, best_train, best_held, mse, baseline, len(yt), len(yh))


def heuristic_start(
    config: TrainConfig, inputs: int, y: Floats, heuristics: npt.NDArray[np.float64], seed: int
) -> ValueModel:
    """The residual model that is the heuristic alone, calibrated: ``heuristic_scale`` the
    relative heuristics' root mean square, ``wh`` and ``b2`` a logistic regression of the
    targets ``y`` on them (Newton's method; ``wh`` kept above 0, so the model ranks positions
    exactly as the heuristic does), the network's output weights 0."""
    scale = float(np.sqrt(np.mean(heuristics * heuristics))) if len(heuristics) else 1.0
    if not math.isfinite(scale) or scale <= 0.0:
        scale = 1.0
    h = heuristics / scale
    target = np.asarray(y, dtype=np.float64)
    w = np.array([1.0, 0.0])  # wh, b2
    design = np.stack([h, np.ones_like(h)], axis=1)
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ w, -60.0, 60.0)))
        gradient = design.T @ (p - target) + 1e-6 * w
        hessian = (design * (p * (1 - p))[:, None]).T @ design + 1e-6 * np.eye(2)
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            break
        w = w - step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    wh = float(w[0]) if math.isfinite(float(w[0])) and float(w[0]) > 1e-3 else 1.0
    b2 = float(w[1]) if math.isfinite(float(w[1])) else 0.0
    return ValueModel.initial(
        config.game, config.players, config.variant, inputs=inputs, hidden=config.hidden,
        seed=seed, heuristic_scale=scale, wh=wh, b2=b2,
    )  # fmt: skip


# --- matches ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """The new model's bot in one seat against the opponent in the others, seats rotated."""

    opponent: str  # "greedy" or "gen-<k>"
    games: int
    score: float  # the new bot's mean rank reward: 0.5 is even
    interval: tuple[float, float]  # 95%, normal approximation over games
    wins: float  # a shared win of k seats counts 1/k
    win_rate: float
    win_interval: tuple[float, float]  # 95% Wilson

    def line(self) -> str:
        low, high = self.interval
        wl, wh = self.win_interval
        return (
            f"score {self.score:.3f} ({low:.3f}-{high:.3f}) against {self.opponent} over {self.games} games, "
            f"wins {100 * self.win_rate:.0f}% ({100 * wl:.0f}-{100 * wh:.0f}%)"
        )


def _match_result(opponent: str, played: Sequence[_Played], new_seats: Sequence[int]) -> MatchResult:
    scores = [p.rewards[seat] for p, seat in zip(played, new_seats, strict=True)]
    wins = sum(
        (1.0 / sum(1 for r in p.rewards if r == max(p.rewards))) if p.rewards[seat] == max(p.rewards) else 0.0
        for p, seat in zip(played, new_seats, strict=True)
    )
    n = len(scores)
    mean = statistics.fmean(scores) if scores else 0.5
    half = 1.96 * statistics.pstdev(scores) / math.sqrt(n) if n > 1 else 0.5
    return MatchResult(
        opponent,
        n,
        round(mean, 6),
        (round(max(0.0, mean - half), 6), round(min(1.0, mean + half), 6)),
        round(wins, 6),
        round(wins / n, 6) if n else 0.0,
        tuple(round(v, 6) for v in wilson_interval(wins, n)),  # type: ignore[arg-type]
    )


# --- the run ----------------------------------------------------------------------------------------


_PROGRESS = "progress.json"
_MODEL = "model.npz"


def _write_json(path: Path, document: object) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _save_model(model: ValueModel, path: Path) -> None:
    temporary = path.with_name(path.name + ".tmp")
    model.save(temporary)
    os.replace(temporary, path)


_DEFAULTS = {f.name: f.default for f in fields(TrainConfig) if f.default is not MISSING}
_BEFORE = {"residual": False, "td_lambda": 1.0}
"""Settings added since the first runs, with the value a run that does not name them began with."""


def _open_folder(out: Path, config: TrainConfig, command: str) -> dict[str, Any]:
    """The run's progress: a new one, or the folder's if it holds the same config."""
    wanted = asdict(config)
    path = out / _PROGRESS
    if path.exists():
        try:
            progress = json.loads(path.read_text(encoding="utf-8"))
            # a setting added since the run began has the default it began with
            found = {**_DEFAULTS, **_BEFORE, **progress["config"]}
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise TrainingError(f"{path} is not a training run's progress file ({error})") from None
        if found != wanted:
            differ = sorted(k for k in set(found) | set(wanted) if found.get(k) != wanted.get(k))
            shown = ", ".join(f"{k} {found.get(k)!r} there, {wanted.get(k)!r} here" for k in differ)
            raise TrainingError(
                f"the folder {str(out)!r} holds a run with another config ({shown}); "
                "give another --out, or the same settings to continue it"
            )
        return dict(progress)
    if out.exists() and not out.is_dir():
        raise TrainingError(f"--out {str(out)!r} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()):
        raise TrainingError(
            f"the folder {str(out)!r} is not empty and holds no training run; give another --out"
        )
    out.mkdir(parents=True, exist_ok=True)
    progress = {
        "seed": config.seed,
        "command": command,
        "config": wanted,
        "generations": [],
        "best": None,
        "player": None,
        "games_played": 0,
        "cpu_seconds": 0.0,
        "wall_seconds": 0.0,
    }
    _write_json(path, progress)
    return progress


def _tasks(
    config: TrainConfig,
    phase: str,
    generation: int,
    count: int,
    seats_of: Callable[[int], tuple[int | None, ...]],
    models: tuple[ValueModel, ...],
    *,
    epsilon: float,
    positions: int,
    deal_every: int = 1,
) -> list[_Task]:
    base = (phase, config.seed, generation)
    return [
        _Task(
            config.game,
            config.players,
            config.variant,
            derive_seed("train-game", *base, i // deal_every),
            tuple(derive_seed("train-bot", *base, i, seat) for seat in range(config.players)),
            derive_seed("train-sample", *base, i),
            i,
            seats_of(i),
            models,
            epsilon,
            config.lookahead,
            config.max_nodes,
            positions,
        )
        for i in range(count)
    ]


def _play_all(
    tasks: Sequence[_Task],
    jobs: int | None,
    backend: str,
    address: str | None,
    log: Callable[[str], None],
    what: str,
) -> tuple[list[_Played], float]:
    """The games by index, and the CPU seconds they took in other processes (games played in
    this one are already in its own CPU time)."""
    played: list[_Played] = []
    tenth = max(1, len(tasks) // 10)
    log(f"{what}: playing {len(tasks)} games")  # a long run says at once what it is doing
    for result in _run(tasks, jobs, backend, address):
        played.append(result)
        if len(played) % tenth == 0 and len(played) < len(tasks):
            log(f"{what}: {len(played)}/{len(tasks)} games")
    here = backend != "ray" and ((jobs or 1) <= 1 or len(tasks) <= 1)
    return sorted(played, key=lambda p: p.index), 0.0 if here else sum(p.cpu for p in played)


def _targets(config: TrainConfig, outcomes: Floats, advantages: Floats) -> Floats:
    """What the fit regresses on: the final rank reward, mixed (``outcome_weight`` < 1) with the
    heuristic's judgement of the position, its advantage squashed by a logistic on the
    advantages' spread in these games."""
    weight = config.outcome_weight
    if weight >= 1.0 or not len(advantages):
        return outcomes
    spread = float(np.std(advantages)) or 1.0
    judged = 1.0 / (1.0 + np.exp(-np.clip(advantages / spread, -60.0, 60.0)))
    mixed: Floats = (weight * outcomes + (1.0 - weight) * judged).astype(np.float32)
    return mixed


def td_targets(
    model: ValueModel,
    x: Floats,
    heuristics: npt.NDArray[np.float64] | None,
    outcomes: Floats,
    games: npt.NDArray[np.integer[Any]],
    players: int,
    lam: float,
) -> Floats:
    """TD(λ) targets for the rows of one generation's games: each seat's λ-return along its
    game's recorded positions, ``G_k = (1 - λ) V(k + 1) + λ G_(k + 1)``, the last position's
    next value the final rank reward, ``V`` the ``model``'s value (the fit's starting model:
    targets fixed for the fit). λ = 1 is the Monte Carlo target (the outcome). A game's rows
    are its positions in the order played, each the seats' rows in seat order."""
    if lam >= 1.0 or not len(outcomes):
        return outcomes
    values = model.predict(x, heuristics).astype(np.float64)
    targets = np.asarray(outcomes, dtype=np.float64).copy()
    boundaries = np.flatnonzero(np.diff(games)) + 1
    for rows in np.split(np.arange(len(games)), boundaries):
        grid = rows.reshape(-1, players)  # (positions, seats)
        following = outcomes[grid[-1]].astype(np.float64)  # G after the last position
        for k in range(len(grid) - 1, -1, -1):
            targets[grid[k]] = following
            following = (1.0 - lam) * values[grid[k]] + lam * following
    out: Floats = targets.astype(np.float32)
    return out


def _held_out(config: TrainConfig, generation: int, index: int) -> bool:
    """Whether a data game is held out: a tenth of them, by a hash of the game."""
    return derive_seed("train-held", config.seed, generation, index) % 10 == 0


def train(
    config: TrainConfig,
    out: str | Path,
    generations: int,
    *,
    jobs: int | None = 1,
    backend: str = "local",
    address: str | None = None,
    command: str = "",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Run (or continue) the training in the folder ``out`` up to ``generations`` generations;
    the progress document (``progress.json``) at the end. The best model is ``out/model.npz``.

    Each generation plays its self-play games (``_self_play``), fits the next model on the
    window of generations (``_fit_generation``), and plays it against the best player so far
    (``_match``); the progress is written after each, so a run stopped anywhere continues."""
    config.check()
    if type(generations) is not int or generations < 1:
        raise TrainingError(f"generations must be a whole number of at least 1, not {generations!r}")
    if backend not in BACKENDS:
        raise TrainingError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    module = harborgames.load(config.game)
    module.INFO.check_new_game(config.players, config.variant, None)
    inputs = module.observation_layout(config.players, config.variant).size  # type: ignore[attr-defined]
    if backend == "ray":
        from ..adapters.ray_backend import require_ray  # Ray only when asked for

        require_ray()
    run = _Run(config, Path(out), jobs, backend, address, log)
    progress = _open_folder(run.folder, config, command)
    done = len(progress["generations"])
    if done >= generations:
        log(f"{run.folder}: {done} generations already done; nothing to do")
    for generation in range(done, generations):
        cpu_start, wall_start = time.process_time(), time.monotonic()
        player = progress["player"]  # the generation whose model's bot plays best; None: greedy
        player_model = load(run.folder / f"gen-{player}.npz") if player is not None else None
        worker_cpu = _self_play(run, generation, player, player_model)
        model, fitted = _fit_generation(run, generation, inputs)
        match, elsewhere = _match(run, generation, model, player, player_model)
        worker_cpu += elsewhere
        kept = match is not None and match.score > 0.5
        opponent_name = "greedy" if player is None else f"gen-{player}"
        log(
            f"generation {generation}: "
            + (match.line() if match else "no match")
            + (": kept" if kept else f": not kept ({opponent_name} stays the best player)")
        )
        cpu_total = worker_cpu + (time.process_time() - cpu_start)
        count = match.games if match else 0
        entry = {
            "generation": generation,
            "games": config.games,
            "match_games": count,
            "kept": kept,
            "fit": asdict(fitted),
            "match": asdict(match) if match else None,
            "cpu_seconds": round(cpu_total, 3),
        }
        progress["generations"].append(entry)
        progress["games_played"] += config.games + count
        progress["cpu_seconds"] = round(progress["cpu_seconds"] + cpu_total, 3)
        if kept:
            progress["player"] = generation
        progress["best"] = progress["player"] if progress["player"] is not None else generation
        progress["wall_seconds"] = round(progress["wall_seconds"] + time.monotonic() - wall_start, 3)
        meta = _meta(module, config, progress, command)
        _save_model(attrs.evolve(model, meta=meta), run.folder / f"gen-{generation}.npz")
        _write_json(run.folder / _PROGRESS, progress)
    # The best model, with what made it.
    best_model = load(run.folder / f"gen-{progress['best']}.npz")
    meta = _meta(module, config, progress, command)
    _save_model(attrs.evolve(best_model, meta=meta), run.folder / _MODEL)
    return progress


@attrs.frozen
class _Run:
    """What every step of a training run needs: its settings, folder, where games are played,
    and where progress lines go."""

    config: TrainConfig
    folder: Path
    jobs: int | None
    backend: str
    address: str | None
    log: Callable[[str], None]


def _self_play(run: _Run, generation: int, player: int | None, player_model: ValueModel | None) -> float:
    """The generation's self-play games by the best player so far (``greedy`` until a model's
    bot has beaten it), saved as ``gen-<generation>-data.npz``: each recorded position's tensor,
    outcome, heuristic advantage and relative heuristic. The CPU seconds the workers spent (or
    had spent before an interruption, if the file was already there)."""
    config, data_path = run.config, run.folder / f"gen-{generation}-data.npz"
    if data_path.exists():  # the games were played before an interruption
        with np.load(data_path, allow_pickle=False) as saved:
            return float(saved["cpu"])
    players = "greedy" if player_model is None else f"gen-{player} model-greedy"
    models: tuple[ValueModel, ...] = () if player_model is None else (player_model,)
    choice: int | None = None if player_model is None else 0

    def everyone(i: int, seat: int | None = choice, n: int = config.players) -> _Seats:
        return (seat,) * n

    tasks = _tasks(
        config, "data", generation, config.games, everyone, models,
        epsilon=config.epsilon, positions=config.positions,
    )  # fmt: skip
    what = f"generation {generation}, {players}"
    played, elsewhere = _play_all(tasks, run.jobs, run.backend, run.address, run.log, what)
    cpu = sum(p.cpu for p in played)
    targets = [np.tile(np.asarray(p.rewards, np.float32), len(p.tensors) // config.players) for p in played]
    temporary = data_path.with_name(data_path.name + ".tmp")
    with open(temporary, "wb") as file:
        np.savez_compressed(
            file,
            x=np.concatenate([p.tensors for p in played]),
            y=np.concatenate(targets),
            game=np.concatenate([np.full(len(p.tensors), p.index, np.int32) for p in played]),
            advantage=np.concatenate([p.advantages for p in played]),
            relative=np.concatenate([p.relative for p in played]),
            cpu=np.float64(cpu),
        )
    os.replace(temporary, data_path)
    mean_length = statistics.fmean(len(p.tensors) // config.players for p in played)
    run.log(
        f"generation {generation}: {len(played)}/{config.games} games by {players}, "
        f"{mean_length:.1f} positions each, {cpu:.0f} s CPU"
    )
    return elsewhere


def _fit_generation(run: _Run, generation: int, inputs: int) -> tuple[ValueModel, FitResult]:
    """The generation's model, fitted on the positions of the last ``window`` generations'
    games, starting from the previous generation's model (the first: the heuristic alone, or
    random weights without ``residual``), toward the outcomes or their TD(λ) returns."""
    config, folder = run.config, run.folder
    xs, ys, helds, hs, ids = [], [], [], [], []
    for g in range(max(0, generation - config.window + 1), generation + 1):
        with np.load(folder / f"gen-{g}-data.npz", allow_pickle=False) as saved:
            xs.append(saved["x"].astype(np.float32))
            if config.residual:
                if "relative" not in saved.files:
                    raise TrainingError(f"gen-{g}-data.npz holds no heuristics for a residual model")
                hs.append(saved["relative"].astype(np.float64))
            judged = saved["advantage"] if "advantage" in saved.files else np.zeros(0, np.float32)
            ys.append(_targets(config, saved["y"], judged))  # games saved before advantages: outcomes
            helds.append(np.array([_held_out(config, g, int(i)) for i in saved["game"]], dtype=bool))
            ids.append(saved["game"].astype(np.int64) + g * 2**32)  # a game, across generations
    x, y, held = np.concatenate(xs), np.concatenate(ys), np.concatenate(helds)
    del xs
    h = np.concatenate(hs) if config.residual else None
    if not held.any():  # a tiny run: hold out the last rows' game, so the fit can stop early
        with np.load(folder / f"gen-{generation}-data.npz", allow_pickle=False) as saved:
            last = int(saved["game"].max()) if len(saved["game"]) else -1
            if len(set(saved["game"].tolist())) > 1:
                held[len(held) - len(saved["game"]) :] = saved["game"] == last
    if x.shape[1] != inputs:
        raise TrainingError(f"the saved games have tensors of {x.shape[1]} values; this game's have {inputs}")
    init_seed = derive_seed("train-init", config.seed)
    start: ValueModel
    if generation:
        start = load(folder / f"gen-{generation - 1}.npz")
    elif h is not None:  # the heuristic alone, calibrated on the first games
        start = heuristic_start(config, inputs, y[~held], h[~held], init_seed)
    else:
        start = ValueModel.initial(
            config.game, config.players, config.variant,
            inputs=inputs, hidden=config.hidden, seed=init_seed,
        )  # fmt: skip
    if config.td_lambda < 1.0:  # the λ-returns of the starting model's values
        y = td_targets(start, x, h, y, np.concatenate(ids), config.players, config.td_lambda)
    model, fitted = fit(start, x, y, held, config, derive_seed("train-fit", config.seed, generation), h)
    run.log(
        f"generation {generation}: fit on {fitted.rows} positions ({fitted.held_out_rows} held out), "
        f"epoch {fitted.epochs}: loss {fitted.train_loss:.4f}, held-out {fitted.held_out_loss:.4f} "
        f"(mse {fitted.held_out_mse:.4f}, a constant's {fitted.baseline_mse:.4f})"
    )
    return model, fitted


def _match(
    run: _Run, generation: int, model: ValueModel, player: int | None, player_model: ValueModel | None
) -> tuple[MatchResult | None, float]:
    """The new model's greedy bot in one seat against the best player so far in the others,
    seats rotated (none with ``match_games`` 0); and the CPU seconds the workers spent."""
    config, n = run.config, run.config.players
    count = -(-config.match_games // n) * n if config.match_games else 0
    if not count:
        return None, 0.0
    opponent = "greedy" if player_model is None else f"gen-{player}"
    models = (model,) if player_model is None else (model, player_model)
    other: int | None = None if player_model is None else 1

    def seats(i: int, n: int = n, other: int | None = other) -> tuple[int | None, ...]:
        return tuple(0 if seat == i % n else other for seat in range(n))

    tasks = _tasks(config, "match", generation, count, seats, models, epsilon=0.0, positions=0, deal_every=n)
    what = f"generation {generation}, match"
    played, elsewhere = _play_all(tasks, run.jobs, run.backend, run.address, run.log, what)
    return _match_result(opponent, played, [i % n for i in range(count)]), elsewhere


def _meta(module: Any, config: TrainConfig, progress: dict[str, Any], command: str) -> dict[str, object]:
    """What made the weights, as ``ValueModel.meta`` holds it."""
    best = progress["best"]
    entries = progress["generations"]
    fitted = entries[best]["fit"] if best is not None and best < len(entries) else {}
    return {
        "seed": config.seed,
        "command": command or progress.get("command", ""),
        "config": asdict(config),
        "games": progress["games_played"],
        "generations": len(entries),
        "kept_generations": [e["generation"] for e in entries if e["kept"]],
        "generation": best,
        "beat_greedy": progress.get("player") is not None,
        "cpu_seconds": progress["cpu_seconds"],
        "wall_seconds": progress["wall_seconds"],
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "harborgames_version": harborgames.__version__,
        "rules_version": getattr(module.INFO, "version", None),
        "held_out_loss": fitted.get("held_out_loss"),
        "residual": config.residual,
        "td_lambda": config.td_lambda,
        "matches": [e["match"] for e in entries],
    }


def describe(model_path: str | Path) -> dict[str, object]:
    """The JSON written beside an installed model: its ``meta`` (``ModelError`` if unreadable)."""
    model = load(model_path)
    return {"game": model.game, "players": model.num_players, "variant": model.variant, **model.meta}

