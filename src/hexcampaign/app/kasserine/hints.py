"""A hint: what the computer would do now for the side that must act, drawn as arrows on
the board and said in a sentence, without applying any of it.

The suggestion is thought in a worker thread on a copy of the game, by a computer player
that knows only what the asking player sees: the board, the attacks declared and the
artillery already revealed. It stops before the first die roll (what follows depends on
dice nobody has seen; the copy's roll is thrown away, never shown), so a hint tells
nothing a player could not work out at the table. The arrows go at the next change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from hexcampaign.app.kasserine.worker import BackgroundThinker, Say
from hexcampaign.hexes import Hex, Layout
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent

HINT_Z = 900.0  # above the counters and the names over them
MOVE = "#1f6feb"
ATTACK = "#d1242f"
GUNS = "#8250df"
OTHER = "#1a7f37"
MAX_WORDS = 6  # the sentence names this many steps, then "and N more"


@dataclass(frozen=True)
class Arrow:
    """One arrow: along `hexes` (a single hex: a ring around it), in `colour`."""

    hexes: tuple[Hex, ...]
    colour: str


@dataclass(frozen=True)
class Hint:
    """What the computer suggests: arrows and the words for them."""

    side: str
    arrows: tuple[Arrow, ...]
    words: str


def hint_of(game: Game, side: str, actions: list) -> Hint:
    """Arrows and a sentence for the suggested `actions` (up to the first roll, which is
    never shown)."""
    arrows: list[Arrow] = []
    words: list[str] = []
    for action in actions:
        kind = getattr(action, "kind", "")
        if action.faces or kind in ("resolve", "advance_roll"):
            words.append(
                "then roll the attack" if kind == "resolve" else "then roll the advance die"
            )
            break
        arrow, word = _one(game, action)
        arrows += arrow
        if word:
            words.append(word)
        if kind == "end_phase":
            break  # a hint is for this phase: what follows is the next phase's
    if not words:
        words = ["nothing to suggest: the computer would do nothing now"]
    shown = words[:MAX_WORDS] + (
        [f"and {len(words) - MAX_WORDS} more"] if len(words) > MAX_WORDS else []
    )
    who = "German" if side == "german" else "Allied"
    return Hint(side, tuple(arrows), f"Hint for the {who} player: " + "; ".join(shown) + ".")


class HintArrows(QGraphicsItem):
    """The hint's arrows above the counters; it draws nothing when there is no hint."""

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        self.arrows: tuple[Arrow, ...] = ()
        self.setZValue(HINT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._bounds = QRectF()

    def show_arrows(self, arrows: tuple[Arrow, ...]) -> None:
        self.prepareGeometryChange()
        self.arrows = tuple(arrows)
        points = [self._point(h) for a in arrows for h in a.hexes]
        if points:
            xs = [p.x() for p in points]
            ys = [p.y() for p in points]
            pad = self.layout.size * 1.5
            self._bounds = QRectF(
                min(xs) - pad,
                min(ys) - pad,
                max(xs) - min(xs) + 2 * pad,
                max(ys) - min(ys) + 2 * pad,
            )
        else:
            self._bounds = QRectF()
        self.update()

    def clear(self) -> None:
        if self.arrows:
            self.show_arrows(())

    def boundingRect(self) -> QRectF:  # noqa: N802 — Qt's name
        return self._bounds

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        size = self.layout.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for arrow in self.arrows:
            colour = QColor(arrow.colour)
            pen = QPen(colour, size * 0.16)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            points = [self._point(h) for h in arrow.hexes]
            if len(points) == 1:
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(points[0], size * 0.75, size * 0.75)
                continue
            halo = QPen(QColor(255, 255, 255, 200), size * 0.28)
            halo.setCapStyle(Qt.PenCapStyle.RoundCap)
            halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            path = QPainterPath(points[0])
            for p in points[1:-1]:
                path.lineTo(p)
            tip = _short_of(points[-2], points[-1], size * 0.35)
            path.lineTo(tip)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(halo)
            painter.drawPath(path)
            painter.setPen(pen)
            painter.drawPath(path)
            painter.setBrush(QBrush(colour))
            painter.setPen(QPen(colour, 1))
            painter.drawPolygon(_head(points[-2], tip, size * 0.55))

    def _point(self, h: Hex) -> QPointF:
        x, y = self.layout.center(h)
        return QPointF(x, y)


class HintThinker(QObject):
    """Thinks one hint at a time in a worker thread (worker.BackgroundThinker); `ready(hint)`
    in the GUI thread. A newer request or cancel() drops an older answer."""

    ready = Signal(object)  # a Hint
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bot: Opponent | None = None
        self._worker = BackgroundThinker(self._receive, "hint", self)

    def ask(self, game: Game, side: str, defended: set[int], level: str = "normal") -> None:
        """Ask the computer (at `level`) what `side` would do now in `game`."""
        self.cancel()
        copy = Game.from_json(game.to_json())  # the worker never touches the game on screen
        bot = Opponent(side, level=level)
        # Attacks whose defence the window has settled: the hint does not give it again.
        bot.remember_defended(copy, defended)
        self._bot = bot
        self._worker.think(_think, bot, copy, side)

    def busy(self) -> bool:
        return self._worker.busy()

    def cancel(self) -> None:
        if self._bot is not None:
            self._bot.cancel()
            self._bot = None
        self._worker.cancel()

    def _receive(self, kind: str, payload: object) -> None:
        self._worker.finish()
        self._bot = None
        if kind == "hint":
            self.ready.emit(payload)
        else:
            self.failed.emit(f"No hint: {payload}")


def _think(say: Say, bot: Opponent, copy: Game, side: str) -> None:
    """Worker thread: the suggestion, up to the first roll (an error is said by the
    driver: a hint's bug must not take the window down)."""
    actions = bot.suggest(copy)
    # The arrows start where the units stand now: read from a fresh copy of the position
    # the suggestion started from (suggest() worked on its own copy).
    say("hint", hint_of(copy, side, actions))


def _one(game: Game, action) -> tuple[list[Arrow], str]:
    """The arrows and words of one suggested action (`game`: the position before it)."""
    kind = getattr(action, "kind", "")
    label = game.label
    try:
        if kind == "place":
            h = Hex(*action.hex)
            return [Arrow((h,), MOVE)], f"place {label(action.unit)} in {game.hex_label(h)}"
        if kind in ("move", "move_stack", "retreat", "advance"):
            units = list(getattr(action, "units", None) or [action.unit])
            start = game.unit(units[0]).hex
            path = [Hex(*x) for x in action.path]
            hexes = tuple(([start] if start is not None else []) + path)
            names = ", ".join(label(u) for u in units)
            verb = {"retreat": "retreat", "advance": "advance"}.get(kind, "move")
            return [Arrow(hexes, MOVE)], f"{verb} {names} to {game.hex_label(path[-1])}"
        if kind == "declare":
            target = game.unit(action.defenders[0]).hex
            if target is None:
                return [], ""
            arrows = [
                Arrow((start, target), ATTACK if u in action.attackers else GUNS)
                for u in [*action.attackers, *action.artillery]
                if (start := game.unit(u).hex) is not None
            ]
            names = ", ".join(label(u) for u in action.defenders)
            return arrows, f"attack {names} in {game.hex_label(target)}"
        if kind == "support":
            combat = next(c for c in game.combats() if c.id == action.combat)
            arrows = [
                Arrow((start, combat.target), GUNS)
                for u in action.artillery
                if (start := game.unit(u).hex) is not None
            ]
            guns = ", ".join(label(u) for u in action.artillery)
            return arrows, f"fire {guns} in defence of {game.hex_label(combat.target)}"
        if kind == "losses":
            lost = [at for u in action.units if (at := game.unit(u).hex) is not None]
            names = ", ".join(label(u) for u in action.units)
            return [Arrow((at,), ATTACK) for at in lost], f"remove {names}"
        if kind in ("breakdown", "break_off", "bridge"):
            where = game.unit(action.unit).hex
            what = {"breakdown": "break down", "break_off": "break off"}.get(kind, "")
            if kind == "bridge":
                what = "blow the bridge with" if action.destroy else "rebuild the bridge with"
            arrows = [Arrow((where,), OTHER)] if where is not None else []
            return arrows, f"{what} {label(action.unit)}"
        if kind == "decline_advance":
            return [], "decline the advance"
        if kind == "end_phase":
            return [], "end the phase"
    except (KeyError, IndexError, StopIteration, ValueError):
        return [], ""
    return [], kind.replace("_", " ")


def _short_of(a: QPointF, b: QPointF, by: float) -> QPointF:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    return QPointF(b.x() - dx / length * by, b.y() - dy / length * by)


def _head(a: QPointF, tip: QPointF, size: float) -> QPolygonF:
    angle = math.atan2(tip.y() - a.y(), tip.x() - a.x())
    left = QPointF(tip.x() - size * math.cos(angle - 0.45), tip.y() - size * math.sin(angle - 0.45))
    right = QPointF(
        tip.x() - size * math.cos(angle + 0.45), tip.y() - size * math.sin(angle + 0.45)
    )
    return QPolygonF([tip, left, right])


__all__ = ["Arrow", "Hint", "HintArrows", "HintThinker", "hint_of"]
