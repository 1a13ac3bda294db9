"""Tuning a configuration's parameter set on playing strength: ``harborgames tune``.

A black-box optimiser (optuna's TPE sampler, the ``tune`` extra) proposes weights; each proposal
(a trial) is measured by arena games against fixed opponents, and the best few are measured
again on fresh deals before one may replace the incumbent (docs/bots.md, "Tuning your own").

* **Paired deals.** A deal is one game seed played once per seat rotation (``arena.seating``),
  against each opponent, so the luck of the deal cancels; every trial plays the same deals, so
  trials are compared on equal terms. A trial's fitness is its mean rank reward over its deals
  (1 beats every other seat, 0.5 is even in any player count).
* **Opponents**: the hand-written set, and the incumbent (the set shipped for the configuration
  when the run started, if there is one): a tuned set must beat both.
* **A sequential stop.** Deals are played in batches; once the mean is more than ``SEPARATION``
  standard errors from even, the trial stops: the games go where the decision is close.
* **Selection.** The ``finalists`` best trials play ``selection_deals`` fresh deals against the
  incumbent; the one whose one-sided 95% lower bound is highest replaces it, if that bound is
  above even (``best.json``), else the incumbent stays.
* **Resumable and reproducible.** The study lives in the output folder (an optuna journal file);
  a rerun of the same command carries on where it stopped. Each trial's proposal is drawn by a
  sampler seeded from (seed, trial number), and every game's seeds from the run's seed, so the
  same seed gives the same trials, fitness and choice with ``jobs=1``, resumed or not (with more
  jobs too: the games do not depend on who plays them).

Why optuna: it is well kept, its TPE sampler copes with noisy objectives and mixed spaces (the
search's cut-off is a choice among four), and its journal storage makes a run resumable from a
file with nothing else to install (a PostgreSQL storage would let several machines share a
study). NTBEA (what TAG uses) has no maintained Python library.
"""

from __future__ import annotations

import json
import math
import resource
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeVar

import attrs

import harborgames

from ..core.files import write_atomic
from ..core.params import Weights, from_mapping, ranges, to_mapping
from ..core.protocol import LoadedGame
from .arena import GameResult, run_arena
from .base import derive_seed, rank_rewards
from .config import SearchConfig, config_from_mapping
from .search import search_for
from .tuned import HAND, ParamSet, dump_set, param_set

if TYPE_CHECKING:  # optuna is the tune extra's, imported when a run starts
    from optuna import Study
    from optuna.distributions import BaseDistribution

T = TypeVar("T")
Runs: TypeAlias = dict[str, dict[str, float]]
"""``measured.json`` and ``selection.json``: per trial number, what its games gave."""

__all__ = [
    "SEARCH_SPACE",
    "SEPARATION",
    "Target",
    "TuneConfig",
    "TuneError",
    "TuneResult",
    "tune",
]

Target: TypeAlias = Literal["heuristic", "search"]
"""What a run tunes: the heuristic's weights (played by ``greedy``, cheap) or ``hard``'s search
settings around the incumbent's weights (played by ``hard`` at its full budget)."""

SEPARATION = 3.0
"""Standard errors from even at which a trial's games stop: clearly better or worse."""

SEARCH_SPACE: Mapping[str, tuple[float, float] | tuple[str, ...]] = {
    "c": (0.05, 2.0),
    "rollout_depth": (0.0, 12.0),
    "widen": (0.0, 3.0),
    "anchor": (0.0, 3.0),
    "cutoff": ("turn", "own", "others", "decision"),
}
"""The search settings a ``search`` run tunes, and their ranges (``rollout_depth`` as an int)."""


class TuneError(ValueError):
    """A tuning run that cannot start or carry on: the message says why."""


@attrs.frozen(kw_only=True)
class TuneConfig:
    """One run: what it tunes, on which configuration, with how many games."""

    game: str
    players: int
    variant: str
    target: Target = "heuristic"
    trials: int = 30
    deals: int = 12  # at most, per opponent and trial; a deal is ``players`` games
    min_deals: int = 4  # before the sequential stop may end a trial
    batch: int = 2  # deals per opponent between two looks at the stop
    finalists: int = 3
    selection_deals: int = 24
    seed: int = 1
    jobs: int = 1
    backend: str = "local"
    address: str | None = None  # a Ray cluster (backend "ray")

    def __attrs_post_init__(self) -> None:
        for name in ("trials", "deals", "min_deals", "batch", "finalists", "selection_deals", "jobs"):
            if getattr(self, name) < 1:
                raise TuneError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.target not in ("heuristic", "search"):
            raise TuneError(f"target must be heuristic or search, not {self.target!r}")


@attrs.frozen
class TuneResult:
    """What a run found: the set it chose (``best.json``) and whether it replaced the incumbent."""

    path: Path
    replaced: bool
    summary: Mapping[str, object]


def tune(
    config: TuneConfig,
    out: Path,
    *,
    command: str = "",
    say: Callable[[str], None] = lambda line: print(line, file=sys.stderr),
) -> TuneResult:
    """Run (or carry on) the study ``config`` describes in folder ``out``."""
    try:
        import optuna
    except ImportError:
        raise TuneError("tuning needs optuna: pip install 'harborgames[tune]'") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    game = harborgames.load(config.game)
    game.INFO.check_new_game(config.players, config.variant, None)
    out.mkdir(parents=True, exist_ok=True)
    _check_same_run(out, config, command)
    incumbent = _incumbent(out, config, game)
    started = time.perf_counter()
    log = _Log(out)

    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    storage = JournalStorage(JournalFileBackend(str(out / "study.journal")))
    study = optuna.create_study(storage=storage, study_name="tune", direction="maximize", load_if_exists=True)
    space = _space(config, game.HeuristicParams)
    if not study.trials:
        study.enqueue_trial(_values(config, incumbent))  # trial 0: the incumbent itself
    for trial in study.trials:
        if trial.state == optuna.trial.TrialState.RUNNING:  # cut off by a stop: measure it again
            measured: Runs = _load_json(out / "measured.json", {})
            fitness = measured.get(str(trial.number)) or _measure_trial(
                config, out, game, incumbent, trial.number, dict(trial.params), log
            )
            study.tell(trial.number, fitness["mean"])
            say(_progress(config, trial.number, fitness, study))
    while len(study.trials) < config.trials:
        number = len(study.trials)
        study.sampler = optuna.samplers.TPESampler(
            seed=derive_seed("tune sampler", config.seed, number) % 2**32, n_startup_trials=8
        )
        asked = study.ask(space)
        fitness = _measure_trial(config, out, game, incumbent, asked.number, dict(asked.params), log)
        study.tell(asked, fitness["mean"])
        say(_progress(config, asked.number, fitness, study))

    finished = [t for t in study.trials if t.value is not None]
    finished.sort(key=lambda t: (-(t.value or 0.0), t.number))
    finalists = [t for t in finished if t.number != 0][: config.finalists]
    selection: Runs = _load_json(out / "selection.json", {})
    for trial in finalists:
        key = str(trial.number)
        if key not in selection:
            say(f"selection: trial {trial.number} against the incumbent, {config.selection_deals} new deals")
            selection[key] = _select(config, out, game, incumbent, trial.number, dict(trial.params), log)
            write_atomic(out / "selection.json", json.dumps(selection, indent=2) + "\n")
        say(
            f"selection: trial {trial.number}: {selection[key]['mean']:.3f} "
            f"(one-sided 95% lower bound {selection[key]['lower95']:.3f})"
        )
    chosen_from = {str(t.number) for t in finalists}
    passed = [k for k, v in selection.items() if v["lower95"] > 0.5 and k in chosen_from]
    winner = max(passed, key=lambda k: selection[k]["lower95"]) if passed else None
    measured = _load_json(out / "measured.json", {})
    games = sum(v["games"] for v in measured.values()) + sum(v["games"] for v in selection.values())
    seconds = sum(v["cpu_seconds"] for v in measured.values()) + sum(
        v["cpu_seconds"] for v in selection.values()
    )
    summary: dict[str, object] = {
        "command": command,
        "seed": config.seed,
        "target": config.target,
        "tuned_on": [config.players, config.variant],
        "trials": len(study.trials),
        "games": games,
        "cpu_seconds": round(seconds, 1),
        "wall_seconds_this_session": round(time.perf_counter() - started, 1),
        "incumbent": incumbent.name,
        "selection": selection,
        "chosen_trial": None if winner is None else int(winner),
        "replaced": winner is not None,
    }
    if winner is None:
        chosen = incumbent
        say("no finalist beat the incumbent with 95% confidence: best.json is the incumbent")
    else:
        params = next(t.params for t in study.trials if t.number == int(winner))
        chosen = _candidate(config, game, incumbent, dict(params), f"trial {winner}")
        say(f"trial {winner} replaces the incumbent ({selection[winner]['mean']:.3f} against it)")
    path = out / "best.json"
    write_atomic(
        path,
        dump_set(
            config.game,
            chosen.heuristic,
            serves=[[config.players, config.variant]],
            search=_carried(config, chosen),
            provenance=summary,
        ),
    )
    return TuneResult(path, winner is not None, summary)


def _check_same_run(out: Path, config: TuneConfig, command: str) -> None:
    """A folder holds one run: carrying on with other settings would mix two studies."""
    settings = attrs.asdict(config)
    for name in ("jobs", "backend", "address"):
        settings.pop(name)  # the games are the same with any jobs and backend
    path = out / "run.json"
    if path.exists():
        before: dict[str, object] = _load_json(path, {})
        if before.get("settings") != settings:
            raise TuneError(
                f"{out} holds a run with other settings ({before.get('command', '?')}); "
                "carry it on with the same settings, or choose another folder"
            )
        return
    write_atomic(path, json.dumps({"command": command, "settings": settings}, indent=2) + "\n")


def _incumbent(out: Path, config: TuneConfig, game: LoadedGame) -> ParamSet:
    """The set to beat: the shipped one for the configuration when the run started (kept in
    the folder, so that a resumed run measures against the same), else the hand-written."""
    kept = out / "incumbent.json"
    if not kept.exists():
        shipped = param_set("tuned", game, config.players, config.variant)
        write_atomic(
            kept,
            dump_set(
                config.game,
                shipped.heuristic,
                serves=[[config.players, config.variant]],
                search=_search_config(config, shipped) if shipped.search else None,
                provenance={"was": shipped.name},
            ),
        )
    chosen = param_set(str(kept), game, config.players, config.variant)
    document: dict[str, object] = _load_json(kept, {})
    provenance = document.get("provenance")
    was = provenance.get("was", HAND) if isinstance(provenance, dict) else HAND
    return attrs.evolve(chosen, name=str(was))


def _space(config: TuneConfig, kind: type[Weights]) -> dict[str, BaseDistribution]:
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution

    if config.target == "heuristic":
        return {name: FloatDistribution(low, high) for name, (low, high) in ranges(kind).items()}
    space: dict[str, BaseDistribution] = {}
    for name, bounds in SEARCH_SPACE.items():
        if isinstance(bounds[0], str):
            space[name] = CategoricalDistribution(bounds)
        elif name == "rollout_depth":
            space[name] = IntDistribution(int(bounds[0]), int(bounds[1]))
        else:
            space[name] = FloatDistribution(float(bounds[0]), float(bounds[1]))
    return space


def _values(config: TuneConfig, incumbent: ParamSet) -> dict[str, object]:
    """The incumbent as a trial's parameters."""
    if config.target == "heuristic":
        return dict(to_mapping(incumbent.heuristic))
    current = attrs.asdict(_search_config(config, incumbent))
    return {name: current[name] for name in SEARCH_SPACE}


def _search_config(config: TuneConfig, chosen: ParamSet) -> SearchConfig:
    """``chosen``'s search settings over the defaults of the search that fits the game."""
    base = search_for(harborgames.load(config.game).INFO.information).CONFIG
    return config_from_mapping(base, chosen.search, chosen.name)


def _carried(config: TuneConfig, chosen: ParamSet) -> SearchConfig | None:
    """The search settings a set's file carries: those it has, or any a search run tunes."""
    return _search_config(config, chosen) if chosen.search or config.target == "search" else None


def _candidate(
    config: TuneConfig, game: LoadedGame, incumbent: ParamSet, values: dict[str, object], name: str
) -> ParamSet:
    if config.target == "heuristic":
        return ParamSet(name, from_mapping(game.HeuristicParams, values), incumbent.search)
    search = attrs.asdict(config_from_mapping(_search_config(config, incumbent), values, name))
    return ParamSet(name, incumbent.heuristic, search)


def _spec(config: TuneConfig, path: Path) -> str:
    if config.target == "heuristic":
        return f"greedy:params={path}"
    return f"hard:params={path}:time_limit=none"


def _write_candidate(config: TuneConfig, out: Path, chosen: ParamSet, number: int) -> Path:
    path = out / "trials" / f"trial-{number:04d}.json"
    path.parent.mkdir(exist_ok=True)
    write_atomic(
        path,
        dump_set(
            config.game,
            chosen.heuristic,
            serves=[[config.players, config.variant]],
            search=_carried(config, chosen),
        ),
    )
    return path


def _opponents(config: TuneConfig, out: Path, incumbent: ParamSet) -> list[str]:
    hand = _spec(config, Path(HAND))  # "params=hand": the hand-written set, not a file
    if incumbent.name == HAND:
        return [hand]
    return [hand, _spec(config, out / "incumbent.json")]


def _measure_trial(
    config: TuneConfig,
    out: Path,
    game: LoadedGame,
    incumbent: ParamSet,
    number: int,
    values: dict[str, object],
    log: _Log,
) -> dict[str, float]:
    """A trial's fitness: its mean deal reward against the opponents, on the run's deals, in
    batches until the sequential stop or ``deals``."""
    chosen = _candidate(config, game, incumbent, values, f"trial {number}")
    spec = _spec(config, _write_candidate(config, out, chosen, number))
    rewards: list[float] = []
    games = 0
    cpu = _cpu()
    opponents = _opponents(config, out, incumbent)
    deals = 0
    while deals < config.deals:
        batch = min(config.batch, config.deals - deals)
        for opponent in opponents:
            results = _play(config, spec, opponent, derive_seed("tune deals", config.seed), deals, batch)
            rewards.extend(_deal_rewards(results, config.players))
            games += len(results)
        deals += batch
        if deals >= config.min_deals and _apart(rewards):
            break
    fitness = {
        "mean": statistics.fmean(rewards),
        "deals": len(rewards),
        "games": games,
        "cpu_seconds": round(_cpu() - cpu, 2),
    }
    log.write({"trial": number, "params": values, **fitness})
    measured: Runs = _load_json(out / "measured.json", {})
    measured[str(number)] = fitness
    write_atomic(out / "measured.json", json.dumps(measured, indent=2) + "\n")
    return fitness


def _select(
    config: TuneConfig,
    out: Path,
    game: LoadedGame,
    incumbent: ParamSet,
    number: int,
    values: dict[str, object],
    log: _Log,
) -> dict[str, float]:
    """A finalist against the incumbent alone, on fresh deals, all of them played."""
    chosen = _candidate(config, game, incumbent, values, f"trial {number}")
    spec = _spec(config, _write_candidate(config, out, chosen, number))
    opponent = _spec(config, out / "incumbent.json")
    seed = derive_seed("tune selection", config.seed)
    cpu = _cpu()
    results = _play(config, spec, opponent, seed, 0, config.selection_deals)
    rewards = _deal_rewards(results, config.players)
    mean = statistics.fmean(rewards)
    error = statistics.stdev(rewards) / math.sqrt(len(rewards)) if len(rewards) > 1 else 0.5
    found = {
        "mean": round(mean, 4),
        "lower95": round(mean - 1.645 * error, 4),
        "deals": len(rewards),
        "games": len(results),
        "cpu_seconds": round(_cpu() - cpu, 2),
    }
    log.write({"selection": number, **found})
    return found


def _play(
    config: TuneConfig, spec: str, opponent: str, seed: int, first: int, deals: int
) -> list[GameResult]:
    n = config.players
    return run_arena(
        config.game,
        n,
        [spec] + [opponent] * (n - 1),
        games=deals * n,
        seed=seed,
        variant=config.variant,
        jobs=config.jobs,
        backend=config.backend,
        address=config.address,
        first=first * n,
    )


def _cpu() -> float:
    """CPU seconds of this process and its finished workers: what the games cost."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _deal_rewards(results: list[GameResult], players: int) -> list[float]:
    """Bot 0's mean rank reward per deal (its ``players`` rotations of one seed)."""
    by_deal: dict[int, list[float]] = {}
    for result in results:
        seat = result.bots.index(0)
        keys = [math.inf if s in result.winners else float(result.scores[s]) for s in range(players)]
        by_deal.setdefault(result.index // players, []).append(rank_rewards(keys)[seat])
    return [statistics.fmean(by_deal[deal]) for deal in sorted(by_deal)]


def _apart(rewards: list[float]) -> bool:
    """Whether the mean is clearly away from even: ``SEPARATION`` standard errors."""
    if len(rewards) < 2:
        return False
    error = statistics.stdev(rewards) / math.sqrt(len(rewards))
    return abs(statistics.fmean(rewards) - 0.5) > SEPARATION * max(error, 1e-9)


def _progress(config: TuneConfig, number: int, fitness: Mapping[str, float], study: Study) -> str:
    best = study.best_trial
    return (
        f"trial {number + 1}/{config.trials}: {fitness['mean']:.3f} over {fitness['deals']:.0f} deals "
        f"({fitness['games']:.0f} games); best so far {best.value:.3f} (trial {best.number})"
    )


def _load_json(path: Path, default: T) -> T:
    """One of the run's own files, written in ``default``'s shape; ``default`` while it is absent."""
    try:
        found: T = json.loads(path.read_text(encoding="utf-8"))
        return found
    except FileNotFoundError:
        return default
    except ValueError as error:
        raise TuneError(f"{path} is damaged ({error}); remove the folder to start again") from None


class _Log:
    """``trials.jsonl``: one line per measurement, for people to read (the study is the truth)."""

    def __init__(self, out: Path) -> None:
        self.path = out / "trials.jsonl"

    def write(self, entry: Mapping[str, object]) -> None:
        before = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        write_atomic(self.path, before + json.dumps(entry) + "\n")
