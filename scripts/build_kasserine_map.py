"""Build maps/kasserine/kasserine.hexmap: the Kasserine Pass board, Tunisia, February 1943.

The 1972 board is lost; this is a reconstruction at the original 7 km hex scale over
"Grid B" of the research (27 columns x 31 rows: 8.00-9.75 E, 34.35-36.25 N; Tebessa
to Fondouk, Le Kef to Gafsa). Sources and choices: maps/kasserine/README.md and
../shared/research/kasserine_geography.md, kasserine_hexdata.json (Grid B).

Every feature below is a (col, row) offset hex, flat-top "odd-q" (odd columns half a hex
lower), column 0 the west edge, row 0 the north edge -- the same numbers as
Hex.from_offset and scenario.json. The printed map numbers hexes from 0101.

Rerun after changing the model or this script:
    .venv/bin/python scripts/build_kasserine_map.py            # writes the map
    .venv/bin/python scripts/build_kasserine_map.py --preview  # and prints a text sketch
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap, save_map

COLS, ROWS = 27, 31
OUT = Path(__file__).resolve().parents[1] / "maps" / "kasserine" / "kasserine.hexmap"

# fmt: off
# Relief, feature by feature; every other hex is plain (steppe, valley floor, farmland).
# [S] sourced position, [E] estimated line (research Grid B, adjusted so that the gaps
# the sources name stay open and each ridge reads as one body on the board).
RUGGED_CREST = {
    # Western (Grand) Dorsal, south of the Kasserine gap: Chambi, 1,544 m, wooded [S]
    "Dj. Chambi": [(8, 17), (9, 16), (10, 16), (10, 17), (11, 16)],
    # north of the gap: Semmama, 4,447 ft, a sheer face toward the pass [S]
    "Dj. Semmama": [(12, 14), (12, 15), (13, 14)],
    # beyond the Sbiba gap: Mghila, 1,370 m [S], then the Dorsal runs north-east past
    # Dj. Trozza and north to Dj. Serj and Dj. Bargou, west of the Ousseltia valley [E]
    "Dj. Mghila": [(18, 12), (18, 13), (19, 12), (19, 13)],
    "Grand Dorsal: Dj. Trozza to Dj. Bargou": [
        (20, 12), (21, 11), (21, 10), (22, 10), (22, 9), (23, 8), (23, 7), (23, 6), (23, 5),
        (24, 5), (24, 4), (24, 3),
    ],
    # the lip of the Thala plateau across Highway 17, 5 km south of Thala [S/E]
    "Thala lip": [(9, 11), (10, 12), (11, 11)],
    # Kalaat es Senam, the Table de Jugurtha, 1,452 m [S]
    "Kalaat es Senam": [(5, 7)],
}
HIGH_GROUND = {
    # Monts de Tebessa south of the Hatab, the Dernaia (4,16), Bou Chebka (6,17) and
    # El Abiod (2,16-17) gaps left open [S/E]
    "Monts de Tebessa": [
        (3, 15), (3, 16), (3, 17), (4, 17), (5, 15), (5, 16), (5, 17), (5, 18), (6, 15),
        (6, 16), (6, 18), (7, 16), (7, 17), (7, 18), (8, 16), (8, 18), (9, 17), (9, 18),
        (10, 18),
    ],
    "Dj. el Hamra": [(7, 15), (8, 15)],
    "Nementcha (Algeria)": [
        (0, 19), (0, 20), (0, 21), (1, 18), (1, 19), (1, 20), (1, 21), (2, 19), (2, 20),
        (3, 20),
    ],
    "Semmama's eastern slopes": [(13, 13), (13, 15), (14, 13), (14, 14)],
    "Sbiba ridge": [(15, 12), (16, 12), (17, 12)],
    "Mghila foothills": [(17, 11), (20, 13), (21, 12)],
    "Dorsal foothills toward Maktar and Siliana": [
        (20, 10), (21, 9), (22, 8), (22, 7), (22, 6), (22, 5), (23, 4), (23, 3),
    ],
    "Thala plateau": [(8, 10), (9, 10), (10, 10), (10, 11), (11, 10), (12, 10)],
    "Hills between Thala and Kalaat Khasba": [(7, 8), (8, 8), (8, 9)],
    "Maktar plateau": [(17, 5), (17, 6), (18, 5), (19, 6), (19, 7)],
    "Le Kef: Jebel Dyr": [(11, 1), (12, 2)],
    "Hills east of Le Kef": [(13, 2), (14, 2), (14, 3), (15, 3)],
    "Ouenza highlands (Algeria)": [(1, 3), (1, 4), (2, 3), (2, 4), (2, 5), (3, 5)],
    "Hills of Tajerouine": [(6, 6), (7, 6), (7, 7)],
    # the Eastern Dorsal runs north from Fondouk to Pichon, east of the Ousseltia valley
    "Eastern Dorsal north of Fondouk": [
        (24, 10), (25, 9), (25, 10), (25, 8), (25, 7), (26, 6), (26, 5), (26, 4),
    ],
    "Eastern Dorsal, Fondouk to Faid": [
        (24, 15), (24, 16), (24, 17), (24, 18), (24, 19), (25, 14), (25, 15), (25, 16),
        (25, 17), (25, 18),
    ],
    "Eastern Dorsal between Faid and Maizila": [(25, 21)],
    "Eastern Dorsal, Maizila to Maknassy": [(24, 23), (24, 24), (24, 25)],
    "Dj. Bou Hedma (Maknassy)": [(24, 27), (24, 28), (25, 27), (25, 28)],
    "Dj. Lessouda": [(23, 18)],
    "Dj. Ksaira": [(22, 20)],
    "Dj. Selloum": [(13, 19), (14, 19), (14, 20)],
    "Hills between Gafsa and Sened": [(19, 25), (20, 25), (20, 26)],
    "Dj. Ben Younes": [(13, 27), (14, 27)],
    # between the Sened valley and the El Guettar valley
    "Dj. Orbata": [(15, 29), (17, 29)],
    "Hills south-west of Ferriana": [(5, 21), (5, 22), (6, 22)],
}

# name, kind, vp, (col, row), label side. VP and spelling as the rulebook's victory
# conditions ("Ferriana"); cities are the three walled old towns of 1943 (Tebessa's
# Byzantine walls, Le Kef's kasbah on Jebel Dyr, Gafsa's kasbah), every other place is a
# village: the terrain table doubles defenders only in cities.
PLACES = [
    ("Tebessa", "city", 3, (2, 13), "below"),
    ("Le Kef", "city", 2, (11, 1), "below"),
    ("Thala", "village", 2, (10, 11), "above"),
    ("Kasserine", "village", 1, (12, 17), "below"),
    ("Ferriana", "village", 1, (8, 21), "below"),
    ("Sbiba", "village", 1, (16, 11), "right"),
    ("Gafsa", "city", 0, (12, 29), "below"),
    ("Sbeitla", "village", 0, (17, 16), "right"),
    ("Sidi Bou Zid", "village", 0, (22, 19), "below"),
    ("Thelepte", "village", 0, (9, 20), "right"),
    ("Haidra", "village", 0, (7, 10), "above"),
    ("Dernaia", "village", 0, (4, 16), "below"),
    ("Bou Chebka", "village", 0, (6, 17), "below"),
    ("Foussana", "village", 0, (9, 14), "below"),
    ("Kalaat Khasba", "village", 0, (9, 9), "left"),
    ("Tajerouine", "village", 0, (8, 6), "left"),
    ("Dahmani", "village", 0, (12, 5), "left"),
    ("El Ksour", "village", 0, (13, 5), "right"),
    ("El Ayoun", "village", 0, (13, 10), "above"),
    ("Rohia", "village", 0, (16, 9), "right"),
    ("Maktar", "village", 0, (18, 6), "right"),
    ("Siliana", "village", 0, (21, 2), "right"),
    ("Hadjeb el Aioun", "village", 0, (23, 13), "below"),
    ("Fondouk", "village", 0, (25, 11), "below"),
    ("Faid", "village", 0, (24, 20), "left"),
    ("Maknassy", "village", 0, (24, 26), "left"),
    ("El Guettar", "village", 0, (14, 30), "above"),
]

# The 1943 roads as chains of adjacent hexes (research Grid B paths, adjusted where noted).
ROADS = {
    "Highway 13 west: Kasserine - the pass - Foussana - Tebessa": [
        (12, 17), (12, 16), (11, 15), (10, 15), (9, 14), (8, 14), (7, 13), (6, 14), (5, 13),
        (4, 13), (3, 13), (2, 13),
    ],
    "Highway 17: the pass fork - Thala - Kalaat Khasba - Tajerouine - Le Kef": [
        (11, 15), (11, 14), (11, 13), (11, 12), (10, 12), (10, 11), (10, 10), (9, 9), (9, 8),
        (9, 7), (8, 7), (8, 6), (9, 5), (9, 4), (10, 4), (10, 3), (10, 2), (11, 1),
    ],
    "Highway 71: Sbeitla - Sbiba - El Ksour - Le Kef": [
        (17, 16), (17, 15), (17, 14), (17, 13), (16, 13), (16, 12), (16, 11), (16, 10),
        (15, 9), (15, 8), (14, 8), (14, 7), (13, 6), (13, 5), (12, 5), (12, 4), (12, 3),
        (11, 2), (11, 1),
    ],
    "Highway 13 east: Kasserine - Sbeitla": [
        (12, 17), (13, 16), (14, 17), (15, 16), (16, 17), (17, 16),
    ],
    "Highway 13 east: Sbeitla - Sidi Bou Zid - Faid": [
        (17, 16), (18, 17), (19, 17), (20, 18), (21, 18), (22, 19), (23, 19), (24, 20),
    ],
    "Sbeitla - Hadjeb el Aioun - Fondouk (Road 4 beyond)": [
        (17, 16), (18, 16), (19, 15), (20, 15), (21, 14), (22, 14), (23, 13), (24, 13),
        (25, 12), (25, 11), (26, 11),
    ],
    "Gafsa - Ferriana - Thelepte - Kasserine": [
        (12, 29), (12, 28), (11, 27), (11, 26), (10, 26), (10, 25), (10, 24), (9, 23), (9, 22),
        (8, 22), (8, 21), (9, 20), (10, 20), (10, 19), (11, 18), (11, 17), (12, 17),
    ],
    "Thelepte - Bou Chebka - Dernaia - Tebessa": [
        (9, 20), (8, 20), (8, 19), (7, 18), (7, 17), (6, 17), (5, 16), (4, 16), (4, 15),
        (3, 14), (3, 13), (2, 13),
    ],
    "Thala - Haidra - Tebessa": [
        (10, 11), (9, 10), (8, 11), (7, 10), (6, 11), (5, 11), (4, 12), (3, 12), (2, 13),
    ],
    "Thala - El Ayoun - Sbiba": [
        (10, 11), (11, 10), (12, 11), (13, 10), (14, 11), (15, 10), (16, 11),
    ],
    "Sbiba - Rohia - Maktar": [
        (16, 11), (16, 10), (16, 9), (17, 8), (17, 7), (18, 7), (18, 6),
    ],
    "Maktar - Siliana - north edge": [
        (18, 6), (19, 5), (19, 4), (20, 4), (20, 3), (21, 2), (21, 1), (21, 0),
    ],
    "Road Five: Tebessa - west edge (Youks-les-Bains, Ain Beida)": [
        (2, 13), (1, 12), (0, 13),
    ],
    "Road Six: Le Kef - north edge (Souk el Arba); it leaves Le Kef north-east, below the cliff": [
        (11, 1), (12, 1), (12, 0),
    ],
    # DAK's own approach, from the Mareth line by Gabes and El Guettar to Gafsa; the last
    # row of the board stands for the Gabes road so that it leaves by the east edge
    "Road 1: Gafsa - El Guettar - Gabes": [
        (12, 29), (12, 30), (13, 30), (14, 30), (15, 30), (16, 30), (17, 30), (18, 30),
        (19, 30), (20, 30), (21, 30), (22, 30), (23, 30), (24, 30), (25, 30), (26, 30),
    ],
    "Gafsa - Sened - Maknassy, on to Road 2": [
        (12, 29), (13, 28), (14, 29), (15, 28), (16, 29), (17, 28), (18, 29), (19, 28),
        (20, 28), (21, 27), (22, 27), (23, 26), (24, 26), (25, 25), (25, 24), (25, 23),
        (26, 23),
    ],
    "Road 2: Sidi Bou Zid - Maizila pass - Mezzouna (Sfax)": [
        (23, 19), (23, 20), (24, 21), (24, 22), (25, 22), (26, 23),
    ],
    "Road 3: Faid pass - Sfax": [
        (24, 20), (25, 19), (26, 19),
    ],
}

# Rivers as chains of hexes. The Hatab shares six hexes with Highway 13 from Foussana to
# Kasserine: the rulebook's "road and river hexes just northwest of Kasserine" (four, and
# the bridges at the pass fork and Kasserine).
RIVERS = {
    # it rises in the Tebessa massif by Dj. el Hamra and meets the road just west of Foussana
    "Oued el Hatab / Oued el Fekka": [
        (7, 14), (8, 14), (9, 14), (10, 15), (11, 15), (12, 16), (12, 17),
        (13, 17), (14, 18), (15, 18), (16, 18), (17, 18), (18, 19), (19, 18), (20, 19),
        (21, 19), (22, 19),
    ],
    # kept off Highway 71 so that the only road+river hexes are the Hatab's and the
    # bridge towns; it rises in the Sbiba gap and joins the Hatab below Sbeitla
    "Oued Sbeitla": [(15, 13), (16, 14), (16, 15), (16, 16), (17, 16), (17, 17)],
    "Oued Mellegue": [
        (4, 7), (5, 6), (5, 5), (6, 5), (6, 4), (7, 3), (7, 2), (8, 2), (8, 1), (8, 0),
    ],
}

# Where a road crosses from one bank to the other: the Thala road over the Hatab at the
# pass fork, Kasserine, Sbeitla (its demolished bridges, Atkinson) and Sidi Bou Zid. The
# other Hatab road hexes carry the road along the valley, not across it.
BRIDGES = [(11, 15), (12, 17), (17, 16), (22, 19)]

# Cliff hexsides: the upper hex and the faces (N, NE, SE, S, SW, NW) that drop sheer to
# the neighbour on that side.
CLIFFS = [
    # Semmama's sheer south-west face over the pass and the Kasserine road
    ((12, 15), ("SW", "S")),
    ((12, 14), ("SW",)),
    # Tebessa escarpment above the Thelepte-Ferriana steppe, broken where the Bou Chebka
    # road climbs (8,19)-(7,18)
    ((5, 18), ("S", "SE")),
    ((6, 18), ("S",)),
    ((8, 18), ("S",)),
    ((9, 18), ("S", "NE")),
    # the lip of the Thala plateau across Highway 17 south of Thala; the road climbs
    # through the defile at (10,12)
    ((9, 11), ("S", "SW")),
    ((10, 12), ("S", "SW")),
    ((11, 11), ("S", "SE")),
    # Kalaat es Senam, the Table de Jugurtha: precipitous on every side
    ((5, 7), ("N", "NE", "SE", "S", "SW", "NW")),
    # Le Kef's old town on the north cliff of Jebel Dyr
    ((11, 1), ("NW", "N")),
]
FACES = ("N", "NE", "SE", "S", "SW", "NW")  # Hex.neighbor() direction order

# Free annotations: the entry and arrival roads, and landmarks without a town.
LABELS = [
    ((26, 30), "Road 1"),
    ((26, 23), "Road 2"),
    ((26, 19), "Road 3"),
    ((26, 11), "Road 4"),
    ((0, 13), "Road Five"),
    ((12, 0), "Road Six"),
    ((11, 15), "Kasserine Pass"),
    ((10, 17), "Dj. Chambi"),
    ((12, 14), "Dj. Semmama"),
    ((19, 13), "Dj. Mghila"),
    ((8, 15), "Dj. el Hamra"),
    ((5, 7), "Kalaat es Senam"),
    ((23, 18), "Dj. Lessouda"),
]

# The map's own account of itself, shown in the editor's map properties.
DESCRIPTION = (
    "Kasserine Pass, central Tunisia, 14-25 February 1943, at the original game's 7 km "
    "(4.5 mile) hexes: 27 x 31 hexes from Tebessa (west) to Fondouk (east) and from Le Kef "
    "(north) to Gafsa (south), the extent the 1972 session reports need (Gafsa, Sidi Bou Zid, "
    "Sbeitla, Maktar all in play). Reconstructed from place coordinates and the 1943 "
    "highways; ridge lines are estimates. German entry roads leave the east edge, numbered "
    "from the south: Road 1 the Gabes road by El Guettar (DAK came from the Mareth line), "
    "Road 2 the Mezzouna road through the Maizila pass and from Maknassy, Road 3 the Faid "
    "pass road (21st Panzer enters between 2 and 3), Road 4 Fondouk-Kairouan (10th Panzer "
    "between 3 and 4). Allied "
    "arrivals: At Le Kef (British, First Army), Road Five from Algeria by Tebessa (II Corps' "
    "line of supply), Road Six from Souk el Arba into Le Kef."
)

# fmt: on


def build() -> HexMap:
    m = HexMap.blank(COLS, ROWS, palette="kasserine")
    m.name = "Kasserine Pass, February 1943"
    m.author = "hexcampaign (reconstruction of the 1972 Conflict Games board)"
    m.description = DESCRIPTION
    m.label_first = 1
    _paint_terrain(m)
    # Each river and road a named line (map format version 5).
    for kind, chains in (("river", RIVERS), ("road", ROADS)):
        for name, chain in chains.items():
            for a, b in zip(chain, chain[1:], strict=False):
                if not m.at(*a).is_adjacent(m.at(*b)):
                    raise SystemExit(f"{name}: {a} and {b} are not adjacent")
            m.add_line(kind, [m.at(col, row) for col, row in chain], name[:80])
    for col, row in BRIDGES:
        m.set_bridge(m.at(col, row), True)
    for (col, row), faces in CLIFFS:
        upper = m.at(col, row)
        for face in faces:
            m.add_cliff(upper, upper.neighbor(FACES.index(face)))
    for name, kind, vp, (col, row), side in PLACES:
        m.add_place(m.at(col, row), name, kind, vp=vp, label_position=side)
    for (col, row), text in LABELS:
        m.add_label(m.at(col, row), text)
    return m


def preview(m: HexMap) -> str:
    """A text sketch: each row on two lines (even columns, then the odd ones half a hex
    lower). Terrain letter, then '=' road, '~' river, '#' bridge, or the place's initials."""
    lines = ["     " + "".join(f"{c:<3d}" for c in range(m.cols))]
    for row in range(m.rows):
        for parity in (0, 1):
            text = f"{row:2d}{'ab'[parity]}  "
            for col in range(m.cols):
                if col % 2 != parity:
                    text += "   "
                    continue
                text += _cell(m, m.at(col, row)) + " "
            lines.append(text.rstrip())
    return "\n".join(lines)


def _paint_terrain(m: HexMap) -> None:
    heights = {name: int(t.rules.get("height", 0)) for name, t in m.palette.terrains.items()}
    for terrain, features in (("high_ground", HIGH_GROUND), ("rugged_crest", RUGGED_CREST)):
        for hexes in features.values():
            for col, row in hexes:
                h = m.at(col, row)
                m.set_terrain(h, terrain)
                # elevation mirrors the rulebook's height order (plain < high < crest) so
                # the renderer's shading and the rules agree
                m.set_elevation(h, heights[terrain])


def _cell(m: HexMap, h: Hex) -> str:
    place = m.place_at(h)
    if place:
        return "".join(w[0] for w in place.name.split())[:2].upper().ljust(2, ".")
    ground = {"plain": ".", "high_ground": "h", "rugged_crest": "r"}[m.terrain(h)]
    if m.has_bridge(h):
        mark = "#"
    elif m.on_road(h) and m.is_river(h):
        mark = "≈"
    elif m.on_road(h):
        mark = "="
    elif m.is_river(h):
        mark = "~"
    else:
        mark = " "
    return ground + mark


def main(argv: list[str]) -> int:
    m = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    save_map(m, OUT)
    print(
        f"wrote {OUT} ({m.cols}x{m.rows}, {len(m.places())} places, {len(m.roads())} road hexsides)"
    )
    if "--preview" in argv:
        print(preview(m))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
