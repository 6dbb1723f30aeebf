"""The docs' pictures are made from the real program by scripts outside the package
(scripts/screenshots.py and scripts/shots/*.py, which `make screenshots` runs): every
shot is registered, and the shots make the pictures they promise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from scripts import screenshots
from scripts.shots import campaign as desk_shots
from scripts.shots import kasserine as kasserine_shots

from app.helpers import shown_window
from hexcampaign.app.settings import Settings

TOP = Path(__file__).resolve().parents[2]
# Pictures in the docs that no script makes yet (taken by hand from the running editor).
MADE_BY_HAND = {"editor-palette-dialog", "editor-soft-edges"}
# Pictures the geo example script makes (scripts/build_geo_example.py).
MADE_BY_GEO_SCRIPT = {"geo-dialog", "geo-imported", "geo-finished"}


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot, settings=Settings(), editor=False)


def test_no_screenshot_module_ships_in_the_package() -> None:
    package = TOP / "src" / "hexcampaign"
    assert sorted(p.relative_to(package).as_posix() for p in package.rglob("*screenshot*")) == []


def test_every_shot_file_is_registered_and_every_documented_picture_has_a_shot(qapp) -> None:
    screenshots.load_more_shots()
    files = sorted((TOP / "scripts" / "shots").glob("*.py"))
    assert [p.stem for p in files] == ["campaign", "editor", "kasserine"]
    for path in files:
        names = set(screenshots.load_shot_file(path).SHOTS)
        assert names and names <= set(screenshots.SHOTS), path.name
    pages = [TOP / "README.md", *sorted((TOP / "docs").glob("*.md"))]
    shown = {
        name
        for page in pages
        for name in re.findall(r"screenshots/([\w-]+)\.png", page.read_text(encoding="utf-8"))
    }
    assert shown - set(screenshots.SHOTS) == MADE_BY_HAND | MADE_BY_GEO_SCRIPT
    assert screenshots.SHOTS.keys() >= {"kasserine-computer", "campaign-desk", "editor-window"}


def test_the_desk_shots_make_pictures(window, tmp_path) -> None:
    for name, make in desk_shots.SHOTS.items():
        widget = make(window)
        target = tmp_path / f"{name}.png"
        assert widget.grab().save(str(target)), name
        image = QImage(str(target))
        assert image.width() > 200 and image.height() > 150, name
        if widget is not window and widget.isWindow():
            widget.close()
    QApplication.processEvents()


def test_the_handover_picture_shows_the_screen_naming_the_next_player(window) -> None:
    picture = kasserine_shots.SHOTS["kasserine-handover"](window)
    mode = window.mode  # the Kasserine mode the picture put in charge
    assert mode.handing_over()
    assert mode.handover.words.text() == "Lloyd: your movement phase"
    # One picture: the whole window with the hand-over screen drawn over it.
    assert picture.pixmap().size() == window.size()
    assert not mode.session.dirty  # closing after the picture asks nothing
