"""Tiles painted off the GUI thread while the user zooms or pans.

A wheel notch to a zoom never seen before needs every tile of the window drawn anew,
80–350 ms of painting on a big map: far more than a frame. While the user is moving
the map the canvas shows the tiles of other zooms scaled (a stand-in) at once and asks
these workers for the real ones; each strip of tiles is painted into a QImage in a
worker thread (QPainter on a QImage is thread-safe) and handed back to the GUI thread,
which cuts it into tiles and repaints just their rectangles.

The tiles around the window drawn ahead after a pan (MapView's prefetch) are asked of
the same workers, so the GUI thread paints no map while the user rests either.

Newest requests first, and only for the zoom the user is at now: while the wheel turns,
strips of the zooms passed over are skipped. A strip painted while the map changed (the
tile cache's generation moved on) is thrown away: the next paint asks again.
"""

from __future__ import annotations

import atexit
import sys
import threading
import time
import weakref
from collections import deque
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap

from hexcampaign.app.canvas.tiles import COMPOSITE, TILE, tile_scene_rect
from hexcampaign.app.render import paint_map
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap
from hexcampaign.maps.features import MapFeatures

THREADS = 2  # measured: one thread leaves the GUI thread waiting longer for the interpreter
# The GUI thread waits this long at most for the interpreter lock a worker holds (Python's
# default, 5 ms, cost a notch 20 ms and more on a loaded machine): set once for the process.
SWITCH_INTERVAL = 0.001
COLLECT_MS = 8  # how often the GUI thread collects painted strips while any is awaited
LAND_BUDGET_S = 0.004  # GUI-thread time a collect may spend landing strips
_ALL: weakref.WeakSet = weakref.WeakSet()
_THREADS: list[threading.Thread] = []


@dataclass
class StripJob:
    zoom: float
    ratio: float
    row: int
    start: int
    end: int
    generation: int
    # What to paint, taken on the GUI thread when the strip is asked for.
    hexmap: HexMap | None = field(repr=False, default=None)
    layout: Layout | None = field(repr=False, default=None)
    layers: frozenset = frozenset()
    features: MapFeatures | None = field(repr=False, default=None)

    @property
    def key(self) -> tuple:
        return (self.zoom, self.ratio, self.row, self.start)

    def keys(self) -> list[tuple]:
        return [(COMPOSITE, self.zoom, self.ratio, i, self.row) for i in range(self.start, self.end + 1)]

    def scene_rect(self) -> QRectF:
        count = self.end - self.start + 1
        z = self.zoom
        return QRectF(self.start * TILE / z, self.row * TILE / z, count * TILE / z, TILE / z)


class _Shared:
    """What the worker threads and the GUI thread share: plain Python under one lock.
    The threads never touch a Qt object but their own QImage and QPainter, so a scene
    deleted while they paint cannot take the process down."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.jobs: deque[StripJob] = deque()
        self.pending: set[tuple] = set()
        self.pending_tiles: set[tuple] = set()  # (zoom, ratio, row, column) of asked strips
        self.done: deque[tuple[StripJob, QImage | None]] = deque()
        self.wanted_zoom: float | None = None
        self.closed = False

    def close(self, *_args) -> None:
        with self.lock:
            self.closed = True
            self.jobs.clear()
            self.lock.notify_all()

    def forget(self, job: StripJob) -> None:
        """The strip is no longer awaited (under the lock)."""
        self.pending.discard(job.key)
        self.pending_tiles.difference_update(
            (job.zoom, job.ratio, job.row, i) for i in range(job.start, job.end + 1)
        )

    def work(self) -> None:
        while True:
            with self.lock:
                while not self.jobs and not self.closed:
                    self.lock.wait()
                if self.closed:
                    return
                job = self.jobs.pop()  # the newest: where the user is now
                if job.zoom != self.wanted_zoom:
                    self.forget(job)  # a zoom the wheel has passed
                    continue
            try:
                image = _paint_strip(job)
            except Exception:  # the map changed under the painter: thrown away, asked again
                image = None
            self.done.append((job, image))


class TileWorkers(QObject):
    """Worker threads painting tile strips for one scene (see the module's note)."""

    def __init__(self, scene, threads: int = THREADS) -> None:
        super().__init__(scene)
        self.scene = scene
        self._shared = shared = _Shared()
        # Painted strips are collected on the GUI thread, a few times a frame while any
        # is awaited: no signal crosses from a worker to an object that may be gone.
        self._collect = QTimer(self)
        self._collect.setInterval(COLLECT_MS)
        self._collect.timeout.connect(self._land_painted)
        self.destroyed.connect(shared.close)  # the threads end with the scene
        self._threads = [threading.Thread(target=shared.work, name=f"tiles-{n}", daemon=True)
                         for n in range(threads)]
        for thread in self._threads:
            thread.start()
        _ALL.add(shared)
        _THREADS.extend(self._threads)
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    def request(self, zoom: float, ratio: float, row: int, start: int, end: int) -> None:
        """Ask for tiles start..end of `row` at `zoom` (once; the newest asked first)."""
        scene = self.scene
        job = StripJob(zoom, ratio, row, start, end, scene.tiles.generation, scene.hexmap, scene.layout,
                       frozenset(scene.visible_layers()), scene.features)
        shared = self._shared
        with shared.lock:
            shared.wanted_zoom = zoom
            if job.key in shared.pending:
                return
            shared.pending.add(job.key)
            shared.pending_tiles.update((zoom, ratio, row, i) for i in range(start, end + 1))
            shared.jobs.append(job)
            shared.lock.notify()
        if not self._collect.isActive():
            self._collect.start()

    def pending(self) -> int:
        """Strips asked for and not landed yet (painted ones land on the next collect)."""
        with self._shared.lock:
            return len(self._shared.pending)

    def awaits(self, zoom: float, ratio: float, row: int, column: int) -> bool:
        """Whether the tile is being painted by a worker (asked for, not landed yet)."""
        with self._shared.lock:
            return (zoom, ratio, row, column) in self._shared.pending_tiles

    def close(self) -> None:
        self._shared.close()

    # --- back on the GUI thread --------------------------------------------------------------

    def _land_painted(self) -> None:
        shared = self._shared
        # A few strips a turn: the tiles drawn ahead around the window (a pan's prefetch)
        # land together, and cutting them all at once would be a stall of its own.
        deadline = time.perf_counter() + LAND_BUDGET_S
        while shared.done and time.perf_counter() < deadline:
            self._landed(*shared.done.popleft())
        if shared.done:
            return  # the rest on the next collect
        with shared.lock:
            idle = not shared.pending
        if idle:
            self._collect.stop()

    def _landed(self, job: StripJob, image: QImage | None) -> None:
        with self._shared.lock:
            self._shared.forget(job)
        scene = self.scene
        base = scene.base_layer()
        thrown_away = job.generation != scene.tiles.generation or job.hexmap is not scene.hexmap
        if thrown_away or image is None:  # the map changed while it was painted, or it failed
            # The next paint asks again. A paint in between waited for this strip (drew
            # a stand-in, or nothing: the desk's grey); without this update those tiles
            # stayed so until the canvas was repainted for another reason.
            if base is not None:
                base.update(job.scene_rect())
            return
        side = image.height()
        for n, key in enumerate(job.keys()):
            if not tile_scene_rect(key).intersects(scene.map_rect):
                scene.tiles.put(key, None)
                continue
            tile = QPixmap.fromImage(image.copy(n * side, 0, side, side))
            tile.setDevicePixelRatio(job.ratio)
            scene.tiles.put(key, tile)
        if base is not None:
            base.update(job.scene_rect())


@atexit.register
def _close_all() -> None:
    # A thread still painting while Qt tears down would abort the process (a segfault at
    # exit, seen with a 2 s limit on a loaded machine): wait for the strip in hand to end.
    # A strip is a row of tiles, well under a second even on the largest map.
    for shared in list(_ALL):
        shared.close()
    for thread in _THREADS:
        thread.join(timeout=60.0)


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
        assert job.hexmap is not None and job.layout is not None  # taken when asked for
        paint_map(painter, job.hexmap, job.layout, job.scene_rect(), set(job.layers), job.features)
    finally:
        painter.end()
    return strip
