"""Per-user settings: where they live, recent files, and surviving a damaged file."""

from __future__ import annotations

import json

from hexcampaign.app.settings import MAX_RECENT, Settings, config_dir, data_dir


def test_settings_live_in_the_folders_the_environment_names(user_folders):
    config, data = user_folders
    assert config_dir() == config and data_dir() == data
    settings = Settings()
    settings.set_value("autosave_minutes", 5)
    assert json.loads((config / "settings.json").read_text())["autosave_minutes"] == 5
    assert Settings().value("autosave_minutes") == 5
    assert Settings().value("missing", "default") == "default"


def test_recent_files_newest_first_without_repeats_and_only_existing(tmp_path):
    settings = Settings()
    files = []
    for i in range(MAX_RECENT + 3):
        path = tmp_path / f"map{i}.hexmap"
        path.write_text("{}")
        files.append(path)
        settings.add_recent_file(path)
    settings.add_recent_file(files[5])
    recent = Settings().recent_files()
    assert recent[0] == files[5].resolve()
    assert len(recent) == MAX_RECENT and len(set(recent)) == MAX_RECENT
    files[-1].unlink()
    assert files[-1].resolve() not in Settings().recent_files()


def test_a_damaged_settings_file_is_set_aside(user_folders):
    config, _ = user_folders
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{ not json")
    settings = Settings()
    assert settings.recent_files() == []
    assert (config / "settings.damaged.json").exists()
    settings.set_value("x", 1)
    assert Settings().value("x") == 1
