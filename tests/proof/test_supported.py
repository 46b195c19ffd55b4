"""The definition of a supported card and ``karn coverage``'s supported count (issue 15, part 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from karn.cards.database import CardDatabase
from karn.oracle.pool import build_pool
from karn.proof import supported
from karn.proof.supported import DEFINITION, SandboxCache, families, unhandled
from karn.ui.cli import main

SAMPLE = Path(__file__).resolve().parents[1] / "cards" / "fixtures" / "AtomicCards-sample.json"


def test_a_compiled_card_uses_only_handled_ir() -> None:
    assert unhandled(build_pool(["Lightning Bolt"]).compiled("Lightning Bolt")) == []


def test_an_effect_without_a_handler_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    effects, handlers, parts, paid = supported._kinds()
    without = frozenset(h for h in handlers if h.__name__ != "DealDamage")
    monkeypatch.setattr(supported, "_kinds", lambda: (effects, without, parts, paid))
    assert unhandled(build_pool(["Lightning Bolt"]).compiled("Lightning Bolt")) == ["DealDamage"]


def test_mechanic_families() -> None:
    db = CardDatabase.default()
    assert families(db.get("Serra Angel")) == ["flying", "vigilance"]
    assert "subtype:aura" in families(db.get("Pacifism"))
    assert families(db.get("Grizzly Bears")) == ["(none)"]
    assert "type:planeswalker" in families(db.get("Garruk Wildspeaker"))


def test_the_cache_is_keyed_by_compilation(tmp_path: Path) -> None:
    c = SandboxCache(tmp_path / "s.json")
    c.put("Grizzly Bears", "k1", "passed")
    c.save()
    again = SandboxCache(tmp_path / "s.json")
    assert again.get("Grizzly Bears", "k1") == "passed"
    assert again.get("Grizzly Bears", "k2") is None  # compiled differently: stale


def test_coverage_prints_the_definition_and_the_supported_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert main(["coverage", "--corpus", str(SAMPLE), "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert DEFINITION.splitlines()[0] in out
    # nothing played yet: no card is supported, the four playable cards' sandbox is "not run"
    # (Bonecrusher Giant plays since its "becomes the target" trigger compiles, 603.2)
    assert "Supported: 0 / 5 cards" in out and "not run 4" in out
    assert main(["coverage", "--corpus", str(SAMPLE), "--top", "3", "--sandbox", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    # Grizzly Bears renders back and plays; Dryad Arbor's intrinsic "{T}: Add {G}." (305.6) is
    # rendered but its text box has only reminder text; Fire // Ice's halves aren't worded yet
    assert "Supported: 1 / 5 cards (20.0%)" in out and "passed 4, failed 0" in out
    assert (tmp_path / "karn" / "sandbox.json").exists()
    # the cached results are read: the count stays without --sandbox
    assert main(["coverage", "--corpus", str(SAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["supported"]["supported"] == 1
    assert data["supported"]["sandbox"]["passed"] == 4
    assert data["supported"]["by_type"]["creature"] == 1
    assert data["supported"]["by_family"]["(none)"] == {"cards": 2, "playable": 2, "supported": 1}
    assert data["by_type"]["land"] == {"cards": 1, "playable": 1}
