"""hexcampaign: a hex map editor, the Kasserine Pass wargame and a CM campaign umpire."""

__version__ = "0.1.0"
