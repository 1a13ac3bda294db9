"""``harborgames replay``: check a game record move by move and show it.

Reads a record as ``module.dumps(record)`` writes it, or the first record of a JSONL file
(``arena --records`` writes those). A move that cannot be replayed is named, and the exit
status is 1, so the command doubles as a checker for records from elsewhere.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..bots.arena import load_game
from ..core.errors import FormatError, IllegalActionError
from ..core.play import replay_states
from ..core.protocol import GameRecord

__all__ = ["add_replay_parser", "read_record"]


def add_replay_parser(commands: Any) -> None:
    parser = commands.add_parser("replay", help="check a game record and show it move by move")
    parser.add_argument("file", help="a record (JSON) or a JSONL file of records (the first)")
    parser.add_argument(
        "--show",
        help="show the table after these moves, comma-separated (0 = the start); "
        "default: the final table only",
    )
    parser.add_argument("--every", type=int, help="show the table every K moves")
    parser.add_argument("--game", help="read it with this game module (for a game that is not registered)")
    parser.set_defaults(run=run_replay)


def read_record(path: Path, game_name: str | None = None) -> tuple[Any, GameRecord]:
    """The game module and the record in ``path``; ``FormatError`` says what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise FormatError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError:
        first = next((line for line in text.splitlines() if line.strip()), "")
        try:
            document = json.loads(first)
        except json.JSONDecodeError as error:
            raise FormatError(f"{path}: neither a JSON record nor JSONL: {error}") from None
    if not isinstance(document, dict) or not isinstance(document.get("game"), str):
        raise FormatError(f"{path}: not a harborgames document (no 'game' name)")
    try:
        game = load_game(game_name or document["game"])
    except ValueError as error:
        raise FormatError(f"{path}: {error}") from None
    record = game.loads(json.dumps(document))
    if not isinstance(record, GameRecord):
        raise FormatError(f"{path}: holds a {document.get('kind')!r}, not a game record")
    return game, record


def run_replay(args: argparse.Namespace) -> int:
    try:
        shown = {int(n) for n in args.show.split(",") if n.strip()} if args.show else set()
    except ValueError:
        raise ValueError(f"--show takes move numbers, not {args.show!r}") from None
    if args.every is not None and args.every < 1:
        raise ValueError("--every must be at least 1")
    path = Path(args.file)
    game, record = read_record(path, args.game)
    info = game.INFO
    print(
        f"{info.title}: {record.num_players} players, variant {record.variant}, "
        f"seed {record.seed}, {len(record.actions)} moves"
    )
    if record.version != info.version:
        print(
            f"warning: recorded with {info.name} version {record.version}, "
            f"replaying with version {info.version}",
            file=sys.stderr,
        )
    state: Any = None
    number, last_shown = 0, False
    try:
        for number, (action, after) in enumerate(replay_states(game, record)):
            if action is not None:
                print(f"{number:>4}. seat {state.current_player}: {action}")
            state = after
            last_shown = number in shown or bool(args.every and number % args.every == 0)
            if last_shown:
                print(game.render(state))
    except IllegalActionError as error:
        raise IllegalActionError(f"{path}: {error}") from None
    except ValueError as error:  # new_game's refusal, or a parse_action raising a plain ValueError
        if state is None:
            raise FormatError(f"{path}: cannot set up the recorded game: {error}") from None
        move = number + 1
        raise IllegalActionError(f"{path}: move {move} ({record.actions[move - 1]!r}): {error}") from None
    if not last_shown:
        print(game.render(state))
    if state.current_player is None:
        scores = ", ".join(f"seat {s} {v}" for s, v in enumerate(game.scores(state)))
        winners = ", ".join(f"seat {s}" for s in game.winners(state))
        print(f"final scores: {scores}; winners: {winners}")
    else:
        print(f"the record stops before the end: seat {state.current_player} to move")
    print(f"{path}: the record is valid")
    return 0
