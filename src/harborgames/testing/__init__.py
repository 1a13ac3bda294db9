"""The conformance kit, and small helpers for tests of games, bots and component files.

Modelled on OpenSpiel's ``random_sim_test``. Every game module (ours or yours) can run it::

    from harborgames import inland_port
    from harborgames.testing import check_game
    check_game(inland_port, 2, games=20, seed=0)

A broken promise raises ``ConformanceError`` naming the game, the playout seed, the step and
the check. The kit only calls the module's public functions.

The mutation fuzzers ``fuzz_documents``, ``fuzz_actions`` and ``fuzz_notation`` (in
the package ``harborgames.testing.fuzz``) hand a game hostile documents, action objects and text, and
check that each is refused with the documented error or is playable::

    from harborgames.testing import fuzz_documents
    fuzz_documents(inland_port, 2, seed=0, mutations=500)

The helpers ``legal``, ``play`` and ``perft`` write tests in notation, the way the rulebook
reads::

    from harborgames.testing import legal, play, perft
    state = play(inland_port, inland_port.new_game(seed=1), "build wood_company", "end")
    assert "use wood_company" not in legal(inland_port, state)
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import Generic, NoReturn, TypeVar, cast

import attrs

from ..core.errors import IllegalActionError
from ..core.play import make_record, replay
from ..core.protocol import Game, GameRecord, State
from .errors import ConformanceError
from .fuzz import FuzzReport, fuzz_actions, fuzz_documents, fuzz_notation

S = TypeVar("S", bound=State)  # the kit reads ``current_player``
A = TypeVar("A")

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "FuzzReport",
    "check_game",
    "fuzz_actions",
    "fuzz_documents",
    "fuzz_notation",
    "legal",
    "perft",
    "play",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


@attrs.frozen
class ConformanceReport:
    """What a conformance run covered: the game, its players and variant, and how many games
    and decisions were played (``longest``: the most decisions in one game)."""

    game: str
    num_players: int
    variant: str
    games: int
    decisions: int
    longest: int


class _NotAnAction:
    def __repr__(self) -> str:
        return "<not an action>"


def _sampled(step: int) -> bool:
    """Steps where the costly checks run: the first ten and every power of two."""
    return step < 10 or (step & (step - 1)) == 0


def check_game(
    module: Game[S, A],
    num_players: int,
    *,
    variant: str | None = None,
    options: Mapping[str, str] | None = None,
    games: int = 20,
    seed: int = 0,
    cross_process: bool = True,
    guided: float = 0.25,
) -> ConformanceReport:
    """Play ``games`` games and check the protocol at every step (see docs/protocol.md).

    Most games are uniformly random. A share ``guided`` of them (every game whose index is a
    multiple of ``round(1 / guided)``) is played mostly greedily on the module's ``heuristic``
    (where it has one): random play never reaches the positions that purposeful play does (a
    game's end triggers, late-game actions, rich warehouses), and the kit must see those too.
    """
    info = module.INFO
    variant = variant or info.default_variant
    checker = _Checker(module, num_players, variant, dict(options or {}))
    every = round(1 / guided) if guided > 0 and hasattr(module, "heuristic") else 0
    decisions = longest = 0
    for game in range(games):
        length = checker.play(seed + game, guided=bool(every) and game % every == every - 1)
        decisions += length
        longest = max(longest, length)
    if cross_process and games:
        checker.check_cross_process(seed)
    return ConformanceReport(info.name, num_players, variant, games, decisions, longest)


class _Checker(Generic[S, A]):
    def __init__(self, module: Game[S, A], num_players: int, variant: str, options: dict[str, str]) -> None:
        self.m = module
        self.info = module.INFO
        self.n = num_players
        self.variant = variant
        self.options = options
        self.seen_actions: dict[str, A] = {}
        self.records: dict[int, tuple[list[A], S]] = {}
        self.where = ""
        # The information state, along every playout and resample: (seat, digest of what the
        # seat observes) -> digest of its legal actions; (seat, string) -> observation; (seat,
        # tensor) -> legal actions. Digests keep long playouts small in memory.
        self.actions_by_observation: dict[tuple[int, bytes], bytes] = {}
        self.observation_by_string: dict[tuple[int, bytes], bytes] = {}
        self.actions_by_tensor: dict[tuple[int, bytes], bytes] = {}

    def fail(self, message: str) -> NoReturn:
        raise ConformanceError(f"{self.info.name} ({self.n} players, {self.variant}) {self.where}: {message}")

    def new(self, game_seed: int) -> S:
        return self.m.new_game(self.n, seed=game_seed, variant=self.variant, options=self.options or None)

    def choose(self, state: S, legal: list[A], rng: random.Random, guided: bool) -> A:
        """A random legal action, or in a guided game mostly the heuristic's favourite."""
        seat = state.current_player
        if not guided or seat is None or rng.random() < 0.1:
            return legal[rng.randrange(len(legal))]
        values = [self.m.heuristic(self.m.apply(state, a), seat) for a in legal]
        best = max(values)
        return rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])

    def play(self, game_seed: int, guided: bool = False) -> int:
        m = self.m
        rng = random.Random(game_seed)
        state = self.new(game_seed)
        if state != self.new(game_seed):
            self.where = f"game seed {game_seed}, setup"
            self.fail("new_game with the same seed gave different states")
        actions: list[A] = []
        step = 0
        while True:
            self.where = f"{'guided ' if guided else ''}game seed {game_seed}, step {step}"
            legal = self.check_step(state, step, rng)
            if not legal:
                break
            if step >= self.info.max_decisions:
                self.fail(f"the game is longer than INFO.max_decisions = {self.info.max_decisions}")
            action = self.choose(state, legal, rng, guided)
            before = m.dumps(state)
            after = m.apply(state, action)
            if m.dumps(state) != before:
                self.fail(f"apply({action}) changed its input state")
            actions.append(action)
            state = after
            step += 1
        self.check_end(state)
        record = make_record(m, self.n, game_seed, actions, variant=self.variant, options=self.options)
        loaded = m.loads(m.dumps(record))
        if not isinstance(loaded, GameRecord):
            self.fail(f"a game record loads back as {type(loaded).__name__}")
        replayed = replay(m, loaded)
        if replayed != state:
            self.fail("replaying the game record did not reproduce the final state")
        self.records[game_seed] = (actions, state)
        return step

    def check_step(self, state: S, step: int, rng: random.Random) -> list[A]:
        m = self.m
        legal = m.legal_actions(state)
        terminal = m.is_terminal(state)
        if bool(legal) == terminal:
            self.fail(f"legal_actions has {len(legal)} actions but is_terminal is {terminal}")
        if (state.current_player is None) != terminal:
            self.fail(f"current_player is {state.current_player!r} but is_terminal is {terminal}")
        if state.current_player is not None and not 0 <= state.current_player < self.n:
            self.fail(f"current_player {state.current_player} is not a seat")
        if m.legal_actions(state) != legal:
            self.fail("legal_actions is not repeatable")
        if len(set(legal)) != len(legal):
            self.fail("legal_actions lists an action twice")
        if len(legal) == 1:
            self.fail(
                f"the only legal action {legal[0]} was offered: a decision with one option is "
                "taken by the engine (the forced-choice policy, docs/protocol.md)"
            )
        self.check_scores(state)
        for action in legal:
            text = str(action)
            try:
                parsed = m.parse_action(state, text)
            except IllegalActionError as error:
                self.fail(f"parse_action could not read its own notation {text!r}: {error}")
            if parsed != action:
                self.fail(f"parse_action(str(a)) != a for {text!r}: got {parsed!r}")
            self.seen_actions.setdefault(text, action)
        self.check_information_state(state, legal)
        if _sampled(step) or not legal:
            # the last state too: what is hidden until the end is shown there (Port Gdańsk's
            # Cruise Ship cards), and a finished game must still refuse every action
            self.check_sampled(state, legal, rng)
        return list(legal)

    def check_information_state(self, state: S, legal: list[A] | tuple[A, ...]) -> None:
        """What the seat to move observes determines what it may do: two states with the same
        observation for that seat have the same legal actions; the observation string determines
        the observation; and equal observation tensors for that seat mean equal legal actions.
        (An ISMCTS keyed by any of them, as OpenSpiel's is, relies on it.)"""
        seat = state.current_player
        if seat is None:
            return
        m = self.m
        actions = _digest("\n".join(map(str, legal)))
        observation = _digest(_without_forced(m.dumps(m.observe(state, seat))))
        known = self.actions_by_observation.setdefault((seat, observation), actions)
        if known != actions:
            self.fail(
                f"two states with the same observation for the deciding seat {seat} have different "
                "legal actions: the observation does not hold what is being decided"
            )
        to_string = getattr(m, "observation_string", None)
        if callable(to_string):
            text = to_string(state, seat)
            known = self.observation_by_string.setdefault((seat, _digest(text)), observation)
            if known != observation:
                self.fail(f"two different observations of seat {seat} have the same observation_string")
        to_tensor = getattr(m, "observation_tensor", None)
        if callable(to_tensor):
            tensor = to_tensor(state, seat)
            raw = tensor.tobytes() if hasattr(tensor, "tobytes") else repr(tensor).encode()
            known = self.actions_by_tensor.setdefault((seat, _digest(raw)), actions)
            if known != actions:
                self.fail(
                    f"two states with the same observation_tensor for the deciding seat {seat} have "
                    "different legal actions: the tensor does not hold what is being decided"
                )

    def check_sampled(self, state: S, legal: list[A], rng: random.Random) -> None:
        m = self.m
        text = m.dumps(state)
        json.loads(text)
        loaded = m.loads(text)
        if not isinstance(loaded, type(state)):
            self.fail(f"a state loads back as {type(loaded).__name__}")
        if loaded != state or m.dumps(loaded) != text:
            self.fail("the state does not round-trip through JSON")
        if hash(loaded) != hash(state) or loaded not in {state}:
            self.fail("a state loaded from JSON hashes differently (or is not found in a set)")
        if m.legal_actions(loaded) != legal:
            self.fail("legal_actions differs (or is ordered differently) after a JSON round-trip")
        for action in legal:
            try:
                m.apply(state, action)
            except Exception as error:  # every offered action must apply
                self.fail(f"offered action {action} does not apply: {type(error).__name__}: {error}")
            if m.loads(m.dumps(action)) != action:
                self.fail(f"action {action} does not round-trip through JSON")
        if m.dumps(state) != text:
            self.fail("applying the offered actions changed the state")
        self.check_illegal(state, legal, text)
        for player in range(self.n):
            observation = m.observe(state, player)
            if m.loads(m.dumps(observation)) != observation:
                self.fail(f"observe(state, {player}) does not round-trip through JSON")
        self.check_resample(state, rng)

    def check_illegal(self, state: S, legal: list[A], text: str) -> None:
        m = self.m
        # The kit hands ``apply`` things that are no action on purpose: it must refuse them.
        apply_anything = cast(Callable[[S, object], S], m.apply)
        legal_set = set(legal)
        elsewhere = [a for a in self.seen_actions.values() if a not in legal_set][:5]
        for bad in [*elsewhere, _NotAnAction(), None, "not an action"]:
            try:
                apply_anything(state, bad)
            except IllegalActionError as error:
                if not str(error):
                    self.fail(f"the IllegalActionError for {bad!r} has no message")
            except Exception as error:
                self.fail(f"apply({bad!r}) raised {type(error).__name__} instead of IllegalActionError")
            else:
                self.fail(f"apply accepted {bad!r}, which legal_actions does not offer")
            if m.dumps(state) != text:
                self.fail(f"a refused action ({bad!r}) changed the state")

    def check_resample(self, state: S, rng: random.Random) -> None:
        m = self.m
        for player in range(self.n):
            sample = m.resample(state, player, rng.randrange(2**32))
            if m.observe(sample, player) != m.observe(state, player):
                self.fail(f"resample for seat {player} changed what that seat observes")
            if player == state.current_player:
                if m.legal_actions(sample) != m.legal_actions(state):
                    self.fail(f"resample for the deciding seat {player} changed its legal actions")
                self.check_information_state(sample, m.legal_actions(sample))
            if self.info.information == "perfect" and sample != state:
                self.fail(f"resample for seat {player} changed a perfect-information state")
            if state.current_player is None and m.scores(sample) != m.scores(state):
                self.fail(
                    f"resample for seat {player} changed the final scores {m.scores(state)} to "
                    f"{m.scores(sample)}: final scoring is done in the open"
                )

    def check_scores(self, state: S) -> None:
        scores = self.m.scores(state)
        if not isinstance(scores, tuple) or len(scores) != self.n:
            self.fail(f"scores must be a tuple of {self.n} ints, got {scores!r}")
        if not all(type(s) is int for s in scores):
            self.fail(f"scores must be ints, got {scores!r}")

    def check_end(self, state: S) -> None:
        scores = self.m.scores(state)
        winners = self.m.winners(state)
        if not winners:
            self.fail("a finished game has no winner")
        top = max(scores)
        if any(scores[w] != top for w in winners):
            self.fail(f"winners {winners} do not all hold the top score {top} (scores {scores})")
        if not all(self.info.min_score <= s <= self.info.max_score for s in scores):
            self.fail(f"final scores {scores} leave INFO's bounds")

    def check_cross_process(self, seed: int) -> None:
        """Replay the first game in a fresh interpreter with another hash seed: same JSON."""
        self.where = f"game seed {seed}, replay in a fresh process"
        name = getattr(self.m, "__name__", None)  # the other process imports the module by it
        if not isinstance(name, str):
            self.fail("the game is not a module with a __name__ (pass cross_process=False)")
        actions, state = self.records[seed]
        record = make_record(self.m, self.n, seed, actions, variant=self.variant, options=self.options)
        script = (
            "import sys, importlib\n"
            "from harborgames.core.play import replay\n"
            f"m = importlib.import_module({name!r})\n"
            "print(m.dumps(replay(m, m.loads(sys.stdin.read()))))\n"
        )
        env = {**os.environ, "PYTHONHASHSEED": str(12345 + seed)}
        result = subprocess.run(
            [sys.executable, "-c", script],
            input=self.m.dumps(record),
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if result.returncode != 0:
            self.fail(f"the replay process failed: {result.stderr.strip()[-500:]}")
        if result.stdout.strip() != self.m.dumps(state):
            self.fail("a replay in another process (other PYTHONHASHSEED) gave different JSON")


def _digest(text: str | bytes) -> bytes:
    return hashlib.blake2b(text.encode() if isinstance(text, str) else text, digest_size=16).digest()


def _without_forced(document: str) -> str:
    """An observation's JSON without the ``forced`` notes, which tell how the position was
    reached, not what it is (they are outside a state's ``==``)."""
    parsed = json.loads(document)
    data = parsed.get("data") if isinstance(parsed, dict) else None
    if isinstance(data, dict):
        inner = data.get("state")
        if isinstance(inner, dict) and "forced" in inner:
            inner["forced"] = []
        elif "forced" in data:
            data["forced"] = []
    return json.dumps(parsed, separators=(",", ":"))


def legal(module: Game[S, A], state: S) -> list[str]:
    """The legal actions of ``state`` in notation, in the game's order."""
    return [str(action) for action in module.legal_actions(state)]


def play(module: Game[S, A], state: S, *moves: str) -> S:
    """Apply moves written in notation, in order (a move may also be a ``;``-separated list).

    Raises ``IllegalActionError`` naming the move that cannot be read or is not legal.
    """
    texts = [text.strip() for move in moves for text in move.split(";") if text.strip()]
    for number, text in enumerate(texts, start=1):
        try:
            state = module.apply(state, module.parse_action(state, text))
        except IllegalActionError as error:
            raise IllegalActionError(f"move {number} ({text!r}): {error}") from None
    return state


def perft(module: Game[S, A], state: S, depth: int) -> int:
    """Leaf positions ``depth`` decisions ahead (chess's perft), a finished game counting as a
    leaf. Pinning these counts catches any change to the legal actions or to forced choices."""
    if depth == 0 or module.is_terminal(state):
        return 1
    return sum(
        perft(module, module.apply(state, action), depth - 1) for action in module.legal_actions(state)
    )
