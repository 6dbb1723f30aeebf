"""Units named as their counters are, with the formation wherever the name alone would
not tell which counter is meant."""

from __future__ import annotations

from .helpers import U, game


def test_a_broken_down_panzer_keeps_its_formation_and_so_does_the_other_one():
    """After a breakdown "Panzer 1 (1)" lost its formation, and "Panzer 1" became
    ambiguous with 10 Pz's."""
    g = game(
        [
            U("10pz-pz-1", (2, 2), name="Panzer 1", parent="10th Panzer", breakdown="armor_battalion"),
            U("21pz-pz-1", (6, 6), name="Panzer 1", parent="21st Panzer", breakdown="armor_battalion"),
            U("alone", (4, 8), name="Kampfgruppe", parent="21st Panzer", breakdown="armor_battalion"),
            U("Doughboys", (10, 10), "allied"),
        ]
    )
    assert g.label("10pz-pz-1") == "10 Pz — Panzer 1"
    g.breakdown("10pz-pz-1")
    parts = sorted(u.id for u in g.units() if u.id.startswith("10pz-pz-1."))
    assert len(parts) == 2
    assert [g.label(p) for p in parts] == ["10 Pz — Panzer 1 (1)", "10 Pz — Panzer 1 (2)"]
    assert g.label("21pz-pz-1") == "21 Pz — Panzer 1"  # still told apart from 10 Pz's
    assert g.log()[-1].endswith(
        "10 Pz — Panzer 1 breaks down into 10 Pz — Panzer 1 (1), 10 Pz — Panzer 1 (2)"
    )
    g.breakdown("alone")  # a name no other counter bears needs no formation
    assert g.label("alone.1") == "Kampfgruppe (1)"
