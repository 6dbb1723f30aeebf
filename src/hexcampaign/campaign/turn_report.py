"""A side's turn report, made from that side's view (fog.side_view) alone: its own forces
in full, of the enemy only what the rules let it know (formations next to its own, those
met in battle), its battles, the log lines the engine recorded it may see, the umpire's
corrections as worded for it, and the campaign's end once it has come.

The report is a list of titled sections of plain lines, written out as Markdown or as
HTML (the desk lays the HTML out as PDF, as it does battle sheets). Qt-free, so the
desk's report window, its file export and a script share it.
"""

from __future__ import annotations

import html

from hexcampaign.campaign.battle_sheet import markdown_escape
from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.fog import side_view, world_of
from hexcampaign.campaign.names import combat_units
from hexcampaign.campaign.views import FormationView
from hexcampaign.campaign.world import World

Section = tuple[str, list[str]]
PLAIN = ("", "The campaign is over")  # sections of sentences, not lists


def report_sections(
    source: World | object, side: str, turn: int | None = None, notes: list[str] | None = None
) -> tuple[str, list[Section]]:
    """The report's title and sections, from `side`'s view; `notes` are the desk's notes
    of the result form's overrides (about battles both sides fought). `source`: a
    Campaign or its World."""
    w = world_of(source)
    view = side_view(w, side)
    turn = view.turn if turn is None else turn
    day = date_text(turn_date(w.options, turn))
    title = f"{side} turn report — campaign turn {turn} ({day})"
    head = [
        f"PP available now: {view.pp} · income: {view.income} · "
        f"victory points held: {view.victory_points}"
    ]
    sections: list[Section] = [("", head)]
    if view.ended is not None:
        sections.append(("The campaign is over", [view.ended]))
    sections.append(("Events", [e.text for e in view.events_of(turn)] or ["nothing yet"]))
    battles = view.battles_of(turn)
    if battles:
        sections.append(
            (
                "Battles",
                [f"{b.sheet.title()}: {b.result or 'awaiting the result'}" for b in battles],
            )
        )
    sections.append(("Formations", [_own_line(f) for f in view.own]))
    sections.append(
        (
            "Enemy in contact",
            [f"the {e.side} {e.name} at {e.label}" for e in view.in_contact()] or ["none known"],
        )
    )
    if view.army_hq:
        sections.append(("Army HQ box", [u.name for u in view.army_hq]))
    mine = view.notes_of(turn) + [n for n in (notes or []) if n.startswith(f"Turn {turn}, ")]
    if mine:
        sections.append(("Umpire's notes", mine))
    return title, sections


def _own_line(f: FormationView) -> str:
    state = "dug in" if f.dug_in else "not dug in"
    supply = "" if f.built_as == "corps" else (", in supply" if f.in_supply else ", OUT OF SUPPLY")
    return f"{f.name} at {f.label}: {combat_units(len(f.units))}; {f.experience}, {state}{supply}"


def turn_report(
    w: World, side: str, turn: int | None = None, notes: list[str] | None = None
) -> str:
    """The report as Markdown, every name escaped."""
    m = markdown_escape
    title, sections = report_sections(w, side, turn, notes)
    lines = [f"# {m(title)}", ""]
    for heading, body in sections:
        if heading:
            lines += ["", f"## {m(heading)}", ""]
        lines += [m(x) if heading in PLAIN else f"- {m(x)}" for x in body]
    return "\n".join(lines) + "\n"


def turn_report_html(
    source: World | object, side: str, turn: int | None = None, notes: list[str] | None = None
) -> str:
    """The same report as an HTML fragment (every string escaped), for the HTML and PDF
    exports."""
    e = html.escape
    title, sections = report_sections(source, side, turn, notes)
    parts = [f"<h1>{e(title)}</h1>"]
    for heading, body in sections:
        if heading:
            parts.append(f"<h2>{e(heading)}</h2>")
        if heading in PLAIN:
            parts += [f"<p>{e(x)}</p>" for x in body]
            continue
        parts.append("<ul>" + "".join(f"<li>{e(x)}</li>" for x in body) + "</ul>")
    return "\n".join(parts)
