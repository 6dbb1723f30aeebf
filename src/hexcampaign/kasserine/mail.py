"""Kasserine Pass by e-mail: two copies of one game kept in step by turn files that
neither player can forge, with dice neither player can foresee or choose.

Each player holds a `MailGame`: the engine's `Game` plus what the exchange needs. When
play passes to the other side, the program writes a turn file (`outgoing()`): every
action since the last file, a commitment to the sender's next secret, the secret it
committed to before (revealed), and fresh randomness for the other side's dice. The
receiver (`receive(data)`) verifies the whole file before it changes anything: its
check covers every byte, it belongs to this game and comes next in the chain, every
action is legal under the rules when replayed on the receiver's own copy, every die
follows from the two players' secrets, and the position reached is the sender's.

The dice (docs/file-formats.md, "Turn files", has the protocol and each threat):
- a die is a face of SHA-256(roller's secret, the other side's fresh randomness, the
  game, the chance event), so neither player knows it before the other has fixed their
  part: the roller committed to its secret (its hash) in a file the other side had
  received before choosing its randomness;
- the chance event is named by what it decides ("attack 3", "air power Feb 22"), not
  by its place in the log, so the roller cannot shift a good die onto another attack;
- an attack is rolled only with randomness chosen after its declaration reached the
  defender: a roll asked for earlier hands the game to the defender, whose program
  answers at once; the attack is rolled as soon as the answer is received (withholding
  a turn file after a bad roll changes nothing: the roll is already fixed);
- reloading a local save and rolling again gives the same dice: they follow from the
  same secrets and the same event.
Only `hashlib`, `hmac` and `secrets` from the standard library are used.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from hexcampaign.files import FileFormatError, parse_json, trailing_value
from hexcampaign.kasserine.game import Game
from hexcampaign.kasserine.options import Options
from hexcampaign.kasserine.state import Action, EndPhase, Resolve, SupportDefense
from hexcampaign.rules.changes import PlayChanges
from hexcampaign.rules.errors import IllegalAction

TURN_FORMAT = "hexcampaign-kasserine-turn"
TURN_VERSION = 1
MAIL_KEY = "mail"  # the exchange's state, a key of the local save (an ordinary .kpgame)
TURN_SUFFIX = ".kpturn"
MAX_TURN_BYTES = 2 * 1024 * 1024
MAX_TURN_ACTIONS = 2000
FACES_FED = 8  # more than any one action rolls (a combat's two dice and an advance die)
SIDES = ("german", "allied")
SIDE_WORDS = {"german": "German", "allied": "Allied"}

_ACTION = TypeAdapter(Action)
_COMPACT: dict[str, Any] = {"separators": (",", ":"), "ensure_ascii": True}
_CHECK_TAIL = len(',"check":""}') + 64


class TurnFileError(ValueError):
    """A turn file that cannot be taken: one sentence saying what is wrong."""


def commitment(secret: bytes) -> str:
    """What a player sends before revealing `secret`: its SHA-256, as hex."""
    return hashlib.sha256(b"hexcampaign commitment\0" + secret).hexdigest()


def dice_faces(secret: bytes, fresh: bytes, game_id: str, event: str, count: int) -> list[int]:
    """The first `count` faces of a chance event: bytes of SHA-256 over both players'
    parts, the game and the event, each byte below 252 taken as a face (252 = 42 x 6,
    so every face is equally likely; a byte of 252 or more is skipped)."""
    faces: list[int] = []
    block = 0
    while len(faces) < count:
        digest = hashlib.sha256(
            b"hexcampaign dice\0"
            + secret
            + fresh
            + game_id.encode("ascii")
            + b"\0"
            + event.encode("utf-8")
            + b"\0"
            + block.to_bytes(4, "big")
        ).digest()
        faces.extend(b % 6 + 1 for b in digest if b < 252)
        block += 1
    return faces[:count]


@dataclass
class _Exchange:
    """What a player's copy remembers of the exchange (saved with the local game).

    Secret number n of a player is committed in the n-th file it writes and revealed in
    the next. A pair (a secret, the other side's fresh randomness) may roll dice only
    when the fresh was chosen after the commitment was received."""

    game_id: str
    side: str
    names: dict[str, str]
    master: bytes  # this player's own; never sent (its secrets are derived from it)
    sent: int = 0  # files this player wrote
    seq: int = 0  # the number of the next file of the game, from either side
    last_hash: str = ""  # SHA-256 of the newest file of the game, sent or received
    synced: int = 0  # game actions in both copies when the newest file was written
    answered: int = -1  # my actions the other side had seen when it chose its newest fresh
    paired: int = -1  # my secret that the other side's newest fresh answers (-1: none)
    their_commit: str = ""  # the other side's newest commitment
    their_fresh: str = ""  # hex: the other side's newest fresh randomness (for my dice)
    my_fresh: str = ""  # hex: my newest fresh, if written after the other side's newest file
    mine_at: int = -1  # game actions when I wrote my newest file (their dice need it)
    waiting: dict[str, Any] | None = None  # a roll asked for, made once the answer comes
    answering: bool = False  # the other side waits for my answer (my defensive artillery)
    outgoing: str | None = None  # my newest file, until the other side's next one
    used: dict[str, int] = field(default_factory=dict)  # faces used of each chance event
    declared: dict[str, int] = field(default_factory=dict)  # attack -> its declaration's index

    def document(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "side": self.side,
            "names": dict(self.names),
            "master": self.master.hex(),
            "sent": self.sent,
            "seq": self.seq,
            "last_hash": self.last_hash,
            "synced": self.synced,
            "answered": self.answered,
            "paired": self.paired,
            "their_commit": self.their_commit,
            "their_fresh": self.their_fresh,
            "my_fresh": self.my_fresh,
            "mine_at": self.mine_at,
            "waiting": self.waiting,
            "answering": self.answering,
            "outgoing": self.outgoing,
            "used": dict(self.used),
            "declared": dict(self.declared),
        }

    @classmethod
    def from_document(cls, data: object) -> _Exchange:
        if not isinstance(data, dict):
            raise FileFormatError("This game by e-mail has lost what its exchange needs.")
        try:
            return cls(
                game_id=_text(data["game"]),
                side=_side(data["side"]),
                names={s: _text(data["names"][s]) for s in SIDES},
                master=bytes.fromhex(_text(data["master"])),
                sent=_count(data["sent"]),
                seq=_count(data["seq"]),
                last_hash=_text(data["last_hash"]),
                synced=_count(data["synced"]),
                answered=_index(data["answered"]),
                paired=_index(data["paired"]),
                their_commit=_text(data["their_commit"]),
                their_fresh=_text(data["their_fresh"]),
                my_fresh=_text(data["my_fresh"]),
                mine_at=_index(data["mine_at"]),
                waiting=data["waiting"] if isinstance(data["waiting"], dict) else None,
                answering=data["answering"] is True,
                outgoing=data["outgoing"] if isinstance(data["outgoing"], str) else None,
                used={_text(k): _count(v) for k, v in dict(data["used"]).items()},
                declared={_text(k): _count(v) for k, v in dict(data["declared"]).items()},
            )
        except (KeyError, TypeError, ValueError) as error:
            raise FileFormatError(
                f"This game by e-mail has damaged exchange data ({error}); open it from a "
                "backup (.bak) or ask your opponent to start again."
            ) from None

    def copy(self) -> _Exchange:
        return _Exchange.from_document(self.document())

    def secret(self, number: int) -> bytes:
        """This player's secret number `number`, committed in the n-th file it wrote."""
        return hmac.new(self.master, f"secret {number}".encode(), hashlib.sha256).digest()


@dataclass(frozen=True)
class TurnHeader:
    """What a turn file says of itself, read once its check is found to cover every
    byte (the window uses it to find the game the file belongs to)."""

    game_id: str
    number: int
    kind: str  # "invitation", "turn" or "answer"
    sender: str  # "german" or "allied"
    names: dict[str, str]  # the players' names (given in the invitation only, else {})


def read_header(data: bytes) -> TurnHeader:
    """The header of a turn file; TurnFileError (one sentence) when it is not one or was
    changed. Nothing is replayed: `MailGame.receive` verifies the rest."""
    body = _verified_body(data)
    try:
        names = body.get("names") if body.get("kind") == "invitation" else None
        return TurnHeader(
            game_id=_text(body["game"]),
            number=_count(body["seq"]),
            kind=_text(body["kind"]),
            sender=_side(body["from"]),
            names={s: _name(names[s], s) for s in SIDES} if isinstance(names, dict) else {},
        )
    except (KeyError, TypeError, ValueError):
        raise TurnFileError("This turn file is damaged: a value in it is missing or wrong.") from None


class MailGame:
    """One player's copy of a Kasserine Pass game played by e-mail."""

    def __init__(self, game: Game, exchange: _Exchange) -> None:
        self.game = game
        self._x = exchange

    # --- starting and joining -----------------------------------------------------------

    @classmethod
    def start(cls, side: str, names: dict[str, str], options: Options | None = None) -> MailGame:
        """A new game by e-mail, played as `side`; `outgoing()` is the invitation."""
        options = options or Options()
        if options.dice == "hand":
            raise IllegalAction(
                "Dice by e-mail: the dice of a game by e-mail come from both players' "
                "programs, so dice rolled by hand cannot be used",
                "Dice",
            )
        x = _Exchange(
            game_id=secrets.token_hex(16),
            side=_side(side),
            names={s: _name(names.get(s), s) for s in SIDES},
            master=secrets.token_bytes(32),
        )
        me = cls(Game.scenario(seed=None, options=options), x)
        me._write({"kind": "invitation", "names": x.names, "options": options.model_dump(mode="json")})
        return me

    @classmethod
    def join(cls, data: bytes) -> MailGame:
        """The opponent's copy, made from the invitation; TurnFileError when it is not one."""
        body = _verified_body(data)
        if body.get("kind") != "invitation" or body.get("seq") != 0:
            raise TurnFileError(
                "This file is a turn of a game by e-mail, not its invitation: open the "
                "invitation first, then this turn."
            )
        try:
            options = Options.model_validate(body["options"])
            names = {s: _name(body["names"][s], s) for s in SIDES}
            sender = _side(body["from"])
            game_id = _text(body["game"])
            commit = _text(body["commit"])
            fresh = bytes.fromhex(_text(body["fresh"]))
        except (KeyError, TypeError, ValueError, ValidationError):
            raise TurnFileError("This invitation is damaged: a value in it is missing or wrong.") from None
        if options.dice == "hand" or len(fresh) != 32 or len(commit) != 64 or body["actions"]:
            raise TurnFileError("This invitation is damaged: its dice values cannot be used.")
        x = _Exchange(
            game_id=game_id,
            side="allied" if sender == "german" else "german",
            names=names,
            master=secrets.token_bytes(32),
        )
        x.seq, x.last_hash = 1, _file_hash(bytes(data))
        x.their_commit = commit
        return cls(Game.scenario(seed=None, options=options), x)

    # --- playing ------------------------------------------------------------------------

    @property
    def side(self) -> str:
        return self._x.side

    @property
    def opponent(self) -> str:
        return "allied" if self._x.side == "german" else "german"

    @property
    def names(self) -> dict[str, str]:
        return dict(self._x.names)

    @property
    def game_id(self) -> str:
        return self._x.game_id

    @property
    def number(self) -> int:
        """The number the next file of this game will carry."""
        return self._x.seq

    @property
    def waiting_for(self) -> str | None:
        """The chance event whose dice wait for the other side's answer ("attack 3")."""
        return None if self._x.waiting is None else str(self._x.waiting["event"])

    @property
    def my_move(self) -> bool:
        """True when this side must act now: its own play, or its answer to the other
        side's declarations (defensive artillery). Never while a roll waits."""
        g, x = self.game, self._x
        if g.over or x.waiting is not None:
            return False
        return x.answering or (g.side_to_play == x.side and not _defence_due(g, x))

    @property
    def answering(self) -> bool:
        """True while this side answers the other side's declared attacks (its defensive
        artillery, then `Answer()`)."""
        return self._x.answering

    def combats_to_answer(self) -> list[int]:
        """While answering: the declared attacks this side's guns may still defend."""
        if not self._x.answering:
            return []
        return sorted({a.combat for a in _allocations(self.game)})

    def legal_actions(self, moves: bool = True) -> list[Any]:
        """This side's legal actions now: while answering, the defensive artillery it
        may allocate and `Answer()`; never an allocation of the other side's guns.
        moves=False leaves out the (many) movement actions, as Game.legal_actions."""
        if not self.my_move:
            return []
        if self._x.answering:
            return [*_allocations(self.game), Answer()]
        return [a for a in self.game.legal_actions(moves) if not isinstance(a, SupportDefense)]

    def apply(self, action: Any) -> list[str]:
        """Apply one of this side's actions (IllegalAction when it is not this side's
        move or the rules refuse it). A roll whose dice the other side has not answered
        yet is asked for instead: play passes to the other side until the answer comes,
        and the roll is made the moment it is received."""
        x = self._x
        if not self.my_move:
            who = x.names[self.opponent]
            if x.waiting is not None:
                raise IllegalAction(
                    f"By e-mail: the dice of {x.waiting['event']} wait for {who}'s answer; "
                    "send your turn file and open the answer when it comes",
                    "By e-mail",
                )
            raise IllegalAction(f"By e-mail: it is {who}'s move, not yours", "By e-mail")
        if x.answering:
            return self._answer(action)
        if isinstance(action, SupportDefense):
            raise IllegalAction(
                "Artillery: the defender allocates his own defensive artillery, on his own "
                "computer, when the declaration reaches him",
                "Artillery",
            )
        event = _chance_event(self.game, action)
        if event is not None and event.startswith("air power"):
            trial = self.game.copy()
            trial.apply(action)
            if not trial.actions()[-1].faces:
                event = None  # this end of phase rolls no die
            else:
                # Known at once to whoever holds both parts, so asked for like an
                # attack's dice: the other side's randomness must come after the request.
                x.declared.setdefault(event, len(self.game.actions()) - 1)
        may_roll = event is not None and self._may_roll(x, event)
        if event is not None and not may_roll:
            trial = self.game.copy()
            trial.apply(action)  # IllegalAction with the rule's sentence when refused
            if trial.actions()[-1].faces:  # it rolls: the dice wait for the answer
                x.waiting = {"event": event, "action": action.model_dump(mode="json")}
                self._write({"kind": "turn", "asks": event})
                return [f"The dice of {event} wait for {x.names[self.opponent]}'s answer"]
        lines = self._apply_mine(action, event if may_roll else None)
        self._hand_over_if_due()
        return lines

    def undo(self) -> list[str]:
        """Take back this side's last action, never one the other side has seen."""
        if self.my_move and len(self.game.actions()) <= self._x.synced:
            raise IllegalAction(
                "Undo: your opponent has seen this action in a turn file; it stands", "Undo"
            )
        if not self.my_move:
            raise IllegalAction("Undo: it is your opponent's move", "Undo")
        return list(self.game.undo())

    @property
    def can_undo(self) -> bool:
        return self.my_move and len(self.game.actions()) > self._x.synced and self.game.can_undo

    # --- the exchange -------------------------------------------------------------------

    def outgoing(self) -> bytes | None:
        """The turn file to send (at first the invitation), or None when there is none:
        it is this side's move, or its newest file has been answered."""
        return None if self._x.outgoing is None else self._x.outgoing.encode("ascii")

    def receive(self, data: bytes) -> list[str]:
        """Verify a turn file from the other side whole and replay it; TurnFileError (one
        sentence) leaves this copy as it was. Returns the log lines it added."""
        body = _verified_body(data)
        x = self._x
        if body.get("game") != x.game_id:
            raise TurnFileError("This turn file belongs to another game by e-mail, not to this one.")
        seq = body.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise TurnFileError("This turn file is damaged: it carries no number.")
        if seq < x.seq:
            raise TurnFileError(
                f"This turn file (number {seq}) is older than the game: number {x.seq} "
                "comes next, so it was received or written before."
            )
        if seq > x.seq:
            raise TurnFileError(
                f"This turn file is number {seq}, but number {x.seq} comes next: ask "
                f"{x.names[self.opponent]} for the file before it."
            )
        if body.get("from") != self.opponent:
            raise TurnFileError("This turn file was written by your own side, not by your opponent.")
        if body.get("prev") != x.last_hash:
            raise TurnFileError(
                "This turn file does not follow the newest file of this game: it answers "
                "another version of the game."
            )
        game = self.game.copy()
        nx = x.copy()
        lines = _replay(game, nx, body, self.opponent)
        nx.seq, nx.last_hash, nx.outgoing = seq + 1, _file_hash(bytes(data)), None
        nx.synced = len(game.actions())
        self.game, self._x = game, nx
        if nx.waiting is not None:
            asked, nx.waiting = nx.waiting.get("action"), None
            if asked is not None:  # the roll that waited for this answer is made now
                action = _ACTION.validate_python(asked)
                lines.extend(self._apply_mine(action, _chance_event(self.game, action)))
            self._hand_over_if_due()
        elif body.get("asks"):
            asks = body["asks"]
            if isinstance(asks, str) and asks.startswith("air power"):
                nx.declared.setdefault(asks, len(self.game.actions()) - 1)
            if _allocations(self.game):
                nx.answering = True  # the defender chooses his guns, then answers
            else:
                self._write({"kind": "answer"})  # nothing to decide: it goes at once
        return lines

    # --- the local save -----------------------------------------------------------------

    def to_json(self) -> str:
        """The local save: an ordinary Kasserine Pass save with the exchange added."""
        return self.game.to_json(extra={MAIL_KEY: self._x.document()})

    @classmethod
    def from_json(cls, text: str | bytes) -> MailGame:
        game = Game.from_json(text)
        raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        data = trailing_value(raw, MAIL_KEY)
        if data is None:
            raise FileFormatError("This save is a game played at one table, not by e-mail.")
        return cls(game, _Exchange.from_document(data))

    # --- helpers ------------------------------------------------------------------------

    @staticmethod
    def _may_roll(x: _Exchange, event: str) -> bool:
        """May this side roll `event` now? Only with fresh randomness the other side chose
        after receiving this side's newest commitment and, for an attack, its declaration."""
        if not x.their_fresh or x.paired != x.sent - 1:
            return False
        declared_at = x.declared.get(event)
        return declared_at is None or declared_at < x.answered

    def _apply_mine(self, action: Any, event: str | None) -> PlayChanges:
        """Apply this side's action, its dice (if it rolls) those of `event`."""
        x, game = self._x, self.game
        if event is None:
            lines = game.apply(action)
        else:
            start = x.used.get(event, 0)
            secret, fresh = x.secret(x.paired), bytes.fromhex(x.their_fresh)
            faces = dice_faces(secret, fresh, x.game_id, event, start + FACES_FED)[start:]
            lines = game.apply_recorded(action.model_copy(update={"faces": faces}))
            x.used[event] = start + len(game.actions()[-1].faces or [])
        _note_declarations(game, x)
        return lines

    def _hand_over_if_due(self) -> None:
        if self.game.over or self.game.side_to_play != self._x.side:
            self._write({"kind": "turn"})
        elif _defence_due(self.game, self._x):
            self._x.waiting = {"event": "the defensive artillery", "action": None}
            self._write({"kind": "turn", "asks": "defensive artillery"})

    def _answer(self, action: Any) -> list[str]:
        """The defender's answer to declarations: artillery, then `Answer()` sends it."""
        if isinstance(action, Answer):
            self._x.answering = False
            self._write({"kind": "answer"})
            return [f"Answer sent to {self._x.names[self.opponent]}"]
        if not isinstance(action, SupportDefense):
            raise IllegalAction(
                "By e-mail: answer the declared attacks first (allocate defensive artillery "
                "or send the answer without it)",
                "By e-mail",
            )
        lines = list(self.game.apply(action))
        _note_declarations(self.game, self._x)
        return lines

    def _write(self, extra: dict[str, Any]) -> None:
        """Play passes to the other side: the turn file of every action since the newest
        file, sealed by its check (writing it to disk is the window's)."""
        x = self._x
        fresh = secrets.token_hex(32)
        body = {
            "format": TURN_FORMAT,
            "version": TURN_VERSION,
            "game": x.game_id,
            "seq": x.seq,
            "from": x.side,
            "prev": x.last_hash or None,
            **extra,
            "actions": [a.model_dump(mode="json") for a in self.game.actions()[x.synced :]],
            "commit": commitment(x.secret(x.sent)),
            "reveal": x.secret(x.sent - 1).hex() if x.sent > 0 else None,
            "fresh": fresh,
            "after": _position_hash(self.game),
        }
        text = _sealed(body)
        x.outgoing, x.my_fresh = text, fresh
        x.sent, x.seq = x.sent + 1, x.seq + 1
        x.last_hash = _file_hash(text.encode("ascii"))
        x.synced = x.mine_at = len(self.game.actions())


def _replay(game: Game, x: _Exchange, body: dict[str, Any], sender: str) -> list[str]:
    """Check the other side's file against `game` (a copy) and apply it there, updating
    `x` (a copy too); TurnFileError at the first thing wrong."""
    try:
        commit = _text(body["commit"])
        fresh = bytes.fromhex(_text(body["fresh"]))
        reveal = body["reveal"]
        raw_actions = body["actions"]
        after = _text(body["after"])
    except (KeyError, TypeError, ValueError):
        raise TurnFileError("This turn file is damaged: a value in it is missing or wrong.") from None
    if len(commit) != 64 or len(fresh) != 32 or not isinstance(raw_actions, list):
        raise TurnFileError("This turn file is damaged: its dice values have the wrong length.")
    if len(raw_actions) > MAX_TURN_ACTIONS:
        raise TurnFileError(f"This turn file holds more than {MAX_TURN_ACTIONS} actions.")
    theirs: bytes | None = None
    if reveal is not None:
        try:
            theirs = bytes.fromhex(_text(reveal))
        except (TypeError, ValueError):
            raise TurnFileError("This turn file is damaged: its revealed secret is not hex.") from None
        if commitment(theirs) != x.their_commit:
            raise TurnFileError(
                f"This turn file reveals a secret that is not the one {x.names[sender]} "
                "committed to before, so its dice cannot be trusted."
            )
    # Their dice pair their revealed secret with my fresh, if mine answered it.
    mine = bytes.fromhex(x.my_fresh) if x.my_fresh else None
    lines: list[str] = []
    for number, raw in enumerate(raw_actions, 1):
        try:
            action = _ACTION.validate_python(raw)
        except ValidationError:
            raise TurnFileError(f"Action {number} of this turn file is not an action of this game.") from None
        actor = _defender(game, action) if isinstance(action, SupportDefense) else game.side_to_play
        if game.over or actor != sender:
            raise TurnFileError(
                f"Action {number} of this turn file is played when it was not "
                f"{x.names[sender]}'s move."
            )
        event = _chance_event(game, action)
        claimed = list(action.faces or [])
        try:
            if event is None and claimed:
                raise TurnFileError(
                    f"Action {number} of this turn file claims dice where no die is rolled."
                )
            # Applied with the faces claimed: a roll needing more would roll afresh here,
            # and the faces recorded would then differ from the file's.
            lines.extend(game.apply_recorded(action.model_copy(update={"faces": claimed})))
            if list(game.actions()[-1].faces or []) != claimed:
                raise TurnFileError(
                    f"Action {number} of this turn file rolls dice that the file does not give."
                )
            if event is not None and claimed:
                declared_at = x.declared.get(event)
                asked_late = declared_at is not None and declared_at >= x.mine_at
                # Air power is asked for before it is rolled; an attack is declared.
                unasked = declared_at is None and event.startswith("air power")
                if theirs is None or mine is None or asked_late or unasked:
                    raise TurnFileError(
                        f"This turn file rolls the dice of {event} before you had answered "
                        "with your part of them."
                    )
                start = x.used.get(event, 0)
                due = dice_faces(theirs, mine, x.game_id, event, start + len(claimed))[start:]
                if claimed != due:
                    raise TurnFileError(
                        f"The dice of {event} in this turn file do not follow from the two "
                        "players' secrets: the file was changed, or made to cheat."
                    )
                x.used[event] = start + len(claimed)
        except IllegalAction as error:
            raise TurnFileError(f"Action {number} of this turn file breaks a rule: {error}") from None
        _note_declarations(game, x)
    if _position_hash(game) != after:
        raise TurnFileError("This turn file's actions do not lead to the position it says they reach.")
    x.their_commit, x.their_fresh = commit, fresh.hex()
    x.paired, x.answered = x.sent - 1, len(game.actions())
    x.my_fresh = ""  # my newest fresh has answered their secret: it is spent
    return lines


def _chance_event(game: Game, action: Any) -> str | None:
    """The chance event whose dice `action` rolls ("attack 3", "air power of Feb 22"),
    or None when it rolls none. Named by what it decides, never by its place in the log."""
    state = game.state
    if isinstance(action, Resolve):
        return None if action.roll is not None else f"attack {action.combat}"
    if isinstance(action, EndPhase) and state.options.allied_air_power == "roll":
        return f"air power of {game.date()}"
    going = next((c for c in state.combats if c.resolved and c.stages), None)
    if going is not None and state.options.dice == "program":
        return f"attack {going.id}"
    return None


class Answer:
    """The defender's answer to the attacks declared against him: sent once he has
    allocated (or not) his defensive artillery. Not an engine action: it is the turn
    file going back."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer)

    def __hash__(self) -> int:
        return hash("Answer")

    def __repr__(self) -> str:
        return "Answer()"


def _allocations(game: Game) -> list[SupportDefense]:
    """The defensive artillery the defender may allocate now, one action per combat."""
    return [a for a in game.legal_actions(moves=False) if isinstance(a, SupportDefense)]


def _defence_due(game: Game, x: _Exchange) -> bool:
    """Has this side, the attacker, declared an attack its defender may answer with guns
    and not yet sent it to him? (The defender allocates on his own computer.)"""
    if game.side_to_play != x.side:
        return False
    return any(
        x.declared.get(f"attack {a.combat}", -1) >= x.synced for a in _allocations(game)
    )


def _defender(game: Game, action: SupportDefense) -> str | None:
    combat = next((c for c in game.state.combats if c.id == action.combat), None)
    if combat is None:
        return None
    return "allied" if combat.side == "german" else "german"


def _note_declarations(game: Game, x: _Exchange) -> None:
    """Remember at which log index each attack was declared (its dice wait for an
    answer chosen after that)."""
    for combat in game.state.combats:
        x.declared.setdefault(f"attack {combat.id}", len(game.actions()) - 1)


def _position_hash(game: Game) -> str:
    return hashlib.sha256(game.to_json().encode("utf-8")).hexdigest()


def _sealed(body: dict[str, Any]) -> str:
    text = json.dumps(body, **_COMPACT)
    check = hashlib.sha256(text.encode("ascii")).hexdigest()
    return text[:-1] + f',"check":"{check}"}}'


def _verified_body(data: bytes) -> dict[str, Any]:
    """The file's body, once its check is found to cover every byte; TurnFileError else."""
    if not isinstance(data, bytes | bytearray) or not data or len(data) > MAX_TURN_BYTES:
        raise TurnFileError("This is not a turn file of a game by e-mail (it is empty or too large).")
    try:
        text = bytes(data).decode("ascii")
    except UnicodeDecodeError:
        raise TurnFileError("This is not a turn file of a game by e-mail, or it was damaged.") from None
    tail = text[-_CHECK_TAIL:]
    if len(text) <= _CHECK_TAIL or not (tail.startswith(',"check":"') and tail.endswith('"}')):
        raise TurnFileError("This is not a turn file of a game by e-mail, or it was damaged.")
    body_text = text[:-_CHECK_TAIL] + "}"
    if hashlib.sha256(body_text.encode("ascii")).hexdigest() != tail[10:-2]:
        raise TurnFileError(
            "This turn file was changed after it was written (its check does not match): "
            "ask your opponent to send it again."
        )
    try:
        body = parse_json(body_text, "turn file", "turn file")
    except FileFormatError as error:
        raise TurnFileError(str(error)) from None
    if not isinstance(body, dict) or body.get("format") != TURN_FORMAT:
        raise TurnFileError("This is not a turn file of a game by e-mail.")
    if body.get("version") != TURN_VERSION:
        raise TurnFileError(
            f"This turn file has version {body.get('version')!r}, and this program reads "
            f"version {TURN_VERSION}: update the program."
        )
    return body


def _file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def _name(value: object, side: str) -> str:
    text = " ".join(str(value or "").split())[:100]
    return text or f"{SIDE_WORDS[side]} player"


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError("not a count")
    return value


def _index(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < -1:
        raise ValueError("not an index")
    return value


def _side(value: object) -> str:
    if value not in SIDES:
        raise ValueError(f"a side is 'german' or 'allied', not {value!r}")
    return str(value)


__all__ = [
    "MAIL_KEY",
    "TURN_SUFFIX",
    "Answer",
    "MailGame",
    "TurnFileError",
    "TurnHeader",
    "commitment",
    "dice_faces",
    "read_header",
]
