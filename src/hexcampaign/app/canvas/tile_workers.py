"""Tiles painted off the GUI thread while the user zooms or pans.

A wheel notch to a zoom never seen before needs every tile of the window drawn anew,
80–350 ms of painting on a big map: far more than a frame. While the user is moving
the map the canvas shows the tiles of other zooms scaled (a stand-in) at once and asks
these workers for the real ones; each strip of tiles is painted into a QImage in a
worker thread (QPainter on a QImage is thread-safe) and handed back to the GUI thread,
which cuts it into tiles and repaints just their rectangles.

Newest requests first, and only for the zoom the user is at now: while the wheel turns,
strips of the zooms passed over are skipped. A strip painted while the map changed (the
tile cache's generation moved on) is thrown away: the next paint asks again.
"""

from __future__ import annotations

import atexit
import sys
import threading
import traceback
import weakref
from collections import deque
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPixmap

from hexcampaign.app.canvas.tiles import COMPOSITE, TILE, tile_scene_rect
from hexcampaign.app.render import paint_map

THREADS = 2  # measured: one thread leaves the GUI thread waiting longer for the interpreter
# The GUI thread waits this long at most for the interpreter lock a worker holds (Python's
# default, 5 ms, cost a notch 20 ms and more on a loaded machine): set once for the process.
SWITCH_INTERVAL = 0.001
_ALL: weakref.WeakSet = weakref.WeakSet()


@dataclass
class StripJob:
    zoom: float
    ratio: float
    row: int
    start: int
    end: int
    generation: int
    # What to paint, taken on the GUI thread when the strip is asked for.
    hexmap: object = field(repr=False, default=None)
    layout: object = field(repr=False, default=None)
    layers: frozenset = frozenset()
    features: object = field(repr=False, default=None)

    @property
    def key(self) -> tuple:
        return (self.zoom, self.ratio, self.row, self.start)

    def keys(self) -> list[tuple]:
        return [(COMPOSITE, self.zoom, self.ratio, i, self.row) for i in range(self.start, self.end + 1)]

    def scene_rect(self) -> QRectF:
        count = self.end - self.start + 1
        z = self.zoom
        return QRectF(self.start * TILE / z, self.row * TILE / z, count * TILE / z, TILE / z)


class TileWorkers(QObject):
    """Worker threads painting tile strips for one scene (see the module's note)."""

    _painted = Signal(object, object)  # StripJob, QImage or None (failed): to the GUI thread

    def __init__(self, scene, threads: int = THREADS) -> None:
        super().__init__(scene)
        self.scene = scene
        self._jobs: deque[StripJob] = deque()
        self._pending: set[tuple] = set()
        self._wanted_zoom: float | None = None
        self._lock = threading.Condition()
        self._closed = False
        self._painted.connect(self._landed, Qt.ConnectionType.QueuedConnection)
        # The threads wait on the lock: they are let go when the scene goes.
        self.destroyed.connect(_Releaser(self._lock, self._jobs).release)
        self._threads = [threading.Thread(target=self._work, name=f"tiles-{n}", daemon=True)
                         for n in range(threads)]
        for thread in self._threads:
            thread.start()
        _ALL.add(self)
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    def request(self, zoom: float, ratio: float, row: int, start: int, end: int) -> None:
        """Ask for tiles start..end of `row` at `zoom` (once; the newest asked first)."""
        scene = self.scene
        job = StripJob(zoom, ratio, row, start, end, scene.tiles.generation, scene.hexmap, scene.layout,
                       frozenset(scene.visible_layers()), scene.features)
        with self._lock:
            self._wanted_zoom = zoom
            if job.key in self._pending:
                return
            self._pending.add(job.key)
            self._jobs.append(job)
            self._lock.notify()

    def pending(self) -> int:
        with self._lock:
            return len(self._pending)

    def close(self) -> None:
        """Stop the threads, waiting for a strip being painted (the program ends)."""
        with self._lock:
            self._closed = True
            self._jobs.clear()
            self._lock.notify_all()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout=2.0)


    # --- the worker threads ----------------------------------------------------------------

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._jobs and not self._closed:
                    self._lock.wait()
                if self._closed:
                    return
                job = self._jobs.pop()  # the newest: where the user is now
                if job is None:  # the scene was deleted
                    return
                if job.zoom != self._wanted_zoom:
                    self._pending.discard(job.key)  # a zoom the wheel has passed
                    continue
            image = None
            try:
                image = _paint_strip(job)
            except Exception:  # the map changed under the painter: thrown away, asked again
                traceback.print_exc()
            try:
                self._painted.emit(job, image)
            except RuntimeError:  # the scene is gone
                return

    # --- back on the GUI thread --------------------------------------------------------------

    def _landed(self, job: StripJob, image: QImage | None) -> None:
        with self._lock:
            self._pending.discard(job.key)
        scene = self.scene
        if image is None or job.generation != scene.tiles.generation or job.hexmap is not scene.hexmap:
            return
        side = image.height()
        for n, key in enumerate(job.keys()):
            if not tile_scene_rect(key).intersects(scene.map_rect):
                scene.tiles.put(key, None)
                continue
            tile = QPixmap.fromImage(image.copy(n * side, 0, side, side))
            tile.setDevicePixelRatio(job.ratio)
            scene.tiles.put(key, tile)
        base = scene.base_layer()
        if base is not None:
            base.update(job.scene_rect())


class _Releaser:
    """Lets the worker threads end once their scene is deleted (a plain object, alive
    when the Qt object is not): a None job tells each thread to return."""

    def __init__(self, lock: threading.Condition, jobs: deque) -> None:
        self.lock, self.jobs = lock, jobs

    def release(self, *_args) -> None:
        with self.lock:
            self.jobs.clear()
            self.jobs.extend([None] * THREADS)
            self.lock.notify_all()


@atexit.register
def _close_all() -> None:
    # A thread still painting while Qt tears down would abort the process.
    for workers in list(_ALL):
        workers.close()


def _paint_strip(job: StripJob) -> QImage:
    count = job.end - job.start + 1
    side = round(TILE * job.ratio)
    strip = QImage(side * count, side, QImage.Format.Format_ARGB32_Premultiplied)
    strip.setDevicePixelRatio(job.ratio)
    strip.fill(Qt.GlobalColor.transparent)
    painter = QPainter(strip)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate(-job.start * TILE, -job.row * TILE)
        painter.scale(job.zoom, job.zoom)
        paint_map(painter, job.hexmap, job.layout, job.scene_rect(), set(job.layers), job.features)
    finally:
        painter.end()
    return strip
