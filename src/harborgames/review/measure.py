"""Measuring a finished game: each seat's estimated final score over the game as the reviewed
seat could know it, the decisions where a judge would have played otherwise, the score by source
and where the winner's margin came from (the package's docstring says how)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from ..bots import derive_seed, make_from_spec, make_view
from ..bots.simple import Heuristic
from ..bots.tuned import TUNED, param_set
from ..bots.view import hides_future
from ..core.play import replay_states
from ..core.protocol import GameModule, GameRecord, State
from .report import (
    DEFAULT_BUDGET,
    TURNING_POINTS,
    Budget,
    Review,
    ReviewError,
    ScoreSource,
    Standing,
    TurningPoint,
)

__all__ = ["review", "review_steps", "standings", "tuned_heuristic"]

S = TypeVar("S", bound=State)
A = TypeVar("A")

_HORIZON = 30  # decisions of every seat's greedy play after a move before its estimate is read
_SCREEN_NODES = 400  # positions the screen values per decision at most, as greedy caps them


def review(
    game: GameModule[S, A],
    record: GameRecord,
    seat: int,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of ``seat``'s game in ``record``, a finished game of ``game``.

    ``progress(done, total)`` is called as the work advances (a progress bar's). The same
    record, seat, budget and seed give the same review.
    """
    if record.game != game.INFO.name:
        raise ReviewError(
            f"this is a record of {record.game!r}, not of {game.INFO.name!r}: review it as {record.game}"
        )
    _check_seat(seat, record.num_players)
    try:
        replayed = replay_states(game, record)
        steps = list(replayed)
    except ValueError as error:  # IllegalActionError, or new_game refusing the setup
        raise ReviewError(f"the record does not replay: {error}") from None
    return review_steps(
        game,
        steps,
        seat,
        budget=budget,
        seed=seed,
        progress=progress,
        variant=record.variant,
        seats=record.seats,
    )


def review_steps(
    game: GameModule[S, A],
    steps: Sequence[tuple[A | None, S]],
    seat: int,
    *,
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    variant: str | None = None,
    seats: Sequence[str] = (),
) -> Review:
    """``review`` of a game given as ``replay_states`` yields it: ``(None, start)`` then each
    ``(action, state after)``."""
    if not steps:
        raise ReviewError("a review needs the game's positions, and there are none")
    states = [state for _, state in steps]
    actions: list[A] = []
    for action, _ in steps[1:]:
        if action is None:
            raise ReviewError("a review needs the action of every step after the start")
        actions.append(action)
    final = states[-1]
    _check_seat(seat, final.num_players)
    if not game.is_terminal(final):
        raise ReviewError(
            f"the game is not over (seat {final.current_player} is to move after "
            f"{len(actions)} moves): a review is of a finished game"
        )
    make_from_spec(budget.judge)  # an unknown bot or parameter is refused now, not after the screen
    value = tuned_heuristic(game, final.num_players, variant or game.INFO.default_variant)
    mine = [
        step
        for step, state in enumerate(states[:-1])
        if state.current_player == seat and len(game.legal_actions(state)) > 1
    ]
    total = len(states) + len(mine) + min(budget.candidates, len(mine))
    done = 0

    def advance() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    line = standings(game, states, seat, samples=budget.samples, seed=seed, on_each=advance, heuristic=value)
    rounds = {s.step: s.round for s in line}
    screened = []
    for step in mine:
        drop = _screen(
            game, value, states[step], actions[step], seat, budget.samples, derive_seed("screen", seed, step)
        )
        screened.append((drop, step))
        advance()
    asked = _candidates(screened, _falls(game, states, line, seat), budget.candidates)
    turning: list[TurningPoint] = []
    for step in sorted(asked):
        point = _judged(game, value, states[step], actions[step], seat, step, rounds[step], budget, seed)
        if point is not None:
            turning.append(point)
        advance()
    turning.sort(key=lambda p: (-p.difference, p.step))
    scores = tuple(game.scores(final))
    winners = tuple(game.winners(final))
    sources = _sources(game, final, seat)
    return Review(
        game=game.INFO.name,
        title=game.INFO.title,
        variant=variant or game.INFO.default_variant,
        num_players=final.num_players,
        seat=seat,
        seats=tuple(seats) or ("",) * final.num_players,
        moves=len(actions),
        standings=line,
        turning_points=tuple(turning[:TURNING_POINTS]),
        scores=scores,
        winners=winners,
        sources=sources,
        margin=_margin(scores, winners, sources),
        judge=budget.judge,
        candidates=len(asked),
        samples=budget.samples,
    )


def standings(
    game: GameModule[S, A],
    states: Sequence[S],
    seat: int,
    *,
    samples: int = DEFAULT_BUDGET.samples,
    seed: int = 0,
    on_each: Callable[[], None] | None = None,
    heuristic: Heuristic | None = None,
) -> tuple[Standing, ...]:
    """Each seat's estimated final score at each of ``states``, as ``seat`` could know it then:
    the heuristic (the configuration's tuned set unless ``heuristic`` is given) averaged over
    ``samples`` states ``game.resample`` draws for ``seat`` (the state itself where nothing is
    hidden); a finished game's is its scores."""
    if heuristic is None and states:
        heuristic = tuned_heuristic(game, states[0].num_players, states[0].variant)
    value = heuristic or game.heuristic
    draws = samples if hides_future(game) else 1
    line = []
    for step, state in enumerate(states):
        if game.is_terminal(state):
            estimates = tuple(float(score) for score in game.scores(state))
        else:
            drawn = _samples(game, state, seat, draws, derive_seed("standing", seed, step))
            estimates = tuple(
                round(sum(value(s, p) for s in drawn) / len(drawn), 2) for p in range(state.num_players)
            )
        line.append(Standing(step=step, round=_round(game, state, seat), estimates=estimates))
        if on_each is not None:
            on_each()
    return tuple(line)


# -- what the review is made of ----------------------------------------------------------------


def _check_seat(seat: int, num_players: int) -> None:
    if type(seat) is not int or not 0 <= seat < num_players:
        raise ReviewError(f"seat {seat!r} is not in this game: its seats are 0 to {num_players - 1}")


def _samples(game: GameModule[S, A], state: S, seat: int, draws: int, seed: int) -> list[S]:
    if not hides_future(game):
        return [state]
    return [game.resample(state, seat, derive_seed(seed, k)) for k in range(draws)]


def _round(game: GameModule[S, A], state: S, seat: int) -> str:
    """The round the game's own table shows ``seat`` (every game's table names it ``round``)."""
    table = _table(game, state, seat)
    shown = table.get("round") if isinstance(table, dict) else None
    return "" if shown is None else str(shown)


# The view functions (``table``, ``action_label``) are the protocol's: every game has them
# (``harborgames.load`` and the command check a game handed in).
def _table(game: GameModule[S, A], state: S, seat: int) -> object:
    return game.table(game.observe(state, seat))


def _labeller(game: GameModule[S, A], state: S, seat: int) -> Callable[[A], str]:
    observation = game.observe(state, seat)
    return lambda action: game.action_label(action, observation)


def _value(
    game: GameModule[S, A], value: Heuristic, state: S, seat: int, depth: int, budget: list[int]
) -> float:
    """The seat's estimate of ``state``, looking ``depth`` of its own decisions further (the
    best of them); each position valued takes one from ``budget[0]``."""
    budget[0] -= 1
    if depth > 0 and state.current_player == seat:
        return max(
            _value(game, value, game.apply(state, a), seat, depth - 1, budget)
            for a in game.legal_actions(state)
        )
    return _estimate(game, value, state, seat)


def tuned_heuristic(game: GameModule[S, A], players: int, variant: str) -> Heuristic:
    """The game's heuristic with the configuration's tuned weights (``bots.tuned``): the
    evaluation the bots play by, so the review judges as they do."""
    return functools.partial(game.heuristic, params=param_set(TUNED, game, players, variant).heuristic)


def _estimate(game: GameModule[S, A], value: Heuristic, state: S, seat: int) -> float:
    if game.is_terminal(state):
        return float(game.scores(state)[seat])
    return float(value(state, seat))


def _screen(
    game: GameModule[S, A], value: Heuristic, state: S, played: A, seat: int, samples: int, seed: int
) -> float:
    """How far the move played falls below the best move by the heuristic, looking one decision
    further within the seat's turn (``greedy``'s view), or none where that would value more
    than ``_SCREEN_NODES`` positions (every move is valued alike): the cheap first pass."""
    drawn = _samples(game, state, seat, samples, seed)
    legal = game.legal_actions(state)
    for depth in (1, 0):
        budget = [_SCREEN_NODES * len(drawn)]
        values = {
            str(action): sum(_value(game, value, game.apply(s, action), seat, depth, budget) for s in drawn)
            for action in legal
        }
        if budget[0] > 0:
            break
    return (max(values.values()) - values[str(played)]) / len(drawn)


def _falls(
    game: GameModule[S, A], states: Sequence[S], line: Sequence[Standing], seat: int
) -> list[tuple[float, int]]:
    """How far the seat's standing against the best other seat fell over each of its turns (its
    decisions in a row, up to the next position another seat decides in), as ``(fall, step)``
    with the step of the turn's decision with the most legal moves."""

    def lead(step: int) -> float:
        estimates = line[step].estimates
        others = [value for p, value in enumerate(estimates) if p != seat]
        return estimates[seat] - max(others) if others else estimates[seat]

    falls = []
    step = 0
    while step < len(states) - 1:
        if states[step].current_player != seat:
            step += 1
            continue
        first = step
        widest, most = step, 0
        while step < len(states) - 1 and states[step].current_player == seat:
            options = len(game.legal_actions(states[step]))
            if options > most:
                widest, most = step, options
            step += 1
        if most > 1:
            falls.append((lead(first) - lead(step), widest))
    return falls


def _candidates(screened: list[tuple[float, int]], falls: list[tuple[float, int]], count: int) -> list[int]:
    """The decisions to ask the judge about: by turns, the largest drop the screen found and the
    largest fall of the seat's standing against the others (which finds what the screen cannot
    see one decision ahead, as when the seat plays the heuristic's own favourites)."""
    orders = [sorted(pairs, key=lambda pair: (-pair[0], pair[1])) for pairs in (screened, falls)]
    chosen: list[int] = []
    for rank in range(max(len(order) for order in orders) if orders[0] else 0):
        for order in orders:
            if len(chosen) < count and rank < len(order) and order[rank][1] not in chosen:
                chosen.append(order[rank][1])
    return sorted(chosen)


def _played_on(
    game: GameModule[S, A], value: Heuristic, state: S, action: A, seat: int, drawn: Iterable[S]
) -> float:
    """The seat's estimate after ``action`` and ``_HORIZON`` more decisions in which every seat
    plays its heuristic's favourite (the first of equals), averaged over ``drawn``: the same
    play after either move, so that what a move leads to in the next turns counts."""
    values = []
    for sample in drawn:
        after = game.apply(sample, action)
        for _ in range(_HORIZON):
            mover = after.current_player
            if mover is None:
                break
            after = _favourite(game, value, after, mover)
        values.append(_estimate(game, value, after, seat))
    return sum(values) / len(values)


def _favourite(game: GameModule[S, A], value: Heuristic, state: S, mover: int) -> S:
    """The position after the move ``mover``'s heuristic likes best (the first of equals)."""
    best, best_value = state, float("-inf")
    for option in game.legal_actions(state):
        after = game.apply(state, option)
        estimate = _estimate(game, value, after, mover)
        if estimate > best_value:
            best, best_value = after, estimate
    return best


def _judged(
    game: GameModule[S, A],
    value: Heuristic,
    state: S,
    played: A,
    seat: int,
    step: int,
    round_: str,
    budget: Budget,
    seed: int,
) -> TurningPoint | None:
    """The judge's move at this decision, and the estimates after it and after the move played;
    ``None`` where the judge plays the same or its move is not estimated higher."""
    judge = make_from_spec(budget.judge, seed=derive_seed("judge", seed, step))
    preferred = judge.choose(make_view(game, state, seat))
    if str(preferred) == str(played):
        return None
    drawn = _samples(game, state, seat, budget.samples, derive_seed("turn", seed, step))
    after_played = _played_on(game, value, state, played, seat, drawn)
    after_preferred = _played_on(game, value, state, preferred, seat, drawn)
    difference = round(after_preferred - after_played, 2)
    if difference <= 0:
        return None
    label = _labeller(game, state, seat)
    return TurningPoint(
        step=step,
        round=round_,
        played=str(played),
        played_label=label(played),
        preferred=str(preferred),
        preferred_label=label(preferred),
        estimate_played=round(after_played, 2),
        estimate_preferred=round(after_preferred, 2),
        difference=difference,
    )


def _sources(game: GameModule[S, A], final: S, seat: int) -> tuple[ScoreSource, ...]:
    """The final score by source, every seat's beside the others, as ``seat``'s table gives it
    (``players[i].score_parts``); none where the game's table has no such parts."""
    table = _table(game, final, seat)
    players = table.get("players") if isinstance(table, dict) else None
    if not isinstance(players, list):
        return ()
    parts: list[dict[str, int]] = []
    labels: list[str] = []
    for player in players[: final.num_players]:
        rows = player.get("score_parts") if isinstance(player, dict) else None
        own: dict[str, int] = {}
        for row in rows if isinstance(rows, list) else ():
            if isinstance(row, list | tuple) and len(row) == 2 and isinstance(row[1], int):
                own[str(row[0])] = row[1]
                if str(row[0]) not in labels:
                    labels.append(str(row[0]))
        parts.append(own)
    return tuple(ScoreSource(label, tuple(own.get(label) for own in parts)) for label in labels)


def _margin(scores: Sequence[int], winners: Sequence[int], sources: Sequence[ScoreSource]) -> str:
    """One sentence: the winner's margin over the best other seat, and the sources it came from."""
    if len(scores) == 1:
        return f"a solo game: {scores[0]} points"
    if len(winners) > 1:
        return "a shared win: " + ", ".join(f"P{s}" for s in winners) + f" on {scores[winners[0]]} points"
    winner = winners[0]
    runner = max((p for p in range(len(scores)) if p != winner), key=lambda p: (scores[p], -p))
    margin = scores[winner] - scores[runner]
    head = f"P{winner} won by {margin} point{'s' if abs(margin) != 1 else ''} over P{runner}"
    if margin == 0:
        head = f"P{winner} won on the tie-break over P{runner}, both on {scores[winner]} points"
    gaps = [
        (source.label, (source.points[winner] or 0) - (source.points[runner] or 0))
        for source in sources
        if source.points[winner] is not None or source.points[runner] is not None
    ]
    ahead = sorted((gap for gap in gaps if gap[1] > 0), key=lambda gap: -gap[1])
    behind = sorted((gap for gap in gaps if gap[1] < 0), key=lambda gap: gap[1])
    if not ahead:
        return head + "."
    said = ", ".join(f"{label} {gap:+d}" for label, gap in ahead[:3])
    if behind:
        said += " outweighed " + ", ".join(f"{label} {gap:+d}" for label, gap in behind[:2])
    return f"{head}: {said}."
