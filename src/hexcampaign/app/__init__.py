"""Everything Qt: the main window, the map canvas and its layers, modes, dialogs.

`MainWindow` is imported on first use, so `hexcampaign.app.render` (the headless
renderer) does not pull in the widgets.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any


def _keep_none_alive() -> None:
    """Give None, True and False practically endless reference counts on Python 3.11.

    The PySide6 6.12 wheels are built for the stable ABI of Python 3.12+, where None is
    immortal, and return it from every void method (setPen, drawPolygon, setText...)
    without taking a reference. On 3.11 each such call drops None's count by one, and
    after a few thousand calls Python aborts with "deallocating None". Python 3.12+
    makes None immortal by giving it a huge count (PEP 683); this does the same here.
    """
    if sys.version_info >= (3, 12):
        return
    import ctypes

    for singleton in (None, True, False):  # bool-returning overrides lose references too
        ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 48


_keep_none_alive()

if TYPE_CHECKING:
    from hexcampaign.app.main_window import MainWindow

__all__ = ["MainWindow"]


def __getattr__(name: str) -> Any:
    if name == "MainWindow":
        from hexcampaign.app.main_window import MainWindow

        return MainWindow
    raise AttributeError(f"module 'hexcampaign.app' has no attribute {name!r}")
