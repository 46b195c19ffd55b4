"""The Oracle parser is loaded from a cache between processes (the first ``Game.new`` of a
process no longer builds the LALR tables); the cache never serves a parser built from another
grammar."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.oracle.parser import build_parser, grammar_text, parser_cache_dir, parser_cache_key

SENTENCES = [
    ("effects", "deal 3 damage to any target."),
    ("effects", "draw two cards."),
    ("triggered", "when ~ enters, you gain 3 life."),
]


def test_a_cached_parser_parses_as_the_built_one(tmp_path: Path) -> None:
    built = build_parser(grammar_text(), tmp_path)
    (cached_file,) = tmp_path.iterdir()
    assert cached_file.name == f"oracle-parser-{parser_cache_key(grammar_text())}.lark"
    loaded = build_parser(grammar_text(), tmp_path)
    assert loaded is not built
    for start, text in SENTENCES:
        assert loaded.parse(text, start=start) == built.parse(text, start=start)
    assert [p.name for p in tmp_path.iterdir()] == [cached_file.name]  # no temporary file left


def test_an_edited_grammar_gets_another_cache_file() -> None:
    text = grammar_text()
    assert parser_cache_key(text) == parser_cache_key(text)
    assert parser_cache_key(text + "\n// an edit\n") != parser_cache_key(text)


def test_a_damaged_cache_file_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / f"oracle-parser-{parser_cache_key(grammar_text())}.lark"
    path.write_bytes(b"not a parser")
    parser = build_parser(grammar_text(), tmp_path)
    start, text = SENTENCES[0]
    assert parser.parse(text, start=start).data
    assert path.read_bytes() != b"not a parser"


def test_the_cache_directory_is_configurable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KARN_CACHE_DIR", str(tmp_path))
    assert parser_cache_dir() == tmp_path
    monkeypatch.setenv("KARN_CACHE_DIR", "")
    assert parser_cache_dir() is None
    monkeypatch.delenv("KARN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser_cache_dir() == tmp_path / "karn"


def test_without_a_cache_directory_the_parser_is_built(tmp_path: Path) -> None:
    parser = build_parser(grammar_text(), None)
    start, text = SENTENCES[1]
    assert parser.parse(text, start=start).data
