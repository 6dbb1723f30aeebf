"""The user guide's picture of the hand-over screen is made from the real window."""

from __future__ import annotations

from hexcampaign.app.kasserine.screenshots import SHOTS, handover_shot


def test_the_handover_picture_shows_the_screen_naming_the_next_player(window):
    assert SHOTS["kasserine-handover"] is handover_shot
    picture = handover_shot(window)
    mode = window.mode  # the Kasserine mode the picture put in charge
    assert mode.handing_over()
    assert mode.handover.words.text() == "Lloyd: your movement phase"
    # One picture: the whole window with the hand-over screen drawn over it.
    assert picture.pixmap().size() == window.size()
    assert not mode.session.dirty  # closing after the picture asks nothing
