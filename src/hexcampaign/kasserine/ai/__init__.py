"""The Kasserine Pass computer opponent (headless): plays either side through the
engine's public actions. How it decides is told in docs/ai.md."""

from hexcampaign.kasserine.ai.opponent import LEVELS, Opponent

__all__ = ["LEVELS", "Opponent"]
