"""The rule books as sections, and the interpretations that belong to each (no Qt).

Help > Rules shows a section of a rule book with the program's reading of it below,
taken from docs/rules-interpretations.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from hexcampaign.paths import docs_path, resources_path

RULE_BOOKS = {
    "kasserine": ("Kasserine Pass rulebook", "rules/kasserine-pass-rulebook.txt"),
    "cm": ("CM campaign rules (draft)", "rules/cm-campaign-rules-draft.txt"),
}


@dataclass
class Section:
    title: str
    text: str
    interpretations: list[str] = field(default_factory=list)


@cache
def sections(book: str) -> list[Section]:
    """The sections of a rule book ("kasserine" or "cm"), each with its interpretations."""
    _title, relative = RULE_BOOKS[book]
    lines = resources_path(relative).read_text(encoding="utf-8").splitlines()
    found = _kasserine_sections(lines) if book == "kasserine" else _draft_sections(lines)
    entries = interpretation_entries("Kasserine Pass" if book == "kasserine" else "CM operational campaign")
    for section in found:
        section.interpretations = [text for heading, text in entries if _related(section.title, heading)]
    return found


def interpretation_entries(part: str) -> list[tuple[str, str]]:
    """(headings, markdown text) of each entry in one part of the interpretations page.
    The headings are the entry's ### group and its bold rule name (Kasserine), or its
    ### title (CM), joined by " | "."""
    text = docs_path("rules-interpretations.md").read_text(encoding="utf-8")
    chunks = re.split(r"^## ", text, flags=re.M)
    body = next((c for c in chunks if c.startswith(part)), "")
    entries: list[tuple[str, str]] = []
    for block in re.split(r"^### ", body, flags=re.M)[1:]:
        group, _, rest = block.partition("\n")
        group = group.strip()
        items = re.split(r"^- (?=\*\*)", rest, flags=re.M)[1:] if part.startswith("Kasserine") else []
        if not items:
            entries.append((group, f"**{group}**\n\n{rest.strip()}"))
        for item in items:
            bold = re.match(r"\*\*(.+?)\*\*", item)
            entries.append((f"{group} | {bold.group(1) if bold else ''}", "- " + item.strip()))
    return entries


def _kasserine_sections(lines: list[str]) -> list[Section]:
    # The table of contents lists every section title as "- Title".
    start = max(i for i, line in enumerate(lines) if line.strip() == "Table of Contents")
    titles = []
    for line in lines[start + 1 :]:
        if not line.startswith("- "):
            break
        titles.append(line[2:].strip())
    return _split(lines, set(titles))


def _draft_sections(lines: list[str]) -> list[Section]:
    heads = {
        line.strip()
        for line in lines[1:]
        if len(line.strip()) >= 4
        and line.strip() == line.strip().upper()
        and re.search(r"[A-Z]{3}", line)
        and not re.search(r"\d", line)
    }
    return _split(lines, heads)


def _split(lines: list[str], titles: set[str]) -> list[Section]:
    found: list[Section] = []
    in_contents = False
    for line in lines:
        stripped = line.strip()
        if stripped == "Table of Contents":
            in_contents = True
            continue
        if in_contents:
            if stripped.startswith("- ") or not stripped:
                continue
            in_contents = False
        if stripped in titles:
            found.append(Section(stripped, ""))
        elif found:
            found[-1].text += line + "\n"
    return [s for s in found if s.text.strip()]


_STOP = {"of", "the", "and", "to", "a", "in", "on", "for", "use", "through", "after", "rules"}


def _words(text: str) -> set[str]:
    words = re.findall(r"[a-z]+", text.lower())
    return {w.rstrip("s") for w in words if w not in _STOP and len(w) > 2}


def _related(section_title: str, headings: str) -> bool:
    """An interpretation belongs to a section when one of its headings names the section
    (they cite the rulebook's own titles, e.g. "Zone of Control"), or the words of one
    are all words of the other ("Movement" and "MOVEMENT COSTS")."""
    want = _words(section_title)
    for heading in headings.split(" | "):
        if not heading:
            continue
        if section_title.lower() in heading.lower():
            return True
        have = _words(heading)
        if want and have and (want <= have or have <= want):
            return True
    return False
