"""Map › Properties offers "Number every N-th hex" as one undo step, its examples show
three digits on a map past 99 columns; the Place dialog refuses a control character
before it closes (issue 30 item 5, issue 32)."""

from __future__ import annotations

import pytest

from hexcampaign.app.editor.dialogs import MapProperties, MapPropertiesDialog, PlaceDialog
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

from .conftest import at
from .test_mode import window  # noqa: F401  (the editor in the main window)


def test_number_every_nth_hex_is_a_map_property_and_undoes(window):  # noqa: F811
    m = window.document.map
    dialog = MapPropertiesDialog(m)
    assert dialog.label_every.value() == 1
    dialog.label_every.setValue(5)
    values = dialog.values()
    assert values.label_every == 5
    window.editor.apply_properties(values)
    assert m.label_every == 5 and m.is_numbered(at(5, 10)) and not m.is_numbered(at(4, 10))
    window.document.undo_stack.undo()
    assert m.label_every == 1
    # The older way of building the values (no label_every) still means "every hex".
    assert MapProperties("n", "a", "d", "kasserine", "CCRR", 1).label_every == 1


def test_the_style_examples_follow_the_maps_digits(qapp):
    wide = HexMap.new(150, 20)
    dialog = MapPropertiesDialog(wide)
    assert dialog.label_style.itemText(0) == "006013"
    assert MapPropertiesDialog(HexMap.new(20, 20)).label_style.itemText(0) == "0613"


def test_the_place_dialog_refuses_a_control_character(qapp):
    m = HexMap.new(10, 10)
    dialog = PlaceDialog(m, None, m.at(1, 1))
    dialog.name.setText("Bell\u0007")
    with pytest.raises(IllegalAction, match="control character U\\+0007"):
        dialog.check()
