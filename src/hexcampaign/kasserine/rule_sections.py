"""Where each rule the engine names lives in the Kasserine Pass rulebook, and the entry of
docs/rules-interpretations.md that says how the program reads it (no Qt).

Every refusal and every obligation starts with its rule's name ("Artillery: ...",
"Stacking: ..."); `section_for(sentence)` turns that name into the rulebook section
Help > Rules opens at. The rulebook prints no section numbers: a section's number is its
place in the book's table of contents (1 "An Introduction to the Rules" ... 22 "Errata").
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcampaign.rulebook import interpretation_entries

# The rulebook's table of contents, in its order (resources/rules/kasserine-pass-rulebook.txt).
CONTENTS = (
    "An Introduction to the Rules",
    "Victory Conditions",
    "The Playing Pieces",
    "Combat",
    "Zone of Control",
    "Movement",
    "Sequence of Movement",
    "Terrain Considerations",
    "Stacking",
    "Use of Artillery",
    "Supply",
    "German Tactical Experience",
    "Movement Through American Infantry ZOC",
    "Cost of Combat",
    "Selective Attack",
    "Special Units",
    "Clarifications and Miscellaneous",
    "Optional Rules and Clarifications",
    "Two Die Combat Result Table",
    "German Order of Battle",
    "Allied Order of Battle",
    "Errata",
)


@dataclass(frozen=True)
class RuleSection:
    """A rule's place in the rulebook and in the program's reading of it."""

    rule: str  # the name refusals start with ("Artillery")
    title: str  # the rulebook section, as its table of contents prints it
    heading: str | None = None  # a heading inside the section ("Artillery Clarifications")
    interpretation: str | None = None  # the entry of rules-interpretations.md ("Artillery range")

    @property
    def number(self) -> int:
        """The section's place in the table of contents, from 1."""
        return CONTENTS.index(self.title) + 1

    def words(self) -> str:
        """The section as a link names it: "Rule 10, Use of Artillery — Artillery
        Clarifications"."""
        head = f"Rule {self.number}, {self.title}"
        return f"{head} — {self.heading}" if self.heading else head


def _s(rule: str, title: str, heading: str | None = None, interpretation: str | None = None) -> RuleSection:
    return RuleSection(rule, title, heading, interpretation)


CRT = "Two Die Combat Result Table"
RESULTS = "Explanation of Results"
OPTIONAL = "Optional Rules and Clarifications"

# Rule name -> section. The names are those the engine's sentences start with (and the
# `rule` some refusals carry: "crt", "dice"); the program's own rules (undo, games by
# e-mail, unknown actions) point to the section their subject belongs to.
SECTIONS: dict[str, RuleSection] = {
    s.rule.lower(): s
    for s in (
        _s("Actions", "Sequence of Movement"),
        _s("Advance after combat", OPTIONAL, "Advance After Combat", "Advances"),
        _s("Allied air power", OPTIONAL, "Allied Air Power", "Allied air power (optional)"),
        _s("Artillery", "Use of Artillery", "Artillery Clarifications", "Artillery range"),
        _s("Break-off", "German Tactical Experience", "Break-Off", "Engaged"),
        _s("By e-mail", "Sequence of Movement"),
        _s("Cliff", "Terrain Considerations", None, "Terrain"),
        _s("Combat", "Combat", None, "Adjacent hexes only; one hex defends"),
        _s("Combat result", CRT, RESULTS),
        _s("Declared attack", "Use of Artillery", "Use Of", "Sequence of movement"),
        _s("Contact", CRT, RESULTS, "CONTACT"),
        _s("Cost of combat", "Cost of Combat", None, "Cost of combat"),
        _s("CRT high rolls", CRT, None, "CRT high rolls"),
        _s("crt", CRT, None, "Odds"),
        _s("D ELIM", CRT, RESULTS, "D ELIM"),
        _s("Dice", CRT, None, "Dice"),
        _s("Dice by e-mail", CRT, None, "Dice"),
        _s("Engaged", CRT, RESULTS, "ENGAGED"),
        _s("Engineers", "Special Units", "Engineers", "Engineers"),
        _s("German breakdown", "German Tactical Experience", "German Breakdown", "Breakdown"),
        _s(
            "German initial placement",
            OPTIONAL,
            "German Initial Placement",
            "German Order of Battle / German Initial Placement (optional)",
        ),
        _s("Log", "Sequence of Movement", None, "Undo"),
        _s("Mandatory attacks", "Zone of Control", None, "Mandatory attacks"),
        _s("Map", "Movement"),
        _s("Movement", "Movement", None, "ZOC and movement"),
        _s("Odds", CRT, None, "Odds"),
        _s("Redo", "Sequence of Movement", None, "Undo"),
        _s("Reinforcements", "Allied Order of Battle", None, "Reinforcements"),
        _s("Retreat", CRT, RESULTS, "Retreats"),
        _s("Retreat/blocking terrain", "Clarifications and Miscellaneous", "Retreat/Blocking Terrain", "Retreats"),
        _s("Selective attack", "Selective Attack", None, "Selective attack"),
        _s("Sequence of movement", "Sequence of Movement", None, "Sequence of movement"),
        _s("Stacking", "Stacking", None, "Stacking"),
        _s("The game ends", "Victory Conditions", None, "Victory"),
        _s("Turn", "Sequence of Movement", None, "Last turn"),
        _s("Undo", "Sequence of Movement", None, "Undo"),
        _s("Units", "The Playing Pieces"),
        _s("Victory", "Victory Conditions", None, "Victory"),
        _s("Zone of control", "Zone of Control", None, "ZOC and movement"),
    )
}

# A rule name whose sentences are about a narrower rule: (name, words in the sentence,
# the narrower rule). "Combat: X is in an enemy zone of control and must attack" is the
# mandatory attack of the Zone of Control section, not the Combat section.
REFINED = (
    ("combat", "zone of control", "mandatory attacks"),
    ("combat", "a result is waiting", "combat result"),
    ("combat", "has been declared and must be resolved", "declared attack"),
)


def section_for(sentence_or_rule: str) -> RuleSection | None:
    """The section of the rule a refusal or obligation names ("Stacking: never more
    than 4 units in a hex", or just "Stacking"); None for a sentence that names none."""
    name, colon, rest = sentence_or_rule.partition(":")
    key = name.strip().lower()
    if colon:
        # The words found first decide: the End phase refusal names its first
        # obligation, then others ("... Also open: ...").
        text = rest.lower()
        found = [(text.find(words), narrower) for rule, words, narrower in REFINED if rule == key]
        found = [(at, narrower) for at, narrower in found if at >= 0]
        if found:
            return SECTIONS[min(found)[1]]
    return SECTIONS.get(key)


def rule_names() -> list[str]:
    """Every rule name this table knows, as the engine spells it."""
    return sorted(s.rule for s in SECTIONS.values())


def interpretation_of(section: RuleSection) -> str | None:
    """The markdown of the program's reading of the section's rule (its entry of
    docs/rules-interpretations.md), or None when it has none."""
    if section.interpretation is None:
        return None
    entries = [
        (headings.split(" | ")[-1].strip().rstrip("."), text)
        for headings, text in interpretation_entries("Kasserine Pass")
    ]
    # "ENGAGED" (the result) and "Engaged" (movement) are two entries: the case decides.
    for name, text in entries:
        if name == section.interpretation:
            return text
    want = section.interpretation.lower()
    return next((text for name, text in entries if name.lower() == want), None)
