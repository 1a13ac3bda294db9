"""Monte Carlo tree search for any game and any number of players: ``mcts`` and ``ismcts``.

Both keep a reward per seat in every node (max^n style) and let the seat that moves at a node
pick by UCB1 on its own reward, so they need no two-player or zero-sum assumption. Rewards are
in [0, 1] for every game: normalized ranks (``base.rank_rewards``) for finished games, a squashed
heuristic margin (``Leaf``) where playouts are cut off. Chance is resolved by
the RNG inside the sampled state when ``apply`` runs, so no chance nodes are needed.

Budgets are iterations, for reproducibility (by default tuned per game, player count and
variant: ``BUDGETS``);
``time_limit`` (seconds) adds a wall-clock stop.

Every setting is a field of one frozen ``config.SearchConfig``; ``ismcts`` is ``mcts`` with
three of them changed (``config.ISMCTS``). ``widen`` (progressive widening from the greedy
ranking) and ``anchor`` (the final move is greedy's unless the statistics clearly prefer
another) make a small budget start from the greedy bot's play instead of from uniform noise.
The heuristic (playouts, leaves, rankings) is the game's with the weights of the bot's parameter
set (``params``, ``bots.tuned``), or a program's own.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import ClassVar, Generic

from ..core.protocol import Game, Information
from .base import heuristic_rewards, outcome_rewards, seed_of
from .config import ISMCTS, MCTS, SearchConfig
from .simple import GreedyBot, Heuristic, ParamChooser, evaluate, greedy_step
from .tuned import TUNED, configuration_of
from .view import A, S, View

__all__ = [
    "BUDGETS",
    "DEFAULT_ITERATIONS",
    "Configuration",
    "ISMCTSBot",
    "Leaf",
    "MCTSBot",
    "advantages",
    "budget_for",
    "rollout",
    "search_for",
]

_CUT: dict[str, Callable[[int, int | None, int | None], bool]] = {
    "own": lambda to_move, mover, seat: mover == seat,
    "others": lambda to_move, mover, seat: to_move == seat,
    "turn": lambda to_move, mover, seat: True,
}
_CUTOFFS = ("own", "others", "turn", "decision")

DEFAULT_ITERATIONS = 150
"""Iterations per decision in a game ``BUDGETS`` does not list."""
Configuration = tuple[str, int | None, str | None]
"""A budget's key: (game, players, variant); ``None`` stands for any."""
BUDGETS: dict[Configuration, int] = {
    ("lehavre", None, None): 60,
    ("lehavre", 2, "full"): 180,
    ("lehavre", 3, "full"): 90,
    ("lehavre", 3, "short"): 150,
    ("gdansk", None, None): 100,
}
"""Iterations per decision where ``iterations`` is not given, by (game, players, variant): what
fits in the issue's 400 ms of CPU per decision on this machine (``benchmarks/bot_cost.py``
times them on positions of real play; docs/bots.md, "Cost"). ``budget_for`` looks up the exact
configuration first, then the game with these players and any variant, the game with any
players and this variant, the game alone, and last ``DEFAULT_ITERATIONS``. A Le Havre or
Gdańsk iteration costs more than an Inland Port one (longer turns, more legal moves for every
greedy playout step), and a full Le Havre decision with 3 players about twice one with 2 or
one of the short game."""


def search_for(information: str) -> type[MCTSBot] | type[ISMCTSBot]:
    """The search that fits a game of this information (``GameInfo.information``): ``ismcts``
    where something is hidden, ``mcts`` where every seat sees everything."""
    return ISMCTSBot if information == Information.IMPERFECT else MCTSBot


def budget_for(game: str, players: int | None = None, variant: str | None = None) -> int:
    """The tuned iterations per decision for ``game`` (its registry name) with ``players``
    seats in ``variant`` (``BUDGETS``, with its fallbacks)."""
    for key in ((game, players, variant), (game, players, None), (game, None, variant)):
        if key in BUDGETS:
            return BUDGETS[key]
    return BUDGETS.get((game, None, None), DEFAULT_ITERATIONS)


def rollout(
    game: Game[S, A],
    state: S,
    rng: random.Random,
    heuristic: Heuristic,
    *,
    policy: str = "random",
    depth: int | None = None,
    epsilon: float = 0.0,
    cutoff: str = "turn",
    seat: int | None = None,
    mover: int | None = None,
) -> S:
    """Play on from ``state``: to the end, or for ``depth`` decisions and then to a cut-off.

    A cut-off playout is valued by the game's heuristic (``Leaf``): long games get many more,
    if rougher, samples per second that way. Where it stops matters as much as how far it goes:

    * ``"decision"``: right after ``depth`` decisions;
    * ``"turn"`` (the default): at the next turn boundary, since in the middle of a turn a
      choice is made but not yet paid for or used, and the heuristic would misjudge it;
    * ``"own"``: right after a turn of ``seat`` (the searching seat), so that all leaves are
      judged at the same point of the turn cycle;
    * ``"others"``: right before a turn of ``seat``, after every other seat has answered.

    Which works best is an empirical matter per game: ``harborgames tune --target search``
    measures it.

    ``mover`` is the seat whose decision led to ``state``.
    """
    _check(cutoff, _CUTOFFS, "cutoff")
    steps = 0
    while state.current_player is not None:
        if depth is not None and steps >= depth:
            to_move = state.current_player
            if cutoff == "decision" or (to_move != mover and _CUT[cutoff](to_move, mover, seat)):
                break
        mover = state.current_player
        if policy == "random":
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        else:
            action = greedy_step(game, state, rng, epsilon, heuristic)
        state = game.apply(state, action)
        steps += 1
    return state


def advantages(game: Game[S, A], state: S, heuristic: Heuristic) -> list[float]:
    """Each seat's heuristic minus the seats' mean: what a seat gains is relative to the rest."""
    values = [heuristic(state, p) for p in range(state.num_players)]
    mean = sum(values) / len(values)
    return [v - mean for v in values]


class Leaf(Generic[S, A]):
    """Rewards in [0, 1] for the positions where playouts stop.

    ``"rank"`` ranks the seats by heuristic: coarse (win/lose in two-player games) but free of
    any scale. ``"margin"`` scores how much each seat's heuristic advantage grew since the
    root, squashed by a logistic whose scale is the spread of growths seen so far in this
    search: the heuristic's units (Francs, points) differ per game, and this adapts to them
    without a per-game constant. Finished games always get their outcome.
    """

    def __init__(self, game: Game[S, A], mode: str, heuristic: Heuristic) -> None:
        self.game = game
        self.mode = mode
        self.heuristic = heuristic
        self.sum_squares = 0.0
        self.count = 0

    def rewards(self, state: S, root: list[float] | None) -> tuple[float, ...]:
        """``root``: the root's ``advantages`` (needed for ``"margin"``)."""
        game = self.game
        if state.current_player is None:
            return outcome_rewards(game, state)
        if self.mode == "rank" or root is None:
            return heuristic_rewards(game, state, self.heuristic)
        growth = [a - r for a, r in zip(advantages(game, state, self.heuristic), root, strict=True)]
        self.sum_squares += sum(g * g for g in growth) / len(growth)
        self.count += 1
        scale = math.sqrt(self.sum_squares / self.count)
        if scale == 0.0:
            return (0.5,) * len(growth)
        return tuple(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -g / scale)))) for g in growth)


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")


class _SearchBot:
    """The settings, the parameter set and the budget loop both searches share (docs/bots.md)."""

    name = "search"
    CONFIG: ClassVar[SearchConfig] = MCTS
    """The settings a bot of this class plays with unless given others."""

    def __init__(
        self,
        seed: int = 0,
        *,
        config: SearchConfig | None = None,
        params: str = TUNED,
        heuristic: Heuristic | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.config = self.CONFIG if config is None else config
        if not isinstance(self.config, SearchConfig):
            raise ValueError(f"config must be a SearchConfig, not {config!r}")
        self.chooser = ParamChooser(params, heuristic)
        self.plays = ""  # what the last decision was played with, for people to read
        self.last_iterations = 0  # how many iterations the last decision ran, for benchmarks

    def _allowed(self, visits: int) -> int:
        """How many of a node's moves progressive widening admits after ``visits`` visits."""
        return max(1, math.ceil(self.config.widen * math.sqrt(visits + 1)))

    def budget(self, game: str, players: int | None = None, variant: str | None = None) -> int:
        """The iterations per decision in ``game`` (its registry name) with ``players`` seats in
        ``variant``: the config's ``iterations`` if set, else the tuned budget (``budget_for``)."""
        if self.config.iterations is not None:
            return self.config.iterations
        return budget_for(game, players, variant)

    def _heuristic(self, view: View[S, A], state: S) -> Heuristic:
        """The heuristic for ``view``'s configuration (``state``: a sample of it)."""
        chosen, heuristic = self.chooser.choose(view, state)
        self.plays = f"{self.name} on {self.chooser.says(chosen)}"
        return heuristic

    def _budget(self, view: View[S, A], state: S) -> range | _Timed:
        iterations = self.config.iterations
        if iterations is None:
            iterations = budget_for(view.info.name, *configuration_of(state))
        if self.config.time_limit is None:
            return range(iterations)
        return _Timed(iterations, self.config.time_limit)

    def _playout(self, game: Game[S, A], state: S, seat: int, mover: int, heuristic: Heuristic) -> S:
        config = self.config
        return rollout(
            game,
            state,
            self.rng,
            heuristic,
            policy=config.rollout,
            depth=config.rollout_depth,
            epsilon=config.epsilon,
            cutoff=config.cutoff,
            seat=seat,
            mover=mover,
        )


class _Timed:
    """Iterate until ``iterations`` or ``seconds`` run out, whichever comes first; the first
    iteration always runs (a search with none has no move to choose)."""

    def __init__(self, iterations: int, seconds: float) -> None:
        self.iterations = iterations
        self.deadline = time.perf_counter() + seconds
        self.started = False

    def __iter__(self) -> _Timed:
        return self

    def __next__(self) -> int:
        if self.iterations <= 0 or (self.started and time.perf_counter() >= self.deadline):
            raise StopIteration
        self.started = True
        self.iterations -= 1
        return self.iterations


class _Node(Generic[S, A]):
    __slots__ = ("action", "children", "mover", "ranked", "squares", "state", "totals", "untried", "visits")

    def __init__(self, state: S, action: A | None, mover: int, untried: list[A]) -> None:
        self.state = state
        self.action = action  # None at the root only
        self.mover = mover  # the seat that chose ``action`` to reach this node
        self.untried = untried  # popped from the end
        self.ranked = False  # whether ``untried`` is in greedy order (``widen``)
        self.children: list[_Node[S, A]] = []
        self.visits = 0
        self.squares = 0.0  # sum of the searching seat's squared rewards (``anchor``)
        self.totals = [0.0] * state.num_players


class MCTSBot(_SearchBot):
    """UCT on one sampled state (the true one in perfect-information games).

    For hidden information this searches a single guess of the hidden cards; ``ismcts`` is the
    bot that averages over guesses.
    """

    name = "mcts"

    def choose(self, view: View[S, A]) -> A:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        game, rng = view.game, self.rng
        start = view.sample(seed_of(rng))
        untried = list(view.legal_actions)
        rng.shuffle(untried)
        root: _Node[S, A] = _Node(start, None, -1, untried)
        heuristic = self._heuristic(view, start)
        config = self.config
        leaf = Leaf(game, config.leaf, heuristic)
        base = advantages(game, start, heuristic)
        widen, seat = config.widen, view.seat
        count = 0
        for _ in self._budget(view, start):
            count += 1
            node, path = root, [root]
            while True:
                if widen > 0.0 and node.untried and not node.ranked:
                    ranked = _ranked(game, node.state, node.untried, node is root, seat, heuristic)
                    node.untried, node.ranked = ranked[::-1], True
                if node.untried and (widen == 0.0 or len(node.children) < self._allowed(node.visits)):
                    break
                if not node.children:
                    break
                node = self._select(node)
                path.append(node)
            if node.untried:
                mover = node.state.current_player
                assert mover is not None  # a node with actions to try is someone's decision
                action = node.untried.pop()
                state = game.apply(node.state, action)
                legal = [] if state.current_player is None else game.legal_actions(state)
                rng.shuffle(legal)
                child = _Node(state, action, mover, legal)
                node.children.append(child)
                path.append(child)
                node = child
            rewards = leaf.rewards(self._playout(game, node.state, seat, node.mover, heuristic), base)
            mine = rewards[seat] * rewards[seat]
            for visited in path:
                visited.visits += 1
                visited.squares += mine
                totals = visited.totals
                for who, reward in enumerate(rewards):
                    totals[who] += reward
        self.last_iterations = count
        if config.anchor > 0.0:
            order = _ranked(game, start, list(view.legal_actions), True, seat, heuristic)
            stats: dict[A, tuple[int, float, float]] = {}
            for ch in root.children:
                assert ch.action is not None
                stats[ch.action] = (ch.visits, ch.totals[seat], ch.squares)
            return _anchored(stats, order[0], seat, config.anchor)
        best = max(root.children, key=lambda ch: (ch.visits, ch.totals[ch.mover] / ch.visits))
        assert best.action is not None  # only the root was reached without an action
        return best.action

    def _select(self, node: _Node[S, A]) -> _Node[S, A]:
        log_n = math.log(node.visits)
        c = self.config.c
        best, best_value = node.children[0], -math.inf
        for child in node.children:
            value = child.totals[child.mover] / child.visits + c * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best


class _InfoNode(Generic[A]):
    __slots__ = ("available", "children", "mover", "order", "squares", "totals", "visits")

    def __init__(self, mover: int, num_players: int) -> None:
        self.mover = mover
        self.children: dict[A, _InfoNode[A]] = {}
        self.order: list[A] | None = None  # the actions best first (``widen``), from one sample
        self.visits = 0
        self.squares = 0.0  # sum of the searching seat's squared rewards (``anchor``)
        self.available = 1  # how often this action was legal when its parent was visited
        self.totals = [0.0] * num_players


class ISMCTSBot(_SearchBot):
    """Single-observer information-set MCTS: every iteration searches a fresh ``sample``.

    The tree is keyed by actions, not states, so statistics from different guesses of the
    hidden cards and dice add up in one tree; UCB uses availability counts because an action
    may be legal in some guesses only (Cowling, Powley and Whitehouse, 2012).
    """

    name = "ismcts"
    CONFIG = ISMCTS

    def choose(self, view: View[S, A]) -> A:
        legal_here = view.legal_actions
        if len(legal_here) == 1:
            return legal_here[0]
        game, rng, seat = view.game, self.rng, view.seat
        root: _InfoNode[A] = _InfoNode(-1, 0)
        probe = view.sample(0)  # the configuration's (each iteration samples its own)
        heuristic = self._heuristic(view, probe)
        config = self.config
        leaf = Leaf(game, config.leaf, heuristic)
        count = 0
        widen = config.widen
        for _ in self._budget(view, probe):
            count += 1
            state = view.sample(seed_of(rng))
            base = advantages(game, state, heuristic)
            node, path = root, [root]
            while state.current_player is not None:
                legal = list(legal_here) if node is root else game.legal_actions(state)
                children = node.children
                mover = state.current_player
                if widen > 0.0:
                    visits = count - 1 if node is root else node.visits
                    legal = self._widened(game, state, node, legal, visits, node is root, seat, heuristic)
                    untried = [a for a in legal if a not in children]
                    pick = 0
                else:
                    untried = [a for a in legal if a not in children]
                    pick = rng.randrange(len(untried)) if untried else 0
                if untried:
                    action = untried[pick]
                    child: _InfoNode[A] = _InfoNode(mover, state.num_players)
                    children[action] = child
                    state = game.apply(state, action)
                    path.append(child)
                    break
                action = self._select(children, legal)
                state = game.apply(state, action)
                node = children[action]
                path.append(node)
            rewards = leaf.rewards(self._playout(game, state, seat, path[-1].mover, heuristic), base)
            mine = rewards[seat] * rewards[seat]
            for visited in path[1:]:
                visited.visits += 1
                visited.squares += mine
                totals = visited.totals
                for who, reward in enumerate(rewards):
                    totals[who] += reward
        self.last_iterations = count
        tried = [a for a in legal_here if a in root.children]
        if config.anchor > 0.0:
            if root.order is None:
                sampled = view.sample(seed_of(rng))
                root.order = _ranked(game, sampled, list(legal_here), True, seat, heuristic)
            stats = {a: (ch.visits, ch.totals[seat], ch.squares) for a, ch in root.children.items()}
            return _anchored(stats, root.order[0], seat, config.anchor)

        def preference(action: A) -> tuple[int, float]:
            child = root.children[action]
            return child.visits, child.totals[seat] / child.visits

        return max(tried, key=preference)

    def _widened(
        self,
        game: Game[S, A],
        state: S,
        node: _InfoNode[A],
        legal: list[A],
        visits: int,
        at_root: bool,
        seat: int,
        heuristic: Heuristic,
    ) -> list[A]:
        """The best ``ceil(widen * sqrt(visits + 1))`` of ``legal`` by the greedy ranking.

        Progressive widening: a node first tries the move the greedy playouts would make and
        admits the next one only as its visits grow, so the search starts from greedy play and
        deviates where the evidence says so, instead of averaging a move's value over uniformly
        tried (often foolish) replies. The root is ranked as the ``greedy`` bot ranks it (its
        lookahead, relative to the best opponent); other nodes by the mover's one-step
        heuristic, as the playouts do.
        """
        order = node.order
        if order is None:
            order = node.order = _ranked(game, state, legal, at_root, seat, heuristic)
        known = set(order)
        order.extend(a for a in legal if a not in known)  # legal in this sample only: last
        legal_set = set(legal)
        return [a for a in order if a in legal_set][: self._allowed(visits)]

    def _select(self, children: dict[A, _InfoNode[A]], legal: list[A]) -> A:
        c = self.config.c
        best, best_value = legal[0], -math.inf
        for action in legal:
            child = children[action]
            child.available += 1
            value = child.totals[child.mover] / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = action, value
        return best


def _ranked(
    game: Game[S, A], state: S, legal: list[A], at_root: bool, seat: int, heuristic: Heuristic
) -> list[A]:
    """``legal`` best first for the mover: by the greedy bot's lookahead at the root (``seat``
    deciding), else by the mover's one-step heuristic (the greedy playout policy's view)."""
    mover = state.current_player
    assert mover is not None
    if at_root:
        greedy = GreedyBot(0)
        values = [greedy.value(game, game.apply(state, a), seat, heuristic) for a in legal]
    else:
        values = [
            evaluate(game, game.apply(state, a), mover, relative=False, heuristic=heuristic) for a in legal
        ]
    ranked = sorted(range(len(legal)), key=lambda i: -values[i])
    return [legal[i] for i in ranked]


def _anchored(stats: dict[A, tuple[int, float, float]], greedy: A, seat: int, anchor: float) -> A:
    """The greedy bot's move unless another move's mean beats it by ``anchor`` standard errors.

    ``stats``: each tried root move's visits, reward total and sum of squared rewards (the
    searching ``seat``'s). With a few dozen noisy playouts per move the most visited move is
    often a coin toss between near-equals; deferring to the greedy ranking there, and deviating
    only on evidence, keeps the search at least as good as the greedy bot where it cannot tell
    the moves apart.
    """
    if greedy not in stats:
        return greedy

    def moments(visits: int, total: float, squares: float) -> tuple[float, float]:
        mean = total / visits
        return mean, max(0.0, squares / visits - mean * mean) / visits

    base_mean, base_var = moments(*stats[greedy])
    best, best_margin = greedy, 0.0
    for action, (visits, total, squares) in stats.items():
        if action == greedy or visits < 2:
            continue
        mean, var = moments(visits, total, squares)
        margin = mean - base_mean - anchor * math.sqrt(var + base_var)
        if margin > best_margin:
            best, best_margin = action, margin
    return best
