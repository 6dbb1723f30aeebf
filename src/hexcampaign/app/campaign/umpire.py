"""The umpire's own interventions outside the turn sequence, each logged by the engine
with its reason: granting or removing PP, renaming a formation."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QSpinBox

from hexcampaign.app.campaign.order_dialog import OrderDialog


class AdjustPpDialog(OrderDialog):
    """Add (or take away) PP for one side this turn; the engine logs it with the reason."""

    def __init__(self, mode) -> None:
        super().__init__(mode, "Adjust production points")
        c = mode.campaign
        form = QFormLayout()
        self.side = QComboBox(self)
        for side in c.sides:
            self.side.addItem(f"{side} ({c.pp_available(side)} PP now)", side)
        self.side.setCurrentIndex(c.sides.index(c.side_to_play))
        self.amount = QSpinBox(self)
        self.amount.setRange(-999, 999)
        self.amount.setSuffix(" PP")
        self.reason = QLineEdit(self)
        self.reason.setPlaceholderText("Why (it goes into the campaign log)")
        form.addRow("Side:", self.side)
        form.addRow("Change:", self.amount)
        form.addRow("Reason:", self.reason)
        self.layout_.addLayout(form)
        self.finish_layout()
        self.resize(420, 180)

    def submit(self) -> bool:
        c = self.mode.campaign
        ok, result = self.mode.act(
            c.adjust_pp, self.side.currentData(), self.amount.value(), self.reason.text()
        )
        if not ok:
            self.show_refusal(str(result))
            return False
        self.accept()
        return True


class RenameDialog(OrderDialog):
    def __init__(self, mode, fid: str) -> None:
        super().__init__(mode, "Rename the formation")
        self.fid = fid
        form = QFormLayout()
        self.name = QLineEdit(mode.campaign.formation(fid).name, self)
        form.addRow("Name:", self.name)
        self.layout_.addLayout(form)
        self.finish_layout()
        self.resize(380, 120)

    def submit(self) -> bool:
        c = self.mode.campaign
        ok, result = self.mode.act(c.rename, self.fid, self.name.text())
        if not ok:
            self.show_refusal(str(result))
            return False
        self.accept()
        return True
