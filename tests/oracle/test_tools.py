"""The coverage report and the ability descriptions."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.oracle import compile_card
from karn.oracle.coverage import clause_key, coverage_report, main
from karn.oracle.describe import describe_abilities


def test_describe_every_pool_shape() -> None:
    db = CardDatabase.default()
    assert describe_abilities(compile_card(db.get("Garruk Wildspeaker"))) == [
        "Activated [+1]: untap target #0 — targets: #0 land ×2..2 [sorcery speed]",
        "Activated [-1]: create 1 3/3 green Beast creature token [sorcery speed]",
        "Activated [-4]: each creature you control gets +3/+3 and gains trample until end of turn [sorcery speed]",
    ]
    assert describe_abilities(compile_card(db.get("Plains"))) == ["Activated {T}: add {W} [mana ability]"]
    assert describe_abilities(compile_card(db.get("Soul Warden"))) == [
        "Triggered (whenever another creature enters): you gain 1 life"
    ]
    for name in ("Healing Salve", "Duress", "Fireball", "Bonesplitter", "Sleep", "Goblin Guide", "Rancor"):
        lines = describe_abilities(compile_card(db.get(name)))
        assert lines and all(isinstance(x, str) and "\n" not in x for x in lines)


def test_describe_unsupported() -> None:
    from karn.oracle import compile_text

    lines = describe_abilities(compile_text("Banding", type_line="Creature"))
    assert lines == ["UNSUPPORTED: 'Banding' (keyword not supported)"]


def test_coverage_report_counts() -> None:
    records = [
        {
            "name": "Vanilla",
            "manaCost": "{1}{G}",
            "type": "Creature — Bear",
            "types": ["Creature"],
            "text": None,
        },
        {
            "name": "Bolt",
            "manaCost": "{R}",
            "type": "Instant",
            "types": ["Instant"],
            "text": "Bolt deals 3 damage to any target.",
        },
        {
            "name": "Nope",
            "manaCost": "{U}",
            "type": "Instant",
            "types": ["Instant"],
            "text": "Nope frobs 2 widgets.",
        },
        {
            "name": "Nope Two",
            "manaCost": "{U}",
            "type": "Instant",
            "types": ["Instant"],
            "text": "Nope Two frobs 3 widgets.",
        },
    ]
    report = coverage_report(records, keep_failing=True)
    assert (report.total, report.playable) == (4, 2)
    assert report.by_type["instant"].total == 3 and report.by_type["instant"].playable == 1
    assert report.top_failures[0] == ("~ frobs N widgets.", 2)
    assert report.failing == {"Nope": "Nope frobs 2 widgets.", "Nope Two": "Nope Two frobs 3 widgets."}
    assert "2 / 4 cards playable" in report.format()


def test_clause_key() -> None:
    assert clause_key("Shock deals 2 damage to any target.", "Shock") == "~ deals N damage to any target."
    assert clause_key("Equip {2}", "X") == "Equip {2}"


@pytest.mark.slow
def test_whole_corpus_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--top", "5"]) == 0
    out = capsys.readouterr().out
    assert "Oracle compiler coverage:" in out and "/ 35033 cards playable" in out
