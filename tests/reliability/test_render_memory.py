"""`render` of the largest map keeps its memory bounded (issue 19): a valid 385x385 map
took 2.7 GiB as a PNG, 646 MB as an SVG and 360 MB as a PDF. A PNG that large is refused
with the hex size that fits; an SVG or PDF is drawn a band of hexes at a time. These run
in `make soak` (each render takes 15-25 s)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ._memory import PEAK_KB

PROBE = PEAK_KB + """
import random, sys
from hexcampaign.cli import main
from hexcampaign.maps import HexMap, save_map

random.seed(19)
m = HexMap.blank(385, 385)
terrains = list(m.palette.terrains)
for h in m.hexes():  # every hex different from its neighbours: the most shapes to draw
    m.set_terrain(h, random.choice(terrains))
    m.set_elevation(h, random.randint(0, 3))
for row in range(0, 385, 10):
    hexes = m.row_hexes(row)
    for a, b in zip(hexes, hexes[1:]):
        m.add_road(a, b)
for col in range(5, 385, 20):
    for row in range(385):
        m.set_river(m.at(col, row), True)
for i in range(300):
    h = m.at(random.randrange(385), random.randrange(385))
    if m.place_at(h) is None:
        m.add_place(h, f"Place {i}", "town")
save_map(m, sys.argv[1])
del m
code = main(["render", sys.argv[1], "-o", sys.argv[2]])
print(code, peak_kb() // 1024)
"""


@pytest.mark.soak
@pytest.mark.parametrize("suffix", [".svg", ".pdf", ".png"])
def test_render_of_a_385_by_385_map_stays_under_256_mb(tmp_path, suffix):
    out = tmp_path / f"big{suffix}"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "big.hexmap"), str(out)],
        capture_output=True, text=True, timeout=900,
    )
    code, peak = (int(x) for x in done.stdout.split()[-2:])
    assert peak < 256, (suffix, peak, done.stderr[-500:])
    if suffix == ".png":  # 394 million pixels: refused with the hex size that fits
        assert code == 1 and "--hex-size" in done.stderr
    else:
        assert code == 0 and out.stat().st_size > 10_000_000
