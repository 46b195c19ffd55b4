"""The card database: lookups, faces and suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.cards import CardDatabase, CardFace, ManaCost, UnknownCardError
from karn.cards.mana import ManaCostError

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
STARTER_POOL = SHARED / "cards" / "starter_pool.txt"


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def test_default_database_has_every_card(db: CardDatabase) -> None:
    assert len(db) == 35033
    assert CardDatabase.default() is db
    names = db.names()
    assert names == sorted(names)
    assert len(names) == len(set(names))


def test_default_database_loads_afresh() -> None:
    """A fresh load gives the same cards (its speed is measured by
    benchmarks/bench_database.py, not asserted here: timing assertions fail on loaded
    machines)."""
    from karn.cards import database

    database._default_database.cache_clear()
    fresh = CardDatabase.default()
    assert len(fresh) == 35033
    assert fresh.get("Grizzly Bears").power == "2"


@pytest.mark.cr("205.2a", "205.3m", "208.1")
def test_grizzly_bears(db: CardDatabase) -> None:
    bears = db.get("Grizzly Bears")
    assert bears == CardFace(
        name="Grizzly Bears",
        mana_cost="{1}{G}",
        type_line="Creature \u2014 Bear",
        types=("creature",),
        subtypes=("bear",),
        supertypes=(),
        text="",
        power="2",
        toughness="2",
        loyalty=None,
        keywords=(),
        layout="normal",
        color_identity=("G",),
    )
    assert bears.cost == ManaCost.parse("{1}{G}")
    assert bears.colors == ("G",)
    assert bears.mana_value == 2


@pytest.mark.cr("205.4a", "306.5b")
def test_garruk_wildspeaker(db: CardDatabase) -> None:
    garruk = db.get("Garruk Wildspeaker")
    assert garruk.loyalty == "3"
    assert garruk.supertypes == ("legendary",)
    assert garruk.types == ("planeswalker",)
    assert garruk.subtypes == ("garruk",)
    assert garruk.power is None and garruk.toughness is None
    assert garruk.mana_value == 4
    assert "[+1]: Untap two target lands." in garruk.text


@pytest.mark.cr("205.2b", "105.2c", "202.3")
def test_ornithopter(db: CardDatabase) -> None:
    thopter = db.get("Ornithopter")
    assert thopter.types == ("artifact", "creature")
    assert thopter.subtypes == ("thopter",)
    assert thopter.keywords == ("Flying",)
    assert thopter.colors == ()
    assert thopter.color_identity == ()
    assert thopter.mana_value == 0
    assert (thopter.power, thopter.toughness) == ("0", "2")


@pytest.mark.cr("205.4c", "305.6")
def test_basic_land(db: CardDatabase) -> None:
    forest = db.get("Forest")
    assert forest.supertypes == ("basic",)
    assert forest.types == ("land",)
    assert forest.subtypes == ("forest",)
    assert forest.mana_cost is None
    assert forest.mana_value == 0
    assert forest.colors == ()


def test_aura_subtype_and_keywords(db: CardDatabase) -> None:
    rancor = db.get("Rancor")
    assert rancor.subtypes == ("aura",)
    assert rancor.types == ("enchantment",)
    serra = db.get("Serra Angel")
    assert serra.keywords == ("Flying", "Vigilance")
    assert serra.colors == ("W",)


def test_faces_are_cached(db: CardDatabase) -> None:
    assert db.get("Lightning Bolt") is db.get("Lightning Bolt")
    assert db["Lightning Bolt"] is db.get("Lightning Bolt")


@pytest.mark.cr("202.2d", "202.3f", "202.3g")
def test_hybrid_and_phyrexian_costs(db: CardDatabase) -> None:
    face = CardFace.from_record(
        {"name": "Test", "manaCost": "{2/W}{G/U}{B/P}{X}", "type": "Instant", "types": ["Instant"]}
    )
    assert face.colors == ("W", "U", "B", "G")
    assert face.mana_value == 2 + 1 + 1 + 0
    assert face.cost.mana_value == face.mana_value  # 107.4e-f: the engine pays them
    assert face.cost.colors == face.colors
    snow = CardFace.from_record({"name": "Snow", "manaCost": "{S}", "type": "Instant", "types": ["Instant"]})
    with pytest.raises(ManaCostError):
        _ = snow.cost  # 107.4h: snow mana is not paid by the engine yet


@pytest.mark.cr("202.3")
def test_mana_value_agrees_with_mana_cost(db: CardDatabase) -> None:
    checked = 0
    for face in db.faces():
        try:
            cost = face.cost
        except ManaCostError:
            continue
        assert face.mana_value == cost.mana_value, face.name
        assert face.colors == cost.colors, face.name
        checked += 1
    assert checked > 34000


@pytest.mark.cr("712.1")
def test_transforming_faces_link(db: CardDatabase) -> None:
    back = db.get("Prowl, Pursuit Vehicle")
    assert back.front == "Prowl, Stoic Strategist"
    front = db.get(back.front)  # the front face's own name finds the "Front // Back" card
    assert front.name == "Prowl, Stoic Strategist // Prowl, Pursuit Vehicle"
    assert front.back == back.name
    assert front.layout == back.layout == "transform"
    assert front.mana_value == 4
    assert back.mana_cost is None


def test_split_card_found_by_first_half(db: CardDatabase) -> None:
    assert db.resolve("Fire // Ice") == "Fire // Ice"
    assert db.resolve("fire") == "Fire // Ice"
    assert "Fire" in db
    assert "Fire" not in db.names()


def test_case_insensitive_lookup(db: CardDatabase) -> None:
    assert db.get("grizzly bears").name == "Grizzly Bears"
    assert db.get("  LIGHTNING   bolt ").name == "Lightning Bolt"
    assert "grizzly bears" in db
    assert "Grizzly Bears" in db
    assert "Grizzly Bearz" not in db
    assert 42 not in db


def test_accent_insensitive_lookup(db: CardDatabase) -> None:
    assert db.get("deja vu").name == "D\u00e9j\u00e0 Vu"
    assert db.resolve("barad-dur") == "Barad-d\u00fbr"


def test_unknown_card_suggestions(db: CardDatabase) -> None:
    with pytest.raises(UnknownCardError) as info:
        db.get("Lightning Bold")
    err = info.value
    assert isinstance(err, KeyError)
    assert err.name == "Lightning Bold"
    assert err.suggestions[0] == "Lightning Bolt"
    assert 1 <= len(err.suggestions) <= 5
    assert str(err).startswith("unknown card 'Lightning Bold'; did you mean: Lightning Bolt, ")
    assert str(err).endswith("?")


def test_suggest(db: CardDatabase) -> None:
    assert db.suggest("Grizly Bears")[0] == "Grizzly Bears"
    assert db.suggest("shivan drgon")[0] == "Shivan Dragon"
    assert db.suggest("Grizzly Bears", n=1) == ["Grizzly Bears"]
    prefix = db.suggest("Llanowar")
    assert prefix and all(name.startswith("Llanowar") for name in prefix[:3])
    assert len(db.suggest("Lightning", n=3)) == 3
    assert db.suggest("qqqqzzzzxxxx") == []
    assert db.suggest("") == []


def test_unknown_card_without_suggestions() -> None:
    err = UnknownCardError("Qwxz")
    assert str(err) == "unknown card 'Qwxz'"
    assert err.suggestions == []


def test_suggestions_after_warmup_find_the_nearest_name(db: CardDatabase) -> None:
    """The nearest names of a misspelt card, again after the index is built (how long a
    suggestion takes is measured by benchmarks/bench_database.py, not asserted here: timing
    assertions fail on loaded machines)."""
    db.suggest("warmup")
    assert db.suggest("Lightning Bold")[0] == "Lightning Bolt"
    assert db.suggest("Grizly Bears")[0] == "Grizzly Bears"


def test_from_records() -> None:
    small = CardDatabase.from_records(
        [
            {"name": "Shock", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "text": "x"},
            {
                "name": "Shocker",
                "manaCost": "{1}{R}",
                "type": "Creature \u2014 Insect",
                "types": ["Creature"],
            },
        ]
    )
    assert len(small) == 2
    assert small.names() == ["Shock", "Shocker"]
    assert small.get("shock").types == ("instant",)
    assert small.raw("Shocker")["manaCost"] == "{1}{R}"
    with pytest.raises(UnknownCardError) as info:
        small.get("Shok")
    assert info.value.suggestions[0] == "Shock"


def test_from_records_rejects_bad_records() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        CardDatabase.from_records([{"name": "A"}, {"name": "A"}])
    with pytest.raises(ValueError, match="without a name"):
        CardDatabase.from_records([{"type": "Instant"}])


@pytest.mark.skipif(not STARTER_POOL.exists(), reason="shared starter pool not present")
def test_starter_pool_is_in_database(db: CardDatabase) -> None:
    names = [
        line.strip()
        for line in STARTER_POOL.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert len(names) > 100
    missing = [name for name in names if name not in db]
    assert missing == []
    for name in names:
        assert db.get(name).name == name  # exact, canonical spelling
