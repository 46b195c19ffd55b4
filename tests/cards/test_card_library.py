"""The card database a user has: MTGJSON AtomicCards files of every layout, ``karn cards
import``/``update``/``info``/``remove``, ``--cards FILE`` for one run, and the XDG folders.

``karn cards update`` is tested against a real HTTP server on 127.0.0.1 serving the
fixture, its checksum, a broken transfer and a wrong checksum.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import json
import lzma
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from karn.cards import library, paths
from karn.cards.database import CardDatabase, active_source
from karn.cards.decks import Deck
from karn.cards.decks.validation import check_deck
from karn.ui.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
LAYOUTS = FIXTURES / "AtomicCards-layouts.json"


@pytest.fixture(autouse=True)
def private_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets empty XDG data and cache folders and no KARN_CARDS."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(paths.CARDS_ENV, raising=False)
    return tmp_path


def _compressed(tmp_path: Path, suffix: str) -> Path:
    raw = LAYOUTS.read_bytes()
    target = tmp_path / f"AtomicCards.json{suffix}"
    target.write_bytes({"": raw, ".gz": gzip.compress(raw), ".xz": lzma.compress(raw)}[suffix])
    return target


# ---------------------------------------------------------------------------- every layout


@pytest.mark.parametrize("suffix", ["", ".gz", ".xz"])
def test_atomic_cards_of_every_layout_load_with_all_their_faces(tmp_path: Path, suffix: str) -> None:
    db = CardDatabase.from_file(_compressed(tmp_path, suffix))
    layouts = {face.layout for face in db.cards()}
    assert layouts >= {
        "normal", "split", "flip", "transform", "modal_dfc", "meld", "leveler", "class", "case", "saga",
        "adventure", "aftermath", "prepare", "mutate", "prototype", "host", "augment", "planar", "scheme",
        "vanguard", "reversible_card",
    }  # fmt: skip
    # each part of a multi-part card is found under its own name and maps to its card
    for part, card in [
        ("Death", "Life // Death"),
        ("Dawn", "Dusk // Dawn"),
        ("Cast Off", "Realm-Cloaked Giant // Cast Off"),
        ("Kaiso, Memory of Loyalty", "Faithful Squire // Kaiso, Memory of Loyalty"),
        ("Sword of the Realms", "Halvar, God of Battle // Sword of the Realms"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("Brisela, Voice of Nightmares", "Bruna, the Fading Light // Brisela, Voice of Nightmares"),
    ]:
        assert db.card_name(part) == card
        assert part in [f.name for f in db.card_faces(card)]
    assert [f.name for f in db.card_faces("Life // Death")] == ["Life // Death", "Life", "Death"]
    assert db.get("Death").mana_cost == "{1}{B}"


@pytest.mark.cr("204.1", "202.2")
def test_color_indicators_and_legalities_are_read() -> None:
    db = CardDatabase.from_file(LAYOUTS)
    brisela = db.get("Brisela, Voice of Nightmares")
    assert brisela.mana_cost is None and brisela.color_indicator == ("W",)
    assert brisela.colors == ("W",)
    assert db.raw("Delver of Secrets // Insectile Aberration")["legalities"]["pauper"] == "Legal"
    assert db.raw("Grizzly Bears")["printings"] == ["TST"]


def test_bulky_fields_are_dropped_as_a_file_is_read() -> None:
    db = CardDatabase.from_file(LAYOUTS)
    for field in ("foreignData", "rulings", "identifiers"):
        assert field not in db.raw("Grizzly Bears")


@pytest.mark.cr("100.6")
def test_format_legality_is_checked_with_the_data_legalities() -> None:
    db = CardDatabase.from_file(LAYOUTS)
    deck = Deck("t", [(4, "Grizzly Bears"), (4, "Delver of Secrets // Insectile Aberration")])
    legality = [v for v in check_deck(deck, "pauper", db).violations if v.rule == "100.6"]
    assert [v.cards for v in legality] == [("Grizzly Bears",)]
    assert "not legal in pauper" in str(legality[0])
    assert not [v for v in check_deck(deck, "modern", db).violations if v.rule == "100.6"]


# ---------------------------------------------------------------------------- import


def test_import_makes_the_file_every_commands_database(tmp_path: Path) -> None:
    assert active_source().kind == "packaged"
    info = library.import_file(_compressed(tmp_path, ".xz"))
    assert info.cards == 23 and info.mtgjson_version == "5.2.2+karn-layouts-fixture"
    assert info.with_legalities == info.faces
    assert paths.imported_database() == tmp_path / "data" / "karn" / "cards" / "cards.json.gz"
    source = active_source()
    assert source.kind == "imported" and source.path == paths.imported_database()
    db = CardDatabase.default()
    assert "Dawn" in db and "Lightning Bolt" not in db
    assert library.imported_info() == info
    assert library.remove_imported()
    assert active_source().kind == "packaged" and "Lightning Bolt" in CardDatabase.default()


@pytest.mark.parametrize(
    "content, why",
    [
        (b"not json", "not a JSON card file"),
        (lzma.compress(LAYOUTS.read_bytes())[:4000], "not a readable card file"),
        (b'{"meta": {}, "data": {}}', "has no cards"),
        (b'[{"name": "A"}, {"name": "A"}]', "duplicate card name"),
        (b'[{"type": "Creature"}]', "without a name"),
        (b'{"meta": {}, "data": {"X": {"name": "X"}}}', "not a list of face records"),
    ],
)
def test_a_bad_file_is_refused_and_the_old_database_kept(tmp_path: Path, content: bytes, why: str) -> None:
    library.import_file(LAYOUTS)
    before = paths.imported_database().read_bytes()
    bad = tmp_path / ("bad.json.xz" if content.startswith(b"\xfd7zXZ") else "bad.json")
    bad.write_bytes(content)
    with pytest.raises(library.CardDataError, match=why):
        library.import_file(bad)
    assert paths.imported_database().read_bytes() == before
    assert "Dawn" in CardDatabase.default()


def test_karn_cards_env_overrides_the_imported_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.import_file(LAYOUTS)
    monkeypatch.setenv(paths.CARDS_ENV, paths.PACKAGED)
    assert active_source().kind == "packaged" and "Lightning Bolt" in CardDatabase.default()
    sample = FIXTURES / "AtomicCards-sample.json"
    monkeypatch.setenv(paths.CARDS_ENV, str(sample))
    assert active_source().kind == "file"
    assert "Bonecrusher Giant // Stomp" in CardDatabase.default()


def test_a_card_file_for_one_run_is_converted_once_and_read_again_when_changed(tmp_path: Path) -> None:
    file = tmp_path / "cards.json"
    file.write_bytes(LAYOUTS.read_bytes())
    assert main(["card", "--cards", str(file), "Death"]) == 0
    converted = list(paths.converted_cache().glob("*.json.gz"))
    assert len(converted) == 1
    assert main(["card", "--cards", str(file), "Death"]) == 0
    assert list(paths.converted_cache().glob("*.json.gz")) == converted  # the conversion is reused
    data = json.loads(file.read_text(encoding="utf-8"))
    del data["data"]["Life // Death"]
    file.write_text(json.dumps(data), encoding="utf-8")
    assert main(["card", "--cards", str(file), "Death"]) == 2  # the changed file is read again


def test_cards_option_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "--cards", str(tmp_path / "none.json"), "Grizzly Bears"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "cannot read the card file" in err and "no such file" in err
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert main(["demo", "--cards", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("karn: cannot read the card file") and "Traceback" not in err


def test_cli_import_info_remove(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(_compressed(tmp_path, ".gz"))]) == 0
    out = capsys.readouterr().out
    assert "imported 23 cards" in out and "every karn command now plays with these cards" in out
    assert main(["cards", "info"]) == 0
    out = capsys.readouterr().out
    assert "the imported card database" in out and "23 cards" in out
    assert main(["card", "Kaiso, Memory of Loyalty"]) == 0  # every command uses it
    assert main(["cards", "import", str(tmp_path / "missing.json")]) == 2
    assert "unchanged" in capsys.readouterr().err
    assert main(["cards", "remove"]) == 0
    capsys.readouterr()
    assert main(["cards", "info"]) == 0
    assert "packaged" in capsys.readouterr().out


# ---------------------------------------------------------------------------- update


class _Server:
    """A real HTTP server on 127.0.0.1 serving fixed paths (some misbehaving on purpose)."""

    def __init__(self, payload: bytes) -> None:
        digest = hashlib.sha256(payload).hexdigest()
        routes: dict[str, tuple[int, bytes, int | None]] = {
            "/ok/AtomicCards.json.xz": (200, payload, None),
            "/ok/AtomicCards.json.xz.sha256": (200, f"{digest}  AtomicCards.json.xz\n".encode(), None),
            "/nosum/AtomicCards.json.xz": (200, payload, None),
            "/cut/AtomicCards.json.xz": (200, payload[: len(payload) // 2], len(payload)),
            "/cut/AtomicCards.json.xz.sha256": (200, f"{digest}\n".encode(), None),
            "/badsum/AtomicCards.json.xz": (200, payload, None),
            "/badsum/AtomicCards.json.xz.sha256": (200, b"0" * 64 + b"\n", None),
        }

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                status, body, announced = routes.get(self.path, (404, b"not found", None))
                self.send_response(status)
                self.send_header("Content-Length", str(announced if announced is not None else len(body)))
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[_Server]:
    with _Server(lzma.compress(LAYOUTS.read_bytes())) as s:
        yield s


def test_update_downloads_verifies_and_imports(server: _Server) -> None:
    seen: list[tuple[int, int | None]] = []
    info, verified = library.update(f"{server.url}/ok/AtomicCards.json.xz", lambda r, t: seen.append((r, t)))
    assert verified and info.cards == 23 and info.source.endswith("/ok/AtomicCards.json.xz")
    assert seen and seen[-1][0] == seen[-1][1]  # the progress reached the announced size
    assert "Dawn" in CardDatabase.default()


def test_update_without_a_published_checksum_checks_the_length(server: _Server) -> None:
    info, verified = library.update(f"{server.url}/nosum/AtomicCards.json.xz")
    assert not verified and info.cards == 23


@pytest.mark.parametrize(
    "path, why",
    [
        ("/cut/AtomicCards.json.xz", "incomplete|broke off"),
        ("/badsum/AtomicCards.json.xz", "does not match its published SHA-256"),
        ("/missing/AtomicCards.json.xz", "answered 404"),
    ],
)
def test_a_failed_update_leaves_the_old_database(server: _Server, path: str, why: str) -> None:
    library.import_file(FIXTURES / "AtomicCards-sample.json")
    before = paths.imported_database().read_bytes()
    with pytest.raises(library.CardDataError, match=why):
        library.update(server.url + path)
    assert paths.imported_database().read_bytes() == before
    assert "Bonecrusher Giant // Stomp" in CardDatabase.default()
    leftovers = [p for p in paths.imported_database().parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []  # no half-written file stays behind


def test_cli_update(server: _Server, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "update", "--url", f"{server.url}/ok/AtomicCards.json.xz", "--no-progress"]) == 0
    assert "its published SHA-256 checked" in capsys.readouterr().out
    assert main(["cards", "update", "--url", f"{server.url}/cut/AtomicCards.json.xz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("karn: ") and "unchanged" in err and err.count("\n") == 1
