from __future__ import annotations

import pytest

from ._support import new_campaign


@pytest.fixture
def campaign():
    return new_campaign()
