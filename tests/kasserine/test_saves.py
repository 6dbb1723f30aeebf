"""Saves that load without a replay: a save carries its log text and a check (the SHA-256
of its own text); a load whose check matches takes the game as written, anything else
(an older save, a hand edit, damage) is replayed from its start as before."""

from __future__ import annotations

import errno
import hashlib
import json
import pathlib
import random
from pathlib import Path

import pytest

from hexcampaign.files import MAX_JSON_DEPTH, MAX_LIST, oversized, parse_json, within_limits
from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.saves import COMPACT, LIMITS, LIMITS_SKIP, SAVE_KEYS
from hexcampaign.kasserine.state import MoveUnit

from .helpers import choose, skirmish

FIXTURE = Path(__file__).resolve().parents[1] / "reliability" / "fixtures" / "kasserine-game-v1.kpgame"
REPLAYED = "does not replay to the position it recorded"


def played(seed: int = 5, after_lock: int = 2, play_seed: int | None = None) -> Game:
    """A skirmish played past a few die rolls, ending with `after_lock` undoable moves."""
    g = skirmish(seed)
    rng = random.Random(seed if play_seed is None else play_seed)
    while sum(1 for a in g.actions() if a.faces) < 3:
        g.apply(choose(g, rng))
    while len(g.actions()) - g._locked < after_lock:
        moves = [a for a in g.legal_actions() if isinstance(a, MoveUnit)]
        g.apply(rng.choice(moves) if moves else choose(g, rng))
    assert g.can_undo == (after_lock > 0)
    return g


def resealed(document: dict) -> str:
    """The document written as the program writes a save, with a check that matches it
    (what a hostile file can do)."""
    body = {k: v for k, v in document.items() if k != "check"}
    text = json.dumps(body, **COMPACT)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return text[:-1] + ',"check":"' + digest + '"}'


def without_check(text: str) -> str:
    """The save as a program before the check wrote it: no log, no check."""
    document = json.loads(text)
    del document["check"], document["log"]
    return json.dumps(document, ensure_ascii=False, indent=1)


@pytest.fixture
def no_replay(monkeypatch):
    """Any replay fails the test: a load must take the save as written."""

    def refuse(*args, **kwargs):
        raise AssertionError("the load replayed the log")

    monkeypatch.setattr(Game, "_rebuild", refuse)


def test_a_save_loads_to_the_same_game_without_replaying(tmp_path, monkeypatch):
    g = played()
    path = tmp_path / "game.kpgame"
    g.save(path)
    text = path.read_text(encoding="utf-8")
    assert text == g.to_json()
    replays = []
    rebuild = Game._rebuild
    monkeypatch.setattr(Game, "_rebuild", lambda *a: replays.append(1) or rebuild(*a))
    loaded = Game.load(path)
    assert not replays
    assert loaded.state == g.state and loaded.log() == g.log()
    assert loaded.actions() == g.actions()
    assert (loaded.can_undo, loaded.side_to_play) == (g.can_undo, g.side_to_play)
    assert loaded.to_json() == text  # and saves again to the very same bytes
    # the dice go on where they were: the same next actions roll the same faces
    rng = random.Random(11)
    for _ in range(200):
        action = choose(g, rng)
        g.apply(action)
        loaded.apply(action)
        if g.over:
            break
    assert loaded.state == g.state and loaded.actions() == g.actions()
    assert sum(bool(a.faces) for a in g.actions()) > 3
    assert not replays


def test_every_position_of_a_whole_game_loads_as_written(no_replay):
    """Saved after every action (combats declared, results waiting, retreats, advances),
    each save loads to its position, log and lock without a replay, and saves again to
    the same bytes."""
    g = skirmish(2)
    rng = random.Random(2)
    while not g.over:
        g.apply(choose(g, rng))
        text = g.to_json()
        loaded = Game.from_json(text)
        assert loaded.state == g.state and loaded.log() == g.log()
        assert loaded.can_undo == g.can_undo
        assert loaded.to_json() == text
    assert any(a.faces for a in g.actions())


def test_the_file_is_compact_json_with_its_log_and_check_last(tmp_path):
    g = played(after_lock=0)
    text = g.to_json()
    document = json.loads(text)
    assert "\n" not in text and ", " not in text[:200]
    assert list(document) == [*SAVE_KEYS, "check"]
    assert document["log"] == g.log()
    body = text[: text.rindex(',"check":')] + "}"
    assert document["check"] == hashlib.sha256(body.encode("utf-8")).hexdigest()


def test_a_save_edited_after_writing_is_replayed_and_refused():
    g = played()
    document = json.loads(g.to_json())
    unit = next(u for u in document["state"]["units"].values() if u["at"] and u["mf"] > 1)
    unit["mp_spent"] += 1  # still a valid position, just not the one the log reaches
    edited = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    with pytest.raises(ValueError, match=REPLAYED):
        Game.from_json(edited)
    # a damaged byte in the text voids the check the same way
    text = g.to_json()
    turn = text.index('"turn":', text.index('"state":'))
    with pytest.raises(ValueError, match=REPLAYED):
        Game.from_json(text[:turn] + '"turn":9' + text[turn + 8 :])


def test_a_wrong_or_missing_check_takes_the_replay(monkeypatch):
    g = played()
    document = json.loads(g.to_json())
    document["check"] = "0" * 64
    replays = []
    rebuild = Game._rebuild
    monkeypatch.setattr(Game, "_rebuild", lambda *a: replays.append(1) or rebuild(*a))
    loaded = Game.from_json(json.dumps(document))
    assert replays and loaded.state == g.state and loaded.log() == g.log()


def test_an_older_save_without_check_or_log_still_loads(monkeypatch):
    g = played()
    old = without_check(g.to_json())
    loaded = Game.from_json(old)  # replayed: the log text comes from the replay
    assert loaded.state == g.state and loaded.log() == g.log()
    assert loaded.to_json() == g.to_json()  # and saves in the new form
    fixture = Game.load(FIXTURE)  # the released version-1 file
    assert (fixture.state.turn, len(fixture.actions())) == (4, 97)
    assert json.loads(fixture.to_json())["log"] == fixture.log()


def test_keys_of_the_callers_own_ride_inside_the_check(no_replay):
    """The app adds the players' names through to_json(extra=...): taken as written."""
    g = played()
    text = g.to_json(extra={"players": {"german": "Erwin", "allied": "Lloyd"}})
    assert json.loads(text)["players"] == {"german": "Erwin", "allied": "Lloyd"}
    loaded = Game.from_json(text)
    assert loaded.state == g.state and loaded.log() == g.log()


def test_a_save_re_spaced_by_hand_is_replayed_and_loads_the_same(monkeypatch):
    g = played()
    respaced = json.dumps(json.loads(g.to_json()), ensure_ascii=False, indent=1)
    replays = []
    real = Game._rebuild
    monkeypatch.setattr(Game, "_rebuild", lambda self, *a: replays.append(1) or real(self, *a))
    loaded = Game.from_json(respaced)
    assert replays and loaded.state == g.state and loaded.log() == g.log()


def test_undo_right_after_a_load_matches_undo_after_a_replayed_load():
    g = played(after_lock=3)
    trusted = Game.from_json(g.to_json())
    replayed = Game.from_json(without_check(g.to_json()))
    assert trusted._snapshot is None  # derived on the first undo
    for game in (g, trusted, replayed):
        game.undo()
        game.undo()
    assert trusted.state == replayed.state == g.state
    assert trusted.log() == replayed.log() == g.log()
    assert trusted.actions() == replayed.actions() == g.actions()
    assert trusted._dice.state() == replayed._dice.state() == g._dice.state()
    assert trusted.to_json() == replayed.to_json() == g.to_json()
    trusted.undo()
    replayed.undo()
    assert trusted.state == replayed.state and not trusted.can_undo
    with pytest.raises(IllegalAction, match="Undo"):
        trusted.undo()


def test_a_loaded_game_locked_at_its_last_roll_refuses_undo():
    g = played(after_lock=0)
    loaded = Game.from_json(g.to_json())
    assert not loaded.can_undo
    with pytest.raises(IllegalAction, match="die roll"):
        loaded.undo()


def test_saves_are_the_same_bytes_for_the_same_game(tmp_path):
    first, second = played(), played()
    assert first is not second and first.to_json() == second.to_json()
    assert first.to_json() == first.to_json()
    first.save(tmp_path / "a.kpgame")
    second.save(tmp_path / "b.kpgame")
    assert (tmp_path / "a.kpgame").read_bytes() == (tmp_path / "b.kpgame").read_bytes()
    assert Game.load(tmp_path / "a.kpgame").to_json() == first.to_json()


def test_games_on_the_same_map_share_one_board(tmp_path):
    a, b = played(), played(play_seed=6)
    assert a.state != b.state
    a.save(tmp_path / "a.kpgame")
    b.save(tmp_path / "b.kpgame")
    one, two = Game.load(tmp_path / "a.kpgame"), Game.load(tmp_path / "b.kpgame")
    assert one.board is two.board
    assert one.board is not a.board  # (a game set up by hand builds its own)
    assert one.map is not two.map  # each game has its own map object
    other = skirmish(seed=8)  # another map
    other.save(tmp_path / "c.kpgame")
    assert Game.load(tmp_path / "c.kpgame").board is not one.board
    scenario = Game.scenario(seed=1)
    assert Game.scenario(seed=2).board is scenario.board
    # the board keeps none of the maps: what it answers about roads is the map's own
    for h in one.map.hexes():
        assert one.board.on_road[one.board.index[h]] == one.map.on_road(h) == two.map.on_road(h)


def test_a_check_does_not_let_a_file_past_the_checks_of_its_position():
    """A hostile file can carry a correct check: everything cheap is still checked."""
    g = played()
    document = json.loads(g.to_json())
    Game.from_json(resealed(document))  # resealing alone changes nothing

    off_map = json.loads(json.dumps(document))
    next(iter(off_map["state"]["units"].values()))["at"] = [500, 500]
    with pytest.raises(ValueError, match="not on the map"):
        Game.from_json(resealed(off_map))

    bad_log = dict(document, log=[1, 2, 3])
    with pytest.raises(ValueError, match="log is not a list of lines"):
        Game.from_json(resealed(bad_log))

    bad_dice = json.loads(json.dumps(document))
    next(a for a in bad_dice["actions"] if a["faces"])["faces"] = [7, 7]
    with pytest.raises(ValueError, match="dice"):
        Game.from_json(resealed(bad_dice))

    bad_lock = dict(document, locked=len(document["actions"]) + 1)
    with pytest.raises(ValueError, match="undo lock"):
        Game.from_json(resealed(bad_lock))

    combat = json.loads(json.dumps(document))
    unit = next(iter(combat["state"]["units"]))
    combat["state"]["combats"] = [
        {"id": 1, "side": "german", "attackers": [unit], "defenders": [unit], "target": [99, 99]}
    ]
    with pytest.raises(ValueError, match="combat is fought on a hex that is not on the map"):
        Game.from_json(resealed(combat))


def test_undo_of_a_file_whose_log_does_not_replay_is_a_sentence():
    g = played(after_lock=2)
    document = json.loads(g.to_json())
    move = next(a for a in document["actions"][: document["locked"]] if a["kind"] == "move")
    move["path"] = [[40, 40]]  # off the map: the replay undo needs breaks a rule
    loaded = Game.from_json(resealed(document))  # taken as written: its check matches
    with pytest.raises(IllegalAction, match="Undo: this game's log does not replay"):
        loaded.undo()


def test_a_save_whose_read_back_differs_is_refused_and_the_old_file_kept(tmp_path, monkeypatch):
    path = tmp_path / "game.kpgame"
    path.write_text("the old save", encoding="utf-8")
    real = pathlib.Path.read_text

    def damaged(self, *args, **kwargs):
        text = real(self, *args, **kwargs)
        return text.replace('"turn":', '"turn": ', 1) if self.name.endswith(".tmp") else text

    monkeypatch.setattr(pathlib.Path, "read_text", damaged)
    with pytest.raises(OSError) as error:
        played().save(path)
    assert error.value.errno == errno.EIO
    assert path.read_text(encoding="utf-8") == "the old save"


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    "document",
    [
        {"a": nested(MAX_JSON_DEPTH - 1)},
        {"a": nested(MAX_JSON_DEPTH)},
        {"map": {"b": nested(MAX_JSON_DEPTH - 1)}},
        {"map": {"b": nested(MAX_JSON_DEPTH)}},
        {"a": [0] * MAX_LIST},
        {"a": [[0] * (MAX_LIST + 1)]},
        {"a": {"b": {str(i): 0 for i in range(MAX_LIST + 1)}}},
        {"actions": [{}] * (MAX_LIST + 1)},
        {"actions": [{"path": [[0, 0]] * (MAX_LIST + 1)}]},
        {"log": ["line"] * (MAX_LIST + 1)},
        {"map": {"terrain": ["x"] * (MAX_LIST + 1)}},
        {str(i): 0 for i in range(MAX_LIST + 1)},
    ],
)
def test_the_fast_limits_agree_with_the_guards_they_stand_in_for(document):
    text = json.dumps(document)
    try:
        parse_json(text, "x")
        guards = oversized(document, LIMITS, LIMITS_SKIP) is None
    except ValueError:
        guards = False
    assert within_limits(document, LIMITS, LIMITS_SKIP) == guards


def test_a_hostile_file_with_a_check_is_refused_with_the_guards_sentences():
    g = played()
    document = json.loads(g.to_json())
    document["state"]["destroyed_bridges"] = [[0, 0]] * (MAX_LIST + 1)
    with pytest.raises(ValueError, match="more than a save can"):
        Game.from_json(resealed(document))
    deep = dict(document, initial=nested(MAX_JSON_DEPTH + 5))
    with pytest.raises(ValueError, match="nested"):
        Game.from_json(resealed(deep))


def test_hexes_named_by_a_saved_combat_and_decision_are_checked():
    g = played()
    document = json.loads(g.to_json())
    unit = next(iter(document["state"]["units"]))
    document["state"]["pending"] = [
        {"kind": "advance", "side": "german", "combat": 1, "units": [unit], "vacated": [[77, 0]]}
    ]
    with pytest.raises(ValueError, match="pending decision names a hex"):
        Game.from_json(resealed(document))
