"""Every rule the engine names has its rulebook section, and every section, heading and
interpretation named exists in the rulebook and interpretations the program ships."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hexcampaign.kasserine as kasserine_package
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.rule_sections import CONTENTS, SECTIONS, interpretation_of, section_for
from hexcampaign.rulebook import sections
from kasserine.helpers import H, U, game, refused

ENGINE = Path(kasserine_package.__file__).parent
FIXTURES = Path(__file__).parent / "fixtures"
RULE_NAME = re.compile(r"^([A-Z][A-Za-z' /-]{1,40}): ")
# Sentences about a damaged file (GameFormatError, TurnFileError), not refusals of a rule.
FILE_ERRORS = {
    "This Kasserine Pass save is damaged",
    "This turn file is damaged",
    "This invitation is damaged",
}


def engine_rule_names() -> dict[str, str]:
    """Rule name -> where it is written: the name every sentence of the engine starts
    with (docstrings aside), and the `rule` given to refuse() / IllegalAction()."""
    found: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            text = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                text = node.value
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                text = str(node.values[0].value)
            if text and (match := RULE_NAME.match(text)):
                found.setdefault(match.group(1), f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("refuse", "IllegalAction"):
                rules = node.args[1:2] + [k.value for k in node.keywords if k.arg == "rule"]
                for rule in rules:
                    if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                        found.setdefault(rule.value, f"{path.name}:{node.lineno}")
    return {name: where for name, where in found.items() if name not in FILE_ERRORS}


def test_every_rule_the_engine_names_has_a_section():
    names = engine_rule_names()
    # The collector sees the rules it must (a broken collector would pass with nothing).
    assert {"Artillery", "Stacking", "Combat", "Contact", "Engaged", "Retreat", "Undo", "crt"} <= set(names)
    missing = {name: where for name, where in names.items() if section_for(name) is None}
    assert not missing, missing


def test_the_contents_are_the_rulebooks_and_every_section_exists():
    book = sections("kasserine")
    assert [s.title for s in book] == list(CONTENTS)
    by_title = {s.title: s for s in book}
    for rule in SECTIONS.values():
        section = by_title[rule.title]
        assert book.index(section) + 1 == rule.number
        if rule.heading is not None:
            lines = [line.strip() for line in section.text.splitlines()]
            assert rule.heading in lines, (rule.rule, rule.heading)
        if rule.interpretation is not None:
            text = interpretation_of(rule)
            assert text is not None, (rule.rule, rule.interpretation)
            assert rule.interpretation in text


def test_refusals_and_obligations_find_their_section():
    g = game([U("a", (3, 2)), U("b", (3, 2)), U("c", (3, 2), kind="armored_infantry"), U("d", (3, 3))])
    error = refused(lambda: g.move("d", [H(3, 2)]), "Stacking")
    assert section_for(str(error)).title == "Stacking"
    assert section_for(error.rule).title == "Stacking"
    assert section_for("Artillery: 10 Pz — Artillery is out of range").words() == (
        "Rule 10, Use of Artillery — Artillery Clarifications"
    )
    # The mandatory attack of the Combat refusals is the Zone of Control rule.
    saved = Game.load(FIXTURES / "feb17-german-combat.kpgame")
    rules = {section_for(o).rule for o in saved.obligations()}
    assert rules == {"Declared attack", "Mandatory attacks"}
    # The End phase refusal names its first obligation, then "Also open: ..." others:
    # the first decides.
    ending = refused(saved.end_phase, "Also open", "and 9 more")
    assert section_for(str(ending)).rule == "Declared attack"
    assert section_for("Mandatory attacks").title == "Zone of Control"
    assert section_for("ENGAGED").interpretation == "ENGAGED"
    assert "flipped" in interpretation_of(section_for("Engaged: x must be re-attacked"))
    assert section_for("A sentence that names no rule") is None
