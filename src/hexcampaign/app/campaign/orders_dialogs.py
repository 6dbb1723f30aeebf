"""The campaign at a distance in the window (issue 29 items 3, 4): the umpire's
Campaign › Export turn packages… and Import orders…, the player's Write orders… and
Print report….

The import asks the engine first (orders.check_orders: nothing changes) and shows the
umpire one line per order — applied, not carried out because the side could not see,
or refused — with the choice "Apply what is legal" or "Send it back". Applying goes
through the desk's document, order by order, as the very typed actions the umpire
would have entered, so the desk redraws, Back takes them back and the umpire's notes
say who ordered them; what the document applies is what orders.import_orders applies
(each order on the true position in the file's order, the refused left out). A file
refused whole (another campaign, the wrong side, turn or phase, damaged, planned on an
earlier package) is one sentence.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.player_desk import ORDERS_FILTER, PlayerDeskDocument
from hexcampaign.app.dialogs import files
from hexcampaign.app.dialogs.save_path import ask_save_path
from hexcampaign.app.plain_text import literal
from hexcampaign.app.settings import documents_dir
from hexcampaign.campaign.orders import (
    ORDERS_SUFFIX,
    OrderCheck,
    OrdersError,
    StaleOrdersError,
    check_orders,
    player,
    read_orders,
)
from hexcampaign.campaign.packages import export_packages
from hexcampaign.files import FileFormatError, describe_os_error, read_limited

REPORT_FILTER = "HTML (*.html);;PDF (*.pdf)"
# How each verdict reads in the umpire's list.
VERDICT_MARKS = {"legal": "✔", "unseen": "◌", "refused": "✘"}


class OrdersDialogs:
    """The menu entries' work, for the mode (which holds the open document)."""

    def __init__(self, mode: Any) -> None:
        self.mode = mode  # uses: window, document, campaign, dialogs, add_note

    # --- the umpire ------------------------------------------------------------------------

    def export_packages(self, folder: Path | str | None = None) -> list[Path]:
        """Every side's package for the phase now, in `folder` (asked, starting in the
        documents folder); one message names the files and the folder."""
        c = self.mode.campaign
        if c is None or self._player_desk():
            return []
        if folder is None:
            chosen = QFileDialog.getExistingDirectory(
                self.mode.window, "Export the turn packages into", str(documents_dir())
            )
            if not chosen:
                return []
            folder = chosen
        folder = Path(folder)
        try:
            paths = export_packages(c, folder)
        except OSError as e:
            self._error("Could not export the packages", describe_os_error(e, folder))
            return []
        names = ", ".join(p.name for p in paths)
        message = (
            f"Exported the turn packages {names} into {folder}: send each side's player "
            "its own file."
        )
        self._inform("Turn packages exported", message)
        return paths

    def import_orders(self, path: Path | str | None = None) -> ImportOrdersDialog | None:
        """Read an orders file (asked when not given), check it whole and order by
        order, and show the umpire the verdicts with the choice to apply or send back."""
        c = self.mode.campaign
        if c is None or self._player_desk():
            return None
        if path is None:
            chosen = files.ask_open_path(
                self.mode.window, "Import a player's orders", ORDERS_FILTER
            )
            if chosen is None:
                return None
            path = chosen
        path = Path(path)
        try:
            data = read_limited(path, "orders file")
            try:
                head = read_orders(c, data)
                checks = check_orders(c, data)
            except StaleOrdersError as e:
                # Planned on an earlier package: the umpire may still check each order
                # against the position now (each one legal there or refused, one by one).
                if not self._check_anyway(str(e)):
                    return None
                head = read_orders(c, data, allow_changed=True)
                checks = check_orders(c, data, allow_changed=True)
        except (OrdersError, FileFormatError) as e:
            self._error("Orders refused", str(e))
            return None
        except OSError as e:
            self._error("Could not read the orders", describe_os_error(e, path, "open"))
            return None
        return self.mode.dialogs.open(ImportOrdersDialog(self, path, head.side, checks))

    def apply_checked(self, path: Path, side: str, checks: list[OrderCheck]) -> list[str]:
        """Apply the orders the check found legal, each through the document as the
        umpire's own action would go; a note says whose orders and what came of them."""
        document = self.mode.document
        by = player(side)
        lines = []
        for check in checks:
            if check.status != "legal":
                lines.append(check.sentence)
                continue
            if document.act(check.action, self) is None:
                # (The position changed between the check and now: the engine's word.)
                lines.append(f"Refused: {document.last_refusal}")
            else:
                lines.append(check.sentence)
        applied = sum(line.startswith("Applied") for line in lines)
        document.add_note(
            f"Orders of {by} imported from {path.name}: {applied} of {len(checks)} applied."
            + "".join(f" {line}" for line in lines if not line.startswith("Applied"))
        )
        self.mode.window.show_message(
            f"Imported {by}'s orders: {applied} of {len(checks)} applied.", 15000
        )
        return lines

    # --- the player ------------------------------------------------------------------------

    def write_orders(self, path: Path | str | None = None) -> Path | None:
        """Write the desk's orders file (asked, beside the package, named for e-mail)."""
        document = self.mode.document
        if not isinstance(document, PlayerDeskDocument):
            return None
        if path is None:
            path = ask_save_path(
                self.mode.window,
                "Write the orders",
                document.orders_path(),
                ORDERS_FILTER,
                ORDERS_SUFFIX,
            )
            if path is None:
                return None
        path = Path(path)
        if not files.save_to(self.mode.window, document, path):
            return None
        self.mode.map.show_title()
        count = len(document.desk.planned)
        self.mode.window.show_message(
            f"Wrote {count} order{'s' if count != 1 else ''} to {path.name} in "
            f"{path.parent}: send it to the umpire.",
            15000,
        )
        return path

    def print_report(self, path: Path | str | None = None) -> Path | None:
        """The package's printable report, as HTML or PDF (export_package_report)."""
        from hexcampaign.app.campaign.package_print import export_package_report

        document = self.mode.document
        if not isinstance(document, PlayerDeskDocument):
            return None
        if path is None:
            stem = document.package_path.stem if document.package_path else document.side
            folder = document.package_path.parent if document.package_path else documents_dir()
            path = ask_save_path(
                self.mode.window,
                "Print the package's report",
                folder / f"{stem}.html",
                REPORT_FILTER,
                ".html",
            )
            if path is None:
                return None
        path = Path(path)
        try:
            export_package_report(document.package_data, path)
        except OSError as e:
            self._error("Could not write the report", describe_os_error(e, path))
            return None
        except ValueError as e:
            self._error("Could not write the report", str(e))
            return None
        self.mode.window.show_message(f"Wrote the package's report {path.name}.", 10000)
        return path

    # --- helpers -----------------------------------------------------------------------------

    def _check_anyway(self, sentence: str) -> bool:
        """Ask whether orders planned on an earlier package are to be checked against the
        position now (Cancel is the default: a new package is the safer answer)."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Orders planned on an earlier package",
            literal(sentence),
            QMessageBox.StandardButton.Cancel,
            self.mode.window,
        )
        anyway = box.addButton("Check them anyway", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is anyway

    def _player_desk(self) -> bool:
        return isinstance(self.mode.document, PlayerDeskDocument)

    def refuse(self, title: str, sentence: str) -> QMessageBox:
        """A file the desk will not take, in one sentence (not blocking)."""
        return self._error(title, sentence)

    def _error(self, title: str, sentence: str) -> QMessageBox:
        return self._message(QMessageBox.Icon.Critical, title, sentence)

    def _inform(self, title: str, sentence: str) -> QMessageBox:
        return self._message(QMessageBox.Icon.Information, title, sentence)

    def _message(self, icon: QMessageBox.Icon, title: str, sentence: str) -> QMessageBox:
        """A message that does not block (tests and screenshots read it in mode.dialog)."""
        box = QMessageBox(icon, title, literal(sentence), QMessageBox.StandardButton.Ok)
        box.setParent(self.mode.window, box.windowFlags())
        self.mode.window.show_message(sentence, 15000)
        return self.mode.dialogs.open(box)


class ImportOrdersDialog(QDialog):
    """One line per order (applied / not carried out: unseen / refused), and the
    choice: Apply what is legal, or Send it back (nothing applied)."""

    def __init__(
        self, owner: OrdersDialogs, path: Path, side: str, checks: list[OrderCheck]
    ) -> None:
        super().__init__(owner.mode.window)
        self.owner, self.path, self.side, self.checks = owner, path, side, checks
        self.applied: list[str] | None = None  # the sentences, once applied
        self.setWindowTitle(f"Orders of {player(side)}")
        legal = sum(x.status == "legal" for x in checks)
        unseen = sum(x.status == "unseen" for x in checks)
        refused = len(checks) - legal - unseen
        summary = (
            f"{path.name}: {len(checks)} order{'s' if len(checks) != 1 else ''} of "
            f"{player(side)}; {legal} can be carried out, {unseen} not because of what "
            f"the side could not see, {refused} refused by the rules."
        )
        layout = QVBoxLayout(self)
        self.summary = QLabel(literal(summary), self)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.list = QListWidget(self)
        for check in checks:
            # (The engine words a legal order as applied; nothing is, until Apply.)
            sentence = check.sentence.replace("Applied: ", "Can be carried out: ", 1)
            self.list.addItem(f"{VERDICT_MARKS[check.status]} {check.index}. {sentence}")
        if not checks:
            self.list.addItem("The file holds no orders (the player gave none).")
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.apply_button = QPushButton("Apply what is legal", self)
        self.apply_button.setToolTip(
            "Carry out the orders marked ✔ as the umpire's own actions; the others are "
            "left out (Back takes them back one by one)."
        )
        self.send_back_button = QPushButton("Send it back", self)
        self.send_back_button.setToolTip(
            f"Apply nothing: {player(side)} plans again on a new package."
        )
        buttons.addStretch(1)
        buttons.addWidget(self.send_back_button)
        buttons.addWidget(self.apply_button)
        layout.addLayout(buttons)
        self.apply_button.clicked.connect(self._apply)
        self.send_back_button.clicked.connect(self._send_back)
        self.apply_button.setDefault(True)
        self.resize(720, 360)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _apply(self) -> None:
        self.applied = self.owner.apply_checked(self.path, self.side, self.checks)
        self.accept()

    def _send_back(self) -> None:
        self.owner.mode.window.show_message(
            f"Sent back the orders of {player(self.side)} ({self.path.name}): nothing applied.",
            15000,
        )
        self.reject()


__all__ = ["ImportOrdersDialog", "OrdersDialogs"]
