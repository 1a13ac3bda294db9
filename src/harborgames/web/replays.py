"""Replays: a finished game's record a stranger sends, checked by replaying every move, then
stepped through as any seat saw it. Only the record is stored; the states are kept in memory
for the few replays looked at last."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from ..core.codec import parse_json
from ..core.errors import FormatError
from ..core.play import replay_states
from ..core.protocol import GameRecord, LoadedGame, State
from .bodies import query_number
from .errors import BadRequest, NotFound
from .storage import Storage
from .table import Move, load_game, moved

__all__ = ["MAX_RECORD_BYTES", "Replays"]

MAX_RECORD_BYTES = 4_000_000  # the codec's document limit
_REPLAY_CACHE = 16  # replays whose states are kept in memory


@dataclass
class _Replay:
    module: LoadedGame
    record: GameRecord
    states: list[State]
    moves: list[Move]


def _replayed(module: LoadedGame, record: GameRecord) -> _Replay:
    states: list[State] = []
    moves: list[Move] = []
    try:
        for action, state in replay_states(module, record):
            if action is not None:
                move = moved(module, states[-1], action, state)
                move.public = move.text  # a replay shows every seat's moves as they were
                moves.append(move)
            states.append(state)
    except ValueError as error:  # IllegalActionError, or new_game refusing the setup
        raise BadRequest(str(error)) from None
    return _Replay(module, record, states, moves)


class Replays:
    """The replays of one server, kept in ``store``; thread-safe."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        self._replays: OrderedDict[str, _Replay] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, data: bytes) -> dict[str, object]:
        """Check a record a stranger sent (strict reader, then every move replayed); its id."""
        try:
            document = parse_json(data, "record", max_chars=MAX_RECORD_BYTES)
        except FormatError as error:
            lines = [line for line in data.splitlines() if line.strip()]
            if len(lines) > 1 and all(line.lstrip().startswith(b"{") for line in lines):
                raise BadRequest(
                    f"this holds {len(lines)} records, one per line (what 'harborgames arena "
                    "--records' writes): send one of them"
                ) from None
            raise BadRequest(str(error)) from None
        if not isinstance(document, dict):
            raise BadRequest("a record is a JSON object, as the game's dumps writes it")
        module = load_game(document.get("game"))
        try:
            record = module.loads(data)
        except ValueError as error:  # FormatError
            raise BadRequest(str(error)) from None
        if not isinstance(record, GameRecord):
            raise BadRequest("that document is not a game record")
        if len(record.actions) > module.INFO.max_decisions:
            raise BadRequest(f"more moves than any game lasts ({module.INFO.max_decisions})")
        replay = _replayed(module, record)
        replay_id = self.store.add_replay(module.dumps(record))  # identical records: one row
        self._cache(replay_id, replay)
        return {"id": replay_id, "moves": len(replay.moves)}

    def _cache(self, replay_id: str, replay: _Replay) -> None:
        with self._lock:
            self._replays[replay_id] = replay
            self._replays.move_to_end(replay_id)
            while len(self._replays) > _REPLAY_CACHE:
                self._replays.popitem(last=False)

    def _replay(self, replay_id: str) -> _Replay:
        with self._lock:
            replay = self._replays.get(replay_id)
        if replay is not None:
            return replay
        text = self.store.replay(replay_id) if len(replay_id) <= 64 else None
        if text is None:
            raise NotFound(f"no replay {replay_id[:64]!r}")
        try:  # it was checked when it was added, but the file may have changed since
            module = load_game(json.loads(text).get("game"))
            record = module.loads(text)
            if not isinstance(record, GameRecord):
                raise FormatError("the stored record is not a game record")
            replay = _replayed(module, record)
        except (ValueError, AttributeError) as error:  # BadRequest, FormatError, not an object
            raise NotFound(f"replay {replay_id} cannot be read: {error}") from None
        self._cache(replay_id, replay)
        return replay

    def step(self, replay_id: str, step: object, seat: object) -> dict[str, object]:
        """The table after ``step`` moves of a replay, as ``seat`` saw it."""
        replay = self._replay(replay_id)
        last = len(replay.moves)
        number = query_number(step, "step", last, 0, last)
        viewer = query_number(seat, "seat", 0, 0, replay.record.num_players - 1)
        module, state = replay.module, replay.states[number]
        observation = module.observe(state, viewer)
        return {
            "id": replay_id,
            "game": module.INFO.name,
            "title": module.INFO.title,
            "variant": replay.record.variant,
            "seed": replay.record.seed,
            "seed_text": str(replay.record.seed),
            "num_players": replay.record.num_players,
            "seat": viewer,
            "step": number,
            "steps": last,
            "current_player": state.current_player,
            "over": bool(module.is_terminal(state)),
            "scores": list(module.scores(state)),
            "winners": list(module.winners(state)) if module.is_terminal(state) else None,
            "forced": [str(f) for f in state.forced],
            "log": [{"seat": m.seat, "move": m.text} for m in replay.moves],
            # what this step's move told the seat whose view it is (a round's end, a roll)
            "told": list(replay.moves[number - 1].told_to(viewer)) if number else [],
            "render": module.render(state),
            "table": module.table(observation),
        }
