"""What the fuzzers (``documents`` for documents, ``inputs`` for actions and notation) share:
positions from playouts, counting, and failing with a ``ConformanceError``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, NoReturn, TypeVar

import attrs

from ...core.protocol import GameModule, State
from ..errors import ConformanceError

__all__ = ["HUGE", "A", "Fuzz", "FuzzReport", "JSONValue", "S", "cut"]

S = TypeVar("S", bound=State)
A = TypeVar("A")

JSONValue = Any  # what json.loads returns


@attrs.frozen
class FuzzReport:
    """What a fuzzer did: ``tried`` mutations, of which ``refused`` were refused (``FormatError``
    or ``IllegalActionError``) and ``accepted`` passed every check; ``findings`` lists the
    failures (only with ``collect=True``; otherwise the first raises ``ConformanceError``)."""

    game: str
    fuzzer: str
    num_players: int
    tried: int
    refused: int
    accepted: int
    findings: tuple[str, ...] = ()


class Fuzz(Generic[S, A]):
    """What the three fuzzers share: positions from playouts, counting, failing."""

    def __init__(
        self,
        module: GameModule[S, A],
        fuzzer: str,
        num_players: int,
        seed: int,
        variant: str | None,
        options: Mapping[str, str] | None,
        collect: bool,
    ) -> None:
        self.m = module
        self.fuzzer = fuzzer
        self.n = num_players
        self.seed = seed
        self.variant = variant or module.INFO.default_variant
        self.options = dict(options or {})
        self.collect = collect
        self.rng = random.Random(f"{module.INFO.name}/{fuzzer}/{num_players}/{seed}")
        self.findings: list[str] = []
        self.tried = self.refused = self.accepted = 0
        self.where = ""

    def fail(self, message: str) -> NoReturn:
        raise ConformanceError(
            f"{self.m.INFO.name} ({self.n} players, {self.variant}) {self.fuzzer}, {self.where}: {message}"
        )

    def check(self, run: Callable[..., bool], *args: object) -> None:
        """Run one mutation's check ``run(self, *args)``: True accepted, False refused,
        ``ConformanceError`` a finding."""
        self.tried += 1
        try:
            if run(self, *args):
                self.accepted += 1
            else:
                self.refused += 1
        except ConformanceError as error:
            if not self.collect:
                raise
            self.findings.append(str(error))

    def report(self) -> FuzzReport:
        return FuzzReport(
            self.m.INFO.name,
            self.fuzzer,
            self.n,
            self.tried,
            self.refused,
            self.accepted,
            tuple(self.findings),
        )

    def positions(self, count: int) -> list[tuple[str, S]]:
        """About ``count`` positions from seeded random playouts, with where each comes from
        (always the start and the end of a game among them)."""
        found: list[tuple[str, S]] = []
        game = 0
        while len(found) < count:
            game_seed = self.seed * 1000 + game
            rng = random.Random(game_seed)
            state = self.m.new_game(
                self.n, seed=game_seed, variant=self.variant, options=self.options or None
            )
            keep = max(1, count // 4)
            every = rng.randrange(5, 40)
            step = 0
            while True:
                legal = self.m.legal_actions(state)
                if step % every == 0 or not legal:
                    found.append((f"playout seed {game_seed}, step {step}", state))
                    if len(found) >= count or (len(found) % keep == 0 and legal):
                        break
                if not legal:
                    break
                state = self.m.apply(state, legal[rng.randrange(len(legal))])
                step += 1
            game += 1
        return found[:count]


# ---------------------------------------------------------------------------------------------
# Documents


HUGE = 10**30  # a number no count of the rules reaches


def cut(error: BaseException, limit: int = 200) -> str:
    text = str(error).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."
