"""What a file, a disk or a name can do besides bad bytes (issue 19): devices and pipes
named like saves, numbers that are not finite, files built to cost the most a size limit
allows, the clipboard, killed saves' leftovers, saves through symbolic links, and names
that are paths. Each gets one sentence (the loader's own error) or works as a user
expects; none crashes, hangs or grows without bound."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hexcampaign import files
from hexcampaign.files import MAX_FILE_BYTES, FileFormatError

from ._memory import PEAK_KB
from .strategies import LOADERS, _at, costliest, error_classes, paths_in, replaced
from .test_hostile_files import refused_with_a_sentence, still_playable

KINDS = ("map", "game", "campaign")
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


# --- devices and pipes ----------------------------------------------------------------------


def _palette(path):
    return files.read_json(path, "terrain palette")


def _unit_chart(path):
    from hexcampaign.campaign.unit_chart import UnitChart

    return UnitChart.load(path)


def _readers() -> dict:
    from hexcampaign.campaign.unit_chart import UnitChartError

    readers = {kind: (LOADERS[kind].load_file, error_classes()[kind]) for kind in KINDS}
    readers["palette"] = (_palette, FileFormatError)
    readers["unit chart"] = (_unit_chart, UnitChartError)
    return readers


@POSIX
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "fifo", "folder"])
def test_devices_pipes_and_folders_are_refused_unread(device, tmp_path, monkeypatch):
    """/dev/zero once grew `validate` to 5.3 GiB, and a FIFO hung it: st_size is 0 for
    both. Now each reader refuses with its own error without reading a byte."""
    real_read = os.read
    read: list[int] = []

    def counted(fd, n):
        read.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(files.os, "read", counted)
    for what, (load, error) in _readers().items():
        path = tmp_path / f"hostile-{what.replace(' ', '-')}.json"
        if device == "fifo":
            os.mkfifo(path)
        elif device == "folder":
            path.mkdir()
        else:
            path.symlink_to(device)
        with pytest.raises(error) as info:
            load(path)
        assert not read, f"the {what} reader read {device}"
        message = str(info.value)
        assert "\n" not in message and ("folder" in message or "device" in message), message


def test_a_file_that_grows_while_read_is_read_no_further_than_the_limit(tmp_path, monkeypatch):
    """The size the descriptor gave (here 0, as if the file grew after fstat) is not
    trusted: reading stops at the limit plus one byte, and the file is refused."""
    path = tmp_path / "grows.hexmap"
    path.write_bytes(b" " * 5_000_000)
    real_fstat, real_read = os.fstat, os.read
    read: list[int] = []

    def fstat(fd):
        info = list(real_fstat(fd))
        info[6] = 0  # st_size
        return os.stat_result(info)

    def counted(fd, n):
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk

    monkeypatch.setattr(files.os, "fstat", fstat)
    monkeypatch.setattr(files.os, "read", counted)
    with pytest.raises(FileFormatError, match="larger than"):
        files.read_limited(path, "map", limit=1_000_000)
    assert sum(read) == 1_000_001


# --- numbers that are not finite -------------------------------------------------------------

NOT_FINITE = ("1e999", "-1e999", "NaN", "Infinity", "-Infinity")
HUGE_BUT_FINITE = ("1e300", "-1e308", "123456789012345678901234567890")


def _numbers_replaced(kind: str, literals: tuple[str, ...]):
    doc = json.loads(LOADERS[kind].real())
    numeric = [
        p
        for p in paths_in(doc)
        if p and isinstance(_at(doc, p), int | float) and not isinstance(_at(doc, p), bool)
    ]
    for path in numeric:
        for literal in literals:
            text = json.dumps(replaced(doc, path, "@@")).replace('"@@"', literal, 1)
            yield path, literal, text.encode()


@pytest.mark.parametrize("kind", KINDS)
def test_every_number_refuses_infinity_and_nan(kind, tmp_path):
    """{"grid": {"cols": 1e999}} was an OverflowError from validate, load_map and inside
    game and campaign saves. Every numeric field of every format, in turn: text and file
    loaders refuse with the format's error, naming the number."""
    tried = 0
    for path, literal, data in _numbers_replaced(kind, NOT_FINITE[:3] if kind != "map" else NOT_FINITE):
        for folder in (None, tmp_path):
            assert refused_with_a_sentence(kind, data, folder) is None, (path, literal)
        tried += 1
    assert tried >= 20


@pytest.mark.soak
@pytest.mark.parametrize("kind", KINDS)
def test_every_number_any_size_soak(kind, tmp_path):
    for _path, _literal, data in _numbers_replaced(kind, NOT_FINITE + HUGE_BUT_FINITE):
        loaded = refused_with_a_sentence(kind, data)
        if loaded is not None:
            still_playable(kind, loaded)
        refused_with_a_sentence(kind, data, tmp_path)


def test_pydantic_cores_reader_cannot_slip_an_infinity_past_the_guards():
    """The game loader parses with pydantic-core, which reads 1e999 as infinity; the one
    fast check it runs (within_limits) must send such a document to parse_json."""
    assert not files.within_limits({"a": [[1.0, float("inf")]]}, {}, frozenset())
    assert not files.within_limits({"a": float("nan")}, {}, frozenset())
    assert files.within_limits({"a": [[1.5]]}, {}, frozenset())


# --- bounded work ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_the_costliest_files_are_refused_in_a_sentence_or_load(kind, tmp_path):
    """A 4 MiB [[],[],...] cost the campaign loader 1.2 s of CPU: what each of these
    files costs is a row of make bench (benchmarks/bench_hostile.py), not a test."""
    for data in costliest(kind).values():
        assert len(data) <= MAX_FILE_BYTES
        loaded = refused_with_a_sentence(kind, data, tmp_path)
        if loaded is not None:
            still_playable(kind, loaded)


COST_PROBE = PEAK_KB + """
import sys
sys.path.insert(0, sys.argv[1])
from reliability.strategies import LOADERS, costliest
kind, name = sys.argv[2], sys.argv[3]
loader = LOADERS[kind]
loader.load(loader.real().encode())
data = costliest(kind)[name]
path = sys.argv[4]
open(path, "wb").write(data)
del data
before = peak_kb()
try:
    loader.load_file(path)
except Exception:
    pass
print((peak_kb() - before) // 1024)
"""


@pytest.mark.parametrize("kind", KINDS)
def test_the_costliest_files_cost_under_256_mb(kind, tmp_path):
    """The game loader once took 247 MiB for 4 MiB of empty lists."""
    tests = Path(__file__).resolve().parents[1]
    for name in ("4 MiB of empty lists", "pairs under the count", "objects under the count"):
        done = subprocess.run(
            [sys.executable, "-c", COST_PROBE, str(tests), kind, name, str(tmp_path / "x")],
            capture_output=True, text=True, timeout=600,
        )
        assert done.returncode == 0, f"the probe failed: {done.stderr[-2000:]}"
        assert int(done.stdout.split()[-1]) < 256, (kind, name, done.stdout)


def test_oversized_names_the_list_that_is_too_long_wherever_it_is():
    lists = {"state": {"x": [[], {"q": list(range(files.MAX_LIST + 1))}]}}
    assert "'state.x.1.q'" in files.oversized(lists)
    assert files.oversized({"actions": [[0] * 5] * 20_000}, {"actions": 30_000}) is None
    assert files.oversized({"map": {"t": [0] * 20_000}}, skip=frozenset({"map"})) is None


# --- the clipboard ---------------------------------------------------------------------------


def _region_text(**changes) -> str:
    from hexcampaign.app.editor.reshape import copy_region
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap

    m = HexMap.blank(4, 4)
    m.add_place(Hex.from_offset(1, 1), "Thala", "town")
    doc = json.loads(copy_region(m, list(m.hexes())).to_json())
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "hexcampaign-region", "hexes": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"format": "hexcampaign-region", "palette": "kasserine", "hexes": [[1e999, 0, {}]]}',
        '{"format": "hexcampaign-region", "palette": "kasserine", "hexes": [[0, 0, {"terrain": "plain", "elevation": 1e999}]]}',
        '{"format": "hexcampaign-region", "palette": NaN}',
        '{"format": "hexcampaign-region", "hexes": 5}',
        '{"format": "hexcampaign-region"} ' + "x" * 5_000_000,
        "not json at all",
    ],
    ids=["deep", "1e999 hex", "1e999 elevation", "NaN", "wrong kind", "5 MB", "text"],
)
def test_any_clipboard_text_is_a_region_or_a_sentence(text):
    from hexcampaign.app.editor.reshape import HexRegion
    from hexcampaign.rules import IllegalAction

    with pytest.raises(IllegalAction, match="clipboard"):
        HexRegion.from_json(text)


def test_a_region_without_elevation_pastes_with_the_defaults():
    from hexcampaign.app.editor.reshape import HexRegion, paste_region
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap

    doc = json.loads(_region_text())
    for _q, _r, v in doc["hexes"]:
        del v["elevation"], v["river"], v["bridge"]
    region = HexRegion.from_json(json.dumps(doc))
    m = HexMap.blank(6, 6)
    for h in m.hexes():
        m.set_elevation(h, 3)
    paste_region(m, region, Hex.from_offset(0, 0))
    assert [p.name for p in m.places()] == ["Thala"]
    assert sum(m.elevation(h) == 0 for h in m.hexes()) == len(region)


def any_clipboard_text_pastes_or_is_a_sentence(data: bytes) -> None:
    """A region (which then pastes into a map, or refuses the paste in a sentence: the
    window's Paste shows an IllegalAction's or a MapEditError's, such as an elevation of
    1000 or a place kind the palette lacks) or IllegalAction naming the clipboard."""
    from hexcampaign.app.editor.reshape import HexRegion, paste_region
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap, MapEditError
    from hexcampaign.rules import IllegalAction

    text = data.decode("utf-8", "replace")
    try:
        region = HexRegion.from_json(text)
    except IllegalAction as refusal:
        assert "clipboard" in str(refusal) and "\n" not in str(refusal)
        return
    m = HexMap.blank(6, 6)
    try:
        paste_region(m, region, Hex.from_offset(1, 1))
    except (IllegalAction, MapEditError) as refusal:
        assert "\n" not in str(refusal)


def _clipboard_settings(examples: int):
    from hypothesis import HealthCheck, settings

    return settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))


def _hostile_regions():
    from .strategies import hostile

    return hostile(_region_text())


def test_damaged_clipboard_text_pastes_or_is_a_sentence():
    from hypothesis import given

    given(_hostile_regions())(_clipboard_settings(200)(any_clipboard_text_pastes_or_is_a_sentence))()


@pytest.mark.soak
def test_damaged_clipboard_text_pastes_or_is_a_sentence_soak():
    from hypothesis import given

    given(_hostile_regions())(_clipboard_settings(5_000)(any_clipboard_text_pastes_or_is_a_sentence))()


# --- leftovers and links -----------------------------------------------------------------------


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("kind", KINDS)
def test_a_killed_saves_temporary_file_goes_at_the_next_save_or_open_once_its_writer_is_gone(
    kind, tmp_path
):
    path = tmp_path / f"ours.{kind}"
    path.write_text(LOADERS[kind].real())
    for reopen in (False, True):
        dead = tmp_path / f".ours.{kind}.{_dead_pid()}.k1ll3d.tmp"
        running = tmp_path / f".ours.{kind}.{os.getpid()}.s4v1ng.tmp"
        legacy = tmp_path / f".ours.{kind}.n0p1d.tmp"  # older versions: no pid, young
        for leftover in (dead, running, legacy):
            leftover.write_text("half a save")
        if reopen and kind != "map":  # the next start opens the file
            LOADERS[kind].load_file(path)
        else:
            files.atomic_write_text(path, LOADERS[kind].real())
        assert not dead.exists() and running.exists() and legacy.exists()


def test_a_save_names_its_temporary_file_after_its_process(tmp_path, monkeypatch):
    seen: list[str] = []
    real = files._write_temp

    def spy(folder, name, data):
        tmp = real(folder, name, data)
        seen.append(Path(tmp).name)
        return tmp

    monkeypatch.setattr(files, "_write_temp", spy)
    files.atomic_write_text(tmp_path / "x.hexmap", "{}")
    assert seen and seen[0].startswith(f".x.hexmap.{os.getpid()}.")


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_saving_through_a_symbolic_link_writes_the_file_it_names(tmp_path):
    from hexcampaign.maps import HexMap, load_map, save_map

    real = tmp_path / "real" / "campaign-map.hexmap"
    real.parent.mkdir()
    save_map(HexMap.blank(3, 3), real)
    link = tmp_path / "link.hexmap"
    link.symlink_to(real)
    save_map(HexMap.blank(5, 4), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_map(real).cols == 5
    assert (real.parent / "campaign-map.hexmap.bak").exists()


# --- names that are paths --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["x/../../escaped", "..", "a\\..\\b", "CON", "nul.md", "tab\there", "<img src=x>", "é" * 300, ""],
)
def test_a_name_makes_one_file_inside_the_chosen_folder(name, tmp_path):
    target = files.inside(tmp_path, f"battle-1-{name}.md")
    assert target.parent == tmp_path and target.suffix == ".md"
    assert len(target.name.encode()) <= 255
    target.write_text("sheet")  # a name the disk accepts
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


SIDE_NAMES = ("CON", "..x <img src=x> :*?|", "é" * 80)


@pytest.mark.parametrize("side", SIDE_NAMES)
def test_export_every_sheet_writes_nine_files_inside_the_chosen_folder(side, qtbot, tmp_path):
    """Names a campaign allows (no path separators, no control characters) that a disk
    or another system would take amiss: a Windows device, dots, markup and the characters
    Windows forbids, 80 accented letters. "Export every sheet" writes the umpire's and
    each side's sheet in three formats, all inside the folder chosen, none elsewhere."""
    import app.campaign.helpers as support
    from hexcampaign.app import MainWindow
    from hexcampaign.app.campaign import install
    from hexcampaign.campaign import Campaign
    from hexcampaign.campaign.unit_chart import UnitChart

    c0 = support.small_campaign()
    m = c0.map
    c = Campaign.new(
        m,
        sides=(side, "us"),
        capitals={side: support.GERMAN_CAPITAL, "us": support.US_CAPITAL},
        charts={side: UnitChart.default("german")},
        seed=5,
    )
    front = support.FRONT
    g = c.deploy(side, "mechanised", front, ["panzergrenadier_company_armoured"])
    u = c.deploy("us", "infantry", front.neighbor(2), ["rifle_company"])
    w = MainWindow(editor=False)
    qtbot.addWidget(w)
    mode = install(w)
    mode.activate()
    mode.start(c)
    mode.phase_dock.next()
    mode.phase_dock.next()
    battle = c.declare_attack([g], u)
    around = tmp_path / "around"
    chosen = around / "inside" / "chosen"
    chosen.mkdir(parents=True)
    written = mode.battles_dock.sheet_dialog(battle.id).export_all(chosen)
    assert len(written) == 9 and all(p.parent == chosen and p.is_file() for p in written)
    assert sorted(p.name for p in chosen.iterdir()) == sorted(p.name for p in written)
    assert [str(p.relative_to(around)) for p in sorted(around.rglob("*")) if p.parent != chosen] == [
        "inside", "inside/chosen"
    ]
    mode.document.dirty = False
