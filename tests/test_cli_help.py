"""The help tells the truth (issue 32 item 7): `hexcampaign --help` lists every command
without a window, and `new-map --help` every shipped palette, both taken from the code
(the command parser, the palette folder) rather than written out by hand."""

from __future__ import annotations

import pytest

from hexcampaign.cli import COMMANDS, main
from hexcampaign.maps.palette import palette_names


def help_of(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*args, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_help_lists_every_command(capsys):
    listed = help_of(capsys).split("commands without a window", 1)[1]
    named = [line.split()[0] for line in listed.splitlines()[1:] if line.strip()]
    assert named == list(COMMANDS)  # import-geo and import-tiled were missing
    for command in COMMANDS:
        assert help_of(capsys, command).startswith(f"usage: hexcampaign {command}")


def test_new_map_help_lists_every_palette(capsys):
    text = " ".join(help_of(capsys, "new-map").split())
    names = palette_names()
    assert "ww2" in names
    assert f"terrain palette: {', '.join(names[:-1])} or {names[-1]}" in text
