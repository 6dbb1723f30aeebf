"""`hexcampaign render` of a 200×200 map against Tiled's tmxrasterizer drawing the same
grid from a TMX hex map (flat-top, stagger axis x, odd index) with a generated hex
tileset at the same pixel size, roads, cliffs and place names as Tiled objects.
Both are whole processes (start, read, draw, write the PNG), run alternately. Ours
paints the bands of its picture in two processes (a worker forked after the map is
read: app/render/render_workers.py), so the row also gives each side's CPU time, both
our processes counted: the wall time halves only the painting, and only with a core
to spare.

Also the floor: writing a blank picture of the same size as `render` writes its PNG.
"""

from __future__ import annotations

import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.sax.saxutils import escape

from common import Result, big_map, compile_bytecode

from hexcampaign.maps import HexMap, save_map

HEX_SIZE = 16  # pixels from centre to corner: a 200×200 map is about 4800×5600 pixels
ROOT = Path(__file__).resolve().parent.parent
HEXCAMPAIGN = ROOT / ".venv" / "bin" / "hexcampaign"


def run(repeat: int = 5) -> list[Result]:
    rasterizer = tmxrasterizer()
    compile_bytecode()
    m = big_map()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        source = folder / "big.hexmap"
        save_map(m, source)
        tmx = write_tmx(m, folder)
        ours_png, tiled_png = folder / "ours.png", folder / "tiled.png"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        ours_cmd = [
            str(hexcampaign()),
            "render",
            str(source),
            "-o",
            str(ours_png),
            "--hex-size",
            str(HEX_SIZE),
        ]
        results = []
        if rasterizer is None:
            ours = [timed(ours_cmd, env) for _ in range(repeat)]
            size = png_size(ours_png)
            results.append(
                Result(
                    "render: 200×200 map to PNG",
                    statistics.median(ours),
                    "tmxrasterizer (missing)",
                    None,
                    budget=None,
                    extra={"pixels": size, "note": INSTALL_HINT},
                )
            )
        else:
            tiled_cmd = [rasterizer, str(tmx), str(tiled_png)]
            ours, tiled, ours_cpu, tiled_cpu = [], [], [], []
            for _ in range(repeat):
                for command, wall, cpu in ((ours_cmd, ours, ours_cpu), (tiled_cmd, tiled, tiled_cpu)):
                    before = cpu_of_children()
                    wall.append(timed(command, env))
                    cpu.append(cpu_of_children() - before)
            ratios = [a / b for a, b in zip(ours, tiled)]
            results.append(
                Result(
                    "render: 200×200 map to PNG",
                    statistics.median(ours),
                    "tmxrasterizer",
                    statistics.median(tiled),
                    budget=0.5,  # issue 31: at most half Tiled's time at equal pixels
                    extra={
                        "pixels": png_size(ours_png),
                        "anchor_pixels": png_size(tiled_png),
                        "median_pair_ratio": round(statistics.median(ratios), 3),
                        "cpu_ms": round(statistics.median(ours_cpu)),
                        "anchor_cpu_ms": round(statistics.median(tiled_cpu)),
                        "load": round(os.getloadavg()[0], 2),
                    },
                )
            )
        width, height = png_size(ours_png)
        results.append(
            Result(
                f"render floor: blank {width}×{height} PNG encode",
                blank_png_ms(width, height, folder / "blank.png"),
            )
        )
    return results


INSTALL_HINT = "install Tiled's rasterizer: sudo apt-get install tiled (Debian/Ubuntu)"


def tmxrasterizer() -> str | None:
    """The rasterizer, installed with apt-get when we may (root, apt present)."""
    found = shutil.which("tmxrasterizer")
    if found:
        return found
    if shutil.which("apt-get") and os.geteuid() == 0:
        print("benchmarks: installing Tiled (tmxrasterizer) with apt-get…", file=sys.stderr)
        subprocess.run(
            ["apt-get", "install", "-y", "-q", "--no-install-recommends", "tiled"],
            check=False,
            stdout=subprocess.DEVNULL,
        )
        return shutil.which("tmxrasterizer")
    print(f"benchmarks: no tmxrasterizer; {INSTALL_HINT}", file=sys.stderr)
    return None


def hexcampaign() -> Path:
    return (
        HEXCAMPAIGN if HEXCAMPAIGN.exists() else Path(shutil.which("hexcampaign") or "hexcampaign")
    )


def timed(command: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(
        command, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return (time.perf_counter() - t) * 1000


def cpu_of_children() -> float:
    """User and system CPU (ms) of every child process ended and reaped so far, with
    theirs: the command's worker is counted in the command's own figure."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000


def png_size(path: Path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def blank_png_ms(width: int, height: int, path: Path, repeat: int = 3) -> float:
    """In-process: fill a white image of the size and write it as `render` does (the
    conversion to 24-bit RGB and hexcampaign's PNG writer): the floor of our side."""
    code = (
        "import sys, time\n"
        "from PySide6.QtGui import QGuiApplication, QImage, QColor\n"
        "from hexcampaign.app.png import write_rgb_png\n"
        "app = QGuiApplication([])\n"
        f"image = QImage({width}, {height}, QImage.Format.Format_RGB32)\n"
        "times = []\n"
        f"for _ in range({repeat}):\n"
        "    t = time.perf_counter()\n"
        "    image.fill(QColor('white'))\n"
        "    rgb = image.convertToFormat(QImage.Format.Format_RGB888)\n"
        f"    write_rgb_png({str(path)!r}, {width}, {height}, rgb.constBits(), rgb.bytesPerLine())\n"
        "    times.append((time.perf_counter() - t) * 1000)\n"
        "print(sorted(times)[len(times) // 2])\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    ).stdout
    return float(out.strip().splitlines()[-1])


# --- the TMX twin of the map ----------------------------------------------------------------


def write_tmx(m: HexMap, folder: Path) -> Path:
    """The map as Tiled sees it: one tile per terrain (and per terrain with a river), a
    tile layer, and an object layer with roads, cliffs and place names."""
    tile_w = 2 * HEX_SIZE
    tile_h = round(math.sqrt(3) * HEX_SIZE)
    side = HEX_SIZE  # the flat top's length
    terrains = list(m.palette.terrains)
    kinds = [(t, river) for t in terrains for river in (False, True)]
    write_tileset_png(m, kinds, tile_w, tile_h, folder / "tiles.png")
    gid = {kind: i + 1 for i, kind in enumerate(kinds)}
    rows = []
    for row in range(m.rows):
        cells = []
        for col in range(m.cols):
            h = m.at(col, row)
            cells.append(str(gid[(m.terrain(h), m.is_river(h))]))
        rows.append(",".join(cells))

    def centre(h) -> tuple[float, float]:
        col, row = m.offset(h)
        x = col * (tile_w + side) / 2 + tile_w / 2
        y = row * tile_h + tile_h / 2 + (tile_h / 2 if col % 2 else 0)
        return x, y

    objects = []
    next_id = 1
    for a, b in m.roads():
        (x1, y1), (x2, y2) = centre(a), centre(b)
        objects.append(
            f'<object id="{next_id}" x="{x1:.1f}" y="{y1:.1f}">'
            f'<polyline points="0,0 {x2 - x1:.1f},{y2 - y1:.1f}"/></object>'
        )
        next_id += 1
    for hexside in m.cliffs():
        a, b = hexside.hexes()
        (x1, y1), (x2, y2) = centre(a), centre(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        length = math.hypot(x2 - x1, y2 - y1) or 1
        ux, uy = -(y2 - y1) / length * side / 2, (x2 - x1) / length * side / 2
        objects.append(
            f'<object id="{next_id}" x="{mx - ux:.1f}" y="{my - uy:.1f}">'
            f'<polyline points="0,0 {2 * ux:.1f},{2 * uy:.1f}"/></object>'
        )
        next_id += 1
    texts = [(p.hex, p.name) for p in m.places()] + [(lbl.hex, lbl.text) for lbl in m.labels()]
    for h, text in texts:
        x, y = centre(h)
        objects.append(
            f'<object id="{next_id}" x="{x - 40:.1f}" y="{y + 4:.1f}" width="80" '
            f'height="14"><text pixelsize="10" halign="center">{escape(text)}'
            "</text></object>"
        )
        next_id += 1
    path = folder / "big.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{m.cols}" height="{m.rows}" tilewidth="{tile_w}" '
        f'tileheight="{tile_h}" hexsidelength="{side}" staggeraxis="x" staggerindex="odd" '
        f'infinite="0" nextlayerid="3" nextobjectid="{next_id}">\n'
        f' <tileset firstgid="1" name="terrain" tilewidth="{tile_w}" tileheight="{tile_h}" '
        f'tilecount="{len(kinds)}" columns="{len(kinds)}">\n'
        f'  <image source="tiles.png" width="{tile_w * len(kinds)}" height="{tile_h}"/>\n'
        " </tileset>\n"
        f' <layer id="1" name="terrain" width="{m.cols}" height="{m.rows}">\n'
        '  <data encoding="csv">\n' + ",\n".join(rows) + "\n  </data>\n </layer>\n"
        ' <objectgroup id="2" name="features">\n  ' + "\n  ".join(objects) + "\n </objectgroup>\n"
        "</map>\n",
        encoding="utf-8",
    )
    return path


def write_tileset_png(m: HexMap, kinds, tile_w: int, tile_h: int, path: Path) -> None:
    """Flat-top hexes in the palette's colours with an outline; river tiles carry a band."""
    code = f"""
import math
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen, QPolygonF
app = QGuiApplication([])
kinds = {[(m.palette.terrains[t].colour, river) for t, river in kinds]!r}
w, h = {tile_w}, {tile_h}
image = QImage(w * len(kinds), h, QImage.Format.Format_ARGB32_Premultiplied)
image.fill(Qt.GlobalColor.transparent)
p = QPainter(image)
p.setRenderHint(QPainter.RenderHint.Antialiasing)
for n, (colour, river) in enumerate(kinds):
    cx, cy = n * w + w / 2, h / 2
    hexagon = QPolygonF([QPointF(cx + w / 2 * math.cos(math.radians(60 * k)),
                                 cy + h / 2 / math.sin(math.radians(60)) * math.sin(math.radians(60 * k)))
                         for k in range(6)])
    p.setPen(QPen(QColor("#555555"), 1))
    p.setBrush(QColor(colour))
    p.drawPolygon(hexagon)
    if river:
        p.setPen(QPen(QColor("#3b7dd8"), h / 5))
        p.drawLine(QPointF(cx, cy - h / 2), QPointF(cx, cy + h / 2))
p.end()
image.save({str(path)!r})
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
