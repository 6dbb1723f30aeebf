"""Shared helpers for the benchmarks: medians of alternating runs, and a result row."""

from __future__ import annotations

import compileall
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hexcampaign.maps import HexMap


@dataclass
class Result:
    name: str
    ours_ms: float
    anchor: str = ""
    anchor_ms: float | None = None
    budget: float | None = None  # the ratio (ours / anchor) to stay under, or ms when no anchor
    extra: dict = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.anchor_ms:
            return self.ours_ms / self.anchor_ms
        return None

    @property
    def within_budget(self) -> bool | None:
        if self.budget is None:
            return None
        value = self.ratio if self.ratio is not None else self.ours_ms
        return value <= self.budget

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "ours_ms": round(self.ours_ms, 3),
            "anchor": self.anchor,
            "anchor_ms": None if self.anchor_ms is None else round(self.anchor_ms, 3),
            "ratio": None if self.ratio is None else round(self.ratio, 3),
            "budget": self.budget,
            "within_budget": self.within_budget,
            **self.extra,
        }


def median_ms(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def paired_medians(
    ours: Callable[[], object], anchor: Callable[[], object], repeat: int = 7
) -> tuple[float, float]:
    """Alternate the two so machine noise hits both alike; return both medians (ms)."""
    a, b = [], []
    for _ in range(repeat):
        for fn, out in ((ours, a), (anchor, b)):
            t = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t) * 1000)
    return statistics.median(a), statistics.median(b)


def big_map(cols: int = 200, rows: int = 200, palette: str = "kasserine", seed: int = 7) -> HexMap:
    """A generated map with mixed terrain, rivers, roads, cliffs and places."""
    rng = random.Random(seed)
    m = HexMap.blank(cols, rows, palette=palette)
    names = list(m.palette.terrains)
    hexes = m.hexes()
    for _ in range(cols * rows // 25):
        h = rng.choice(hexes)
        t = rng.choice(names)
        for n in [h, *m.neighbours_on_map(h)]:
            m.set_terrain(n, t)
            if rng.random() < 0.3:
                m.set_elevation(n, rng.randint(1, 4))
    for _ in range(cols // 10):  # rivers wander from the north edge southwards
        h = m.at(rng.randrange(cols), 0)
        while m.contains(h):
            m.set_river(h, True)
            h = h.neighbor(rng.choice([2, 3, 4]))
    for _ in range(cols // 5):  # roads between random hexes
        a, b = rng.choice(hexes), rng.choice(hexes)
        line = a.line_to(b)
        for x, y in zip(line, line[1:]):
            if m.contains(x) and m.contains(y):
                m.add_road(x, y)
    for h in m.rivers():
        if m.on_road(h):
            m.set_bridge(h, True)
    for _ in range(cols * rows // 200):
        h = rng.choice(hexes)
        n = rng.choice(h.neighbors())
        if m.contains(n):
            m.add_cliff(h, n)
    kinds = [k for k in m.palette.place_kinds if k != "capital"]
    for i in range(cols * rows // 150):
        h = rng.choice(hexes)
        if m.place_at(h) is None:
            m.add_place(
                h, f"Place {i}", rng.choice(kinds), vp=rng.randint(0, 3), pp=rng.randint(0, 3)
            )
    return m


def compile_bytecode() -> None:
    """Start as an installed program does, from compiled bytecode: pip compiles a wheel's
    modules when it installs them, and PySide6 (the anchor's only code) was compiled so.
    This checkout is an editable install, often run with PYTHONDONTWRITEBYTECODE set, so
    without this every timed start would compile ~100 modules from source (~70 ms)."""
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "src" / "hexcampaign", quiet=1)
