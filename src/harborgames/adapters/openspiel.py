"""Every game as an OpenSpiel Python game (needs the ``openspiel`` extra).

``register()`` registers ``harborgames_<name>`` for each game, with parameters ``players``,
``variant``, ``seed`` and each rule option of ``INFO.options`` by its name. Then
``pyspiel.load_game("harborgames_gdansk", {"players": 3})`` works like any OpenSpiel game, and
so do ``random_sim_test`` and the Python ``MCTSBot``. The deal is the ``seed`` parameter: every
``new_initial_state()`` of one loaded game is the same game, so an RL loop wanting varied deals
loads the game once per seed; ``environment(name, seed=…)`` is OpenSpiel's
``rl_environment.Environment`` doing that, a new deal at every ``reset()``.

How the game types are declared, and why (``docs/rl.md``):

- **Chance: DETERMINISTIC, for every game.** Our randomness (Inland Port's start player,
  Gdańsk's dice and decks, Le Havre's shuffles) comes from the RNG inside the state, seeded by
  the ``seed`` parameter at ``new_game``; no chance node is ever exposed, and a state is a
  function of the game's parameters and its history, so clones, serialized copies and
  ``new_initial_state`` replays are exact. That is OpenSpiel's DETERMINISTIC ("no chance
  nodes"). SAMPLED_STOCHASTIC would describe Gdańsk's dice and Le Havre's hidden draws better
  to a reader, but OpenSpiel then serializes the game's own RNG (``Game::GetRNGState``), which
  a Python game cannot provide: ``serialize_game_and_state`` and ``random_sim_test(...,
  serialize=True)`` fail for every Python game declared so. The hidden randomness is still
  hidden: the observations do not show the RNG, and the game's information type is imperfect.
  A search that clones a state does meet the true future dice (the RNG is in the state), as in
  any game whose deal is a parameter; for fair search resample instead: ``HarborState.
  resample_from_infostate`` is the game's ``resample`` (hidden cards, tiles and RNG dealt
  afresh), which OpenSpiel's Python ``ISMCTSBot`` calls (give it ``use_observation_string=True``).
- **Information**: ``INFO.information`` (Inland Port perfect; Gdańsk, Le Havre imperfect).
- **Utility**: the ``"win"`` reward of the PettingZoo adapter, ``2 * share - 1`` in [-1, 1]
  (share = 1/k for each of k winners), summing to ``2 - n`` in every game: ZERO_SUM for the
  two-player-only Inland Port, CONSTANT_SUM for the others (the sum is in each game's info).
- **Observations**: ``observation_tensor`` / ``observation_string`` of the seat (no perfect
  recall, so no information-state tensor or string is offered: asking for one raises, rather
  than hand out a string that could show what the seat cannot see). Both are the same for a
  state and any ``resample`` of it from that seat's view (tests/adapters/
  test_hidden_information.py).
- **Serialization**: OpenSpiel pickles a Python state's attributes; ours is one value that
  pickles as the game's ``dumps`` JSON and comes back through ``loads``.

An illegal action raises ``pyspiel.SpielError`` (a ``RuntimeError``; OpenSpiel's own errors
are that class) with the game's reason, and changes nothing; so does an action that is not an
integer id (Python ints, numpy integers and 0-d integer arrays are ids). OpenSpiel's Python games do not
check legality at all. ``pyspiel.MCTSBot`` (the C++ bot) crashes the interpreter on Python
games (OpenSpiel's own ``python_tic_tac_toe`` too): use ``open_spiel.python.algorithms.mcts``.
"""

from __future__ import annotations

import importlib
import random
import types
from collections.abc import Callable, Iterable

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python import rl_environment

import harborgames

from ..core.errors import FormatError, IllegalActionError
from ..core.protocol import LoadedGame, State
from . import Extras, action_id, final_rewards, require_encoding

__all__ = [
    "HarborGame",
    "HarborObserver",
    "HarborState",
    "NewDealEnvironment",
    "environment",
    "game_type",
    "load_game",
    "register",
]

PREFIX = "harborgames_"
_RESAMPLE_SEEDS = 2**31  # resample seeds are drawn from 0 .. 2**31 - 1


def game_type(module: LoadedGame) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of a game module, from its ``INFO`` (see the module doc)."""
    info = module.INFO
    kind = pyspiel.GameType
    perfect = info.information == "perfect"
    two_only = info.min_players == info.max_players == 2  # else the sum 2 - n varies with n
    return kind(
        short_name=PREFIX + info.name,
        long_name=f"{info.title} (harborgames)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.DETERMINISTIC,  # the seed is a parameter: see the module doc
        information=(
            kind.Information.PERFECT_INFORMATION if perfect else kind.Information.IMPERFECT_INFORMATION
        ),
        utility=kind.Utility.ZERO_SUM if two_only else kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": min(max(2, info.min_players), info.max_players),
            "variant": info.default_variant,
            "seed": 0,
            **info.default_options(),  # each rule option by name, e.g. diner="sources"
        },
    )


class _Held:
    """The game state inside an OpenSpiel state, with its game module: shared, never copied
    (states are immutable values), and pickled as the game's JSON (OpenSpiel serializes a
    Python state by pickling its attributes)."""

    __slots__ = ("module", "state")

    def __init__(self, module: LoadedGame, state: State) -> None:
        self.module = module
        self.state = state

    def after(self, state: State) -> _Held:
        return _Held(self.module, state)

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return self  # OpenSpiel's Clone deep-copies attributes; an immutable value is its own copy

    def __reduce__(self) -> tuple[Callable[[str, str], _Held], tuple[str, str]]:
        return (_restore, (_module_name(self.module), self.module.dumps(self.state)))


def _restore(module_name: str, text: str) -> _Held:
    """Unpickle a ``_Held``: the game's ``loads`` of its ``dumps`` (the module is imported by its
    own ``__name__``, written by ``__reduce__``)."""
    module = require_encoding(importlib.import_module(module_name))
    state = module.loads(text)
    if not isinstance(state, State):
        raise FormatError(f"a pickled {module.INFO.name} state holds {type(state).__name__}, not a state")
    return _Held(module, state)


def _module_name(module: LoadedGame) -> str:
    if not isinstance(module, types.ModuleType):
        raise TypeError(f"an OpenSpiel game needs a game module, not {module!r}")
    return module.__name__


class HarborGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One configuration (players, variant, seed) of a harborgames game."""

    GAME: LoadedGame | None = None
    """The game module; ``register`` makes a subclass per game that sets it."""

    def __init__(self, params: Extras | None = None) -> None:
        if self.GAME is None:
            raise TypeError("HarborGame is made per game by register(); load it with pyspiel.load_game")
        module = require_encoding(self.GAME)
        info = module.INFO
        chosen = dict(params or {})
        players = int(chosen.get("players", min(max(2, info.min_players), info.max_players)))
        variant = str(chosen.get("variant", info.default_variant))
        seed = int(chosen.get("seed", 0))
        options = {name: str(chosen.get(name, default)) for name, default in info.default_options().items()}
        unknown = set(chosen) - {"players", "variant", "seed", *options}
        if unknown:
            raise ValueError(f"unknown parameter {sorted(unknown)[0]!r} of {PREFIX + info.name}")
        info.check_new_game(players, variant, options)
        self.module: LoadedGame = module
        self.players = players
        self.variant = variant
        self.seed = seed
        self.layout = module.observation_layout(players, variant)
        super().__init__(
            game_type(module),
            pyspiel.GameInfo(
                num_distinct_actions=module.num_distinct_actions(players, variant),
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=2.0 - players,
                max_game_length=info.max_decisions,
            ),
            {"players": players, "variant": variant, "seed": seed, **options},
        )
        # Every state starts here, clones too (OpenSpiel's Clone makes a new initial state
        # first): a game of Le Havre takes a while to set up, so it is set up once.
        initial = module.new_game(players, seed=seed, variant=variant, options=options)
        self._initial = _Held(module, initial)

    def new_initial_state(self) -> HarborState:
        return HarborState(self, self._initial)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Extras | None = None
    ) -> HarborObserver:
        """The seat's ``observation_tensor`` and ``observation_string``: what the seat sees now,
        with its private information (OpenSpiel's default observation type)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                f"{self.module.INFO.name} offers no perfect-recall (information state) observation"
            )
        if (
            iig_obs_type is not None
            and self.module.INFO.information == "imperfect"
            and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"{self.module.INFO.name} observations include the seat's private information; "
                "other observation types are not offered"
            )
        return HarborObserver(self)


class HarborState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state holding one immutable game state; actions are the game's integer ids."""

    def __init__(self, game: HarborGame, held: _Held) -> None:
        super().__init__(game)
        self._held = held

    @property
    def harbor_state(self) -> State:
        """The game state (a protocol value: ``legal_actions``, ``render``, ``dumps`` ...)."""
        return self._held.state

    def current_player(self) -> int:
        seat = self._held.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def apply_action(self, action: object) -> None:
        """OpenSpiel's ``apply_action``, for any integer id a trainer produces (a Python int, a
        numpy integer, a 0-d integer array); anything else raises ``SpielError`` naming its type
        (OpenSpiel's own message would print the whole state)."""
        try:
            index = action_id(action, f"player {self.current_player()}")
        except IllegalActionError as error:
            raise pyspiel.SpielError(str(error)) from None
        super().apply_action(index)

    def _legal_actions(self, player: int) -> list[int]:
        ids: list[int] = np.flatnonzero(self._held.module.legal_action_mask(self._held.state)).tolist()
        return ids

    def _apply_action(self, action: int) -> None:
        held = self._held
        try:
            after = held.module.apply(held.state, held.module.decode(held.state, int(action)))
        except IllegalActionError as error:
            raise pyspiel.SpielError(f"illegal action {action}: {error}") from error
        self._held = held.after(after)

    def _action_to_string(self, player: int, action: int) -> str:
        # OpenSpiel may ask about an id the position does not offer; a slot id then has no
        # meaning here, so it is named by number.
        try:
            return str(self._held.module.decode(self._held.state, int(action)))
        except IllegalActionError:
            return f"action {action}"

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> HarborState:
        """A state ``player_id`` cannot tell from this one: the game's ``resample`` (hidden cards,
        tiles and the RNG dealt afresh), seeded by one draw of ``probability_sampler`` (a callable
        giving a float in [0, 1), as ``pyspiel.UniformProbabilitySampler``). This is what
        OpenSpiel's ``ISMCTSBot`` calls, so its search never meets the true hidden cards or dice;
        give the bot ``use_observation_string=True`` (there is no information-state string)."""
        held = self._held
        seed = int(float(probability_sampler()) * _RESAMPLE_SEEDS) % _RESAMPLE_SEEDS
        return HarborState(
            self.get_game(), held.after(held.module.resample(held.state, int(player_id), seed))
        )

    def is_terminal(self) -> bool:
        return bool(self._held.state.current_player is None)

    def returns(self) -> list[float]:
        state = self._held.state
        module = self._held.module
        if state.current_player is not None:
            return [0.0] * state.num_players
        return list(final_rewards("win", module.scores(state), module.winners(state)))

    def __str__(self) -> str:
        return str(self._held.module.render(self._held.state))


class HarborObserver:
    """OpenSpiel's PyObserver: ``tensor`` (a flat float32 vector of the game's layout), ``dict``
    (its one named view) and ``string_from``."""

    def __init__(self, game: HarborGame) -> None:
        self._game = game.module
        self.tensor: npt.NDArray[np.float32] = np.zeros(game.layout.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}
        # OpenSpiel's bridge asks for the tensor's shape on every state.observation_tensor()
        # call by writing seat 0's tensor of a new initial state: that one is kept.
        self._initial = game.new_initial_state().harbor_state
        self._initial_tensor = self._game.observation_tensor(self._initial, 0)

    def set_from(self, state: HarborState, player: int) -> None:
        position = state.harbor_state
        if position is self._initial and player == 0:
            self.tensor[:] = self._initial_tensor
        else:
            self.tensor[:] = self._game.observation_tensor(position, player)

    def string_from(self, state: HarborState, player: int) -> str:
        return self._game.observation_string(state.harbor_state, player)


_registered: dict[str, type[HarborGame]] = {}


def register(games: Iterable[str | LoadedGame] | None = None) -> tuple[str, ...]:
    """Register ``harborgames_<name>`` with OpenSpiel for each game (a registered name or a game
    module; all registered games by default); returns the short names. A game without the
    integer-action surface raises ``ValueError``. Calling it again is harmless."""
    done = []
    for game in games if games is not None else harborgames.games():
        module = require_encoding(game)
        short_name = PREFIX + module.INFO.name
        if short_name not in _registered:
            _module_name(module)
            # A class, not a closure: OpenSpiel keeps the creator in a C++ registry that is
            # destroyed after Python shuts down, and freeing a closure then aborts the process
            # (a class is never freed by that last release, as it refers to itself).
            creator = type(f"HarborGame_{module.INFO.name}", (HarborGame,), {"GAME": module})
            pyspiel.register_game(game_type(module), creator)
            _registered[short_name] = creator
        done.append(short_name)
    return tuple(done)


def load_game(name: str, **params: int | str) -> pyspiel.Game:
    """``pyspiel.load_game("harborgames_<name>", params)``, registering the game first."""
    register((name,))
    return pyspiel.load_game(PREFIX + name, dict(params))


class NewDealEnvironment(rl_environment.Environment):  # type: ignore[misc]  # no type information
    """OpenSpiel's ``rl_environment.Environment`` with a new deal at every ``reset()``: the game
    is loaded again with the next seed of ``random.Random(seed)`` (a loaded game's every initial
    state is the same deal, see the module doc). ``deal_seed`` is the current episode's seed."""

    def __init__(
        self,
        name: str,
        seed: int = 0,
        params: dict[str, int | str] | None = None,
        **environment_kwargs: object,
    ) -> None:
        self._name = name
        self._params = dict(params or {})
        if "seed" in self._params:
            raise ValueError("the deal seeds come from environment(..., seed=...), not a seed parameter")
        self._deals = random.Random(seed)
        self.deal_seed = self._deals.getrandbits(31)
        super().__init__(load_game(name, seed=self.deal_seed, **self._params), **environment_kwargs)

    def reset(self) -> rl_environment.TimeStep:
        self.deal_seed = self._deals.getrandbits(31)
        self._game = load_game(self._name, seed=self.deal_seed, **self._params)
        return super().reset()


def environment(name: str, *, seed: int = 0, **params: int | str) -> NewDealEnvironment:
    """An ``rl_environment.Environment`` of game ``name`` that deals a new game at every
    ``reset()``, the deals drawn from ``seed``; ``params`` are the game's other parameters
    (``players``, ``variant``, rule options)."""
    return NewDealEnvironment(name, seed, params)
