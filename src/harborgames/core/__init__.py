"""What all harborgames games share: protocol, errors, the seeded RNG, JSON and play helpers."""

from .codec import FORMAT_VERSION, Codec, strict_converter
from .errors import FormatError, IllegalActionError
from .play import make_record, random_playout, replay, replay_states
from .protocol import Action, GameInfo, GameModule, GameRecord, State
from .rng import Rng

__all__ = [
    "FORMAT_VERSION",
    "Action",
    "Codec",
    "FormatError",
    "GameInfo",
    "GameModule",
    "GameRecord",
    "IllegalActionError",
    "Rng",
    "State",
    "make_record",
    "random_playout",
    "replay",
    "replay_states",
    "strict_converter",
]
