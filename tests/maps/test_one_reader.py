"""One reader of map files: the same bytes get the same verdict from load_map, loads_map,
`hexcampaign validate` and a game save's map, whether or not pydantic is loaded; and
files that are not files (devices, pipes), infinities and odd encodings get a sentence."""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hexcampaign import cli
from hexcampaign.maps import HexMap, MapFormatError, dumps_map, load_map, loads_map


def _good_text() -> str:
    m = HexMap.blank(6, 5, palette="kasserine")
    m.name = "Thala road"
    m.set_terrain(m.at(1, 1), "high_ground")
    m.add_place(m.at(2, 2), "Thala", "town", vp=2)
    return dumps_map(m)


def _with_name(name_escape: str) -> bytes:
    doc = _good_text().replace('"name":"Thala road"', f'"name":"{name_escape}"', 1)
    return doc.encode("utf-8")


# name -> (bytes, the words of the verdict: None when the map opens)
CASES = {
    "utf-8": (_good_text().encode("utf-8"), None),
    "utf-8 with a byte-order mark": (codecs.BOM_UTF8 + _good_text().encode("utf-8"), None),
    "utf-16 with a byte-order mark": (_good_text().encode("utf-16"), "not UTF-8 text"),
    "utf-16 without one": (_good_text().encode("utf-16-le"), "not valid JSON"),
    "utf-32": (_good_text().encode("utf-32"), "not UTF-8 text"),
    "a lone surrogate": (_with_name("Thala \\ud800 road"), "not a character"),
    "a lone low surrogate": (_with_name("\\udfff"), "not a character"),
    "a surrogate pair (a real character)": (_with_name("Thala \\ud83d\\ude00"), None),
    # Refused (files.parse_json words numbers that are not finite).
    "infinite columns": (b'{"format":"hexcampaign-map","version":2,"grid":{"cols":1e999,"rows":1}}', ""),
    "NaN rows": (_good_text().replace('"rows":5', '"rows":NaN', 1).encode(), ""),
}


def _verdict(call) -> str:
    try:
        m = call()
    except MapFormatError as e:
        return f"refused: {e}"
    return f"opens: {m.name} {m.cols}x{m.rows}"


@pytest.mark.parametrize("case", list(CASES))
def test_the_same_bytes_get_the_same_verdict_from_every_reader(tmp_path, case, capsys):
    raw, words = CASES[case]
    path = tmp_path / "odd.hexmap"
    path.write_bytes(raw)
    from_file = _verdict(lambda: load_map(path))
    from_bytes = _verdict(lambda: loads_map(raw, "odd.hexmap"))
    assert from_file == from_bytes
    if words is None:
        assert from_file.startswith("opens: ") and load_map(path).place("Thala").vp == 2
    else:
        assert from_file.startswith("refused: odd.hexmap ") and words in from_file
        assert from_file.count(".") >= 1 and "\n" not in from_file  # one sentence
    status = cli.main(["validate", str(path)])
    out = capsys.readouterr().out
    assert status == (0 if words is None else 1)
    if words is not None:
        assert out.strip() == f"{path}: {from_file.removeprefix('refused: ')}"


def test_a_map_with_a_byte_order_mark_opens_as_the_same_map(tmp_path):
    plain, marked = tmp_path / "a.hexmap", tmp_path / "b.hexmap"
    plain.write_text(_good_text(), encoding="utf-8")
    marked.write_text(_good_text(), encoding="utf-8-sig")
    assert load_map(marked) == load_map(plain)


def test_the_verdict_does_not_depend_on_pydantic_being_loaded(tmp_path):
    # Each file's verdict in a fresh interpreter, once as the program starts (no
    # pydantic) and once after a game's code loaded pydantic and the file models.
    paths = []
    for n, (raw, _) in enumerate(CASES.values()):
        path = tmp_path / f"case{n}.hexmap"
        path.write_bytes(raw)
        paths.append(str(path))
    code = (
        "import json, sys\n"
        "if sys.argv[1] == 'pydantic':\n"
        "    import pydantic, hexcampaign.maps.schema  # noqa\n"
        "from hexcampaign.maps import load_map, MapFormatError\n"
        "out = []\n"
        "for p in sys.argv[2:]:\n"
        "    try:\n"
        "        m = load_map(p); out.append('opens ' + m.name)\n"
        "    except MapFormatError as e:\n"
        "        out.append('refused ' + str(e))\n"
        "out.append(str('pydantic' in sys.modules))\n"
        "print(json.dumps(out))\n"
    )
    runs = {}
    for mode in ("plain", "pydantic"):
        done = subprocess.run([sys.executable, "-c", code, mode, *paths], capture_output=True, text=True,
                              check=True, timeout=120)
        runs[mode] = json.loads(done.stdout)
    assert runs["plain"][-1] == "False" and runs["pydantic"][-1] == "True"
    assert runs["plain"][:-1] == runs["pydantic"][:-1]
    assert len({v.split(" ")[0] for v in runs["plain"][:-1]}) == 2  # some open, some refused


def test_a_game_save_reads_its_map_with_the_same_judge():
    from hexcampaign.maps.fileformat import map_from_document

    doc = json.loads(_good_text())
    doc["places"][0]["name"] = "Thala \udc00"
    with pytest.raises(MapFormatError, match="a place holds .* not a character"):
        map_from_document(doc)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_named_like_a_map_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "f.hexmap"
    os.mkfifo(fifo)
    with pytest.raises(MapFormatError, match="f.hexmap is not a hexcampaign map: it is a device, a pipe or a socket"):
        load_map(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused_without_reading_it(tmp_path):
    link = tmp_path / "z.hexmap"
    link.symlink_to("/dev/zero")
    with pytest.raises(MapFormatError, match="z.hexmap is not a hexcampaign map: it is a device"):
        load_map(link)


def test_a_folder_named_like_a_map_is_refused(tmp_path):
    folder = tmp_path / "folder.hexmap"
    folder.mkdir()
    with pytest.raises(MapFormatError, match="folder.hexmap"):
        load_map(folder)


def test_opening_a_map_clears_what_a_killed_save_left_beside_it(tmp_path):
    # A save killed half-way leaves its temporary file (`.NAME.PID.xxxx.tmp`) beside the
    # map; opening the map clears it, as opening a game or a campaign does, while the
    # temporary of a save still running (this process) stays.
    path = tmp_path / "thala.hexmap"
    path.write_text(_good_text(), encoding="utf-8")
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    killed = tmp_path / f".thala.hexmap.{dead_pid}.k3x9.tmp"
    running = tmp_path / f".thala.hexmap.{os.getpid()}.a1b2.tmp"
    killed.write_text("{half a map", encoding="utf-8")
    running.write_text("{a save in progress", encoding="utf-8")
    assert load_map(path).name == "Thala road"
    assert not killed.exists()
    assert running.exists()
