"""``harborgames play`` as a person meets it: reading cards, fees before the move, the round's
end told, composed choices, saving and resuming, leaving, line editing."""

from __future__ import annotations

import builtins
import io
import itertools
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import harborgames
from harborgames import inland_port, lehavre
from harborgames.cli.choices import Menu, Picker
from harborgames.cli.terminal import LineReader
from harborgames.core.compose import compose
from harborgames.core.play import group_actions, replay_states
from harborgames.core.protocol import GameModule
from harborgames.core.render import WIDTH, fit
from harborgames.core.views import find_card

from ..bots import toy_nim
from .runner import run


def _play(argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch) -> int:
    return run(["play", *argv], stdin=script, monkeypatch=monkeypatch)


# -- reading a card ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "word"), [("lehavre", "marketplace"), ("inland_port", "wood_company")])
def test_info_prints_the_card_with_its_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, word: str
) -> None:
    game = harborgames.load(name)
    card = find_card(game.cards(), word)
    assert card.text  # the rulebook's function of the card
    assert _play([name, "--bots", "random", "--seed", "1"], f"info {word}\n", monkeypatch) == 1
    out = capsys.readouterr().out
    shown = [part for line in card.lines() for part in fit(line, indent="  ")]
    assert f"> info {word}\n" + "\n".join(shown) + "\n> " in out
    assert card.text.split()[0] in out


def test_help_with_a_card_points_at_info_and_unknown_names_get_a_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "help joinery\ninfo marktplace\ninfo wharf\ninfo\nhelp nothing_at_all\nhelp\n"
    assert _play(["lehavre", "--bots", "random", "--seed", "1"], script, monkeypatch) == 1
    out = capsys.readouterr().out
    joinery = find_card(lehavre.cards(), "joinery")
    shown = [part for line in joinery.lines() for part in fit(line, indent="  ")]
    assert "`info joinery` prints a card at any prompt:\n" + "\n".join(shown) in out
    assert "no card is called 'marktplace'" in out
    assert "'wharf' could be any of: Wharf 1, Wharf 2" in out
    assert "this decision names: " in out  # info alone: the cards the options name
    assert "no card is called 'nothing_at_all'; `help` lists the commands" in out
    assert "  info NAME    print a card" in out


def test_a_game_without_cards_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _play(["toy_nim", "--bots", "random", "--seed", "0"], "info pile\n", monkeypatch) == 1
    assert "Toy Nim has no cards to read" in capsys.readouterr().out


# -- the list of options -----------------------------------------------------------------------


def _first_moves(game: GameModule, players: int, seed: int, moves: int) -> Iterator[object]:
    state = game.new_game(players, seed=seed)
    for _ in range(moves):
        if game.is_terminal(state):
            return
        yield state
        state = game.apply(state, game.legal_actions(state)[-1])


def test_entering_a_building_shows_its_fee_before_the_move() -> None:
    """The game's words for the seat deciding say the fee (or that there is none: an owner enters
    free), so the list shows it before the move; ``tests/cli/test_tables.py`` has an owner's."""
    entered = 0
    for state in _first_moves(lehavre, 2, 1, 300):
        seen = lehavre.observe(state, state.current_player)
        lines = Menu(lehavre, lehavre.legal_actions(state), seen).lines()
        for action in lehavre.legal_actions(state):
            if str(action).split()[0] != "enter":
                continue
            label = lehavre.action_label(action, seen)
            assert re.search(r" \((fee .+|no fee|yours: no fee)\)$", label), label
            assert any(line.endswith(f". {label}") for line in lines), (action, lines)
            entered += 1
    assert entered > 10


def test_options_are_listed_by_the_games_words_with_the_notation_where_they_differ() -> None:
    state = lehavre.new_game(2, seed=1)
    lines = Menu(lehavre, lehavre.legal_actions(state), lehavre.observe(state, 0)).lines()
    assert "      1. Take the Francs" in lines  # "take francs" says the same: no notation shown
    state = inland_port.new_game(2, seed=1)
    state = inland_port.apply(state, inland_port.parse_action(state, "build wood_company"))
    for line in Menu(inland_port, inland_port.legal_actions(state), inland_port.observe(state, 0)).lines():
        assert len(line) <= WIDTH


def test_the_buttons_words_can_be_typed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "typed.json"
    script = f"Build Wood Company\nsave {saved}\nquit\n"
    assert _play(["inland_port", "--seats", "0,1", "--seed", "1"], script, monkeypatch) == 0
    assert inland_port.loads(saved.read_text()).actions == ("build wood_company",)


# -- composed choices --------------------------------------------------------------------------


def _until_composed(game: GameModule, seed: int) -> tuple[list[str], list[str]]:
    """The notations of the last-listed moves until a decision that composes, and that
    decision's composed group."""
    played: list[str] = []
    for state in _first_moves(game, 2, seed, 2000):
        for _, group in group_actions(game.legal_actions(state)):
            if compose([str(a) for a in group]) is not None:
                return played, [str(a) for a in group]
        played.append(str(game.legal_actions(state)[-1]))
    raise AssertionError("no composed decision")


def test_a_composed_choice_is_one_line_not_one_per_combination(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    played, group = _until_composed(lehavre, 1)
    composition = compose(group)
    assert composition is not None
    # the parts typed in another order than the notation's, with the verb
    last = group[-1]
    verb, *parts = last.split()
    if composition.kind == "amounts":
        pairs = [f"{parts[k]} {parts[k + 1]}" for k in range(0, len(parts), 2)]
        typed = " ".join([verb, *reversed(pairs)])
    else:
        typed = " ".join([verb, *reversed(parts)])
    saved = tmp_path / "composed.json"
    script = "\n".join([*played, typed, f"save {saved}", "quit", ""])
    assert _play(["lehavre", "--players", "2", "--seats", "0,1", "--seed", "1"], script, monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"({len(group)} ways):" in out
    state = _state(played)
    seen = lehavre.observe(state, 0)
    assert sum(line.strip().endswith(f". {lehavre.action_label(lehavre.parse_action(state, g), seen)}")
               for line in out.splitlines() for g in group[1:]) == 0  # not listed one by one
    assert lehavre.loads(saved.read_text()).actions[-1] == last


def _state(played: list[str]) -> object:
    state = lehavre.new_game(2, seed=1)
    for text in played:
        state = lehavre.apply(state, lehavre.parse_action(state, text))
    return state


class _Word(str):
    """An option whose notation is its text."""


def test_the_marketplace_goods_are_picked_one_at_a_time() -> None:
    goods = ["fish", "wood", "clay", "iron", "grain", "cattle"]
    group = [f"choose {a} {b}" for k, a in enumerate(goods) for b in goods[k + 1 :]]
    composition = compose(group)
    assert composition is not None and composition.kind == "set"
    picker = Picker(composition)
    assert picker.take("wood") is None  # one good: not an option yet
    assert "picked wood; add: 1) fish, 2) clay, 3) iron" in "\n".join(picker.status())
    with pytest.raises(ValueError, match="not a part of this choice: 'banana'"):
        picker.take("banana")
    assert picker.take("back") is None and picker.counts == {}
    assert picker.take("2") is None  # the second good listed: wood
    assert picker.take("Iron") == "choose wood iron"  # two goods: the only option left


def test_a_chooser_that_offered_done_waits_for_it_after_the_last_pick() -> None:
    # `done` was offered after the first pick, so the last does not play the choice by itself
    composition = compose(["pay 2 fish", "pay 1 fish 1 bread", "pay 2 bread", "pay 2 fish 1 bread"])
    assert composition is not None
    picker = Picker(composition)
    assert picker.take("2 fish") is None and "`done` plays pay 2 fish" in " ".join(picker.status())
    assert picker.take("bread") is None
    assert "nothing more can be added: `done` plays pay 2 fish 1 bread" in " ".join(picker.status())
    assert picker.take("done") == "pay 2 fish 1 bread"


def test_a_payment_is_picked_by_amounts_and_done() -> None:
    composition = compose(["pay 2 fish", "pay 1 fish 1 bread", "pay 2 bread", "pay 2 fish 1 bread"])
    assert composition is not None and composition.kind == "amounts"
    picker = Picker(composition)
    assert picker.take("2 fish") is None  # "pay 2 fish" is legal, and so is adding bread
    assert "`done` plays pay 2 fish" in "\n".join(picker.status())
    assert picker.take("done") == "pay 2 fish"
    picker = Picker(composition)
    with pytest.raises(ValueError, match="no legal option takes 3 fish"):
        picker.take("3 fish")
    assert picker.take("bread") is None and picker.take("bread") == "pay 2 bread"


def test_a_typed_choice_with_too_few_parts_says_how_many_it_takes() -> None:
    goods = ["fish", "wood", "clay", "iron", "grain", "cattle"]
    group = [f"choose {a} {b} {c} {d}" for a, b, c, d in itertools.combinations(goods, 4)]
    menu = Menu(toy_nim, [_Word(text) for text in group], None)
    assert menu.why_not("choose fish wood") == "choose takes 4 parts, not 2"
    composition = menu.entries[0].composition
    assert composition is not None
    picker = Picker(composition)
    assert picker.take("fish wood") is None
    with pytest.raises(ValueError, match="not a legal choice yet: it takes 4 parts, you have 2; add "):
        picker.take("done")
    assert menu.why_not("choose fish banana").startswith("not a part of this choice in 'fish banana'")


def test_picking_in_play_goes_back_to_the_list_on_an_empty_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    played, group = _until_composed(lehavre, 1)
    state = _state(played)
    menu = Menu(lehavre, lehavre.legal_actions(state), lehavre.observe(state, 0))
    number = next(k for k, entry in enumerate(menu.entries, 1) if entry.composition is not None)
    saved = tmp_path / "picked.json"
    picks = [str(number), "info fish", "", str(number), *["1"] * 12]
    script = "\n".join([*played, *picks, f"save {saved}", "quit", ""])
    assert _play(["lehavre", "--players", "2", "--seats", "0,1", "--seed", "1"], script, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "pick the parts one at a time by word or number" in out
    assert find_card(lehavre.cards(), "fish").lines()[0] in out  # commands work meanwhile
    assert lehavre.loads(saved.read_text()).actions[len(played)] in group


# -- what the table is told --------------------------------------------------------------------


def test_the_round_end_is_narrated_after_the_move_that_ends_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "rounds.json"
    script = "1\n" * 60 + f"save {saved}\nquit\ny\n"
    assert _play(["lehavre", "--players", "2", "--bots", "random", "--seed", "2"], script, monkeypatch) == 0
    out = capsys.readouterr().out
    record = lehavre.loads(saved.read_text())
    told = []
    steps = list(replay_states(lehavre, record))
    for (_, before), (_, after) in itertools.pairwise(steps):
        told += lehavre.narrate(lehavre.observe(before, 0), lehavre.observe(after, 0))
    assert any(line.startswith("Round 1 of 14 is over") for line in told)  # the game tells it
    place = 0
    for line in told:  # every line, in order
        shown = "\n".join(fit(f"  {line}", indent="    "))
        place = out.index(shown, place) + len(shown)


# -- saving, resuming, leaving -----------------------------------------------------------------


def test_a_saved_game_resumes_with_play_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    argv = ["inland_port", "--bots", "greedy", "--seed", "5"]
    assert _play(argv, "1\n" * 6 + f"save {first}\nquit\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"resume with:\n  harborgames play --load {first}\n" in out  # the record names the seats
    saved = inland_port.loads(first.read_text())
    script = f"1\nsave {second}\nquit\n"
    assert _play(["--load", str(first)], script, monkeypatch) == 0
    out = capsys.readouterr().out
    assert f"resuming {first}: {len(saved.actions)} moves replayed" in out
    assert "seat 1: greedy" in out
    resumed = inland_port.loads(second.read_text())
    assert resumed.seed == 5 and resumed.actions[: len(saved.actions)] == saved.actions
    assert len(resumed.actions) > len(saved.actions)  # the game went on
    # the same moves as if it had never stopped: each bot decision is seeded from the game seed,
    # the seat and the move number (tests/cli/test_resume.py: every game, --seats and --bots)
    third = tmp_path / "third.json"
    assert _play(argv, "1\n" * 7 + f"save {third}\nquit\n", monkeypatch) == 0
    assert inland_port.loads(third.read_text()).actions == resumed.actions


def test_a_game_saved_at_its_end_resumes_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    over = tmp_path / "over.json"
    moves = [str(toy_nim.legal_actions(state)[-1]) for state in _first_moves(toy_nim, 2, 3, 100)]
    script = "\n".join([*moves, f"save {over}", ""])  # the offer to save at game over takes it
    assert _play(["toy_nim", "--seats", "0,1", "--seed", "3"], script, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "save the game? `save FILE` writes its record, `review` tells how it was won\n" in out
    record = toy_nim.loads(over.read_text())
    assert list(replay_states(toy_nim, record))[-1][1].current_player is None
    assert _play(["--load", str(over), "--seats", "0,1"], "", monkeypatch) == 0
    out = capsys.readouterr().out
    assert "winners: seat" in out and "save the game?" not in out  # it is saved as it is


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "3"], "--load takes the seed from the record"),
        (["--players", "3"], "--load takes the number of players from the record"),
        (["--option", "a=b"], "--load takes the rule options from the record"),
        (["gdansk"], "holds an 'inland_port' game, not 'gdansk'"),
    ],
)
def test_play_load_refuses_what_the_record_decides(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    message: str,
) -> None:
    saved = tmp_path / "setup.json"
    assert _play(["inland_port", "--bots", "random", "--seed", "1"], f"save {saved}\n", monkeypatch) == 1
    assert run(["play", "--load", str(saved), *argv]) == 2
    assert message in capsys.readouterr().err


def test_play_without_a_game_or_a_file_says_what_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play"]) == 2
    assert "play needs a game (see `harborgames games`), or --load FILE" in capsys.readouterr().err


def test_quit_asks_first_unless_the_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert _play(["toy_nim", "--bots", "random", "--seed", "0"], "quit\nn\nquit\ny\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert out.count("leave without saving? [y/N]") == 2
    assert "playing on\n> quit\n" in out and out.endswith("game abandoned\n")
    saved = tmp_path / "kept.json"
    assert _play(["toy_nim", "--bots", "random", "--seed", "0"], f"quit\nsave {saved}\n", monkeypatch) == 0
    assert saved.exists()  # `save FILE` at the question saves and leaves
    capsys.readouterr()
    assert _play(["toy_nim", "--bots", "random", "--seed", "0"], f"save {saved}\nquit\n", monkeypatch) == 0
    assert "leave without saving" not in capsys.readouterr().out


class _Keys:
    """A terminal where the person presses Ctrl-C once, then types lines."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.pressed = False

    def readline(self) -> str:
        if not self.pressed:
            self.pressed = True
            raise KeyboardInterrupt
        return self.lines.pop(0) if self.lines else ""

    def isatty(self) -> bool:
        return True


def test_ctrl_c_asks_and_no_plays_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Keys(["n\n", "pile 0\n"]))
    assert run(["play", "toy_nim", "--bots", "random", "--seed", "0"]) == 1  # then the input ends
    out = capsys.readouterr().out
    assert "leave without saving? [y/N] playing on" in out
    assert "input ended; the game is left unfinished" in out


def test_the_end_of_the_input_leaves_without_asking_and_saves_the_game_to_a_named_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("HARBORGAMES_SAVES", str(tmp_path))
    argv = ["inland_port", "--bots", "greedy", "--seed", "5"]
    assert _play(argv, "1\n1\n", monkeypatch) == 1
    out = capsys.readouterr().out
    saved = tmp_path / "inland_port-5.json"
    assert "leave" not in out
    assert out.endswith(
        "> \ninput ended; the game is left unfinished\n"
        f"saved 4 moves to {saved}; resume with:\n  harborgames play --load {saved}\n"
    )
    assert len(inland_port.loads(saved.read_text()).actions) == 4
    # a second game of the same seed never overwrites the first; a quit answered by the end of
    # the input saves too
    assert _play(argv, "1\nquit\n", monkeypatch) == 1
    assert f" move to {tmp_path / 'inland_port-5-2.json'}; resume with" in capsys.readouterr().out
    assert len(inland_port.loads(saved.read_text()).actions) == 4
    # resumed and left again, it names the file it came from
    assert _play(["--load", str(saved)], "", monkeypatch) == 1
    assert f"the game is saved in {saved}; resume with:" in capsys.readouterr().out


def test_play_counts_the_players_from_bots_and_seats_as_arena_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv, header in (
        (["lehavre", "--bots", "easy"], "seat 0: you, seat 1: easy"),
        (["gdansk", "--bots", "easy,greedy:lookahead=2"],
         "seat 0: you, seat 1: easy, seat 2: greedy:lookahead=2"),
        (["gdansk", "--seats", "1", "--bots", "random"], "seat 0: random, seat 1: you"),
        (["lehavre"], "seat 0: you, seat 1: "),  # you and the default bot, not a solo game
    ):
        assert _play([*argv, "--seed", "1"], "quit\ny\n", monkeypatch) == 0
        out = capsys.readouterr().out
        assert header in out.splitlines()[1], argv


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["lehavre", "--bots", ",".join(["easy"] * 5)], "not 6 (one seat per bot in --bots and per --seats"),
        (["inland_port", "--bots", "easy,easy"], "--bots names 2 bots for 1 bot seat"),
        (["gdansk", "--players", "2", "--seats", "0,1", "--bots", "easy"],
         "every one of the 2 seats is a person's"),
    ],
)
def test_bots_that_cannot_be_seated_are_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert _play(argv, "quit\ny\n", monkeypatch) == 2
    assert message in capsys.readouterr().err


# -- line editing ------------------------------------------------------------------------------


def test_a_terminal_reads_through_readline_with_history_and_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("readline")
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    asked = []

    def typed(prompt: str) -> str:
        asked.append(prompt)
        return "  take wood  "

    monkeypatch.setattr(builtins, "input", typed)  # input() is where readline edits a line
    reader = LineReader(lambda: ["marketplace", "market", "fishery"])
    assert reader.read("> ") == "take wood" and asked == ["> "]
    assert [reader._complete("mar", k) for k in range(3)] == ["market", "marketplace", None]


def test_a_pipe_is_read_without_readline_and_echoed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("take wood\n"))
    reader = LineReader()
    assert not reader.interactive
    assert reader.read("> ") == "take wood" and reader.read("> ") is None
    assert capsys.readouterr().out == "> take wood\n> "


def test_what_play_prints_fits_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "1\n" * 120 + "quit\ny\n"
    assert _play(["lehavre", "--players", "3", "--bots", "random", "--seed", "4"], script, monkeypatch) == 0
    wide = [line for line in capsys.readouterr().out.splitlines() if len(line) > WIDTH]
    assert wide == []


def test_with_two_people_at_the_terminal_each_seats_own_news_says_whose_it_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _play(["lehavre", "--players", "2", "--seats", "0,1", "--seed", "2"], "1\n" * 80, monkeypatch) == 1
    out = capsys.readouterr().out
    assert "\n  Round 1 of 14 is over: " in out  # told to both: once, as it is
    assert re.search(r"\n  seat [01]: You paid \d+ food", out)  # told to one seat only
