"""Save + load of a 200×200 map against plain json.dumps/json.loads of the same data."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from common import Result, big_map, paired_medians

from hexcampaign.maps import load_map, save_map
from hexcampaign.maps.fileformat import map_to_document


def run() -> list[Result]:
    m = big_map()
    doc = map_to_document(m)
    with tempfile.TemporaryDirectory() as folder:
        ours_path = Path(folder) / "big.hexmap"
        raw_path = Path(folder) / "raw.json"

        def ours():
            save_map(m, ours_path)
            load_map(ours_path)

        def raw():
            raw_path.write_text(json.dumps(doc))
            json.loads(raw_path.read_text())

        ours_ms, raw_ms = paired_medians(ours, raw, repeat=7)
    return [
        Result("files: save+load 200×200 map", ours_ms, "json.dumps+loads", raw_ms, budget=3.0,
               extra={"bytes": ours_path.stat().st_size if ours_path.exists() else None})
    ]
