"""The set-up dock's few clicks (issue 28 item 4): a whole German set-up by its buttons,
each one Undo step, saved and loaded through the documents folder, a hostile file refused."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from hexcampaign.app.kasserine.setup_dock import waiting_for_setup
from hexcampaign.app.settings import documents_dir


def german_positions(g):
    return {uid: u.at for uid, u in g.state.units.items() if u.side == "german"}


def test_a_whole_german_set_up_in_four_clicks_and_undo_takes_back_one_formation(mode):
    mode.new_game(seed=5)
    g, dock = mode.game, mode.setup
    assert [dock.formation.itemText(i) for i in range(dock.formation.count())] == [
        "10th Panzer",
        "21st Panzer",
        "D.A.K.",
        "Italians",
    ]
    # Picking a unit chooses its formation for "Place formation".
    italian = next(
        i for i in range(dock.units.count()) if dock.units.item(i).data(256).startswith("it-")
    )
    dock.units.item(italian).setSelected(True)
    assert dock.formation.currentText() == "Italians"
    dock.place_formation.click()
    assert "Italians placed: 10 units" in mode.last_message and "one Undo" in mode.last_message
    clicks = 1
    while dock.formation.count():
        dock.place_formation.click()
        clicks += 1
    assert clicks == 4 and waiting_for_setup(g) == []
    assert "every unit is placed" in mode.last_message
    mode.undo()
    back = waiting_for_setup(g)
    assert len(back) == 8 and {u.parent for u in back} == {"D.A.K."}
    assert dock.formation.count() == 1 and dock.isVisible()


def test_apply_suggestion_places_the_hints_set_up_as_one_step(mode):
    mode.new_game(seed=5)
    g, dock = mode.game, mode.setup
    dock.apply_suggestion.click()
    assert waiting_for_setup(g) == [] and len(g.actions()) == 1
    assert mode.last_message.startswith("The hint's set-up placed: 41 units")
    mode.undo()
    assert len(waiting_for_setup(g)) == 41


def test_a_saved_set_up_reloads_identically_from_the_documents_folder(mode, monkeypatch):
    mode.new_game(seed=5)
    g, dock = mode.game, mode.setup
    dock.apply_suggestion.click()
    placed = german_positions(g)
    target = documents_dir() / "my opening"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert dock.save_button.isEnabled() and dock.ask_save()
    saved = Path(str(target) + ".kpsetup")
    assert saved.exists() and "saved to my opening.kpsetup: 41 placements" in mode.last_message
    mode.undo()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(saved), ""))
    assert dock.ask_load()
    assert german_positions(g) == placed and len(g.actions()) == 1
    assert mode.last_message.startswith("The set-up my opening.kpsetup placed: 41 units")


def test_a_hostile_set_up_file_is_refused_in_one_sentence_and_nothing_changes(mode):
    mode.new_game(seed=5)
    g, dock = mode.game, mode.setup
    bad = documents_dir() / "bad.kpsetup"
    bad.write_text(
        '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": '
        '[{"unit": "10pz-pz-1", "hex": "2712"}, {"unit": "<b>x</b>", "hex": "2713"}]}',
        encoding="utf-8",
    )
    assert not dock.load_from(bad)
    assert "no German unit of this game" in mode.last_message
    assert mode.last_message.count(". ") == 0
    assert len(waiting_for_setup(g)) == 41 and g.actions() == []
    crowded = documents_dir() / "crowded.kpsetup"
    crowded.write_text(
        '{"format": "hexcampaign-kasserine-setup", "version": 1, "placements": '
        '[{"unit": "10pz-pz-1", "hex": "2712"}, {"unit": "10pz-pz-2", "hex": "2712"}, '
        '{"unit": "10pz-pz-3", "hex": "2712"}, {"unit": "10pz-pz-4", "hex": "2712"}]}',
        encoding="utf-8",
    )
    assert not dock.load_from(crowded)
    assert mode.last_message.startswith("Stacking:") and "2712" in mode.last_message
    assert len(waiting_for_setup(g)) == 41 and g.actions() == []
