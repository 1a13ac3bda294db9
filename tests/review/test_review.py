"""``harborgames.review`` (issue 40, docs/review.md): a seeded game between bots gives the same
review twice in every game; the standings never show a seat what it could not see; the turning
points are the reviewed seat's own decisions; a game under way, another game's record or a seat
the game lacks is refused with a ``ReviewError``; and ``harborgames review`` prints it at 80
columns. Games are played by cheap bots and reviewed at small budgets, to stay fast."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import attrs
import pytest

import harborgames
from harborgames import bots
from harborgames.cli import main
from harborgames.core.play import make_record, replay_states
from harborgames.core.protocol import GameRecord
from harborgames.review import Budget, Review, ReviewError, review, review_steps, standings

from ..cli.runner import TOYS, run

CONFIGURATIONS = [("inland_port", 2, None), ("gdansk", 3, None), ("lehavre", 2, "full")]
SMALL = Budget(judge="greedy", candidates=3, samples=1)  # the judge asked cheaply
REVIEWED = 0  # the seat played by a random bot, the others by greedy: its mistakes are plenty


@cache
def _game(name: str, players: int, variant: str | None, seed: int = 7) -> GameRecord:
    """A seeded game to its end: seat 0 a random bot, the others ``greedy:lookahead=1``."""
    game = harborgames.load(name)
    state = game.new_game(players, seed=seed, **({"variant": variant} if variant else {}))
    players_ = [bots.make("random", seed=seed)] + [
        bots.make("greedy", seed=seed + seat, lookahead=1) for seat in range(1, players)
    ]
    actions = []
    while not game.is_terminal(state):
        seat = state.current_player
        action = players_[seat].choose(bots.make_view(game, state, seat))
        actions.append(action)
        state = game.apply(state, action)
    return make_record(game, players, seed, actions, variant=variant)


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGURATIONS)
def test_a_seeded_game_gives_the_same_review_twice(name: str, players: int, variant: str | None) -> None:
    game = harborgames.load(name)
    record = _game(name, players, variant)
    first = review(game, record, REVIEWED, budget=SMALL)
    second = review(game, record, REVIEWED, budget=SMALL)
    assert first == second
    assert json.loads(json.dumps(first.as_json())) == first.as_json()
    assert Review.from_json(first.as_json()) == first
    assert len(first.standings) == len(record.actions) + 1
    final = first.standings[-1].estimates
    assert final == tuple(float(score) for score in first.scores)
    assert first.sources and first.margin
    assert all(len(line) <= 80 for line in first.lines(80))


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGURATIONS)
def test_the_turning_points_are_decisions_of_the_reviewed_seat(
    name: str, players: int, variant: str | None
) -> None:
    game = harborgames.load(name)
    record = _game(name, players, variant)
    states = [state for _, state in replay_states(game, record)]
    made = review(game, record, REVIEWED, budget=SMALL)
    assert 1 <= len(made.turning_points) <= 5  # a random seat against greedy gives the judge plenty
    for point in made.turning_points:
        assert states[point.step].current_player == REVIEWED
        assert record.actions[point.step] == point.played
        assert point.preferred != point.played
        assert point.preferred in {str(a) for a in game.legal_actions(states[point.step])}
        assert point.difference == pytest.approx(point.estimate_preferred - point.estimate_played, abs=0.02)
        assert point.difference > 0
    differences = [point.difference for point in made.turning_points]
    assert differences == sorted(differences, reverse=True)


@pytest.mark.parametrize("seat", [0, 1])
def test_what_a_seat_could_not_see_does_not_move_its_standings(seat: int) -> None:
    """Le Havre (the full game) hides the special buildings' deck. The same moves played from a
    deal that differs only there (the deck as ``resample`` deals it anew for ``seat``: a start
    the seat cannot tell from the true one) give ``seat`` the same standings, every seat's line,
    until the first position whose observation differs: where it learns what was hidden (the
    town takes the top special building)."""
    game = harborgames.load("lehavre")
    assert game.INFO.information == "imperfect"
    record = _game("lehavre", 2, "full")
    true = [state for _, state in replay_states(game, record)]
    # the special buildings dealt anew; the Supply tiles as they were (the first is turned up
    # in the first turn, so a deal that differs there parts at once)
    other_start = attrs.evolve(game.resample(true[0], seat, 2024), tiles=true[0].tiles, rng=true[0].rng)
    assert other_start != true[0] and game.observe(other_start, seat) == game.observe(true[0], seat)
    other = [other_start]
    for text in record.actions:
        state = other[-1]
        if game.observe(state, seat) != game.observe(true[len(other) - 1], seat):
            break  # the seat has learned what differs: the games may part from here
        other.append(game.apply(state, game.parse_action(state, text)))
    learned = next(
        (
            i
            for i, (a, b) in enumerate(zip(true, other, strict=False))
            if game.observe(a, seat) != game.observe(b, seat)
        ),
        len(other),
    )
    assert learned > 10, "the deals differ in what is seen too soon for the test to say anything"
    assert any(a != b for a, b in zip(true[:learned], other[:learned], strict=True))
    seen_true = standings(game, true[:learned], seat, samples=3, seed=5)
    seen_other = standings(game, other[:learned], seat, samples=3, seed=5)
    assert seen_true == seen_other


def test_a_game_under_way_is_refused() -> None:
    game = harborgames.load("inland_port")
    record = _game("inland_port", 2, None)
    unfinished = attrs.evolve(record, actions=record.actions[:40])
    with pytest.raises(ReviewError, match="not over"):
        review(game, unfinished, 0, budget=SMALL)
    steps = list(replay_states(game, unfinished))
    with pytest.raises(ReviewError, match="finished game"):
        review_steps(game, steps, 0, budget=SMALL)


def test_another_games_record_and_a_seat_the_game_lacks_are_refused() -> None:
    record = _game("inland_port", 2, None)
    with pytest.raises(ReviewError, match="record of 'inland_port', not of 'gdansk'"):
        review(harborgames.load("gdansk"), record, 0, budget=SMALL)
    with pytest.raises(ReviewError, match="seats are 0 to 1"):
        review(harborgames.load("inland_port"), record, 2, budget=SMALL)
    with pytest.raises(ValueError, match="candidates"):
        Budget(candidates=-1)
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        review(harborgames.load("inland_port"), record, 0, budget=Budget(judge="oracle"))


def test_the_command_prints_the_review_at_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = harborgames.load("gdansk")
    path = tmp_path / "game.json"
    path.write_text(game.dumps(_game("gdansk", 3, None)), encoding="utf-8")
    status = main(["--plain", "review", str(path), "--seat", "0", "--judge", "greedy", "--candidates", "3"])
    out = capsys.readouterr()
    assert status == 0, out.err
    lines = out.out.splitlines()
    assert lines[0].startswith("Review of P0's game: Port Gdańsk")
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert sum(line.startswith("P") and "→" in line for line in lines) == 3  # a sparkline per seat
    assert "Turning points" in out.out and "rounds" in out.out
    assert "reviewing P0's game" in out.err  # the progress bar
    status = main(["--plain", "review", str(path), "--seat", "5"])
    assert status == 2 and "seats are 0 to 2" in capsys.readouterr().err


def test_the_command_refuses_a_game_under_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = harborgames.load("inland_port")
    record = _game("inland_port", 2, None)
    path = tmp_path / "unfinished.json"
    path.write_text(game.dumps(attrs.evolve(record, actions=record.actions[:10])), encoding="utf-8")
    status = main(["--plain", "review", str(path)])
    err = capsys.readouterr().err
    assert status == 2 and "the game is not over" in err and "Traceback" not in err


def test_play_reviews_the_game_at_its_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``review`` (the person's seat) and ``review 1`` at the game-over prompt, then leaving; a
    game without the view functions (the toy) is reviewed without rounds or sources."""
    game = TOYS["toy_nim"]
    state = game.new_game(2, seed=3)
    moves = []
    while not game.is_terminal(state):
        action = game.legal_actions(state)[-1]
        moves.append(str(action))
        state = game.apply(state, action)
    script = "\n".join([*moves, "review", "review 1", "review x", ""])
    assert (
        run(["play", "toy_nim", "--seats", "0,1", "--seed", "3"], stdin=script, monkeypatch=monkeypatch) == 0
    )
    out = capsys.readouterr().out
    assert "`review` tells how it was won" in out
    assert "Review of P0's game: " in out and "Review of P1's game: " in out
    assert "no review: review takes a seat number, not 'x'" in out
