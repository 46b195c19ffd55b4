"""The coverage report and the ability descriptions."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.cards.database import CardDatabase
from karn.oracle import compile_card
from karn.oracle.coverage import (
    CARD_TYPES_205_2A,
    NO_CARD_TYPE,
    card_types,
    clause_key,
    coverage_report,
    load_cards,
    load_cards_and_parts,
    main,
    reason_key,
)
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
    # a keyword after a comma is printed lower-case ("Flying, ward {2}"): the same clause
    assert clause_key("ward {2}", "X") == clause_key("Ward {2}", "X") == "Ward {2}"


def test_reason_key_keeps_tokens_and_groups_phrases() -> None:
    assert reason_key("the IR's 'attacks' trigger is only for the source itself") == (
        "the IR's 'attacks' trigger is only for the source itself"
    )
    assert reason_key("no grammar rule: unexpected 'at'") == "no grammar rule: unexpected 'at'"
    assert reason_key("no grammar rule: unexpected ','") == "no grammar rule: unexpected ','"
    assert reason_key("the IR has no effect for 'sacrifice a creature'") == "the IR has no effect for '…'"
    # an apostrophe inside a word does not end the quote
    assert reason_key("'can't be regenerated' without a destroy effect") == "'…' without a destroy effect"


@pytest.mark.cr("205.2a")
def test_only_real_card_types_are_tallied() -> None:
    assert card_types(["Creature", "Eaturecray"]) == ["creature"]
    assert card_types(["eaturecray"]) == [NO_CARD_TYPE]
    assert card_types(["Tribal", "Instant"]) == ["instant", "kindred"]  # tribal: kindred's old name
    records = [
        {"name": "Odd", "manaCost": "{1}", "type": "Eaturecray", "types": ["Eaturecray"], "text": None},
        {"name": "Plain", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "text": None},
    ]
    report = coverage_report(records)
    assert set(report.by_type) == {"artifact", NO_CARD_TYPE}
    assert set(report.by_type) - {NO_CARD_TYPE} <= set(CARD_TYPES_205_2A)


def test_cards_are_counted_once_per_name() -> None:
    sample = Path(__file__).resolve().parents[1] / "cards" / "fixtures" / "AtomicCards-sample.json"
    cards, counted = load_cards(sample)
    assert [c.name for c in cards] == [
        "Bonecrusher Giant // Stomp",
        "Delver of Secrets // Insectile Aberration",
        "Dryad Arbor",
        "Fire // Ice",
        "Grizzly Bears",
    ]
    assert counted == (
        "Counted: 5 distinct cards, one per card name, from 9 face records (4 back faces and other parts"
        " count with their card's main face, 0 reversible_card records repeat another card)."
    )
    report = coverage_report(cards, counted=counted)
    assert counted in report.format()
    # Dryad Arbor, Grizzly Bears, Fire // Ice (both halves compile; 709.3) and Bonecrusher Giant
    # // Stomp ("becomes the target of a spell", 603.2; Stomp) play; Delver of Secrets transforms
    # (701.27)
    _, _, parts = load_cards_and_parts(sample)
    assert {k: [p.name for p in v] for k, v in parts.items()} == {
        "Bonecrusher Giant // Stomp": ["Stomp"],
        "Fire // Ice": ["Fire", "Ice"],
        # 712.8e: a transforming card plays only when its back face compiles too
        "Delver of Secrets // Insectile Aberration": ["Insectile Aberration"],
    }
    with_parts = coverage_report(cards, counted=counted, parts=parts, keep_failing=True)
    assert (with_parts.total, with_parts.playable) == (5, 4)
    assert set(with_parts.failing) == {"Delver of Secrets // Insectile Aberration"}


@pytest.mark.slow
def test_whole_corpus_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--top", "5"]) == 0
    out = capsys.readouterr().out
    assert "Oracle compiler coverage:" in out and "/ 34562 cards playable" in out
