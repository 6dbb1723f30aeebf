"""The `hexcampaign` command, driven as a user would run it."""

from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hexcampaign.cli import NO_DISPLAY, main
from hexcampaign.hexes import Hex
from hexcampaign.maps import load_map, save_map


@pytest.fixture
def map_file(tmp_path, sample_map):
    path = tmp_path / "sample.hexmap"
    save_map(sample_map, path)
    return path


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return struct.unpack(">II", data[16:24])


def expected_pixels(cols: int, rows: int, size: float) -> tuple[int, int]:
    """Flat-top odd-q map: columns 1.5 sizes apart, odd columns half a hex lower, and a
    margin of half a hex on every side."""
    height = math.sqrt(3) * size
    width = 1.5 * size * (cols - 1) + 2 * size + size
    tall = height * rows + (height / 2 if cols > 1 else 0) + size
    return math.ceil(width), math.ceil(tall)


@pytest.fixture(autouse=True)
def qt_application(request):
    """In-process renders share the session's QApplication (a QGuiApplication made by
    the command would keep later widget tests from starting)."""
    if "render" in request.node.name:
        request.getfixturevalue("qapp")


def test_render_png_has_the_size_of_the_map(map_file, tmp_path, capsys):
    out = tmp_path / "map.png"
    assert main(["render", str(map_file), "-o", str(out), "--hex-size", "20"]) == 0
    assert png_size(out) == expected_pixels(12, 9, 20)
    assert "Wrote" in capsys.readouterr().out
    out48 = tmp_path / "big.png"
    assert main(["render", str(map_file), "-o", str(out48), "--hex-size", "48"]) == 0
    assert png_size(out48) == expected_pixels(12, 9, 48)


def test_render_svg_has_a_polygon_per_hex_and_pdf_is_a_pdf(map_file, tmp_path):
    svg, pdf = tmp_path / "map.svg", tmp_path / "map.pdf"
    assert main(["render", str(map_file), "-o", str(svg)]) == 0
    assert main(["render", str(map_file), "-o", str(pdf)]) == 0
    root = ET.parse(svg).getroot()
    polygons = [e for e in root.iter() if e.tag.endswith("polygon")]
    assert len(polygons) >= 12 * 9
    assert pdf.read_bytes().startswith(b"%PDF")


def test_render_refuses_bad_requests_with_one_sentence(map_file, tmp_path, capsys):
    assert main(["render", str(tmp_path / "missing.hexmap"), "-o", str(tmp_path / "a.png")]) == 1
    assert "There is no file" in capsys.readouterr().err
    assert main(["render", str(map_file), "-o", str(tmp_path / "a.gif")]) == 1
    assert ".png, .svg or .pdf" in capsys.readouterr().err
    assert main(["render", str(map_file), "-o", str(tmp_path / "a.png"), "--layers", "trees"]) == 1
    assert "Unknown map layer 'trees'" in capsys.readouterr().err
    bad = tmp_path / "bad.hexmap"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["render", str(bad), "-o", str(tmp_path / "b.png")]) == 1
    err = capsys.readouterr().err
    assert "bad.hexmap" in err and "Traceback" not in err


def test_render_only_chosen_layers(map_file, tmp_path):
    out = tmp_path / "terrain.png"
    assert main(["render", str(map_file), "-o", str(out), "--layers", "terrain,grid"]) == 0
    assert png_size(out) == expected_pixels(12, 9, 32)


def test_validate_exit_codes(map_file, tmp_path, sample_map, capsys):
    assert main(["validate", str(map_file)]) == 0
    assert "no problems" in capsys.readouterr().out

    # A road crossing a cliff hexside can never be used: a problem at that hex.
    broken = sample_map.copy()
    a, b = Hex.from_offset(0, 5), Hex.from_offset(1, 5)
    broken.add_cliff(a, b)
    broken_file = tmp_path / "broken.hexmap"
    save_map(broken, broken_file)
    assert main(["validate", str(map_file), str(broken_file)]) == 1
    out = capsys.readouterr().out
    assert "broken.hexmap: " in out and "cliff" in out.lower()

    junk = tmp_path / "junk.hexmap"
    junk.write_text('{"format": "something-else"}', encoding="utf-8")
    assert main(["validate", str(junk)]) == 1
    assert "junk.hexmap" in capsys.readouterr().out


def test_new_map_writes_a_loadable_blank_map(tmp_path, capsys):
    out = tmp_path / "new.hexmap"
    assert main(["new-map", "--cols", "7", "--rows", "5", "--palette", "cm", "-o", str(out)]) == 0
    m = load_map(out)
    assert (m.cols, m.rows, m.palette.name) == (7, 5, "cm")
    assert {m.terrain(h) for h in m.hexes()} == {"clear"}
    # It will not overwrite a file by accident.
    assert main(["new-map", "--cols", "3", "--rows", "3", "-o", str(out)]) == 1
    assert "--force" in capsys.readouterr().err
    assert load_map(out).cols == 7
    assert main(["new-map", "--cols", "0", "--rows", "3", "-o", str(tmp_path / "z.hexmap")]) == 1
    assert main(["new-map", "--cols", "3", "--rows", "3", "--palette", "x", "-o", str(out)]) == 1


def test_gui_without_a_display_says_so_and_exits_2(monkeypatch, capsys):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == NO_DISPLAY
    assert "hexcampaign render MAP -o map.png" in err


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert "hexcampaign 0.1.0" in capsys.readouterr().out
    for command in ("render", "validate", "new-map"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "usage: hexcampaign" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    for kind in (".hexmap", ".kpgame", ".hxcampaign"):  # FILE may be any of the three
        assert kind in said


def _run(args, env_changes, cwd):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    env.update(env_changes)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=60
    )


def test_headless_commands_need_no_qt_and_render_needs_no_display(map_file, tmp_path):
    # validate and new-map never import Qt (they must work where Qt cannot load).
    code = (
        "import sys; from hexcampaign.cli import main; "
        f"a = main(['validate', {str(map_file)!r}]); "
        f"b = main(['new-map', '--cols', '2', '--rows', '2', '-o', {str(tmp_path / 'q.hexmap')!r}]); "
        "assert 'PySide6' not in sys.modules, 'Qt was imported'; sys.exit(a + b)"
    )
    result = _run(["-c", code], {}, tmp_path)
    assert result.returncode == 0, result.stderr
    # render sets up offscreen drawing itself when there is no display.
    out = tmp_path / "headless.png"
    result = _run(["-m", "hexcampaign", "render", str(map_file), "-o", str(out)], {}, tmp_path)
    assert result.returncode == 0, result.stderr
    assert png_size(out) == expected_pixels(12, 9, 32)


def test_opening_a_missing_or_bad_file_is_one_sentence(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert main([str(tmp_path / "gone.hexmap")]) == 1
    assert (
        capsys.readouterr().err.strip()
        == f"hexcampaign: There is no file {tmp_path / 'gone.hexmap'}."
    )
    bad = tmp_path / "bad.hexmap"
    bad.write_text("[1, 2", encoding="utf-8")
    assert main([str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.hexmap is not a hexcampaign map" in err and "Traceback" not in err


def test_the_window_opens_a_map_and_quits_after_its_first_paint(map_file, tmp_path):
    result = _run(
        ["-m", "hexcampaign", "--quit-after-first-paint", str(map_file)],
        {"QT_QPA_PLATFORM": "offscreen", "HEXCAMPAIGN_CONFIG_DIR": str(tmp_path / "cfg")},
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    recent = (tmp_path / "cfg" / "settings.json").read_text()
    assert "sample.hexmap" in recent  # the window really opened the map


# --- hostile names and files (issue 19) ----------------------------------------------------


def _one_sentence(text: str) -> str:
    assert "Traceback" not in text and "Error:" not in text, text
    assert len(text.strip().splitlines()) == 1, text
    return text


def test_a_name_too_long_for_the_disk_is_one_sentence(map_file, tmp_path, capsys):
    long_name = str(tmp_path / ("a" * 256 + ".hexmap"))
    assert main(["new-map", "--cols", "3", "--rows", "3", "-o", long_name]) == 1
    assert "too long" in _one_sentence(capsys.readouterr().err)
    assert main(["render", str(map_file), "-o", str(tmp_path / ("b" * 256 + ".png"))]) == 1
    assert "too long" in _one_sentence(capsys.readouterr().err)
    assert main(["render", long_name, "-o", str(tmp_path / "x.png")]) == 1
    _one_sentence(capsys.readouterr().err)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
def test_validate_refuses_devices_and_pipes_unread(tmp_path, capsys):
    (tmp_path / "z.hexmap").symlink_to("/dev/zero")
    (tmp_path / "u.hexmap").symlink_to("/dev/urandom")
    os.mkfifo(tmp_path / "f.hexmap")  # reading it would wait for a writer for ever
    for name in ("z.hexmap", "u.hexmap", "f.hexmap"):
        assert main(["validate", str(tmp_path / name)]) == 1
        assert "not a" in _one_sentence(capsys.readouterr().out)


def test_validate_refuses_an_infinite_grid(tmp_path, capsys):
    path = tmp_path / "inf.hexmap"
    path.write_text('{"format":"hexcampaign-map","version":2,"grid":{"cols":1e999,"rows":1}}')
    assert main(["validate", str(path)]) == 1
    assert "1e999" in _one_sentence(capsys.readouterr().out)


def test_render_refuses_a_png_too_large_to_paint_and_names_a_hex_size_that_fits(tmp_path, capsys):
    from hexcampaign.cli import MAX_PNG_PIXELS, _picture_size
    from hexcampaign.maps import HexMap

    path = tmp_path / "big.hexmap"
    save_map(HexMap.blank(200, 200), path)
    # 1.7 billion pixels at 64 pixels a hex: past the cap every format shares.
    assert main(["render", str(path), "-o", str(tmp_path / "big.png"), "--hex-size", "64"]) == 1
    sentence = _one_sentence(capsys.readouterr().err)
    assert "--hex-size" in sentence and not (tmp_path / "big.png").exists()
    fits = int(sentence.split("--hex-size ")[1].split()[0])
    width, height = _picture_size(load_map(path), fits)
    assert width * height <= MAX_PNG_PIXELS


def test_render_paints_a_png_past_16_million_pixels(tmp_path, capsys):
    """A 100×100 map at the default hex size (about 26 million pixels) was refused with
    "use --hex-size 12 or smaller", though the PNG is painted in bands (issue 31)."""
    from hexcampaign.maps import HexMap

    path = tmp_path / "square.hexmap"
    save_map(HexMap.blank(100, 100), path)
    out = tmp_path / "square.png"
    assert main(["render", str(path), "-o", str(out)]) == 0
    width, height = png_size(out)
    assert width * height > 16_000_000


def test_the_picture_size_worked_out_without_qt_covers_the_picture(map_file, tmp_path):
    from hexcampaign.cli import _picture_size

    out = tmp_path / "m.png"
    assert main(["render", str(map_file), "-o", str(out), "--hex-size", "10"]) == 0
    width, height = png_size(out)
    estimate = _picture_size(load_map(map_file), 10)
    assert width <= estimate[0] <= width + 2 and height <= estimate[1] <= height + 2
