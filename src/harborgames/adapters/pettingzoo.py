"""Every game as a PettingZoo AEC environment (needs the ``pettingzoo`` extra).

>>> from harborgames.adapters.pettingzoo import env
>>> table = env("inland_port")
>>> table.reset(seed=7)
>>> table.observe(table.agent_selection)["observation"].shape, table.action_space("player_0")
((468,), Discrete(550))

As PettingZoo's classic games: ``env(...)`` is the environment inside PettingZoo's classic
wrappers (order enforcing, action-space bounds, and ``TerminateIllegalWrapper``: an illegal id
ends the game at once, -1 for the offender and 0 for the others, every agent terminated, so a
sampler that ignores the mask, ``average_total_reward`` or an env checker, plays on);
``raw_env(...)`` is the bare environment, where an illegal id raises ``IllegalActionError``
(a ``ValueError``) and changes nothing, which is what a debugged policy wants.

Agents are ``player_0`` ... ``player_{n-1}`` (the game's seats). Each agent's observation is a
Dict of ``observation`` (the game's ``observation_tensor`` for that seat: float32, in a Box of
its true bounds, ``adapters.observation_bounds``) and ``action_mask`` (int8; the legal ids for
the agent to move, all 0 for the others), so ``action_space(agent).sample(mask)`` draws a legal
action (``observation_key="observations"`` renames the tensor's key, as RLlib's action-masking
module wants). Actions are the game's integer ids (``Discrete(num_distinct_actions)``): a Python int,
a numpy integer or a 0-d integer array.

Rewards come once, when the game ends (``docs/rl.md``):

- ``reward="win"`` (default): ``2 * share - 1``, where ``share`` is 1/k for each of k winners
  and 0 for the others; a sole winner gets +1, every loser -1, a two-way shared win 0 each.
  It is the arena's win count rescaled, and its sum is the same in every game (``2 - n``).
- ``reward="margin"``: the seat's final score minus the best other seat's (Francs or victory
  points; alone, the score itself); informative for learning, unbounded in principle.

``reset(seed=s)`` starts ``new_game(seed=s)``; a ``reset()`` without a seed draws the next game's
seed from a stream seeded by the last given seed, so a run of resets is reproducible too.
``render_mode="ansi"``: ``render()`` returns the table as text; ``"human"``: it prints it (and
every step does).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.errors import IllegalActionError
from ..core.protocol import LoadedGame, State
from . import REWARDS, Extras, action_id, final_rewards, observation_bounds, require_encoding

__all__ = ["ILLEGAL_REWARD", "REWARDS", "HarborEnv", "env", "final_rewards", "raw_env"]

Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]

ILLEGAL_REWARD = -1.0
"""What ``env()``'s classic stack gives the agent whose id is illegal (the others get 0)."""


class HarborEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One game, one table: an AEC environment over the game protocol (see the module doc)."""

    def __init__(
        self,
        game: str | LoadedGame,
        num_players: int | None = None,
        variant: str | None = None,
        *,
        options: Mapping[str, str] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        observation_key: str = "observation",
    ) -> None:
        super().__init__()
        module = require_encoding(game)
        info = module.INFO
        players = num_players if num_players is not None else min(max(2, info.min_players), info.max_players)
        chosen = variant if variant is not None else info.default_variant
        self._options = info.check_new_game(players, chosen, options)
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; known rewards: {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(
                f"unknown render_mode {render_mode!r}; this environment renders 'ansi' or 'human'"
            )
        if not isinstance(observation_key, str) or observation_key in ("", "action_mask"):
            raise ValueError(f"observation_key must name the tensor's key, not {observation_key!r}")
        self.observation_key = observation_key
        self._game: LoadedGame = module
        self.num_players = players
        self.variant = chosen
        self.reward = reward
        self.render_mode = render_mode
        self.metadata: Extras = {
            "render_modes": ["ansi", "human"],
            "name": f"harborgames_{info.name}_v{info.version}",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = module.num_distinct_actions(players, chosen)
        low, high = observation_bounds(module, players, chosen)
        # One space object per agent, made once: seeding a space must stick (PettingZoo's rule).
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    observation_key: spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._no_actions: npt.NDArray[np.int8] = np.zeros(size, dtype=np.int8)
        self._seeds = random.Random()
        self._skip_agent_selection: str | None = None
        self._state: State | None = None
        self._mask = self._no_actions
        self.agents: list[str] = []

    @property
    def state_value(self) -> State | None:
        """The game state under the environment (a frozen protocol value), for bots and tests."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Extras | None = None) -> None:
        """A new game: ``new_game(seed=seed)``, or the next seed of the stream (module doc).

        ``options`` is accepted for the API and ignored: rule options belong to the environment
        (``env(..., options=...)``), as the setup every episode shares."""
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(31)
        self._state = self._game.new_game(
            self.num_players, seed=game_seed, variant=self.variant, options=self._options
        )
        self.agents = self.possible_agents[:]
        self._skip_agent_selection = None  # a game left before its dead steps ended
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Extras] = {agent: {} for agent in self.agents}
        self._after_move()

    def step(self, action: int | None) -> None:
        state = self._require_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = action_id(action, agent)
        if not 0 <= index < len(self._mask) or not self._mask[index]:
            raise IllegalActionError(
                f"action id {index} is not legal for {agent} here (its action_mask is 0)"
            )
        self._state = self._game.apply(state, self._game.decode(state, index))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Select the seat to move, or end the game for every agent with its final reward."""
        state = self._require_reset()
        if state.current_player is not None:
            self.agent_selection = self.possible_agents[state.current_player]
            self._mask = self._game.legal_action_mask(state)
            return
        self._mask = self._no_actions
        scores = tuple(self._game.scores(state))
        finals = final_rewards(self.reward, scores, tuple(self._game.winners(state)))
        for agent in self.agents:
            self.rewards[agent] = finals[self._seat[agent]]
            self.terminations[agent] = True
            self.infos[agent] = {"scores": scores}
        if not hasattr(self, "agent_selection"):
            self.agent_selection = self.agents[0]
        self._deads_step_first()

    def _require_reset(self) -> State:
        if self._state is None:
            raise RuntimeError("reset() the environment before stepping or observing it")
        return self._state

    def observe(self, agent: str) -> Observation:
        state = self._require_reset()
        seat = self._seat[agent]
        moving = state.current_player == seat
        return {
            self.observation_key: self._game.observation_tensor(state, seat),
            "action_mask": self._mask.copy() if moving else self._no_actions.copy(),
        }

    def render(self) -> str | None:
        """The game's ``render`` of the whole table: returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; env(..., render_mode='ansi')")
            return None
        text = str(self._game.render(self._require_reset()))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the game is a value in memory."""


def raw_env(
    name: str | LoadedGame,
    num_players: int | None = None,
    variant: str | None = None,
    *,
    options: Mapping[str, str] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    observation_key: str = "observation",
) -> HarborEnv:
    """The bare AEC environment of game ``name`` (a registered name or a game module): an
    illegal id raises ``IllegalActionError``.

    ``num_players`` defaults to 2 (or the game's only count), ``variant`` to the game's default.
    """
    return HarborEnv(
        name,
        num_players,
        variant,
        options=options,
        reward=reward,
        render_mode=render_mode,
        observation_key=observation_key,
    )


def env(
    name: str | LoadedGame,
    num_players: int | None = None,
    variant: str | None = None,
    *,
    options: Mapping[str, str] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    observation_key: str = "observation",
) -> AECEnv:
    """``raw_env(...)`` in PettingZoo's classic wrappers, as its classic games' ``env()``: an
    illegal id ends the game with ``ILLEGAL_REWARD`` for the offender and 0 for the others, an id
    outside the action space fails an assertion, and order is enforced (``reset`` first). The
    bare environment is ``.unwrapped``."""
    table: AECEnv = raw_env(
        name,
        num_players,
        variant,
        options=options,
        reward=reward,
        render_mode=render_mode,
        observation_key=observation_key,
    )
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=ILLEGAL_REWARD)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)
