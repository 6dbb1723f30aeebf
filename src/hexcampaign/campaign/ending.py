"""The campaign's end: a last turn, a VP total reached, or the enemy capital taken.

The draft sets no end; the choices are the umpire's options (docs/rules-interpretations.md,
"The campaign's end"). Once ended, only the umpire's corrections may still be made.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcampaign.campaign.state import Ending, to_hex
from hexcampaign.campaign.world import World


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # None: the campaign is drawn
    margin: int  # the winner's VP lead (0 in a draw)
    reason: str  # one sentence


def victory_points(w: World, side: str) -> int:
    """VP of the places `side` holds now."""
    return sum(p.vp for p in w.map.places() if w.state.holdings.get(p.name) == side)


def check_end(w: World) -> None:
    """After any action: a side standing on the enemy capital wins at once (option)."""
    if w.state.ended is not None or not w.options.capital_victory:
        return
    for side in w.sides:
        capital = to_hex(w.setup.capitals[w.enemy(side)])
        if w.formations_at(capital, side=side):
            place = w.map.place_at(capital)
            name = place.name if place else f"the {w.enemy(side)} capital"
            _finish(w, side, f"{side} has taken {name}, the {w.enemy(side)} capital.")
            return


def end_of_turn(w: World) -> bool:
    """At the end of a whole turn (both sides played): the VP victory and the last turn.
    True when the campaign has ended."""
    if w.state.ended is not None:
        return True
    opts = w.options
    a, b = w.sides
    vp = {a: victory_points(w, a), b: victory_points(w, b)}
    if opts.victory_vp is not None:
        reached = [s for s in w.sides if vp[s] >= opts.victory_vp]
        if reached:
            best = max(reached, key=lambda s: vp[s])
            if len(reached) == 1 or vp[a] != vp[b]:
                _finish(
                    w,
                    best,
                    f"{best} holds {vp[best]} VP at the end of turn {w.turn}, "
                    f"reaching the {opts.victory_vp} VP needed for victory.",
                )
                return True
    if opts.last_turn is not None and w.turn >= opts.last_turn:
        if vp[a] == vp[b]:
            _finish(w, None, f"Turn {w.turn} was the last turn, and both sides hold {vp[a]} VP.")
        else:
            best = a if vp[a] > vp[b] else b
            _finish(
                w,
                best,
                f"Turn {w.turn} was the last turn; {best} holds more VP "
                f"({vp[best]} to {vp[w.enemy(best)]}).",
            )
        return True
    return False


def outcome(w: World) -> Outcome | None:
    e = w.state.ended
    if e is None:
        return None
    return Outcome(e.winner, e.margin, e.reason)


def _finish(w: World, winner: str | None, reason: str) -> None:
    margin = 0
    if winner is not None:
        margin = victory_points(w, winner) - victory_points(w, w.enemy(winner))
    w.state.ended = Ending(winner=winner, margin=margin, reason=reason, turn=w.turn)
    w.say(f"The campaign is over. {reason}", w.sides)
