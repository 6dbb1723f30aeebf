"""A campaign file is read by pydantic-core's reader when it passes the guards (issue 31:
the costliest hostile campaign cost 305 ms), and by json.loads with the guards' sentences
otherwise; both give the same campaign, and what only the careful path allows (a nested
list longer than files.MAX_LIST but within LONG_LISTS) still loads."""

from __future__ import annotations

import json

import pytest

from hexcampaign.campaign import Campaign, saves
from hexcampaign.campaign.saves import CampaignFormatError
from hexcampaign.files import MAX_LIST, parse_json

from ._support import new_campaign


def _played(campaign):
    while campaign.turn < 2:
        campaign.end_phase()
    return campaign


def test_the_fast_and_the_careful_reader_give_the_same_campaign(tmp_path):
    c = _played(new_campaign())
    path = tmp_path / "c.hxcampaign"
    c.save(path)
    text = path.read_text(encoding="utf-8")
    assert saves._fast_document(text) is not None  # a real save takes the fast path
    fast = Campaign.load(path)
    careful = Campaign(*saves.from_data(parse_json(text, "c", "campaign")))
    assert fast.state == careful.state and fast.setup == careful.setup
    assert fast.to_json() == careful.to_json() == c.to_json()


def test_a_nested_list_only_the_careful_reader_allows_still_loads(tmp_path):
    c = _played(new_campaign())
    data = json.loads(c.to_json())
    data["state"]["log"] = data["state"]["log"] * (MAX_LIST // max(1, len(data["state"]["log"])) + 1)
    assert MAX_LIST < len(data["state"]["log"]) <= saves.LONG_LISTS["state.log"]
    text = json.dumps(data)
    assert saves._fast_document(text) is None  # over the fast path's bound
    assert len(Campaign.from_json(text).state.log) == len(data["state"]["log"])


@pytest.mark.parametrize("number", ["NaN", "1e999"])
def test_a_number_that_is_not_finite_gets_the_careful_readers_sentence(tmp_path, number):
    text = new_campaign().to_json().replace('"version": 1', f'"version": 1, "x": {number}', 1)
    path = tmp_path / "bad.hxcampaign"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CampaignFormatError, match="bad.hxcampaign is not a campaign"):
        Campaign.load(path)
