"""One seat of a game against bots, as a single-agent Gymnasium environment (needs the
``gymnasium`` extra).

Most trainers (Stable-Baselines3 and sb3-contrib, CleanRL, ...) want one agent in a
``gymnasium.Env``; this is that env, so no glue is needed:

>>> from harborgames.adapters.gymnasium import env
>>> table = env("inland_port", opponents="greedy")
>>> observation, info = table.reset(seed=7)
>>> observation, reward, terminated, truncated, info = table.step(table.action_masks().argmax())
>>> observation.shape, table.action_space, reward, terminated
((468,), Discrete(550), 0.0, False)

- **The agent** plays ``seat`` (an int, or ``"random"``: a seat drawn at each reset). The other
  seats are played inside ``step`` by ``opponents``: a bot spec (``"random"``, ``"greedy"``,
  ``"mcts:iterations=200"``, any registered bot), a ``harborgames.bots.Bot``, or a policy on
  the integer surface, ``policy(observation, action_mask) -> id`` (a trained model, for
  self-play); one for every other seat, or a list with one per other seat in seat order.
- **Actions** are the game's integer ids, ``Discrete(num_distinct_actions)``; a Python int, a
  numpy integer or a 0-d integer array (what ``model.predict`` returns) are all accepted.
- **The mask** of legal ids is ``action_masks()`` (sb3-contrib's ``MaskablePPO`` reads it) and
  ``info["action_mask"]`` (int8). A masked (illegal) id ends the episode at once with
  ``illegal_reward`` (-1), as PettingZoo's classic games do, so an unmasked sampler
  (``check_env``, a first random policy) plays on instead of crashing; ``info["illegal_action"]``
  says it happened. An id outside the action space raises ``ValueError``.
- **Observations** are the seat's ``observation_tensor`` (float32) in a ``Box`` with the true
  bounds of every position (``adapters.observation_bounds``).
- **Rewards** come once, at the end: ``reward="win"`` (+1 a sole win, -1 a loss, shared wins
  between) or ``"margin"`` (the score minus the best other seat's), as in ``docs/rl.md``. Every
  game ends by its rules within ``INFO.max_decisions``, so ``truncated`` is always False.
- **Seeding**: ``reset(seed=s)`` deals ``new_game(seed=s)``; a reset without a seed deals a
  fresh game from the env's ``np_random`` (seeded by the last seed given), so a run of resets is
  reproducible and every episode is a new deal. Bots are seeded from the deal's seed.
- ``render_mode="ansi"``: ``render()`` returns the table as text; ``"human"`` prints it after
  every reset and step (and on ``render()``).

``env(...)`` sets ``spec``, so ``gymnasium.utils.env_checker.check_env`` also checks the other
render modes; ``register_envs()`` registers the games as ``harborgames/<name>-v<INFO.version>``
for ``gymnasium.make``. Vector envs work as with any env: ``gymnasium.vector.AsyncVectorEnv([lambda:
env("gdansk", 3)] * 2)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec

import harborgames

from ..bots import Bot, derive_seed, make_from_spec, make_view
from ..core.encoding import EncodedGame
from ..core.errors import IllegalActionError
from ..core.protocol import LoadedGame
from . import REWARDS, action_id, final_rewards, observation_bounds, require_encoding

__all__ = ["ENTRY_POINT", "HarborGymEnv", "Opponent", "Policy", "env", "register_envs"]

Observation: TypeAlias = npt.NDArray[np.float32]
Mask: TypeAlias = npt.NDArray[np.int8]
Policy: TypeAlias = Callable[[Observation, Mask], object]
"""An opponent on the integer surface: its seat's observation tensor and mask in, an id out."""
Opponent: TypeAlias = str | Bot | Policy
"""A bot spec (``"greedy"``), a ``Bot``, or a ``Policy``."""

ENTRY_POINT = "harborgames.adapters.gymnasium:HarborGymEnv"
_SEED_RANGE = 2**31  # deals drawn without a seed: 0 .. 2**31 - 1, as the PettingZoo adapter's


# Without the extra, mypy sees gymnasium as Any (pyproject.toml), and subclassing Any is an error.
class HarborGymEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc,unused-ignore]
    """One seat of one game against bots (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | LoadedGame,
        num_players: int | None = None,
        variant: str | None = None,
        *,
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "win",
        illegal_reward: float = -1.0,
        options: Mapping[str, str] | None = None,
        render_mode: str | None = None,
    ) -> None:
        module, encoded = require_encoding(game)
        info = module.INFO
        players = num_players if num_players is not None else min(max(2, info.min_players), info.max_players)
        chosen = variant if variant is not None else info.default_variant
        self._options = info.check_new_game(players, chosen, options)
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; known rewards: {', '.join(REWARDS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"unknown render_mode {render_mode!r}; this environment renders 'ansi' or 'human'"
            )
        if seat != "random" and (type(seat) is not int or not 0 <= seat < players):
            raise ValueError(f"seat must be 0 to {players - 1} or 'random', not {seat!r}")
        self._game: LoadedGame = module
        self._encoded: EncodedGame = encoded
        self.num_players = players
        self.variant = chosen
        self.reward = reward
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.seat_choice = seat
        self._opponents = _opponent_list(opponents, players - 1)
        size = encoded.num_distinct_actions(players, chosen)
        low, high = observation_bounds(module, players, chosen)
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self._no_actions: Mask = np.zeros(size, dtype=np.int8)
        self._state: Any = None
        self._mask = self._no_actions
        self._bots: dict[int, Bot] = {}
        self._policies: dict[int, Policy] = {}
        self.seat = 0 if seat == "random" else int(seat)

    # -- what the agent sees ------------------------------------------------------------------------
    @property
    def state_value(self) -> Any:
        """The game state under the environment (a frozen protocol value), for bots and tests."""
        return self._state

    def action_masks(self) -> Mask:
        """The legal ids of the agent now (int8; all 0 once the episode is over): what
        sb3-contrib's ``MaskablePPO`` calls."""
        return self._mask.copy()

    def _observation(self) -> Observation:
        return self._encoded.observation_tensor(self._state, self.seat)

    def _info(self, **extra: object) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat, **extra}

    # -- the episode -------------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new deal: ``new_game(seed=seed)``, or one drawn from ``np_random`` (module doc).

        ``options`` is accepted for the API and ignored: rule options belong to the environment
        (``env(..., options=...)``), as the setup every episode shares."""
        super().reset(seed=seed)
        deal = seed if seed is not None else int(self.np_random.integers(_SEED_RANGE))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.num_players))
        self._state = self._game.new_game(
            self.num_players, seed=deal, variant=self.variant, options=self._options
        )
        others = [seat for seat in range(self.num_players) if seat != self.seat]
        self._bots = {}
        self._policies = {}
        for seat, opponent in zip(others, self._opponents, strict=True):
            if isinstance(opponent, str):
                self._bots[seat] = make_from_spec(opponent, seed=derive_seed(deal, "opponent", seat))
            elif isinstance(opponent, Bot):
                self._bots[seat] = opponent
            else:
                self._policies[seat] = opponent
        self._play_opponents()
        if self._state.current_player is None:
            raise RuntimeError(f"the game of seed {deal} ended before seat {self.seat} had a decision")
        self._show()
        return self._observation(), self._info()

    def step(self, action: object) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._state is None:
            raise RuntimeError("reset() the environment before stepping it")
        if self._state.current_player is None:
            raise RuntimeError("the episode is over: reset() the environment for the next one")
        index = action_id(action, f"seat {self.seat}")
        if not 0 <= index < len(self._mask):
            raise IllegalActionError(
                f"action id {index} is outside the action space 0..{len(self._mask) - 1}"
            )
        if not self._mask[index]:
            # The classic convention: the offender loses at once; the game stays where it was.
            self._mask = self._no_actions
            self._show()
            return self._observation(), self.illegal_reward, True, False, self._info(illegal_action=True)
        self._state = self._game.apply(self._state, self._encoded.decode(self._state, index))
        self._play_opponents()
        self._show()
        if self._state.current_player is not None:
            return self._observation(), 0.0, False, False, self._info()
        scores = tuple(self._game.scores(self._state))
        finals = final_rewards(self.reward, scores, tuple(self._game.winners(self._state)))
        return self._observation(), finals[self.seat], True, False, self._info(scores=scores)

    def _play_opponents(self) -> None:
        """The other seats' decisions, until the agent's turn or the end of the game."""
        game, encoded, state = self._game, self._encoded, self._state
        while state.current_player is not None and state.current_player != self.seat:
            mover = state.current_player
            bot = self._bots.get(mover)
            if bot is not None:
                choice = bot.choose(make_view(game, state, mover))
            else:
                mask = encoded.legal_action_mask(state)
                chosen = action_id(
                    self._policies[mover](encoded.observation_tensor(state, mover), mask),
                    f"the opponent policy of seat {mover}",
                )
                if not 0 <= chosen < len(mask) or not mask[chosen]:
                    raise IllegalActionError(
                        f"the opponent policy of seat {mover} chose id {chosen}: its mask has 0 there"
                    )
                choice = encoded.decode(state, chosen)
            state = game.apply(state, choice)
        self._state = state
        self._mask = (
            encoded.legal_action_mask(state) if state.current_player is not None else self._no_actions
        )

    # -- showing it --------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The game's ``render`` of the whole table: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; env(..., render_mode='ansi')")
            return None
        if self._state is None:
            raise RuntimeError("reset() the environment before rendering it")
        text = str(self._game.render(self._state))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _show(self) -> None:
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release: the game is a value in memory."""


def _opponent_list(opponents: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent per other seat; a single one (or a spec string) stands for all of them."""
    if isinstance(opponents, str) or callable(opponents) or isinstance(opponents, Bot):
        listed: list[Opponent] = [opponents] * count
    else:
        listed = list(opponents)
        if len(listed) != count:
            raise ValueError(f"opponents lists {len(listed)}; this game has {count} other seat(s)")
    for opponent in listed:
        if isinstance(opponent, str):
            make_from_spec(opponent)  # a bad spec is refused now, not at the first reset
        elif not (isinstance(opponent, Bot) or callable(opponent)):
            raise ValueError(
                f"an opponent is a bot spec, a Bot or a policy(observation, mask) -> id, not {opponent!r}"
            )
    return listed


def env(
    game: str | LoadedGame,
    num_players: int | None = None,
    variant: str | None = None,
    *,
    seat: int | str = 0,
    opponents: Opponent | Sequence[Opponent] = "random",
    reward: str = "win",
    illegal_reward: float = -1.0,
    options: Mapping[str, str] | None = None,
    render_mode: str | None = None,
) -> HarborGymEnv:
    """The Gymnasium environment of ``game`` (a registered name or a game module) for one seat.

    ``num_players`` defaults to 2 (or the game's only count), ``variant`` to the game's default;
    the rest is described in the module doc.
    """
    made = HarborGymEnv(
        game,
        num_players,
        variant,
        seat=seat,
        opponents=opponents,
        reward=reward,
        illegal_reward=illegal_reward,
        options=options,
        render_mode=render_mode,
    )
    info = made._game.INFO
    if isinstance(game, str):
        kwargs = {
            "game": game,
            "num_players": made.num_players,
            "variant": made.variant,
            "seat": seat,
            "opponents": opponents,
            "reward": reward,
            "illegal_reward": illegal_reward,
            "options": dict(made._options),
            "render_mode": render_mode,
        }
        made.spec = EnvSpec(
            id=_env_id(info.name, info.version),
            entry_point=ENTRY_POINT,
            kwargs=kwargs,
            disable_env_checker=True,
            order_enforce=False,
        )
    return made


def _env_id(name: str, version: int) -> str:
    return f"harborgames/{name}-v{version}"


def register_envs() -> tuple[str, ...]:
    """Register ``harborgames/<name>-v<INFO.version>`` with Gymnasium for every game with the
    integer-action surface, so ``gymnasium.make("harborgames/gdansk-v2", num_players=3)`` works;
    harmless to repeat. Not done on import, which would load every game. Returns the ids."""
    ids = []
    for name in harborgames.games():
        try:
            module, _ = require_encoding(name)
        except ValueError:
            continue
        env_id = _env_id(name, module.INFO.version)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game": name})
        ids.append(env_id)
    return tuple(ids)

