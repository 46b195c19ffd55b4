"""The deck commands of the ``karn`` command line: ``karn decks`` and ``karn deck
show|convert|check``, and the check of the decks ``karn demo`` and ``karn play`` are
given.

A user's mistake (a missing file, an unknown card, an unknown format) is reported
on stderr as ``karn: ...`` lines, one per problem, with exit status 2; ``karn deck
check`` exits with 1 when the deck breaks a deck-construction rule.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from karn.cards.database import CardDatabase, UnknownCardError
from karn.cards.decks import (
    FORMATS,
    Deck,
    DeckError,
    bundled_deck_info,
    bundled_decks,
    get_file_format,
    load_deck,
    write_deck,
)
from karn.cards.decks.validation import DECK_RULES, DeckCheck, check_deck
from karn.cards.pool import Unplayable
from karn.ui.card_commands import add_cards_option

if TYPE_CHECKING:
    from karn.oracle.pool import DeckPlayability

Handler = Callable[[argparse.Namespace], int]

USAGE_ERROR = 2
INVALID = 1

DECK_FORMATS_HELP = (
    "Deck lists are read in any of these formats, recognized by their content: "
    + "; ".join(f"{f.id} ({f.title})" for f in FORMATS.values())
    + "."
)


class UserError(Exception):
    """A mistake of the user's, reported as these lines and exit status 2."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = list(lines)


def report(error: UserError) -> int:
    for line in error.lines:
        print(f"karn: {line}", file=sys.stderr)
    return USAGE_ERROR


def _database(args: argparse.Namespace) -> CardDatabase:
    """The card database of this run: ``karn.ui.cli.main`` has selected ``--cards FILE``."""
    return CardDatabase.default()


def _file_format(name: str) -> str:
    try:
        return get_file_format(name).id
    except DeckError as e:
        raise UserError(e.lines()) from None


def _load(spec: str, db: CardDatabase, file_format: str | None = None) -> Deck:
    chosen = _file_format(file_format) if file_format else None
    try:
        return load_deck(spec, db, file_format=chosen)
    except DeckError as e:
        raise UserError(e.lines()) from None


def unplayable_cards(deck: Deck, db: CardDatabase) -> list[Unplayable]:
    """Every card of ``deck`` (the sideboard and commanders included) karn can't play yet,
    with the first clause that does not compile."""
    from karn.oracle.pool import deck_playability  # the compiler loads only when needed

    return [u for _, u in deck_playability(deck, db).unplayable]


def playability_lines(found: DeckPlayability) -> list[str]:
    """What karn plays of a deck: the count of its cards it plays and, when not all, each
    card it can't play yet (how many copies, the clause, why)."""
    if not found.unplayable:
        return [f"karn plays every card of this deck ({found.cards})"]
    distinct = len(found.unplayable)
    lines = [
        f"karn can't play this deck yet: it plays {found.playable} of its {found.cards} cards; "
        f"{distinct} card{'s' if distinct > 1 else ''} not yet:"
    ]
    lines += [f"  {count} {u.card}: {u.why()}" for count, u in found.unplayable]
    return lines


def check_game_decks(*specs: str) -> int | None:
    """For ``karn demo``/``karn play``: ``None`` when every deck loads and karn can play
    all of its main-deck cards; else the problems on stderr and exit status 2."""
    db = CardDatabase.default()
    lines: list[str] = []
    for spec in specs:
        try:
            deck = load_deck(spec, db)
        except DeckError as e:
            lines += e.lines()
            continue
        main_only = Deck(deck.name, deck.main)
        lines += [f"{spec}: {u.card} is not playable yet: {u.why()}" for u in unplayable_cards(main_only, db)]
    return report(UserError(lines)) if lines else None


# ---------------------------------------------------------------------------- karn decks


def cmd_decks(args: argparse.Namespace) -> int:
    infos = bundled_deck_info()
    width = max((len(i.name) for i in infos), default=4)
    for info in infos:
        print(f"{info.name:<{width}}  {info.colors or 'C':<5}  {info.description}")
    print("\nUse a name with --deck (karn play, karn demo) or in Game.new; a deck file works too.")
    print(DECK_FORMATS_HELP)
    return 0


# ---------------------------------------------------------------------------- karn deck show


def cmd_deck_show(args: argparse.Namespace) -> int:
    db = _database(args)
    deck = _load(args.file, db, args.from_format)
    if args.json:
        print(json.dumps(deck.to_json(), ensure_ascii=False, indent=2))
        return 0
    side = sum(deck.sideboard_counts().values())
    print(f"{deck.name} ({deck.format}): {len(deck)} cards" + (f", sideboard {side}" if side else ""))
    sections: list[tuple[str, dict[str, int]]] = [
        ("Commander", dict.fromkeys(deck.commander, 1)),
        ("Companion", dict.fromkeys(deck.companion, 1)),
        (f"Main deck ({len(deck)})", deck.main_counts()),
        (f"Sideboard ({side})", deck.sideboard_counts()),
    ]
    for title, counts in sections:
        if counts:
            print(f"\n{title}")
            for card, count in counts.items():
                print(f"  {count:>2} {card}")
    return 0


# ---------------------------------------------------------------------------- karn deck convert


def cmd_deck_convert(args: argparse.Namespace) -> int:
    if not args.to:
        raise UserError([f"deck convert needs --to FORMAT (formats: {', '.join(FORMATS)})"])
    target = FORMATS[_file_format(args.to)]
    db = _database(args)
    deck = _load(args.file, db, args.from_format)
    text = write_deck(deck, target.id, db)
    if deck.commander and not target.commander_section:
        print(
            f"karn: note: {target.id} has no commander section; the commander is written to the sideboard",
            file=sys.stderr,
        )
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError([f"cannot write {args.output}: {e.strerror or e}"]) from None
    return 0


# ---------------------------------------------------------------------------- karn deck check


def cmd_deck_check(args: argparse.Namespace) -> int:
    db = _database(args)
    try:
        rules = DECK_RULES[args.format.lower()]
    except KeyError:
        raise UserError([f"unknown format {args.format!r} (formats: {', '.join(DECK_RULES)})"]) from None
    deck = _load(args.file, db, args.from_format)
    result = check_deck(deck, rules, db)
    _print_check(args.file, deck, result)
    checked = ", ".join(result.checked)
    if result.valid:
        print(f"legal for {rules.name} by the deck-construction rules checked ({checked})")
    else:
        print(f"INVALID: {len(result.violations)} problem(s) for {rules.name} (rules checked: {checked})")
    # never "valid" alone: whether karn can play the deck is said as well (a deck karn can't
    # play is refused by karn play, sim, goldfish and the browser table)
    from karn.oracle.pool import deck_playability

    for line in playability_lines(deck_playability(deck, db)):
        print(line)
    return 0 if result.valid else INVALID


def _print_check(source: str, deck: Deck, result: DeckCheck) -> None:
    side = sum(deck.sideboard_counts().values())
    commanders = f", commander {' + '.join(result.commanders)}" if result.commanders else ""
    print(f"{source}: {result.rules.name}: {len(deck)} cards, sideboard {side}{commanders}")
    for violation in result.violations:
        print(f"  {violation}")
    for note in result.notes:
        print(f"  note: {note}")


# ---------------------------------------------------------------------------- parsers


def _with_errors_reported(handler: Handler) -> Handler:
    """``handler`` with :class:`UserError` turned into ``karn: ...`` lines and exit status 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UserError as e:
            return report(e)
        except UnknownCardError as e:
            return report(UserError([str(e)]))
        except BrokenPipeError:  # the reader of the output stopped early (karn deck show X | head)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0

    return run


def _deck_file_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a deck file, or a bundled deck's name")
    parser.add_argument(
        "--from",
        dest="from_format",
        metavar="FORMAT",
        help=f"read the file in this format instead of recognizing it ({', '.join(FORMATS)})",
    )
    add_cards_option(parser)


def add_deck_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``decks`` and ``deck show|convert|check`` to the top-level subcommands."""
    decks = sub.add_parser("decks", help="list the bundled decks: name, colors, description")
    decks.set_defaults(func=_with_errors_reported(cmd_decks))

    deck = sub.add_parser(
        "deck",
        help="deck lists: show, convert between formats, check against the deck-construction rules",
        description=DECK_FORMATS_HELP,
    )

    def deck_help(args: argparse.Namespace) -> int:
        deck.print_help(sys.stderr)
        return USAGE_ERROR

    deck.set_defaults(func=deck_help)
    commands = deck.add_subparsers(dest="deck_cmd", metavar="{show,convert,check}")

    show = commands.add_parser("show", help="print the deck as karn reads it")
    _deck_file_arguments(show)
    show.add_argument(
        "--json", action="store_true", help='JSON: {"format", "main", "sideboard", "commander"}'
    )
    show.set_defaults(func=_with_errors_reported(cmd_deck_show))

    convert = commands.add_parser("convert", help="write the deck in another format")
    _deck_file_arguments(convert)
    convert.add_argument("--to", metavar="FORMAT", help=f"one of: {', '.join(FORMATS)}")
    convert.add_argument("-o", "--output", metavar="OUT", help="the file to write (default: standard output)")
    convert.set_defaults(func=_with_errors_reported(cmd_deck_convert))

    check = commands.add_parser(
        "check",
        help="check the deck-construction rules (100.2, 100.4, 903); exit status 1 when invalid",
    )
    _deck_file_arguments(check)
    check.add_argument(
        "--format",
        default="constructed",
        metavar="FORMAT",
        help=f"one of: {', '.join(DECK_RULES)} (default: constructed)",
    )
    check.set_defaults(func=_with_errors_reported(cmd_deck_check))


def bundled_deck_names() -> str:
    """The bundled decks' names, for help texts."""
    return ", ".join(bundled_decks())
