"""The campaign ledger (PP, losses, places, battles, turns) and battle administration
(status, who owes what, attached CM saves and after-action reports)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from hexcampaign.campaign import Campaign, IllegalAction
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.battle_admin import (
    MAX_ATTACHMENT_BYTES,
    attached_path,
    files_folder,
    store_file,
)
from hexcampaign.campaign.ledger import export_ledger, ledger, ledger_csv, ledger_markdown
from hexcampaign.campaign.state import Ending
from hexcampaign.files import FileFormatError

from ._ledger_play import four_turns
from ._playout import new_playout
from ._support import CENTRE, cm_map, new_campaign, to_phase

SE = 2
TARGET = CENTRE.neighbor(SE)


@pytest.fixture(scope="module")
def played() -> Campaign:
    return four_turns()


def fought(place: bool = False):
    """A German division attacks a US one (on a village, with `place`); the result is
    awaited in the battle resolution phase."""
    m = cm_map()
    if place:
        m.add_place(TARGET, "Hill 112", "village", pp=2)
    c = new_campaign(m)
    if place:
        assert c.holder("Hill 112") == "us"
    g = c.deploy("german", "infantry", CENTRE, ["grenadier_company", "panzer_iv_platoon"])
    u = c.deploy("us", "infantry", TARGET, ["rifle_company", "sherman_platoon"])
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    return c, g, u, b


def test_pp_income_and_spending_add_up_to_the_campaigns_pp(played):
    book = ledger(played)
    for side in played.sides:
        entries = [e for e in book.pp_entries if e.side == side]
        assert book.pp_total(side) == played.pp_available(side)
        running = 0
        for e in entries:  # each entry's balance is the sum so far
            running += e.amount
            assert e.balance == running, e
        assert book.pp_total(side, "income") > 0 and book.pp_total(side, "spent") < 0
        # Every PP spent is a purchase's or a build's, as the log words it.
        assert all(("buys" in e.what or "builds" in e.what) for e in entries if e.kind == "spent")
    # What the units bought cost is what the ledger says was spent on purchases.
    bought = [a for a in played.actions if isinstance(a, A.Purchase | A.PurchaseList)]
    cost = 0
    for a in bought:
        ids = [a.type_id] if isinstance(a, A.Purchase) else a.type_ids
        cost += sum(played.setup.charts[a.side].type(t).cost for t in ids)
    on_purchases = sum(-e.amount for e in book.pp_entries if e.kind == "spent" and "buys" in e.what)
    assert on_purchases == cost
    # The turn table's income and spending are the entries' per turn.
    for t in book.turns[1:]:
        for side in played.sides:
            assert t.income[side] == sum(
                e.amount for e in book.pp_entries
                if e.side == side and e.turn == t.turn and e.kind == "income"
            )  # fmt: skip


def test_losses_per_formation_match_the_results(played):
    book = ledger(played)
    for side in played.sides:
        lost = sum(
            n
            for b in played.battles()
            if b.result is not None
            for uid, n in b.result.casualties.items()
            if played.unit_record(uid).side == side
        )
        rows = [r for r in book.losses if r.side == side]
        assert sum(r.men + r.vehicles for r in rows) == lost
        assert sum(t.losses[side] for t in book.turns) == lost
    destroyed = {r.formation_id for r in book.losses if r.destroyed}
    assert destroyed == set(played.state.destroyed)


def test_losses_of_one_battle_by_formation_men_and_vehicles():
    c, g, u, b = fought()
    rifle, sherman = [x.id for x in c.formation(u).units]
    c.end_phase()
    c.enter_result(b, "DRAW", casualties={rifle: 20, sherman: 3})
    row = next(r for r in ledger(c).losses if r.formation_id == u)
    assert (row.formation, row.men, row.vehicles, row.units_eliminated) == (
        c.formation(u).name,
        20,
        3,
        1,  # three of five Shermans lost eliminates the platoon
    )
    assert row.battles == 1 and not row.destroyed


def test_places_changing_hands():
    c, g, u, b = fought(place=True)
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "major")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    c.advance(g, TARGET)
    to_phase(c, "reinforcement", "us")
    book = ledger(c)
    change = next(p for p in book.places if p.place == "Hill 112")
    assert (change.before, change.after, change.turn, change.pp) == ("us", "german", 1, 2)
    assert change.hex == c.map.label(TARGET)
    assert any(s.startswith("german:") and "took 1 place" in s for s in book.summary())


def test_the_battle_table_has_a_row_per_battle_with_status(played):
    book = ledger(played)
    assert [r.id for r in book.battles] == [b.id for b in played.battles()]
    for row, b in zip(book.battles, played.battles(), strict=True):
        assert row.kind == b.kind and row.battle_type == b.sheet.battle_type
        assert (row.attacker_side, row.defender_side) == (b.attacker_side, b.defender_side)
        assert row.status == ("result entered" if b.result else "declared")
        assert row.result.startswith(b.result.outcome) if b.result else row.result == ""
    head, rows = book.rows("battles")
    assert "Status" in head and len(rows) == len(played.battles())


def test_a_battles_status_moves_declared_sheets_sent_fought_result_entered():
    c, g, u, b = fought()
    status = c.battle_status(b)
    assert status.status == "declared"
    assert status.owed == (
        f"The umpire owes the german and us players the set-up sheets of battle {b.id}.",
    )
    c.mark_sheets_sent(b, host="us")
    status = c.battle_status(b)
    assert status.status == "sheets sent" and status.host == "us"
    assert f"The us player owes the CM result of battle {b.id}." in status.owed
    with pytest.raises(IllegalAction, match="marked sent already"):
        c.mark_sheets_sent(b)
    c.mark_fought(b)
    assert c.battle_status(b).status == "fought"
    assert c.battle_status(b).owed[0] == f"The us player owes the CM result of battle {b.id}."
    c.end_phase()
    c.enter_result(b, "DRAW")
    status = c.battle_status(b)
    assert status.status == "result entered"
    assert status.owed == (
        f"The us player owes the CM save or after-action report of battle {b.id}.",
    )
    with pytest.raises(IllegalAction, match="has its result already"):
        c.mark_fought(b)
    # Logged for both players, and in the ledger's battle table.
    assert any("set-up sheets are sent" in line for line in c.side_log("german"))
    assert ledger(c).battles[0].status == "result entered"


def test_status_actions_are_undone_and_replayed():
    c, g, u, b = fought()
    c.mark_sheets_sent(b)
    assert c.battle_status(b).host == "german"  # the attacker by default
    assert c.replay().state == c.state
    c.undo()
    assert c.battle_status(b).status == "declared"
    with pytest.raises(IllegalAction, match="does not fight battle"):
        c.mark_sheets_sent(b, host="french")


def test_attachments_are_hashed_copied_and_checked(tmp_path):
    c, g, u, b = fought()
    c.end_phase()
    c.enter_result(b, "DRAW")
    save = tmp_path / "campaign.hxcampaign"
    c.save(save)
    aar = tmp_path / "B1 after action.png"
    aar.write_bytes(b"\x89PNG not really" * 100)
    action = store_file(save, b.id, aar)
    assert action.sha256 == hashlib.sha256(aar.read_bytes()).hexdigest()
    assert (action.name, action.size, action.kind) == (aar.name, aar.stat().st_size, "aar")
    c.apply(action)
    status = c.battle_status(b)
    assert status.owed == () and status.files[0].sha256 == action.sha256
    copy = attached_path(save, b.id, status.files[0])
    assert (
        copy is not None
        and copy.parent == files_folder(save)
        and copy.read_bytes() == aar.read_bytes()
    )
    with pytest.raises(IllegalAction, match="this very file attached already"):
        c.apply(action)
    cm_save = tmp_path / "B1 turn 3.ema"
    cm_save.write_bytes(b"CM" * 5000)
    assert store_file(save, b.id, cm_save).kind == "cm_save"
    # A copy changed on disk no longer passes for the file attached.
    copy.write_bytes(b"something else")
    assert attached_path(save, b.id, status.files[0]) is None
    # The record survives a save and a load.
    c.save(save)
    assert Campaign.load(save).battle_status(b).files == status.files


def test_attachments_above_the_cap_are_refused_with_one_sentence(tmp_path):
    c, g, u, b = fought()
    big = tmp_path / "huge.bts"
    with big.open("wb") as f:
        f.truncate(MAX_ATTACHMENT_BYTES + 1)  # sparse: no disk spent
    with pytest.raises(FileFormatError) as refused:
        store_file(tmp_path / "c.hxcampaign", b.id, big)
    sentence = str(refused.value)
    assert sentence.count(". ") == 0 and sentence.endswith(".")
    assert "64 MB" in sentence and "huge.bts" in sentence
    assert not files_folder(tmp_path / "c.hxcampaign").exists()
    too_big = A.AttachBattleFile(
        battle=b.id, name="x.bts", sha256="0" * 64, size=MAX_ATTACHMENT_BYTES + 1
    )
    with pytest.raises(IllegalAction, match="at most 64 MB"):
        c.apply(too_big)
    with pytest.raises(IllegalAction, match="SHA-256"):
        c.apply(A.AttachBattleFile(battle=b.id, name="x.bts", sha256="../../etc", size=3))


def test_administration_goes_on_after_the_campaigns_end():
    c, g, u, b = fought()
    c.end_phase()
    c.enter_result(b, "DRAW")
    c.state.ended = Ending(winner=None, margin=0, reason="Ended for the test.", turn=1)
    c.apply(A.AttachBattleFile(battle=b.id, name="aar.txt", sha256="a" * 64, size=10, kind="aar"))
    assert c.battle_status(b).owed == ()
    with pytest.raises(IllegalAction, match="campaign is over"):
        c.end_phase()


def test_an_old_save_without_the_new_fields_loads():
    c, g, u, b = fought()
    data = json.loads(c.to_json())
    for record in data["state"]["battles"].values():
        for key in ("sheets_sent", "host", "fought", "files"):
            record.pop(key)
    old = Campaign.from_json(json.dumps(data))
    assert old.battle_status(b).status == "declared"
    fixture = Campaign.load(Path(__file__).parent / "fixtures" / "campaign-v1.json")
    book = ledger(fixture)
    assert {r.status for r in book.battles} <= {"declared", "result entered"}
    assert len(book.battles) == len(fixture.battles())
    for side in fixture.sides:
        assert book.pp_now[side] == fixture.pp_available(side)


def test_ledger_is_followed_action_by_action_and_rebuilt_after_back():
    c = new_playout(4)
    to_phase(c, "purchase")
    first = ledger(c)
    c.purchase("german", "grenadier_company")
    after = ledger(c)
    assert after.pp_total("german") == first.pp_total("german") - 2 == c.pp_available("german")
    c.undo()
    assert ledger(c).pp_total("german") == first.pp_total("german")


def test_exports_write_markdown_html_and_csv(played, tmp_path):
    book = ledger(played)
    md = export_ledger(book, tmp_path / "ledger.md").read_text()
    assert "## Battles" in md and "## Summary" in md
    page = export_ledger(book, tmp_path / "ledger.html").read_text()
    # The summary, who owes what (every battle's CM save or AAR) and the five tables.
    assert page.count("<h2>") == 7 and "Places changing hands" in page
    assert len(book.owed()) == len(played.battles()) and "## Who owes what" in md
    rows = export_ledger(book, tmp_path / "battles.csv").read_text().splitlines()
    assert rows[0].startswith("Battle,Turn,Status,Result,Type") and len(rows) == 1 + len(
        played.battles()
    )
    assert ledger_csv(book, "pp").count("\n") == 1 + len(book.pp_entries)
    with pytest.raises(ValueError, match="Markdown"):
        export_ledger(book, tmp_path / "ledger.docx")
    assert ledger_markdown(book).startswith("# Campaign ledger")


def test_a_position_the_log_does_not_reach_is_noted():
    c, g, u, b = fought()
    assert ledger(c).note == ""
    c.state.pp["german"] += 5  # arranged by hand, as a test or a hand-edited file might
    book = ledger(c)
    assert "does not reach the campaign's position" in book.note and book.note in book.summary()
    assert book.pp_now["german"] == c.pp_available("german")


def test_after_back_the_ledger_is_the_one_of_the_shorter_log():
    from hexcampaign.campaign import ledger as ledger_module

    c = four_turns()
    to_phase(c, "purchase")
    c.purchase("german", "grenadier_company")
    before = ledger(c)
    recorder = ledger_module._RECORDERS[c]
    while c.can_undo() and c.phase == "purchase":
        c.undo()
    c.undo()  # and one more: the pursuit phase's start
    after = ledger(c)
    assert ledger_module._RECORDERS[c] is recorder  # carried back, not replayed whole
    fresh = ledger(Campaign.from_json(c.to_json()))
    assert after == fresh and after != before
    assert c.phase == "retreat_advance"
    to_phase(c, "purchase")  # and on again from there
    c.purchase_all("german", ["grenadier_company", "grenadier_company"])
    assert ledger(c) == ledger(Campaign.from_json(c.to_json()))


def test_the_umpires_pp_adjustment_is_its_own_entry_with_its_reason():
    c, g, u, b = fought()
    c.adjust_pp("us", 4, "a bonus for holding the bridge")
    entry = ledger(c).pp_entries[-1]
    assert (entry.side, entry.kind, entry.amount) == ("us", "adjusted", 4)
    assert "a bonus for holding the bridge" in entry.what
    assert ledger(c).pp_total("us") == c.pp_available("us")
