"""``Game.explain`` and ``karn explain``: the layer-by-layer derivation of an object (613)."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn import Game
from karn.ui.cli import main

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _game(*names: str) -> tuple[Game, list[int]]:
    g = Game.empty(names=["A", "B"])
    ids = [g.add_card(0, n, "battlefield") for n in names]
    for p in (0, 1):
        for _ in range(3):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


@pytest.mark.cr("613.1", "613.4b", "613.7")
def test_explain_names_each_layer_effect_source_and_timestamp() -> None:
    g, (humility, opalescence, angel) = _game("Humility", "Opalescence", "Serra Angel")
    text = g.explain(humility)
    assert "layer 1 copiable values (613.2)" in text
    assert "layer 4 types (613.1d)" in text and "from Opalescence" in text
    assert "layer 6 abilities (613.1f)" in text
    lines = [ln for ln in text.splitlines() if ln.strip().startswith("layer 7b")]
    assert len(lines) == 2
    assert "from Humility" in lines[0] and "from Opalescence" in lines[1]  # 613.7 timestamp order
    assert "613.7 timestamp" in lines[0]
    assert text.splitlines()[-1].strip() == "result: creature enchantment (W), 4/4; controller A"
    assert "no continuous effect applies" in g.explain(opalescence)
    assert "1/1" in g.explain(angel).splitlines()[-1]


@pytest.mark.cr("613.8a", "613.8b")
def test_explain_names_a_dependency() -> None:
    g, (conspiracy, _opalescence) = _game("Conspiracy", "Opalescence")
    text = g.explain(conspiracy)
    assert "613.8a-b dependency: before Conspiracy" in text


@pytest.mark.cr("613.4c")
def test_explain_shows_counters_in_layer_7c() -> None:
    g = Game.empty(names=["A", "B"])
    bear = g.add_card(0, "Grizzly Bears", "battlefield", counters={"+1/+1": 2})
    g.begin_at(0, "precombat_main")
    assert "+1/+1 and -1/-1 counters" in g.explain(bear)
    assert g.explain(bear).splitlines()[-1].strip() == "result: creature — bear (G), 4/4; controller A"


def test_karn_explain_plays_a_scenario_and_explains_an_object(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "cr_examples" / "613.4d-1.yaml"
    assert main(["explain", str(path), "A.Windreaver"]) == 0
    out = capsys.readouterr().out
    assert "layer 7d power/toughness switched (613.4d)" in out
    assert out.strip().splitlines()[-1].startswith("  result: creature — elemental (WU), 4/6")


def test_karn_explain_reports_a_bad_reference_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "layers" / "humility.yaml"
    assert main(["explain", str(path), "Nothing Like This"]) == 2
    assert capsys.readouterr().err.strip() == "karn explain: no object named 'Nothing Like This'"


def test_karn_explain_reads_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g, (_humility, angel) = _game("Humility", "Serra Angel")
    save = tmp_path / "game.karn"
    save.write_bytes(g.dumps())
    assert main(["explain", str(save), "Serra Angel"]) == 0
    out = capsys.readouterr().out
    assert "from Humility" in out and out.strip().endswith("controller A")
    assert main(["explain", str(save), str(angel)]) == 0
