"""Fixtures for the umpire's desk: a shown main window with the campaign mode, and a
small CM campaign with two divisions face to face. The helpers they use are in
app/campaign/helpers.py; `desk` hands that module to a test."""

from __future__ import annotations

import pytest

import app.campaign.helpers as desk_helpers
from app.campaign.helpers import (  # noqa: F401  (older tests import them from here)
    FRONT,
    GERMAN_CAPITAL,
    US_CAPITAL,
    clash,
    open_desk,
    pdf_text,
    settle,
    shown_window,
    small_campaign,
    squeeze,
)
from hexcampaign.campaign import Campaign


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot)


@pytest.fixture
def mode(window):
    return open_desk(window)


@pytest.fixture
def campaign() -> Campaign:
    return small_campaign()


@pytest.fixture
def desk():
    """The desk helpers module (app/campaign/helpers.py), for tests that take it as a fixture."""
    return desk_helpers
