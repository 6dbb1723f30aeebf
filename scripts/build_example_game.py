"""Make the shipped example of a Kasserine Pass game in progress, maps/kasserine/example-feb15.kpgame:
the historical scenario played by the computer against itself (easy against easy, a
fixed seed) to the start of turn 2 (Feb 15, the German movement phase), and saved by the
engine as any game is (its actions and their dice, checked on reading).

    python scripts/build_example_game.py          # writes the file
    python scripts/build_example_game.py --check  # exits 1 when the shipped game differs

Help › Open an example… offers it; the window opens a copy, so the file shipped is never
overwritten by Save.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))  # run from a checkout without installing

from hexcampaign.kasserine import Game  # noqa: E402
from hexcampaign.kasserine.ai import Opponent  # noqa: E402

SEED = 1943
TURN = 2  # the game stops when this turn's first phase begins
OUT = REPO / "maps" / "kasserine" / "example-feb15.kpgame"
PLAYERS = {"german": "Erwin", "allied": "Lloyd"}


def example_game() -> Game:
    """The scenario played by two easy computer players up to turn `TURN`; a phase no
    one has anything to do in is ended."""
    game = Game.scenario(seed=SEED)
    bots = [Opponent(side, "easy", seed=SEED + n) for n, side in enumerate(("german", "allied"))]
    while game.turn < TURN and not game.over:
        waiting = [n for n, bot in enumerate(bots) if bot.waits_on_me(game)]
        if not waiting:
            game.end_phase()
            continue
        bot, foe = bots[waiting[0]], bots[1 - waiting[0]]
        if not bot.play(game, defense=foe.play):
            game.end_phase()
    return game


def write(path: Path) -> None:
    """The game saved as the window saves it: the engine's file with the players' names."""
    game = example_game()
    path.write_text(game.to_json(extra={"players": dict(PLAYERS)}), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args()
    if not args.check:
        write(OUT)
        print(f"wrote {OUT.relative_to(REPO)} ({OUT.stat().st_size:,} bytes)")
        return 0
    # The same game, compared as this program writes it (the map in the save follows
    # the map format of the day, which a later version may have moved on).
    same = OUT.exists() and Game.load(OUT).to_json() == example_game().to_json()
    print("the shipped example is up to date" if same else f"{OUT.name} is another game: run the script")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
