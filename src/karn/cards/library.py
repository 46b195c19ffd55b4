"""The imported card database: ``karn cards import FILE`` and ``karn cards update``.

Importing reads a card file (an MTGJSON AtomicCards file, ``.json``/``.json.gz``/
``.json.xz``, with every layout and face, or a JSON list of face records), checks it,
converts it to karn's face records (:func:`karn.cards.mtgjson.card_records`) and stores
them under the user's data folder (:func:`karn.cards.paths.imported_database`), where
:meth:`CardDatabase.default` finds them: from then on every karn command plays with
them. The old database is replaced only once the new one has been read and written
whole (a temporary file renamed over it), so a bad file or a broken download leaves it
as it was.

Updating downloads the current AtomicCards file (MTGJSON publishes it with a SHA-256
checksum beside it, at the same address plus ``.sha256``), checks the download's length
and checksum, then imports it.
"""

from __future__ import annotations

import datetime
import hashlib
import http.client
import json
import lzma
import os
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from karn.cards import paths
from karn.cards.database import CardDatabase, write_packed
from karn.cards.mtgjson import card_records, read_json

#: Where ``karn cards update`` downloads from by default.
DEFAULT_URL = "https://mtgjson.com/api/v5/AtomicCards.json.xz"
_CHUNK = 1 << 16

#: ``progress(received, total)``: bytes received so far and the announced size, if any.
Progress = Callable[[int, int | None], None]


class CardDataError(Exception):
    """A card file that can't be imported, or a download that failed; the old database is kept."""


@dataclass(frozen=True, slots=True)
class ImportedInfo:
    """What the imported database holds and where it came from."""

    source: str
    imported_at: str
    cards: int
    faces: int
    with_legalities: int
    mtgjson_version: str | None
    mtgjson_date: str | None
    sha256: str

    def summary(self) -> str:
        version = f", MTGJSON {self.mtgjson_version}" if self.mtgjson_version else ""
        date = f" of {self.mtgjson_date}" if self.mtgjson_date else ""
        legal = f", legalities for {self.with_legalities:,}" if self.with_legalities else ", no legalities"
        return f"{self.cards:,} cards ({self.faces:,} faces{legal}) from {self.source}{version}{date}"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _read(path: Path) -> Any:
    """The file's JSON, or :class:`CardDataError` saying why it can't be read."""
    try:
        return read_json(path)
    except FileNotFoundError:
        raise CardDataError(f"{path}: no such file") from None
    except (OSError, EOFError, lzma.LZMAError) as e:  # gzip.BadGzipFile is an OSError
        raise CardDataError(f"{path}: not a readable card file ({e})") from None
    except ValueError as e:  # bad JSON, bad UTF-8
        raise CardDataError(f"{path}: not a JSON card file ({e})") from None


def import_file(path: str | Path, *, source: str | None = None) -> ImportedInfo:
    """Make the card file at ``path`` the imported card database (see the module doc).

    Raises :class:`CardDataError` (and keeps the old database) when the file can't be
    read, isn't a card file, or has two cards of one name.
    """
    file = Path(path).expanduser()
    data = _read(file)
    try:
        records = card_records(data, str(file))
        database = CardDatabase.from_records(records)
    except ValueError as e:
        raise CardDataError(str(e)) from None
    meta = data.get("meta") if isinstance(data, dict) else None
    meta = meta if isinstance(meta, dict) else {}
    info = ImportedInfo(
        source=source or str(file.resolve()),
        imported_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        cards=sum(1 for _ in database.cards()),
        faces=len(records),
        with_legalities=sum(1 for r in records if isinstance(r.get("legalities"), dict)),
        mtgjson_version=_text(meta.get("version")),
        mtgjson_date=_text(meta.get("date")),
        sha256=_sha256(file),
    )
    write_packed(paths.imported_database(), records)
    _write_info(info)
    return info


def _text(value: object) -> str | None:
    return str(value) if value else None


def _write_info(info: ImportedInfo) -> None:
    target = paths.imported_info()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(asdict(info), fh, indent=1)
    os.replace(tmp, target)


def imported_info() -> ImportedInfo | None:
    """What the imported database holds, or ``None`` when none was imported."""
    if not paths.imported_database().is_file():
        return None
    try:
        raw = json.loads(paths.imported_info().read_text(encoding="utf-8"))
        return ImportedInfo(**raw)
    except (OSError, ValueError, TypeError):
        return None


def remove_imported() -> bool:
    """Remove the imported database (karn's packaged cards are used again); whether there was one."""
    found = paths.imported_database().is_file()
    paths.imported_database().unlink(missing_ok=True)
    paths.imported_info().unlink(missing_ok=True)
    return found


def download(url: str, target: Path, progress: Progress | None = None, timeout: float = 60.0) -> str:
    """Download ``url`` into ``target``; its SHA-256. Raises :class:`CardDataError` when
    the server refuses or the transfer ends before the announced length."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (an http(s) URL)
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            received = 0
            digest = hashlib.sha256()
            with target.open("wb") as fh:
                while chunk := response.read(_CHUNK):
                    fh.write(chunk)
                    digest.update(chunk)
                    received += len(chunk)
                    if progress is not None:
                        progress(received, total)
    except http.client.IncompleteRead as e:
        raise CardDataError(f"{url}: the download broke off after {len(e.partial):,} more bytes") from None
    except urllib.error.HTTPError as e:
        raise CardDataError(f"{url}: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise CardDataError(f"{url}: cannot download ({reason})") from None
    if total is not None and received != total:
        raise CardDataError(f"{url}: the download is incomplete ({received:,} of {total:,} bytes)")
    return digest.hexdigest()


def published_checksum(url: str, timeout: float = 30.0) -> str | None:
    """The SHA-256 published beside ``url`` (``url + ".sha256"``), or ``None`` when the
    server has none (404)."""
    try:
        with urllib.request.urlopen(url + ".sha256", timeout=timeout) as response:  # noqa: S310
            text = response.read(4096).decode("ascii", "replace")
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return None
        raise CardDataError(f"{url}.sha256: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError) as e:
        raise CardDataError(f"{url}.sha256: cannot download ({getattr(e, 'reason', e)})") from None
    words = text.split()
    if not words or len(words[0]) != 64 or any(c not in "0123456789abcdefABCDEF" for c in words[0]):
        raise CardDataError(f"{url}.sha256: not a SHA-256 checksum")
    return str(words[0]).lower()


def update(url: str = DEFAULT_URL, progress: Progress | None = None) -> tuple[ImportedInfo, bool]:
    """Download the card file at ``url``, verify it and import it; the new database's
    info and whether a published checksum was checked. On any failure the old database
    stays (:class:`CardDataError`)."""
    name = Path(urllib.parse.urlparse(url).path).name or "AtomicCards.json"
    suffix = "".join(Path(name).suffixes) or ".json"
    paths.imported_database().parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=paths.imported_database().parent, prefix=".download-") as folder:
        file = Path(folder) / f"AtomicCards{suffix}"
        digest = download(url, file, progress)
        expected = published_checksum(url)
        if expected is not None and expected != digest:
            raise CardDataError(
                f"{url}: the download does not match its published SHA-256 ({digest[:12]}... is not {expected[:12]}...)"
            )
        info = import_file(file, source=url)
    return info, expected is not None
