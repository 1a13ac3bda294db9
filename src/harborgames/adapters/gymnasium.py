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
from typing import TypeAlias

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.envs.registration import EnvSpec

import harborgames

from ..bots import Bot, derive_seed, make_from_spec, make_view
from ..core.errors import IllegalActionError
from ..core.protocol import LoadedGame, State
from . import REWARDS, Extras, action_id, final_rewards, observation_bounds, require_encoding

__all__ = [
    "ENTRY_POINT",
    "HarborGymEnv",
    "HarborVectorEnv",
    "Opponent",
    "Policy",
    "env",
    "register_envs",
    "vector_env",
]

Observation: TypeAlias = npt.NDArray[np.float32]
Mask: TypeAlias = npt.NDArray[np.int8]
Observations: TypeAlias = npt.NDArray[np.float32]
"""A vector env's observations: one row per game."""
Masks: TypeAlias = npt.NDArray[np.int8]
"""A vector env's masks: one row per game."""
Rewards: TypeAlias = npt.NDArray[np.float64]
Flags: TypeAlias = npt.NDArray[np.bool_]
Policy: TypeAlias = Callable[[Observation, Mask], object]
"""An opponent on the integer surface: its seat's observation tensor and mask in, an id out."""
Opponent: TypeAlias = str | Bot | Policy
"""A bot spec (``"greedy"``), a ``Bot``, or a ``Policy``."""

ENTRY_POINT = "harborgames.adapters.gymnasium:HarborGymEnv"
_SEED_RANGE = 2**31  # deals drawn without a seed: 0 .. 2**31 - 1, as the PettingZoo adapter's


# Without the extra, mypy knows nothing of gymnasium (pyproject.toml), and subclassing an unknown class
# is an error.
class HarborGymEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc,unused-ignore]
    """One seat of one game against bots (see the module doc)."""

    metadata: Extras = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

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
        module = require_encoding(game)
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
        self.num_players = players
        self.variant = chosen
        self.reward = reward
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.seat_choice = seat
        self._opponents = _opponent_list(opponents, players - 1)
        size = module.num_distinct_actions(players, chosen)
        low, high = observation_bounds(module, players, chosen)
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self._no_actions: Mask = np.zeros(size, dtype=np.int8)
        self._state: State | None = None
        self._mask = self._no_actions
        self._bots: dict[int, Bot] = {}
        self._policies: dict[int, Policy] = {}
        self.seat = 0 if seat == "random" else int(seat)

    # -- what the agent sees ------------------------------------------------------------------------
    @property
    def state_value(self) -> State | None:
        """The game state under the environment (a frozen protocol value), for bots and tests."""
        return self._state

    def action_masks(self) -> Mask:
        """The legal ids of the agent now (int8; all 0 once the episode is over): what
        sb3-contrib's ``MaskablePPO`` calls."""
        return self._mask.copy()

    def _observation(self) -> Observation:
        return self._game.observation_tensor(self._state, self.seat)

    def _info(self, **extra: object) -> Extras:
        return {"action_mask": self._mask.copy(), "seat": self.seat, **extra}

    # -- the episode -------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: Extras | None = None) -> tuple[Observation, Extras]:
        """A new deal: ``new_game(seed=seed)``, or one drawn from ``np_random`` (module doc).

        ``options`` is accepted for the API and ignored: rule options belong to the environment
        (``env(..., options=...)``), as the setup every episode shares."""
        self._begin(seed)
        self._mask = self._game.legal_action_mask(self._state)
        self._show()
        return self._observation(), self._info()

    def step(self, action: object) -> tuple[Observation, float, bool, bool, Extras]:
        index = self._checked(action)
        if not self._mask[index]:
            # The classic convention: the offender loses at once; the game stays where it was.
            self._mask = self._no_actions
            self._show()
            return self._observation(), self.illegal_reward, True, False, self._info(illegal_action=True)
        reward, terminated, extra = self._advance(index)
        self._mask = self._no_actions if terminated else self._game.legal_action_mask(self._state)
        self._show()
        return self._observation(), reward, terminated, False, self._info(**extra)

    def _checked(self, action: object) -> int:
        """``action`` as an id inside the action space, in an episode still running."""
        if self._state is None:
            raise RuntimeError("reset() the environment before stepping it")
        if self._state.current_player is None:
            raise RuntimeError("the episode is over: reset() the environment for the next one")
        index = action_id(action, f"seat {self.seat}")
        if not 0 <= index < len(self._no_actions):
            raise IllegalActionError(
                f"action id {index} is outside the action space 0..{len(self._no_actions) - 1}"
            )
        return index

    def _begin(self, seed: int | None) -> None:
        """A new episode: the deal ``new_game(seed=seed)``, or one drawn from ``np_random``, then
        the seat if it is drawn, with its bots, played up to the agent's first decision (no
        tensor or mask: the caller writes them, one at a time or a batch at once)."""
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

    def _advance(self, index: int) -> tuple[float, bool, Extras]:
        """Play the legal id ``index`` and the other seats after it: the agent's reward, whether
        the game is over, and what the info adds (the scores at the end)."""
        self._state = self._game.apply(self._state, self._game.decode(self._state, index))
        self._play_opponents()
        if self._state.current_player is not None:
            return 0.0, False, {}
        scores = tuple(self._game.scores(self._state))
        finals = final_rewards(self.reward, scores, tuple(self._game.winners(self._state)))
        return finals[self.seat], True, {"scores": scores}

    def _play_opponents(self) -> None:
        """The other seats' decisions, until the agent's turn or the end of the game."""
        game, state = self._game, self._state
        assert state is not None  # called once a deal is made
        while state.current_player is not None and state.current_player != self.seat:
            mover = state.current_player
            bot = self._bots.get(mover)
            if bot is not None:
                choice = bot.choose(make_view(game, state, mover))
            else:
                mask = game.legal_action_mask(state)
                chosen = action_id(
                    self._policies[mover](game.observation_tensor(state, mover), mask),
                    f"the opponent policy of seat {mover}",
                )
                if not 0 <= chosen < len(mask) or not mask[chosen]:
                    raise IllegalActionError(
                        f"the opponent policy of seat {mover} chose id {chosen}: its mask has 0 there"
                    )
                choice = game.decode(state, chosen)
            state = game.apply(state, choice)
        self._state = state

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
            module = require_encoding(name)
        except ValueError:
            continue
        env_id = _env_id(name, module.INFO.version)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game": name})
        ids.append(env_id)
    return tuple(ids)


# -- many games at once ------------------------------------------------------------------------------
class HarborVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc,unused-ignore]  # unknown without the extra
    """``num_envs`` games of one configuration, one agent seat each, stepped together.

    What ``gymnasium.vector.SyncVectorEnv`` over ``env(...)`` does, with the same episodes for the
    same seeds, but the observations and masks of all games are written by the game's batch
    functions (``observation_tensors``, ``legal_action_masks``) into two arrays kept across steps,
    and the infos are made once per step instead of per game and then merged: docs/rl.md says by
    how much that is faster.

    Autoreset is Gymnasium's default, next-step: the step after an episode ends resets that game
    (its action is ignored, its reward is 0). ``infos["action_mask"]`` is the (num_envs, actions)
    int8 mask (``action_masks()`` too); ``infos["seat"]`` each game's agent seat; at an episode's
    end ``infos["scores"]`` (with ``"_scores"`` marking which games) and ``"illegal_action"``.

    >>> from harborgames.adapters.gymnasium import vector_env
    >>> tables = vector_env("inland_port", 4, opponents="random")
    >>> observations, infos = tables.reset(seed=7)
    >>> observations.shape, infos["action_mask"].shape
    ((4, 468), (4, 550))
    >>> observations, rewards, terminated, truncated, infos = tables.step(infos["action_mask"].argmax(axis=1))
    >>> rewards.tolist(), terminated.tolist()
    ([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
    """

    metadata: Extras = {  # noqa: RUF012
        "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | LoadedGame,
        num_envs: int,
        num_players: int | None = None,
        variant: str | None = None,
        *,
        seat: int | str = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        reward: str = "win",
        illegal_reward: float = -1.0,
        options: Mapping[str, str] | None = None,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        self.envs = [
            HarborGymEnv(
                game,
                num_players,
                variant,
                seat=seat,
                opponents=opponents,
                reward=reward,
                illegal_reward=illegal_reward,
                options=options,
            )
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self._game = first._game
        self.num_envs = num_envs
        self.num_players = first.num_players
        self.variant = first.variant
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = gymnasium.vector.utils.batch_space(first.observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(first.action_space, num_envs)
        size = len(first._no_actions)
        width = self._game.observation_layout(first.num_players, first.variant).size
        self._observations: Observations = np.zeros((num_envs, width), np.float32)
        self._masks: Masks = np.zeros((num_envs, size), dtype=np.int8)
        self._over = np.zeros(num_envs, dtype=np.bool_)  # the episode ended at the last step
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._dealt = False

    def action_masks(self) -> Masks:
        """The legal ids of every game's agent now ((num_envs, actions) int8; a finished game's
        row is all 0)."""
        return self._masks.copy()

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: Extras | None = None
    ) -> tuple[Observations, Extras]:
        """New deals for every game: ``seed`` an int (game k gets ``seed + k``, as
        ``SyncVectorEnv`` seeds), a list of one seed (or None) per game, or None (fresh deals)."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + k for k in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset got {len(seeds)} seeds for {self.num_envs} games")
        for one, deal in zip(self.envs, seeds, strict=True):
            one._begin(deal)  # as ``HarborGymEnv.reset`` deals: the same seeds, the same games
        self._over[:] = False
        self._dealt = True
        self._write()
        return self._observations.copy(), self._infos()

    def step(self, actions: object) -> tuple[Observations, Rewards, Flags, Flags, Extras]:
        if not self._dealt:
            raise RuntimeError("reset() the environment before stepping it")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalActionError(
                f"step takes one integer action id per game: an array of shape ({self.num_envs},), "
                f"not {chosen.dtype} {chosen.shape}"
            )
        rewards = self._rewards
        rewards[:] = 0.0
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        scores: dict[int, tuple[int, ...]] = {}
        illegal: list[int] = []
        for k, one in enumerate(self.envs):
            if self._over[k]:  # next-step autoreset: this step deals the game again
                one._begin(None)
                continue
            index = int(chosen[k])
            if not 0 <= index < self._masks.shape[1]:
                raise IllegalActionError(
                    f"game {k}: action id {index} is outside the action space 0..{self._masks.shape[1] - 1}"
                )
            if not self._masks[k, index]:
                rewards[k], terminated[k] = one.illegal_reward, True
                illegal.append(k)
                continue
            rewards[k], terminated[k], extra = one._advance(index)
            if terminated[k]:
                scores[k] = extra["scores"]
        self._over[:] = terminated
        self._write()
        infos = self._infos()
        if scores:
            infos["scores"] = np.array([scores.get(k) for k in range(self.num_envs)], dtype=object)
            infos["_scores"] = np.array([k in scores for k in range(self.num_envs)])
        if illegal:
            infos["illegal_action"] = np.isin(np.arange(self.num_envs), illegal)
            infos["_illegal_action"] = infos["illegal_action"].copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observations.copy(), rewards.copy(), terminated, truncated, infos

    def _write(self) -> None:
        """Every game's tensor and mask, each written as one batch into the kept arrays."""
        states = [one._state for one in self.envs]
        self._game.observation_tensors(states, [one.seat for one in self.envs], out=self._observations)
        self._game.legal_action_masks(states, out=self._masks)
        if self._over.any():  # an episode just ended (an illegal id leaves its game unfinished)
            self._masks[self._over] = 0

    def _infos(self) -> Extras:
        return {"action_mask": self._masks.copy(), "seat": np.array([one.seat for one in self.envs])}

    def close_extras(self, **kwargs: object) -> None:
        """Nothing to release: the games are values in memory."""


vector_env = HarborVectorEnv
"""``vector_env(game, num_envs, ...)``: the vector env is made by calling its class (``env``
adds a ``spec`` to its env; a vector env has none to add)."""
