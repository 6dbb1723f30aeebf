"""Security: the program never runs code a file could smuggle in (no pickle, eval, exec,
yaml.load or shell anywhere in src/), shows names from a file as text in exported HTML
and PDF battle sheets, and never follows a file reference out of the file's folder."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import campaign._support as support
from app.campaign.helpers import pdf_text, squeeze

SRC = Path(__file__).resolve().parents[2] / "src" / "hexcampaign"
UNSAFE_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle"}
UNSAFE_BUILTINS = {"eval", "exec", "compile", "__import__"}


def unsafe_uses(source: str) -> list[str]:
    """What in this Python source could run code that came from a file."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [
                f"import {a.name}" for a in node.names if a.name.split(".")[0] in UNSAFE_MODULES
            ]
        elif (
            isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in UNSAFE_MODULES
        ):
            found.append(f"from {node.module} import")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in UNSAFE_BUILTINS:
                found.append(f"{func.id}()")  # dialog.exec() is a method, not this
            elif isinstance(func, ast.Attribute):
                owner = func.value.id if isinstance(func.value, ast.Name) else ""
                if owner == "yaml" and func.attr in ("load", "unsafe_load", "full_load"):
                    found.append(f"yaml.{func.attr}()")
                if owner == "os" and func.attr in ("system", "popen"):
                    found.append(f"os.{func.attr}()")
                for kw in node.keywords:
                    if kw.arg == "shell" and not (
                        isinstance(kw.value, ast.Constant) and kw.value.value is False
                    ):
                        found.append(f"{owner}.{func.attr}(shell=...)")
    return found


def test_the_checker_finds_what_it_looks_for():
    bad = (
        "import pickle\nfrom marshal import loads\neval('1')\nexec('x=1')\n"
        "import yaml\nyaml.load(s)\nimport subprocess\nsubprocess.run('ls', shell=True)\n"
        "os.system('ls')\n"
    )
    assert len(unsafe_uses(bad)) == 7
    assert unsafe_uses("dialog.exec()\napp.exec()\nsubprocess.run(['ls'], shell=False)\n") == []


def test_no_pickle_eval_exec_yaml_load_or_shell_in_the_program():
    files = sorted(SRC.rglob("*.py"))
    assert len(files) > 40
    problems = {
        str(path.relative_to(SRC)): uses
        for path in files
        if (uses := unsafe_uses(path.read_text(encoding="utf-8")))
    }
    assert problems == {}


# --- names from a file, shown as text --------------------------------------------------

# No "/" in it: names with path separators are refused when a campaign is loaded.
PLANTED = '<script>alert("owned")<script><img src=x onerror=alert(1)> & Co'


def planted_campaign(tmp_path):
    """A campaign with a battle whose names were edited in the saved file, loaded back."""
    from hexcampaign.campaign import Campaign

    c = support.new_campaign()
    g, u = support.clash(c)
    path = tmp_path / "planted.hxcampaign"
    c.save(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["state"]["formations"][g]["name"] = PLANTED
    doc["state"]["formations"][u]["name"] = PLANTED + " (US)"
    path.write_text(json.dumps(doc), encoding="utf-8")
    c = Campaign.load(path)
    support.to_phase(c, "attack_orders", "german")
    return c, c.declare_attack([g], u)


def test_names_from_a_file_are_escaped_in_html_sheets(tmp_path, qapp):
    from PySide6.QtGui import QTextDocument

    from hexcampaign.app.campaign.reports import export_sheet

    c, battle = planted_campaign(tmp_path)
    sheet = c.battle_sheet(battle)
    page = export_sheet(sheet, tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert "<script" not in page.lower() and "<img" not in page.lower()
    assert "&lt;script&gt;" in page
    # a browser (here Qt's) shows the planted name as the text it is
    document = QTextDocument()
    document.setHtml(page)
    assert PLANTED in document.toPlainText()


def test_names_from_a_file_are_text_in_pdf_sheets(tmp_path, qapp):
    from hexcampaign.app.campaign.reports import export_sheet

    c, battle = planted_campaign(tmp_path)
    pdf = export_sheet(c.battle_sheet(battle), tmp_path / "sheet.pdf")
    words = squeeze(pdf_text(pdf))
    assert squeeze(PLANTED) in words


# --- file references stay in the file's folder -----------------------------------------


@pytest.mark.parametrize(
    "reference",
    ["../outside.hexmap", "/etc/passwd", "sub/../../outside.hexmap", "..", "/"],
)
def test_a_scenario_never_reads_a_map_outside_its_folder(tmp_path, reference):
    from hexcampaign.kasserine.scenario import ScenarioError, default_path, load_scenario
    from hexcampaign.maps import load_map, save_map

    folder = tmp_path / "scenario"
    folder.mkdir()
    shipped = json.loads(default_path().read_text(encoding="utf-8"))
    # the real map sits outside the scenario's folder: reading it would be a breach
    save_map(load_map(default_path().parent / shipped["map"]), tmp_path / "outside.hexmap")
    (folder / "scenario.json").write_text(json.dumps({**shipped, "map": reference}))
    with pytest.raises(ScenarioError, match="scenario's own folder"):
        load_scenario(folder / "scenario.json")


def test_a_scenario_reads_the_map_beside_it(tmp_path):
    from hexcampaign.kasserine.scenario import default_path, load_scenario
    from hexcampaign.maps import load_map, save_map

    shipped = json.loads(default_path().read_text(encoding="utf-8"))
    save_map(load_map(default_path().parent / shipped["map"]), tmp_path / "beside.hexmap")
    (tmp_path / "scenario.json").write_text(json.dumps({**shipped, "map": "beside.hexmap"}))
    assert load_scenario(tmp_path / "scenario.json").hexmap().places()


def test_saves_carry_no_file_references():
    """Games and campaigns embed their map and charts whole; nothing in a save names a
    file the loader would open (a move's "path" is a list of hexes, not a file)."""
    from .strategies import real_campaign, real_game

    for text in (real_game(), real_campaign()):
        for key, value in _items(json.loads(text)):
            if any(w in key.lower() for w in ("path", "file", "url", "href", "src")):
                assert not isinstance(value, str), f"{key}: {value}"


def _items(value) -> list[tuple[str, object]]:
    if isinstance(value, dict):
        return [*value.items(), *(kv for v in value.values() for kv in _items(v))]
    if isinstance(value, list):
        return [kv for v in value for kv in _items(v)]
    return []
