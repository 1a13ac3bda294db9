"""``harborgames play``: a person against bots at the terminal.

Reads one line per decision from standard input, so a script can drive a whole game: a number
from the list, the action's notation or button words, or a command (``help`` lists them):
``info NAME`` prints a card at any prompt, ``undo``, ``save FILE``, ``hint``, ``table``,
``quit``. After every move, the bots' included, it prints what the table was told (the game's
``narrate``: a round's end, a roll, a new ship). ``play --load FILE`` resumes a saved game with
the seats and bots it was saved with (``--seats`` and ``--bots`` change them).

Leaving asks first (``quit``, Ctrl-C) unless the game is saved; the end of the input (Ctrl-D)
leaves at once, the game saved to a file named after it (``lehavre-1234.json``) with the line
that resumes it. A finished game is offered for saving.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import TypeVar

from .. import bots
from ..bots.arena import check_spec
from ..bots.base import derive_seed
from ..core.errors import IllegalActionError
from ..core.play import replay_states
from ..core.protocol import GameInfo, GameModule, GameRecord, State
from ..core.render import fit, listing
from .arguments import Commands, add_rules_arguments
from .choices import Menu, Picker, cards_of
from .prompt import COMMANDS, info, run_command, say, screen
from .replay import read_records
from .review import show_review
from .session import HUMAN, Session, show_forced
from .setup import check_setup, load_game, parse_options
from .terminal import LineReader
from .words import article, plural

__all__ = ["add_play_parser"]

S = TypeVar("S", bound=State)
A = TypeVar("A")


def add_play_parser(commands: Commands) -> None:
    parser = commands.add_parser("play", help="play against bots in the terminal")
    parser.add_argument("game", nargs="?", help="game name (see `harborgames games`)")
    parser.add_argument(
        "--players",
        type=int,
        help="number of seats (default: one per person in --seats and per bot in --bots; "
        "without --bots, you and one bot where the game allows two)",
    )
    parser.add_argument(
        "--bots",
        help="bots for the other seats, comma-separated, in seat order; "
        "one name fills every bot seat (default: the strongest search for the game; "
        "with --load: the saved bots); a bot is a name (random, greedy, mcts, ismcts) or a preset: "
        # (argparse formats help with %: a preset's "30%" must be written "30%%")
        + "; ".join(f"{name}: {bots.describe(name)}" for name in bots.presets()).replace("%", "%%"),
    )
    parser.add_argument(
        "--seats",
        help="your seat or seats, comma-separated, 0-based (default 0; with --load: the saved seats)",
    )
    parser.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="resume the game saved in FILE (`save FILE` in a game): its moves are replayed, "
        "then play goes on; the game, players, seed, variant, options, seats and bots are the "
        "record's (--seats and --bots replace the last two)",
    )
    add_rules_arguments(parser)
    parser.set_defaults(run=run_play)


def run_play(args: argparse.Namespace) -> int:
    if args.load is not None:
        return _resume(args)
    if args.game is None:
        raise ValueError("play needs a game (see `harborgames games`), or --load FILE to resume one")
    game = load_game(args.game, args.extra_games)
    info = game.INFO
    num_players = _player_count(args.players, args.seats, args.bots, info)
    options = parse_options(args.option)
    try:
        variant = check_setup(info, num_players, args.variant, options)
    except ValueError as error:
        if args.players is not None or args.bots is None:
            raise
        counted = "one seat per bot in --bots and per --seats, as --players is not given"
        raise ValueError(f"{error} ({counted})") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    setup = GameRecord(info.name, variant, num_players, seed, (), info.version, options)
    humans, specs = _seats(args.seats, args.bots, info, num_players)
    first = game.new_game(num_players, seed=seed, variant=variant, options=options)
    return _start(game, setup, humans, specs, [first], [])


def _resume(args: argparse.Namespace) -> int:
    """``play --load FILE``: the record's moves replayed, then the game goes on."""
    for flag, what, given in (
        ("--players", "number of players", args.players),
        ("--seed", "seed", args.seed),
        ("--variant", "variant", args.variant),
    ):
        if given is not None:
            raise ValueError(f"--load takes the {what} from the record in {args.load}: leave out {flag}")
    if args.option:
        raise ValueError(f"--load takes the rule options from the record in {args.load}: leave out --option")
    entries = read_records(Path(args.load), args.extra_games)
    if len(entries) > 1:
        raise ValueError(f"{args.load} holds {len(entries)} records; --load resumes one game")
    _, game, record = entries[0]
    if args.game is not None and args.game != record.game:
        raise ValueError(f"{args.load} holds {article(repr(record.game))} game, not {args.game!r}")
    states, actions = [], []
    try:
        for action, state in replay_states(game, record):
            states.append(state)
            if action is not None:
                actions.append(action)
    except IllegalActionError as error:
        raise IllegalActionError(f"{args.load}: {error}") from None
    humans, specs = _saved_seats(args, game.INFO, record)
    print(f"resuming {args.load}: {plural(len(actions), 'move')} replayed")
    return _start(game, record, humans, specs, states, actions, loaded=args.load)


def _saved_seats(
    args: argparse.Namespace, info: GameInfo, record: GameRecord
) -> tuple[set[int], dict[int, str]]:
    """A resumed game's seats: the record's, with what ``--seats`` and ``--bots`` replace (a
    line says so); a record saved before records kept seats takes them from the flags alone."""
    loaded, count = args.load, record.num_players
    if not record.seats:
        default = f"you at seat 0, {bots.strongest(info.information)} at the others"
        print(f"{loaded} names no seats: they are --seats and --bots (default: {default})")
        return _seats(args.seats, args.bots, info, count)
    saved_humans = ",".join(str(seat) for seat, player in enumerate(record.seats) if player == HUMAN)
    saved = {seat: player for seat, player in enumerate(record.seats) if player != HUMAN}
    flags = [flag for flag, value in (("--seats", args.seats), ("--bots", args.bots)) if value is not None]
    if flags:
        print(f"the seating saved in {loaded} is overridden by {' and '.join(flags)}")
    seats = args.seats if args.seats is not None else saved_humans
    if not seats:
        raise ValueError(f"{loaded} seats no person, only bots: choose your seat with --seats")
    humans, specs = _seats(seats, args.bots, info, count)
    if args.bots is not None:
        return humans, specs
    # A seat that was a bot keeps its bot (checked: the file may come from anyone); one that was
    # a person's gets the default.
    for seat in sorted(specs.keys() & saved.keys()):
        try:
            check_spec(saved[seat], "play, from the game seed,")
            bots.make_from_spec(saved[seat])
        except ValueError as error:
            raise ValueError(f"{loaded}: seat {seat}: {error}") from None
        specs[seat] = saved[seat]
    return humans, specs


def _start(
    game: GameModule[S, A],
    setup: GameRecord,
    humans: set[int],
    specs: dict[int, str],
    states: list[S],
    actions: list[A],
    loaded: str | None = None,
) -> int:
    """Seat the people and the bots, then play from the last of ``states``."""
    players = {
        seat: bots.make_from_spec(spec, seed=derive_seed("play", setup.seed, seat))
        for seat, spec in specs.items()
    }
    session = Session(game, setup, humans, specs, players, states, actions)
    if loaded is not None:
        session.saved = (loaded, len(actions))
    return _play(session, LineReader(), fresh=loaded is None)


def _player_count(players: int | None, seats: str | None, named: str | None, info: GameInfo) -> int:
    """``--players``, or the seats ``--seats`` and ``--bots`` fill (as ``arena`` counts them: one
    seat per bot named, one per person); without either, a game against one bot where the game
    allows two, else its least count."""
    if players is not None:
        return players
    if info.min_players == info.max_players:
        return info.min_players
    people = len({s.strip() for s in (seats or "0").split(",") if s.strip()}) or 1
    if named is not None:
        return max(info.min_players, people + len(named.split(",")))
    if seats is not None:
        return max(info.min_players, people)
    return max(info.min_players, min(2, info.max_players))


def _seats(
    seats: str | None, named: str | None, info: GameInfo, num_players: int
) -> tuple[set[int], dict[int, str]]:
    """The human seats (``--seats``, default 0) and each bot seat's spec (``--bots``), checked."""
    seats = "0" if seats is None else seats
    try:
        humans = {int(s) for s in seats.split(",") if s.strip()}
    except ValueError:
        raise ValueError(f"--seats takes seat numbers, not {seats!r}") from None
    if not humans or not all(0 <= s < num_players for s in humans):
        raise ValueError(f"--seats must name seats 0-{num_players - 1}, not {seats!r}")
    bot_seats = [s for s in range(num_players) if s not in humans]
    if named is not None and not bot_seats:
        raise ValueError(
            f"--bots names {named!r}, but every one of the {plural(num_players, 'seat')} is a person's "
            "(--seats): leave out --bots, or give more --players"
        )
    specs = [spec.strip() for spec in (named or bots.strongest(info.information)).split(",")]
    if len(specs) == 1:
        specs = specs * len(bot_seats)
    if len(specs) != len(bot_seats):
        raise ValueError(
            f"--bots names {plural(len(specs), 'bot')} for {plural(len(bot_seats), 'bot seat')}; "
            "name one bot per bot seat, or one bot for all of them"
        )
    for spec in specs:
        check_spec(spec, "play, from the game seed,")
    return humans, dict(zip(bot_seats, specs, strict=True))


def _play(session: Session[S, A], reader: LineReader, *, fresh: bool = True) -> int:
    """The game from its start (or where it was saved) to its end, or until the person
    leaves; the exit status."""
    game, players, record = session.game, session.players, session.record
    title = f"{game.INFO.title}, {plural(record.num_players, 'player')}, variant {record.variant}"
    print(*fit(f"{title}, seed {record.seed}"), sep="\n")
    print(*listing("", [f"seat {s}: {session.who(s)}" for s in range(record.num_players)]), sep="\n")
    print("type `help` for the commands, `info NAME` to read a card")
    for name in dict.fromkeys(bot.name for bot in players.values() if bot.name in bots.presets()):
        print(*fit(f"{name}: {bots.describe(name)}"), sep="\n")
    if fresh:
        show_forced(session.state)
    while session.state.current_player is not None:
        seat = session.state.current_player
        try:
            if seat in session.humans:
                status = _human_turn(session, seat, reader)
                if status is not None:
                    return status
                continue
            view = bots.make_view(game, session.state, seat)
            action = session.bot(seat).choose(view)
            # A game may keep part of a move secret from the table (Le Havre's Marketplace).
            shown = game.public_notation(session.state, action)
            print(*fit(f"seat {seat} ({session.who(seat)}): {shown}"), sep="\n")
            session.push(action)
        except KeyboardInterrupt:
            print()  # ^C was echoed on the line
            if _interrupted(session, reader):
                return 130
    return _game_over(session, reader)


def _interrupted(session: Session[S, A], reader: LineReader) -> bool:
    """After a Ctrl-C: whether the person leaves (``_leave``), told so."""
    leaving = _leave(session, reader)
    if leaving:
        print("interrupted; the game is left unfinished")
        if leaving == "unasked":
            session.save_unfinished()
    return bool(leaving)


def _leave(session: Session[S, A], reader: LineReader) -> str:
    """Whether the person wants to leave the game (``quit``, Ctrl-C), asked unless the game
    is saved as it stands: ``""`` to play on, ``"yes"`` to leave, ``"unasked"`` when the end
    of the input or a second Ctrl-C answered (the caller saves the game then,
    ``Session.save_unfinished``)."""
    if session.saved_all:
        return "yes"
    print("leave the game? It is not saved (`save FILE` saves it and leaves).")
    try:
        answer = reader.read("leave without saving? [y/N] ")
    except KeyboardInterrupt:
        answer = None
    if answer is None:
        print()
        return "unasked"
    command, _, rest = answer.partition(" ")
    if command == "save":
        session.save(rest.strip())
        return "yes" if session.saved_all else ""
    if answer.lower() in ("y", "yes"):
        return "yes"
    print("playing on")
    return ""


def _human_turn(session: Session[S, A], seat: int, reader: LineReader) -> int | None:
    """One human decision (after any commands); an exit status if the person left.

    Choosing a composed option starts a ``Picker``: the lines that follow pick its parts
    until they make a legal option (or go back to the list); the commands work meanwhile.
    """
    game, state = session.game, session.state
    menu = Menu(game, game.legal_actions(state), game.observe(state, seat))  # in this seat's words
    print()
    print(*screen(game, state, seat, menu), sep="\n")
    card_keys = [card.key for card in cards_of(game)]
    reader.words = lambda: [*COMMANDS, "done", "back", "cancel", *menu.words(), *card_keys]
    picker: Picker | None = None
    while True:
        try:
            line = reader.read(picker.prompt if picker is not None else "> ")
        except KeyboardInterrupt:
            print()
            if _interrupted(session, reader):
                return 130
            continue
        if line is None:
            print()  # the prompt line is still open
            print("input ended; the game is left unfinished")
            session.save_unfinished()
            return 1
        command = line.partition(" ")[0].lower()
        if command in ("quit", "exit"):
            leaving = _leave(session, reader)
            if leaving == "unasked":
                print("input ended; the game is left unfinished")
                session.save_unfinished()
                return 1
            if leaving:
                print(
                    f"left the game; it is saved in {session.saved[0]}"
                    if session.saved_all and session.saved
                    else "game abandoned"
                )
                return 0
            continue
        if command == "undo":
            if session.undo():
                return None
            print("nothing of yours to undo")
            continue
        if line and run_command(session, menu, seat, line):
            continue
        if picker is not None:
            if line.lower() in ("", "cancel"):
                picker = None
                print("\n".join(menu.lines()))
                continue
            try:
                notation = picker.take(line)
            except ValueError as error:
                print(error)
                continue
            if notation is None:
                print("\n".join(picker.status()))
                continue
            picker = None
            line = notation
        elif not line:
            continue
        elif line.isascii() and line.isdigit():  # not "²" or "٣": those go to parse_action
            number = int(line) if len(line) < 10 else 0
            if not 1 <= number <= len(menu.entries):
                print(f"choose a number from 1 to {len(menu.entries)}")
                continue
            entry = menu.entries[number - 1]
            if entry.composition is not None:
                picker = Picker(entry.composition)
                print("\n".join(picker.intro()))
                continue
            assert entry.action is not None
            session.push(entry.action)
            _played(session)
            return None
        if _play_typed(session, menu, line):
            return None


def _played(session: Session[S, A]) -> None:
    """After a person's move: the first time, that ``undo`` takes a move back (a sale or a
    payment is one keystroke)."""
    if not session.told_undo:
        session.told_undo = True
        print("(`undo` takes your move back, and the bots' moves after it)")


def _play_typed(session: Session[S, A], menu: Menu[A], line: str) -> bool:
    """Play what ``line`` names (its notation, its words, a composed option's parts); False,
    with the reason printed, if it is not a legal move."""
    typed = menu.typed(line)
    try:
        action = session.game.parse_action(session.state, typed or line)
    except (IllegalActionError, ValueError) as error:
        # a composed option with too few parts is told so, rather than the game's reading of it
        why = None if typed is not None else menu.why_not(line)
        say(f"not a legal action: {why or error}")
        if line.split()[0].lower() not in menu.verbs():
            say(f"type a number from 1 to {len(menu.entries)}, an option's words, or `help`")
        return False
    try:
        session.push(action)
    except IllegalActionError as error:  # well written, but the rules say no
        why = None if typed is not None else menu.why_not(line)
        say(f"not allowed now: {why or error}")
        return False
    _played(session)
    return True


def _game_over(session: Session[S, A], reader: LineReader) -> int:
    """The final table, each score with its parts, the winners; then the offer to save."""
    game, final = session.game, session.state
    print(game.render(final))
    print("scores:")
    for seat, score in enumerate(game.scores(final)):
        parts = _score_parts(game, final, seat)
        breakdown = " (" + ", ".join(f"{label} {points}" for label, points in parts) + ")" if parts else ""
        print(*fit(f"  seat {seat} ({session.who(seat)}): {score}{breakdown}", indent="      "), sep="\n")
    won = game.winners(final)
    print("winners: " + ", ".join(f"seat {s} ({session.who(s)})" for s in won))
    if session.saved_all:
        return 0
    print("save the game? `save FILE` writes its record, `review` tells how it was won")
    print("(`review SEAT` another seat's); an empty line leaves")
    while True:
        try:
            line = reader.read("> ")
        except KeyboardInterrupt:
            print()
            return 0
        if not line:
            return 0
        command, _, rest = line.partition(" ")
        if command.lower() == "save":
            session.save(rest.strip())
            if session.saved_all:
                return 0
        elif command.lower() == "review":
            show_review(game, session.record_json(), rest.strip(), sorted(session.humans))
        elif command.lower() == "info":
            info(game, Menu(game, [], None), rest.strip())  # no options: nobody's words
        else:
            return 0


def _score_parts(game: GameModule[S, A], final: S, seat: int) -> list[tuple[str, object]]:
    """``seat``'s score by source, as its own table gives it (``score_parts``), or none."""
    view = game.table(game.observe(final, seat))
    players = view.get("players") if isinstance(view, dict) else None
    if not isinstance(players, list) or seat >= len(players) or not isinstance(players[seat], dict):
        return []
    parts = players[seat].get("score_parts")
    if not isinstance(parts, list):
        return []
    return [(str(part[0]), part[1]) for part in parts if isinstance(part, list | tuple) and len(part) == 2]
