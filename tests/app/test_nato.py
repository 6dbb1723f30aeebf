"""The one NATO symbol painter both play modes use: every branch draws its own mark inside
the frame, the modes name a branch for every kind of unit they have, and a branch is the
same picture in both."""

from __future__ import annotations

from typing import get_args

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from hexcampaign.app.campaign import counters as campaign_counters
from hexcampaign.app.kasserine import counters as kasserine_counters
from hexcampaign.app.render import nato
from hexcampaign.campaign.state import FormationRecord
from hexcampaign.kasserine.units import Kind

INK = QColor("#000000")
BOX = QRectF(20, 20, 60, 38)


def _symbol(branch: str) -> QImage:
    image = QImage(100, 80, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    nato.paint_symbol(painter, BOX, branch, INK, 2.0)
    painter.end()
    return image


def _inked(image: QImage, inside: bool) -> int:
    """Pixels touched by ink inside the frame (a margin off its lines) or outside it."""
    core = BOX.adjusted(3, 3, -3, -3)
    outer = BOX.adjusted(-2, -2, 2, 2)
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y) == QColor("#ffffff"):
                continue
            if inside and core.contains(x + 0.5, y + 0.5):
                count += 1
            if not inside and not outer.contains(x + 0.5, y + 0.5):
                count += 1
    return count


def test_size_marks_follow_the_echelon() -> None:
    assert [nato.size_mark(e) for e in ("battalion", "regiment", "brigade")] == ["II", "III", "X"]
    assert nato.size_mark("division") == "XX" and nato.size_mark("corps") == "XXX"
    assert nato.size_mark("detachment") == "I"  # half a battalion: one bar
    assert nato.size_mark("army group") == ""


def test_every_branch_draws_its_own_mark_inside_the_frame_only(qapp) -> None:
    bare = _symbol("")
    assert _inked(bare, inside=True) == 0, "an unknown branch is the bare frame"
    pictures = {}
    for branch in nato.BRANCHES:
        image = _symbol(branch)
        assert _inked(image, inside=True) > 0, branch
        assert _inked(image, inside=False) == 0, f"{branch} draws outside its frame"
        pictures[branch] = image
    for a in nato.BRANCHES:
        for b in nato.BRANCHES:
            if a < b:
                assert pictures[a] != pictures[b], f"{a} and {b} look the same"


def test_mechanised_is_the_infantry_cross_and_the_armour_track(qapp) -> None:
    infantry, armour, mechanised = (_symbol(b) for b in ("infantry", "armour", "mechanised"))
    for y in range(mechanised.height()):
        for x in range(mechanised.width()):
            if infantry.pixelColor(x, y) == INK or armour.pixelColor(x, y) == INK:
                assert mechanised.pixelColor(x, y) != QColor("#ffffff"), (x, y)


def test_the_painter_is_left_as_it_was_found(qapp) -> None:
    image = QImage(100, 80, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    pen = QPen(QColor("#123456"), 3.0)
    painter.setPen(pen)
    painter.setBrush(QColor("#abcdef"))
    font = painter.font()
    for branch in nato.BRANCHES:
        nato.paint_symbol(painter, BOX, branch, INK, 2.0)
        assert painter.pen() == pen and painter.brush().color() == QColor("#abcdef"), branch
        assert painter.font() == font, branch
    painter.end()


@pytest.mark.parametrize(
    ("mode", "kinds"),
    [
        (kasserine_counters, get_args(Kind)),
        (campaign_counters, get_args(FormationRecord.model_fields["kind"].annotation)),
    ],
)
def test_each_mode_names_a_nato_branch_for_every_kind_it_has(mode, kinds) -> None:
    assert kinds and set(mode.BRANCHES) == set(kinds)
    assert set(mode.BRANCHES.values()) <= set(nato.BRANCHES)
