"""Parameter sets: the heuristic weights (and, for ``hard``, the search settings) a bot plays with.

A bot spec's ``params`` names the set:

* ``tuned`` (the default): the set shipped for the game's configuration, under
  ``harborgames/bots/tuned/``, made by ``harborgames tune`` (each file says the command, seed,
  trials, games, CPU time and the selection stage that made it, and which configurations it
  serves); a configuration no file serves plays the hand-written set;
* ``hand``: the hand-written weights, ``HeuristicParams()`` of the game, and the searches'
  default settings: so an arena can measure any set against them;
* a path: a file of the same format (``harborgames tune`` writes ``best.json``; a file may name
  only the weights it changes). A bad file is a ``ParamsError`` naming the file and the fault.

The set is read when the bot meets a configuration (its first decision there), since the
configuration is not known before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

import attrs

from ..core.params import ParamsError, Weights, from_mapping, to_mapping
from ..core.protocol import Game, State
from .config import SearchConfig, config_from_mapping, config_to_mapping
from .view import A, S, View

__all__ = [
    "FORMAT",
    "HAND",
    "TUNED",
    "ParamSet",
    "ParamsError",
    "check_params",
    "configuration",
    "configuration_of",
    "dump_set",
    "param_set",
    "shipped_files",
]

FORMAT = "harborgames-params"
"""What a parameter file's ``format`` says."""
HAND = "hand"
TUNED = "tuned"


@attrs.frozen
class ParamSet:
    """One set: the weights, the search settings it carries (if any), and where it came from."""

    name: str  # what a person reads: "hand", "tuned (gdansk.json)", or the path
    heuristic: Weights
    search: Mapping[str, object] = attrs.field(factory=dict)  # settings over a search's defaults
    provenance: Mapping[str, object] = attrs.field(factory=dict)


def configuration(view: View[S, A]) -> tuple[int, str]:
    """The players and variant of the game ``view`` is in (what the budgets and the shipped
    sets are keyed by), read from a sampled state (every state has ``num_players`` and
    ``variant``)."""
    return configuration_of(view.sample(0))


def configuration_of(state: State) -> tuple[int, str]:
    """``configuration`` of a state a bot has sampled already (a sample costs a resample where
    cards are hidden)."""
    return state.num_players, state.variant


def check_params(spec: str) -> None:
    """Refuse at once a ``params`` that can never be read: not ``hand``/``tuned`` and no file."""
    if not isinstance(spec, str) or not spec:
        raise ParamsError(f"params must be hand, tuned or a file's path, not {spec!r}")
    if spec not in (HAND, TUNED):
        _read(Path(spec))


def param_set(spec: str, game: Game[S, A], players: int, variant: str) -> ParamSet:
    """The set ``spec`` (``hand``, ``tuned`` or a path) names for ``game`` with ``players``
    seats in ``variant``."""
    kind = game.HeuristicParams
    name = game.INFO.name
    if spec == HAND:
        return ParamSet(HAND, kind())
    if spec == TUNED:
        for path, document in _shipped(name):
            serves = document.get("serves", [])
            if isinstance(serves, list) and [players, variant] in serves:
                return _from_document(document, kind, name, f"tuned ({path.name})", str(path))
        return ParamSet(HAND, kind())
    path = Path(spec)
    return _from_document(_read(path), kind, name, str(path), str(path))


def shipped_files() -> list[Path]:
    """The shipped sets' files, by name."""
    folder = resources.files("harborgames.bots") / "tuned"
    if not folder.is_dir():
        return []
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".json"))


def dump_set(
    game: str,
    heuristic: Weights,
    *,
    serves: list[list[object]],
    search: SearchConfig | None = None,
    provenance: Mapping[str, object] | None = None,
) -> str:
    """A parameter file's text (what ``param_set`` reads back)."""
    document: dict[str, object] = {
        "format": FORMAT,
        "game": game,
        "serves": serves,
        "heuristic": to_mapping(heuristic),
    }
    if search is not None:
        document["search"] = config_to_mapping(search)
    document["provenance"] = dict(provenance or {})
    return json.dumps(document, indent=2) + "\n"


def _shipped(game: str) -> list[tuple[Path, dict[str, object]]]:
    found = []
    for path in shipped_files():
        document = _read(path)
        if document.get("game") == game:
            found.append((path, document))
    return found


def _read(path: Path) -> dict[str, object]:
    """A parameter file's document; a ``ParamsError`` names the file and what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ParamsError(
            f"{path}: no such parameter file (params is hand, tuned or a file's path)"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ParamsError(f"{path}: cannot read the parameter file ({error})") from None
    try:
        document = json.loads(text)
    except ValueError as error:
        raise ParamsError(f"{path}: not a parameter file, the JSON does not parse ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ParamsError(f"{path}: not a parameter file (its format is not {FORMAT!r})")
    for key, kind in (("game", str), ("heuristic", dict)):
        if not isinstance(document.get(key), kind):
            raise ParamsError(f"{path}: a parameter file needs {key!r} ({kind.__name__})")
    return document


def _from_document(
    document: Mapping[str, object], kind: type[Weights], game: str, name: str, source: str
) -> ParamSet:
    if document["game"] != game:
        raise ParamsError(f"{source}: a parameter set for {document['game']}, not {game}")
    heuristic = document["heuristic"]
    assert isinstance(heuristic, Mapping)  # checked by _read
    weights = from_mapping(kind, heuristic, source)
    search = document.get("search", {})
    if not isinstance(search, Mapping):
        raise ParamsError(f"{source}: 'search' must be a mapping of settings")
    try:
        config_from_mapping(SearchConfig(), search, source)
    except ValueError as error:
        raise ParamsError(str(error)) from None
    provenance = document.get("provenance", {})
    return ParamSet(name, weights, dict(search), dict(provenance) if isinstance(provenance, Mapping) else {})
