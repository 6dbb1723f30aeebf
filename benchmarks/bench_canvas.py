"""Canvas frames: the offscreen main window at 1920×1080 with the 200×200 map; full
repaints of the viewport into a QImage at three zooms, and while panning step by step.
Median and 95th percentile ms. (The event loop runs between frames, untimed, as it does
between a user's frames: the canvas may prefetch tiles there.)"""

from __future__ import annotations

import os
import statistics
import time

from common import Result, big_map

PLAY_ZOOM = 1.0  # hexes at their natural 32 px: the zoom a game is played at
MIDDLE_ZOOM = 0.35


def run(frames: int = 30) -> list[Result]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from hexcampaign.app import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.resize(1920, 1080)
    window.open_map(big_map())
    window.show()
    app.processEvents()
    view = window.canvas
    viewport = view.viewport()

    def frame() -> float:
        image = QImage(viewport.size(), QImage.Format.Format_ARGB32_Premultiplied)
        t = time.perf_counter()
        viewport.render(image)
        return (time.perf_counter() - t) * 1000

    def settle() -> None:
        for _ in range(3):
            app.processEvents()

    results = []
    for name, zoom, budget in (
        ("play zoom 1.0", PLAY_ZOOM, 8.0),
        (f"zoom {MIDDLE_ZOOM}", MIDDLE_ZOOM, None),
        ("fully zoomed out (fit)", None, 16.0),
    ):
        if zoom is None:
            view.fit_map()
        else:
            view.set_zoom(zoom)
            view.centerOn(view.map_scene.map_rect.center())
        settle()
        first = frame()
        times = []
        for _ in range(frames):
            settle()
            times.append(frame())
        cold = []  # every tile dropped first: the frame after an edit of the whole map
        for _ in range(max(5, frames // 3)):
            settle()
            view.map_scene.tiles.clear()
            cold.append(frame())
        results.append(
            row(
                f"canvas: repaint, {name}",
                times,
                budget,
                first_frame_ms=first,
                cold_median_ms=statistics.median(cold),
                zoom=view.zoom,
            )
        )

    # Soft edges between terrains (View menu): the cost of a cold frame with them on, the
    # frame after an edit of the whole map; every other frame is blits of cached tiles.
    view.set_soft_edges(True)
    for name, zoom in (("play zoom 1.0", PLAY_ZOOM), ("fully zoomed out (fit)", None)):
        if zoom is None:
            view.fit_map()
        else:
            view.set_zoom(zoom)
            view.centerOn(view.map_scene.map_rect.center())
        cold = []
        for _ in range(max(5, frames // 3)):
            settle()
            view.map_scene.tiles.clear()
            cold.append(frame())
        results.append(row(f"canvas: cold repaint with soft edges, {name}", cold, None, zoom=view.zoom))
    view.set_soft_edges(False)

    view.set_zoom(PLAY_ZOOM)
    settle()
    bar = view.horizontalScrollBar()
    times = []
    for _ in range(frames * 2):
        bar.setValue(bar.value() + 48)  # a hex column a frame, left to right
        settle()
        times.append(frame())
    size = viewport.size()
    results.append(
        row(
            "canvas: repaint while panning, play zoom",
            times,
            8.0,
            viewport_width=size.width(),
            viewport_height=size.height(),
        )
    )
    results.extend(wheel_notches(app, view))
    results.extend(pans(app, view))
    window.close()
    return results


def wheel_notches(app, view, notches: int = 10) -> list[Result]:
    """GUI-thread work of one wheel notch (the wheel event and the repaint it causes,
    painted at once), zooming in from fit notch by notch: every level reached for the
    first time (no tile of that zoom cached), then wheeling back out over the same
    levels. Budget 16 ms, a 60 Hz frame, first visits included. The figure is the GUI
    thread's own CPU time (time.thread_time: tile painting moved to worker threads does
    not count, waiting for a core on a busy machine does not either); the wall-clock
    median is given beside it."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    viewport = view.viewport()
    view.map_scene.tiles.clear()
    view.fit_map()
    centre = QPointF(viewport.rect().center())

    wall: list[float] = []

    def notch(steps: int) -> float:
        event = QWheelEvent(centre, QPointF(view.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                            QPoint(0, 120 * steps), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        t, cpu = time.perf_counter(), time.thread_time()
        app.sendEvent(viewport, event)
        viewport.repaint()
        wall.append((time.perf_counter() - t) * 1000)
        return (time.thread_time() - cpu) * 1000

    for _ in range(3):
        app.processEvents()
    first = []
    for _ in range(notches):
        first.append(notch(+1))
        app.processEvents()  # what the event loop does between two notches (untimed)
    first_wall = statistics.median(wall)
    wall.clear()
    repeat = []
    for _ in range(notches):
        repeat.append(notch(-1))
        app.processEvents()
    for _ in range(notches):
        repeat.append(notch(+1))
        app.processEvents()
    return [
        row("canvas: wheel notch, first visit (200×200)", first, 16.0, max_ms=max(first),
            wall_median_ms=first_wall),
        row("canvas: wheel notch, repeat visit (200×200)", repeat, 16.0, max_ms=max(repeat),
            wall_median_ms=statistics.median(wall)),
    ]


def pans(app, view, steps: int = 8, rest_s: float = 0.7) -> list[Result]:
    """GUI-thread work of a pan at play zoom on the 200×200 map: the view moves a third
    of its width at once (a quick drag), then the user rests for `rest_s` while the
    event loop runs, as it does between two drags: that is when the tiles around the
    window are drawn ahead (prefetch). Measured per pan: the GUI thread's CPU for the
    move and its repaint, the longest single event-loop turn of the rest (what the user
    would feel as a stall) and the GUI thread's CPU over the whole rest. Panning over new
    ground first, then back over the same ground (repeat)."""
    viewport = view.viewport()
    view.set_zoom(PLAY_ZOOM)
    view.centerOn(view.map_scene.map_rect.center())
    view.map_scene.tiles.clear()
    viewport.repaint()
    for _ in range(3):
        app.processEvents()
    bar = view.horizontalScrollBar()
    step = max(1, viewport.width() // 3)

    def pan(dx: int) -> tuple[float, float, float]:
        view._interactive()  # as a drag step does
        cpu = time.thread_time()
        bar.setValue(bar.value() + dx)
        viewport.repaint()
        moved = (time.thread_time() - cpu) * 1000
        turns = []
        end = time.perf_counter() + rest_s
        while time.perf_counter() < end:
            cpu = time.thread_time()
            app.processEvents()
            turns.append((time.thread_time() - cpu) * 1000)
            time.sleep(0.002)
        return moved, max(turns), sum(turns)

    first = [pan(+step) for _ in range(steps)]
    repeat = [pan(-step) for _ in range(steps)]
    out = []
    for label, runs in (("first visit", first), ("repeat visit", repeat)):
        moved = [m for m, _, _ in runs]
        stalls = [s for _, s, _ in runs]
        rests = [r for _, _, r in runs]
        out.append(row(f"canvas: pan a third of the window, {label} (200×200)", moved, 16.0,
                       max_ms=max(moved), rest_turn_median_ms=statistics.median(stalls),
                       rest_turn_max_ms=max(stalls), rest_cpu_median_ms=statistics.median(rests)))
    return out


def row(name: str, times: list[float], budget: float | None, **extra) -> Result:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Result(
        name,
        statistics.median(times),
        budget=budget,
        extra={
            "p95_ms": round(p95, 2),
            "frames": len(times),
            **{k: round(v, 2) for k, v in extra.items()},
        },
    )
