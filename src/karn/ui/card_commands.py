"""The card-data commands of the ``karn`` command line, and ``--cards FILE``.

* ``karn cards import FILE``: make an MTGJSON AtomicCards file (or a JSON list of face
  records) the card database of every karn command;
* ``karn cards update [--url URL]``: download the current AtomicCards file, verify it and
  import it;
* ``karn cards info``: which card data karn uses now; ``karn cards remove``: back to the
  packaged cards.

``--cards FILE`` on a command that takes decks or cards uses that file for one run
(:func:`use_cards_file`). A mistake is one ``karn: ...`` line and exit status 2; the
database in use is never left half written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

from karn.cards import library, paths
from karn.cards.database import CardDatabase, active_source

USAGE_ERROR = 2


def _error(message: str) -> int:
    print(f"karn: {message}", file=sys.stderr)
    return USAGE_ERROR


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    """``--cards FILE``: the card data of this run (see :func:`use_cards_file`)."""
    parser.add_argument(
        "--cards",
        metavar="FILE",
        help="card data for this run: an MTGJSON AtomicCards file (.json, .json.gz, .json.xz) or a "
        "JSON list of card records (default: the imported database, else karn's packaged cards)",
    )


@contextmanager
def cards_file(path: str | None) -> Iterator[None]:
    """Within the block, ``path`` (if given) is the card database of this process and of
    the worker processes it starts (``KARN_CARDS``); the previous choice is restored after."""
    if not path:
        yield
        return
    before = os.environ.get(paths.CARDS_ENV)
    os.environ[paths.CARDS_ENV] = str(Path(path).expanduser().resolve())
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(paths.CARDS_ENV, None)
        else:
            os.environ[paths.CARDS_ENV] = before


def use_cards_file(path: str) -> CardDatabase:
    """Load the card file of ``--cards`` (which :func:`cards_file` has selected); a
    :class:`library.CardDataError` saying why it can't be read."""
    if not Path(path).expanduser().is_file():
        raise library.CardDataError(f"cannot read the card file {path}: no such file")
    try:
        return CardDatabase.default()
    except (OSError, ValueError, EOFError) as e:
        raise library.CardDataError(f"cannot read the card file {path}: {e}") from None
    except Exception as e:  # lzma.LZMAError and other decoders' errors: still one line
        raise library.CardDataError(f"cannot read the card file {path}: {type(e).__name__}: {e}") from None


# ---------------------------------------------------------------------------- karn cards


def cmd_cards_import(args: argparse.Namespace) -> int:
    try:
        info = library.import_file(args.file)
    except library.CardDataError as e:
        return _error(f"{e}; the card database in use is unchanged")
    print(f"imported {info.summary()}")
    print(f"into {paths.imported_database()}: every karn command now plays with these cards")
    return 0


def cmd_cards_update(args: argparse.Namespace) -> int:
    console = Console(stderr=True)
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=console,
        disable=args.no_progress or not console.is_terminal,
    )
    with progress:
        task = progress.add_task("AtomicCards", total=None)

        def advance(received: int, total: int | None) -> None:
            progress.update(task, completed=received, total=total)

        try:
            info, verified = library.update(args.url, advance)
        except library.CardDataError as e:
            progress.stop()
            return _error(f"{e}; the card database in use is unchanged")
    check = "its published SHA-256 checked" if verified else "no published SHA-256 to check (its length was)"
    print(f"downloaded and imported {info.summary()} ({check})")
    print(f"into {paths.imported_database()}: every karn command now plays with these cards")
    return 0


def cmd_cards_info(args: argparse.Namespace) -> int:
    source = active_source()
    print(f"karn uses {source}")
    info = library.imported_info()
    if info is not None:
        print(f"imported: {info.summary()}, on {info.imported_at}")
    elif paths.imported_database().is_file():
        print(f"imported: {paths.imported_database()} (no record of its source)")
    else:
        print("imported: none (karn cards import FILE, or karn cards update)")
    try:
        database = CardDatabase.default()
    except (OSError, ValueError) as e:
        return _error(f"cannot read {source}: {e}")
    print(f"{sum(1 for _ in database.cards()):,} cards, {len(database):,} faces")
    return 0


def cmd_cards_remove(args: argparse.Namespace) -> int:
    if library.remove_imported():
        print("removed the imported card database: karn plays with its packaged cards again")
    else:
        print("no card database was imported: karn plays with its packaged cards")
    return 0


def add_card_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``cards import|update|info|remove`` to the top-level subcommands."""
    cards = sub.add_parser(
        "cards",
        help="the card database: import an MTGJSON AtomicCards file, update it, show which is used",
        description="karn plays with its packaged cards until a card database is imported; the "
        f"imported one is kept in {paths.imported_database()} ($XDG_DATA_HOME). KARN_CARDS=FILE, "
        "or --cards FILE on a command, uses a card file for one run (KARN_CARDS=packaged: the "
        "packaged cards).",
    )

    def cards_help(args: argparse.Namespace) -> int:
        cards.print_help(sys.stderr)
        return USAGE_ERROR

    cards.set_defaults(func=cards_help)
    commands = cards.add_subparsers(dest="cards_cmd", metavar="{import,update,info,remove}")
    imp = commands.add_parser(
        "import", help="make a card file (MTGJSON AtomicCards .json/.json.gz/.json.xz) karn's card database"
    )
    imp.add_argument("file", metavar="FILE")
    imp.set_defaults(func=cmd_cards_import)
    upd = commands.add_parser(
        "update", help="download the current MTGJSON AtomicCards file, verify it and import it"
    )
    upd.add_argument(
        "--url", default=library.DEFAULT_URL, help=f"where from (default: {library.DEFAULT_URL})"
    )
    upd.add_argument("--no-progress", action="store_true", help="no progress bar")
    upd.set_defaults(func=cmd_cards_update)
    info = commands.add_parser("info", help="which card data karn uses now")
    info.set_defaults(func=cmd_cards_info)
    remove = commands.add_parser("remove", help="remove the imported database: back to the packaged cards")
    remove.set_defaults(func=cmd_cards_remove)
