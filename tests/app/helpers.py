"""Helpers for the window tests: a shown main window, the canvas's picture and comparing
two pictures, the strips of tiles painted on the GUI thread, and a disk that fills up."""

from __future__ import annotations

import errno
from typing import Any


def shown_window(
    qtbot: Any, width: int = 1400, height: int = 900, play_modes: bool = False, **options: Any
) -> Any:
    """A main window shown at that size (`options` go to MainWindow: editor=False,
    settings=...); with `play_modes`, the Kasserine and campaign modes installed."""
    from hexcampaign.app import MainWindow

    w = MainWindow(**options)
    qtbot.addWidget(w)
    if play_modes:
        w.install_play_modes()
    w.resize(width, height)
    w.show()
    qtbot.waitExposed(w)
    return w


def largest_difference(a, b) -> int:
    """The largest difference of one colour channel between two pictures (QImage) of one
    size. Tiles painted by the worker threads in strips anti-alias a hex edge at a tile
    seam a few levels differently from tiles painted one by one; a missing or blurred
    tile differs by far more, so picture tests compare to within 8 levels."""
    import numpy

    assert a.size() == b.size() and a.format() == b.format()
    pixels = [numpy.frombuffer(image.constBits(), numpy.uint8, image.sizeInBytes()) for image in (a, b)]
    return int(numpy.abs(pixels[0].astype(numpy.int16) - pixels[1]).max())


def canvas_picture(view: Any) -> Any:
    """What the canvas (a MapView) shows now, its tiles as they are: its viewport painted
    into a QImage."""
    from PySide6.QtGui import QImage

    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    view.viewport().render(image)
    return image


def complete_picture(view: Any) -> Any:
    """What a complete paint of the canvas draws: no progressive paint, every tile dropped
    and painted again on the GUI thread."""
    view.map_scene.progressive_until = 0.0
    view.map_scene.tiles.clear()
    return canvas_picture(view)


def gui_thread_strips(monkeypatch: Any) -> list:
    """The strips of tiles painted on the GUI thread from now on (LayerItem._render_strip),
    one entry each: a test that the worker threads painted them expects it empty."""
    from hexcampaign.app.canvas.layers import LayerItem

    painted: list = []
    render = LayerItem._render_strip
    monkeypatch.setattr(
        LayerItem, "_render_strip", lambda self, *a: painted.append(a) or render(self, *a)
    )
    return painted


class FullDisk:
    """A file on a disk that fills up after `room` bytes: the first write past that
    writes what fits and raises ENOSPC, as a real full disk does."""

    def __init__(self, real, room: int) -> None:
        self.real, self.room = real, room

    def write(self, data) -> int:
        data = bytes(data)
        if len(data) > self.room:
            self.real.write(data[: self.room])
            self.room = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(data)
        return self.real.write(data)

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.real.close()


def lock_owner(path: Any) -> int:
    """The PID an autosave session's lock (a Qt QLockFile) names; 0 for none."""
    from PySide6.QtCore import QLockFile

    pid, _host, _program = QLockFile(str(path)).getLockInfo()
    return int(pid)


def write_lock(path: Any, pid: int, program: str = "", host: str | None = None) -> None:
    """A session lock as QLockFile writes it (PID, program, computer), for a program that
    is not this one: a dead one's, another program's or another computer's."""
    import socket

    path.write_text(f"{pid}\n{program}\n{socket.gethostname() if host is None else host}\n")
