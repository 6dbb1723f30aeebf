"""The Tracker dock and the end-of-game charts: the series are the engine's tracker's,
followed through the document's `changed`; Export writes a valid PNG and SVG, and a
failed export is one sentence."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from benchmarks.players import choose
from PySide6.QtGui import QImage

from hexcampaign.app.kasserine.charts import CHARTS, chart_data
from hexcampaign.app.kasserine.dialogs import VictoryDialog
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.tracker import Tracker


def played(mode, turns: int, seed: int = 3) -> Game:
    """A new game played through the document for `turns` turns by a random player."""
    mode.new_game(seed=seed)
    g = mode.game
    rng = random.Random(seed)
    while g.turn <= turns and not g.over:
        assert mode.document.act(choose(g, rng), None) is not None
    return g


def test_the_dock_follows_the_game_and_shows_the_engines_numbers(mode):
    g = played(mode, 3)
    dock = mode.docks.tracker
    fresh = Tracker()
    fresh.follow(g)
    tracker = dock.tracker
    assert tracker.replays <= 1  # followed action by action through `changed`
    assert tracker.points() == fresh.points()
    assert [p.turn for p in tracker.points()] == [1, 2, 3, 4]
    assert tracker.points()[-1].points == g.victory_points()
    assert tracker.losses() == fresh.losses()
    assert tracker.attacks() == fresh.attacks()
    points = chart_data(tracker, "points")
    assert [v[0] for v in points.values] == [p.points for p in fresh.points()]
    assert points.labels == [p.date for p in fresh.points()]
    odds = chart_data(tracker, "odds")
    assert odds.labels == [t.odds for t in fresh.odds()]
    assert odds.values == [[t.declared, t.after_fire] for t in fresh.odds()]
    results = chart_data(tracker, "results")
    assert results.values == [[t.rolled, float(t.expected)] for t in fresh.results()]
    losses = chart_data(tracker, "losses")
    assert sum(sum(v) for v in losses.values) == sum(fresh.factors_lost().values())
    assert dock.charts.tabs.count() == len(CHARTS)


def test_an_undo_reaches_the_dock(mode):
    g = played(mode, 1)
    while not g.can_undo:
        mode.document.act(choose(g, random.Random(1)), None)
    mode.document.undo()
    fresh = Tracker()
    fresh.follow(g)
    assert mode.docks.tracker.tracker.points() == fresh.points()
    assert mode.docks.tracker.tracker.attacks() == fresh.attacks()


def test_export_writes_a_valid_png_and_svg(mode, tmp_path):
    played(mode, 2)
    charts = mode.docks.tracker.charts
    for index in range(len(CHARTS)):
        charts.tabs.setCurrentIndex(index)
        png = tmp_path / f"{charts.shown}.png"
        svg = tmp_path / f"{charts.shown}.svg"
        assert charts.export(png)
        assert charts.export(svg)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        image = QImage(str(png))
        assert (image.width(), image.height()) == (900, 520)
        root = ET.parse(svg).getroot()
        assert root.tag.endswith("svg")
        assert any(el.tag.endswith("text") or el.tag.endswith("path") for el in root.iter())
        assert "exported" in charts.message.text()


def test_a_failed_export_is_one_sentence(mode, tmp_path):
    played(mode, 1)
    charts = mode.docks.tracker.charts
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    assert not charts.export(blocker / "chart.png")
    text = charts.message.text()
    assert text and text.count(". ") == 0 and "chart.png" in text


def test_the_end_of_game_summary_shows_the_charts(qtbot):
    g = Game.scenario(seed=3)
    rng = random.Random(3)
    while not g.over:
        g.apply(choose(g, rng))
    dialog = VictoryDialog(g, {"german": "Erwin", "allied": "Lloyd"})
    qtbot.addWidget(dialog)
    points = dialog.charts.tracker.points()
    assert [p.turn for p in points] == list(range(1, 13)) and all(p.ended for p in points)
    assert points[-1].points == g.victory_points()
    assert dialog.story.tabText(0) == "Charts"
    assert dialog.log.toPlainText().splitlines() == g.log()
