"""What all harborgames games share: protocol, errors, the seeded RNG, JSON and play helpers."""

from .checks import StateChecks
from .codec import FORMAT_VERSION, Codec, strict_converter
from .decisions import Forced, Rulebook, legal_memo_field, next_in_turn_order, turn_order
from .errors import FormatError, IllegalActionError
from .options import option, options_of
from .outcome import winners_by
from .play import make_record, random_playout, replay, replay_states
from .protocol import (
    Action,
    Chance,
    GameInfo,
    GameModule,
    GameRecord,
    HiddenInformationGame,
    Information,
    State,
)
from .rng import Rng
from .update import update

__all__ = [
    "FORMAT_VERSION",
    "Action",
    "Chance",
    "Codec",
    "Forced",
    "FormatError",
    "GameInfo",
    "GameModule",
    "GameRecord",
    "HiddenInformationGame",
    "IllegalActionError",
    "Information",
    "Rng",
    "Rulebook",
    "State",
    "StateChecks",
    "legal_memo_field",
    "make_record",
    "next_in_turn_order",
    "option",
    "options_of",
    "random_playout",
    "replay",
    "replay_states",
    "strict_converter",
    "turn_order",
    "update",
    "winners_by",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


