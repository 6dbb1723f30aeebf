"""The window and its play modes show a bad file's sentence and keep the document,
game or campaign that was open — for maps, Kasserine games and campaigns alike."""

from __future__ import annotations

import json

import pytest

from hexcampaign.app import MainWindow

from .strategies import LOADERS, error_classes, nested

BAD = {
    "random bytes": lambda real: b"\x00\xffPK\x03\x04 not a save",
    "truncated": lambda real: real.encode()[: len(real) // 3],
    "newer version": lambda real: json.dumps({**json.loads(real), "version": 99}).encode(),
    "deep nesting": lambda real: nested(5000).encode(),
    "wrong types": lambda real: json.dumps({**json.loads(real), "map": [1, 2]}).encode(),
}


def expected_sentence(kind: str, data: bytes, path) -> str:
    loader = LOADERS[kind]
    with pytest.raises(error_classes()[kind]) as info:
        loader.load_file(path)
    return str(info.value)


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.install_play_modes()
    return w


@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_map_is_one_sentence_and_the_open_map_stays(window, bad, tmp_path, monkeypatch):
    from hexcampaign.maps import HexMap, save_map

    good = tmp_path / "good.hexmap"
    save_map(HexMap.blank(7, 5, palette="cm"), good)
    assert window.open_path(good)
    document = window.document
    before = document.map.copy()
    path = tmp_path / "bad.hexmap"
    path.write_bytes(BAD[bad](LOADERS["map"].real()))
    told: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, sentence: told.append(sentence))
    assert not window.open_path(path)
    assert told == [expected_sentence("map", path.read_bytes(), path)]
    assert window.document is document and document.map == before


@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_game_is_one_sentence_and_the_game_stays(window, bad, tmp_path, monkeypatch):
    from hexcampaign.kasserine import Game

    mode = window.play_mode("hexcampaign.app.kasserine")
    game = Game.load(_game_file(tmp_path))
    session = mode.play(game)
    session.dirty = False
    state = game.state.model_copy(deep=True)
    path = tmp_path / "bad.kpgame"
    path.write_bytes(BAD[bad](LOADERS["game"].real()))
    told: list[str] = []
    # (Shown by the one open flow, app/dialogs/files.open_in, as for a map.)
    monkeypatch.setattr(window, "show_error", lambda title, sentence: told.append(sentence))
    assert not window.open_path(path)
    assert told == [expected_sentence("game", path.read_bytes(), path)]
    assert mode.session is session and session.game.state == state


@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_campaign_is_one_sentence_and_the_campaign_stays(
    window, bad, tmp_path, monkeypatch
):
    from hexcampaign.campaign import Campaign

    mode = window.play_mode("hexcampaign.app.campaign")
    good = tmp_path / "good.hxcampaign"
    good.write_text(LOADERS["campaign"].real(), encoding="utf-8")
    campaign = Campaign.load(good)
    mode.start(campaign, good)
    state = campaign.state.model_copy(deep=True)
    path = tmp_path / "bad.hxcampaign"
    path.write_bytes(BAD[bad](LOADERS["campaign"].real()))
    told: list[str] = []
    # (Shown by the one open flow, app/dialogs/files.open_in, as for a map.)
    monkeypatch.setattr(window, "show_error", lambda title, sentence: told.append(sentence))
    assert not window.open_path(path)
    assert told == [expected_sentence("campaign", path.read_bytes(), path)]
    assert mode.campaign is campaign and campaign.state == state


def _game_file(tmp_path):
    path = tmp_path / "good.kpgame"
    path.write_text(LOADERS["game"].real(), encoding="utf-8")
    return path
