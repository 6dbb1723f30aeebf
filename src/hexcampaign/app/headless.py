"""The picture command's Qt side (`hexcampaign render`), apart from app/launch.py: the
window's start imports QtWidgets and the window's icon, which a picture does not need
(about 11 ms of every render's start)."""

from __future__ import annotations

from pathlib import Path

from hexcampaign.maps import HexMap


def render_headless(hexmap: HexMap, target: Path, hex_size: float, layers: set[str] | None):
    """Draw `hexmap` to `target` (PNG, SVG or PDF) without a window; (width, height).
    Before any Qt application exists, so that a big PNG can be painted by two forked
    processes, each making its own (app/render/render_workers.py)."""
    from hexcampaign.app.render import render_to_file
    from hexcampaign.app.render.render_workers import start_qt, worker_processes

    processes = worker_processes()  # 1 where Qt runs already or a fork is unsafe
    if processes == 1:
        start_qt()
    return render_to_file(hexmap, target, hex_size=hex_size, layers=layers, processes=processes)
