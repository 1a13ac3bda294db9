"""``harborgames replay``: check game records move by move and show one.

Reads a record as ``module.dumps(record)`` writes it, or a JSONL file of records, one per line
(``arena --records`` writes those): every record in the file is checked, the first is shown. A
move that cannot be replayed is named, with its line in a JSONL file, and the exit status is 1,
so the command doubles as a checker for records from elsewhere.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TypeVar

from ..core.codec import JSON
from ..core.errors import FormatError, IllegalActionError
from ..core.play import replay_states
from ..core.protocol import GameModule, GameRecord, LoadedGame, State
from .arguments import Commands
from .setup import load_game
from .words import article, plural

__all__ = ["MAX_RECORDS_BYTES", "Entry", "add_replay_parser", "read_records"]

Entry = tuple[str, LoadedGame, GameRecord]  # where in the file ("" or "line N: "), game, record

S = TypeVar("S", bound=State)
A = TypeVar("A")


def add_replay_parser(commands: Commands) -> None:
    parser = commands.add_parser("replay", help="check game records and show one move by move")
    parser.add_argument(
        "file", help="a record (JSON), or a JSONL file of records: all are checked, the first shown"
    )
    parser.add_argument(
        "--show",
        help="show the table after these moves, comma-separated (0 = the start); "
        "default: the final table only",
    )
    parser.add_argument("--every", type=int, help="show the table every K moves")
    parser.set_defaults(run=run_replay)


def read_records(path: Path, games: Mapping[str, LoadedGame] | None = None) -> list[Entry]:
    """Every record in ``path``, each with its game module and where it is in the file.

    ``games`` are game modules beside the registered ones (see ``load_game``). A
    ``FormatError`` says what is wrong, and on which line of a JSONL file.
    """
    try:
        with path.open("rb") as file:
            data = file.read(MAX_RECORDS_BYTES + 1)  # never all of /dev/zero
    except OSError as error:
        raise FormatError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_RECORDS_BYTES:
        raise FormatError(f"{path}: more than {MAX_RECORDS_BYTES:,} bytes; split the records into files")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(
            f"{path}: not a text file (byte {error.start} is not UTF-8); a record is JSON"
        ) from None
    documents: list[tuple[str, JSON]]
    try:
        documents = [("", _json(text))]
    except ValueError as whole:  # json.JSONDecodeError, or a number or nesting beyond the limits
        documents = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                documents.append((f"line {number}: ", _json(line)))
            except ValueError as error:
                if not documents:
                    raise FormatError(f"{path}: neither a JSON record nor JSONL: {whole}") from None
                raise FormatError(f"{path}: line {number}: not JSON: {error}") from None
    if not documents:
        raise FormatError(f"{path}: the file is empty")
    return [(where, *_record(path, where, document, games)) for where, document in documents]


MAX_RECORDS_BYTES = 256 * 1024 * 1024
"""The largest file ``replay`` reads (a JSONL file of many records; one record is at most the
codec's document limit)."""


def _json(text: str) -> JSON:
    """``json.loads`` with a ``ValueError`` for what it would raise otherwise: nesting too deep
    for the parser (``RecursionError``), an integer of more than 4,300 digits."""
    try:
        document: JSON = json.loads(text, parse_int=_integer)
    except RecursionError:
        raise ValueError("nested too deeply to be a record") from None
    return document


def _integer(digits: str) -> int:
    if len(digits) > _MAX_DIGITS:
        raise ValueError(f"an integer of {len(digits):,} digits (at most {_MAX_DIGITS:,})")
    return int(digits)


_MAX_DIGITS = 4300  # Python's own default limit for int(str)


def _record(
    path: Path, where: str, document: JSON, games: Mapping[str, LoadedGame] | None
) -> tuple[LoadedGame, GameRecord]:
    name = document.get("game") if isinstance(document, dict) else None
    if not isinstance(document, dict) or not isinstance(name, str):
        raise FormatError(f"{path}: {where}not a harborgames document (no 'game' name)")
    if "kind" not in document and "results" in document:
        raise FormatError(
            f"{path}: {where}the summary of an arena or ladder (--json), not a game record; "
            "arena --records FILE writes the games' records"
        )
    try:
        game = load_game(name, games)
        record = game.loads(json.dumps(document))
    except ValueError as error:
        raise FormatError(f"{path}: {where}{error}") from None
    if not isinstance(record, GameRecord):
        kind = article(repr(document.get("kind")))
        raise FormatError(f"{path}: {where}holds {kind}, not a game record")
    return game, record


def _moves(shown: str | None) -> set[int]:
    try:
        return {int(n) for n in shown.split(",") if n.strip()} if shown else set()
    except ValueError:
        raise ValueError(f"--show takes move numbers, not {shown!r}") from None


def run_replay(args: argparse.Namespace) -> int:
    shown = _moves(args.show)
    if args.every is not None and args.every < 1:
        raise ValueError("--every must be at least 1")
    path = Path(args.file)
    entries = read_records(path, args.extra_games)
    where, game, record = entries[0]
    moves = len(record.actions)
    beyond = sorted(n for n in shown if not 0 <= n <= moves)
    if beyond:
        raise ValueError(
            f"--show {beyond[0]}: the {'first ' if where else ''}record in {path} has "
            f"{plural(moves, 'move')}, so moves 0 to {moves} can be shown"
        )
    info = game.INFO
    print(
        f"{info.title}: {plural(record.num_players, 'player')}, variant {record.variant}, "
        f"seed {record.seed}, {plural(moves, 'move')}"
    )
    warned: set[tuple[str, int]] = set()
    ending = ""
    for index, (where, game, record) in enumerate(entries):
        if record.version != game.INFO.version and (game.INFO.name, record.version) not in warned:
            warned.add((game.INFO.name, record.version))
            print(
                f"warning: {path}: {where}recorded with {game.INFO.name} version {record.version}, "
                f"replaying with version {game.INFO.version}",
                file=sys.stderr,
            )
        if index == 0:
            ending = _show(path, where, game, record, shown, args.every)
        else:  # the other records of a JSONL file are checked, not shown
            for _ in _replay(path, where, game, record):
                pass
    print(ending)
    if len(entries) == 1:
        print(f"{path}: the record is valid")
    else:
        print(f"{path}: all {plural(len(entries), 'record')} are valid")
    return 0


def _show(
    path: Path,
    where: str,
    game: GameModule[S, A],
    record: GameRecord,
    shown: set[int],
    every: int | None,
) -> str:
    """Replay ``record``, printing each move and the tables asked for; what to print once all
    the file's records are checked: the last table (unless just shown) and the outcome."""
    lines = []
    state: S | None = None
    last_shown = False
    for number, action, after in _replay(path, where, game, record):
        if action is not None and state is not None:
            print(f"{number:>4}. seat {state.current_player}: {action}")
        # What the engine took alone after it (one legal option each): the record keeps only the
        # decisions that were chosen, but the game went through these too.
        for forced in after.forced:
            print(f"      forced: {forced}")
        state = after
        last_shown = number in shown or bool(every and number % every == 0)
        if last_shown:
            print(game.render(state))
    assert state is not None  # the first step of a replay is the start
    if not last_shown:
        lines.append(game.render(state))
    if state.current_player is None:
        scores = ", ".join(f"seat {s} {v}" for s, v in enumerate(game.scores(state)))
        winners = ", ".join(f"seat {s}" for s in game.winners(state))
        lines.append(f"final scores: {scores}; winners: {winners}")
    else:
        lines.append(f"the record stops before the end: seat {state.current_player} to move")
    return "\n".join(lines)


def _replay(
    path: Path, where: str, game: GameModule[S, A], record: GameRecord
) -> Iterator[tuple[int, A | None, S]]:
    """``(number, action, state after)`` for each move of ``record`` (move 0: the start);
    an error names the file, the line and the move."""
    number = 0
    started = False
    steps = replay_states(game, record)
    try:
        for number, (action, after) in enumerate(steps):
            started = True
            yield number, action, after
    except IllegalActionError as error:
        raise IllegalActionError(f"{path}: {where}{error}") from None
    except ValueError as error:  # new_game's refusal, or a parse_action raising a plain ValueError
        if not started:
            raise FormatError(f"{path}: {where}cannot set up the recorded game: {error}") from None
        move = number + 1
        raise IllegalActionError(
            f"{path}: {where}move {move} ({record.actions[move - 1]!r}): {error}"
        ) from None
