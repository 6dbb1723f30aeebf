"""The campaign calendar: turn 1 falls on the start date, each turn lasts a set number of
days (options `start_date`, `days_per_turn`)."""

from __future__ import annotations

import datetime

from hexcampaign.campaign.options import Options


def turn_date(options: Options, turn: int) -> datetime.date:
    return options.start_date + datetime.timedelta(days=(turn - 1) * options.days_per_turn)


def date_text(day: datetime.date) -> str:
    """ "6 June 1944": the way a campaign diary writes a date."""
    return f"{day.day} {day.strftime('%B')} {day.year}"
