"""Child process for the kill-during-save test: saves numbered versions of a file in a
loop until it is killed. Usage: python saver.py KIND PATH"""

from __future__ import annotations

import os
import sys

from hexcampaign.maps import HexMap, load_map, save_map


def map_versions(path: str) -> None:
    """Numbers continue from the file on disk, so versions only ever grow."""
    m = HexMap.blank(60, 60, palette="cm")
    n = int(load_map(path).name[1:]) if os.path.exists(path) else 0
    while True:
        n += 1
        m.name = f"v{n}"
        m.set_terrain(m.hexes()[n % len(m.hexes())], "forest" if n % 2 else "clear")
        save_map(m, path)
        print(n, flush=True)


if __name__ == "__main__":
    kind, target = sys.argv[1], sys.argv[2]
    {"map": map_versions}[kind](target)
