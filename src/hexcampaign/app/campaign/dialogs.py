"""The desk's dialogs, opened from the menus, the docks and the map's right-click menu.

Each dialog module holds one family (umpire.py: the corrections and the umpire's
interventions; result_form.py: a battle's result; attack_orders.py: the attack order and
the defender's support; sheet_dialog.py: the set-up sheet; wizard.py: a new campaign;
ending_dialog.py: the campaign's end). `DeskDialogs` opens them non-blocking and keeps
the one opened last in `mode.dialog` (tests and screenshots reach it there). Every
dialog sends typed actions with `document.act(action, dialog)`; a refusal stays in it.
"""

from __future__ import annotations

from typing import Any


class DeskDialogs:
    """Opens the desk's dialogs for the mode (which holds the open campaign)."""

    def __init__(self, mode: Any) -> None:
        self.mode = mode  # uses: campaign, window, battles_dock, maybe_close, dialog

    def open(self, dialog: Any) -> Any:
        self.mode.dialog = dialog
        dialog.open()
        return dialog

    def new_campaign(self) -> Any:
        """The new-campaign wizard (non-blocking), asked only once the open campaign may
        be closed; accepting it starts the campaign."""
        from hexcampaign.app.campaign.wizard import NewCampaignDialog

        if not self.mode.maybe_close():
            return None
        dialog = NewCampaignDialog(self.mode.window)
        dialog.started.connect(self.mode.started)
        return self.open(dialog)

    def campaign_end(self) -> Any:
        """The outcome and each side's final report (shown when the campaign ends)."""
        from hexcampaign.app.campaign.ending_dialog import CampaignEndDialog

        c = self.mode.campaign
        if c is None or not c.over:
            return None
        return self.open(CampaignEndDialog(self.mode))

    def adjust_pp(self) -> Any:
        from hexcampaign.app.campaign.umpire import AdjustPpDialog

        return None if self.mode.campaign is None else self.open(AdjustPpDialog(self.mode))

    def amend_result(self, battle: str | None = None) -> Any:
        """Umpire › Amend result…: the battle picked in the Battles list if it has a
        result, else the newest battle with one."""
        from hexcampaign.app.campaign.result_form import ResultForm

        c = self.mode.campaign
        if c is None:
            return None
        done = [b.id for b in c.battles() if b.result is not None]
        if battle is None:
            picked = self.mode.battles_dock.current()
            battle = picked if picked in done else (done[-1] if done else None)
        if battle is None:
            self.mode.document.refuse("Amend result: no battle has a result yet")
            return None
        return self.open(ResultForm(self.mode, battle, amend=True))

    def correction(self, kind: str, subject: str | None = None) -> Any:
        """Umpire › Restore unit…, Move formation…, Set strength…, Set experience…, Set
        weather…."""
        from hexcampaign.app.campaign import umpire
        from hexcampaign.app.campaign.hex_pick import PickingMoveDialog

        if self.mode.campaign is None:
            return None
        dialogs = {
            "restore": umpire.RestoreUnitDialog,
            "move": PickingMoveDialog,  # the hex typed or picked on the map
            "strength": umpire.SetStrengthDialog,
            "experience": umpire.SetExperienceDialog,
            "weather": umpire.SetWeatherDialog,
        }
        cls: Any = dialogs[kind]
        return self.open(
            cls(self.mode) if subject is None or kind == "restore" else cls(self.mode, subject)
        )

    def rename(self, fid: str) -> Any:
        from hexcampaign.app.campaign.umpire import RenameDialog

        return None if self.mode.campaign is None else self.open(RenameDialog(self.mode, fid))

    def attack_order(self, target: str | None, attackers: list[str]) -> Any:
        from hexcampaign.app.campaign.attack_orders import AttackOrderDialog

        if self.mode.campaign is None:
            return None
        return self.open(AttackOrderDialog(self.mode, target, attackers))

    def defense_support(self, battle: str | None) -> Any:
        from hexcampaign.app.campaign.attack_orders import DefenseSupportDialog

        if self.mode.campaign is None or battle is None:
            return None
        return self.open(DefenseSupportDialog(self.mode, battle))

    def battle_sheet(self, battle: str | None) -> Any:
        from hexcampaign.app.campaign.sheet_dialog import BattleSheetDialog

        if self.mode.campaign is None or battle is None:
            return None
        return self.open(BattleSheetDialog(self.mode, battle))

    def result(self, battle: str | None) -> Any:
        """The result form of `battle`; for a battle that already has its result, the
        amendment form (re-entering would be refused: the result is committed)."""
        from hexcampaign.app.campaign.result_form import ResultForm

        c = self.mode.campaign
        if c is None or battle is None:
            return None
        if battle in c.state.battles and c.battle(battle).result is not None:
            return self.amend_result(battle)
        return self.open(ResultForm(self.mode, battle))
