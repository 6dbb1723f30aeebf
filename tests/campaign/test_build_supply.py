"""Desk annoyances the engine answers (issue 29 item 6): a division built where no corps
HQ supplies it is warned of in one sentence, and the purchase basket asks the engine
whether a unit may still join it (a second Fw 190 against one per turn)."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction
from hexcampaign.campaign.production import check_basket_item
from hexcampaign.campaign.supply import build_supply_warning, supplying_corps
from hexcampaign.hexes import Hex

from ._support import GERMAN_CAPITAL, new_campaign, to_phase


def test_a_division_built_on_the_capital_with_no_corps_hq_near_is_warned_of():
    c = new_campaign()
    far = c.deploy("german", "corps", Hex.from_offset(6, 4))
    warning = build_supply_warning(c, "german", "infantry", GERMAN_CAPITAL)
    capital = c.map.label(GERMAN_CAPITAL)
    assert warning is not None
    assert warning.startswith(f"Supply: no german corps HQ is within 3 hexes of {capital}")
    # It names the nearest corps HQ as the player sees it: name, hex, distance.
    corps = c.formation(far)
    assert f"the nearest, {corps.name}, is at {c.map.label(corps.hex)}, 5 hexes away" in warning
    assert "half movement, no reinforcement, CM ammunition Limited" in warning
    # The build itself is not refused (the draft does not forbid it): it is a warning.
    fid = c.build_division("german", "infantry", GERMAN_CAPITAL)
    assert not c.in_supply(fid)


def test_no_corps_hq_at_all_is_said_so():
    c = new_campaign()
    warning = build_supply_warning(c, "german", "mechanised", GERMAN_CAPITAL)
    assert warning is not None and "(german has no corps HQ)" in warning


def test_a_corps_hq_in_range_is_named_as_the_one_to_assign_the_division_to():
    c = new_campaign()
    near = c.deploy("german", "corps", Hex.from_offset(3, 4))
    assert [f.id for f in supplying_corps(c, "german", GERMAN_CAPITAL)] == [near]
    warning = build_supply_warning(c, "german", "infantry", GERMAN_CAPITAL)
    corps = c.formation(near)
    assert warning is not None
    assert f"until it is assigned to {corps.name} ({c.map.label(corps.hex)})" in warning
    fid = c.build_division("german", "infantry", GERMAN_CAPITAL)
    c.assign_to_corps(fid, near)
    assert c.in_supply(fid)


def test_no_warning_for_a_corps_hq_or_without_the_supply_rules():
    assert build_supply_warning(new_campaign(), "german", "corps", GERMAN_CAPITAL) is None
    c = new_campaign(supply=False)
    assert build_supply_warning(c, "german", "infantry", GERMAN_CAPITAL) is None


def test_the_basket_counts_its_own_units_against_a_per_turn_limit():
    c = new_campaign()
    c.adjust_pp("german", 20, "test")
    to_phase(c, "purchase")
    t = check_basket_item(c, "german", [], "fw190_flight")
    assert t.per_turn_limit == 1
    with pytest.raises(IllegalAction) as refused:
        check_basket_item(c, "german", ["fw190_flight"], "fw190_flight")
    assert str(refused.value) == (
        "Availability: at most 1 Fw 190 F ground-attack flight per turn, and the basket holds 1"
    )
    assert refused.value.rule == "Availability"
    # Units without a limit may be added again and again; the cost is Buy's to check.
    check_basket_item(c, "german", ["grenadier_company"] * 9, "grenadier_company")
    # One bought already: the basket may hold none.
    c.purchase("german", "fw190_flight")
    with pytest.raises(IllegalAction, match="at most 1 Fw 190 F ground-attack flight per turn"):
        check_basket_item(c, "german", [], "fw190_flight")


def test_the_basket_check_keeps_the_purchase_rules():
    c = new_campaign()
    with pytest.raises(IllegalAction, match="Purchase: this is done in the new unit purchase"):
        check_basket_item(c, "german", [], "grenadier_company")
