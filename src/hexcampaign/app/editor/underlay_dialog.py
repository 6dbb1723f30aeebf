"""Map › Underlay image…: a scanned map shown under the hexes to trace it.

The dialog shows the picture; a click on it marks a point and asks which hex it is (its
printed number, typed in the list beside it). Fit works out the placement from the
points (maps/underlay.py: two points a similarity, three a least-squares one with how
far the worst point is off, or with shear an affine fit), and the spin boxes adjust
scale, rotation, offset and opacity. The map behind shows every change at once; OK
makes it one undo step (Edit › Undo puts the old underlay back), Cancel leaves the map
as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QImageReader, QMouseEvent, QPen, QPixmap, QWheelEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGraphicsEllipseItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.editor.commands import push_edit
from hexcampaign.app.render.tracing import picture_problem, underlay_picture
from hexcampaign.hexes import Layout
from hexcampaign.maps import HexMap, MapEditError
from hexcampaign.maps.changes import Change, ChangeSet
from hexcampaign.maps.underlay import (
    HEX_SPACING,
    Affine,
    Placement,
    Underlay,
    UnderlayError,
    fit,
    placed,
    placement,
)

PICTURE_FILTER = "Pictures (*.png *.jpg *.jpeg *.tif *.tiff)"
MARK = QColor(220, 30, 60)


def map_point(hexmap: HexMap, hex_number: str) -> tuple[float, float]:
    """The centre of the hex printed `hex_number`, in map units (maps/underlay.py)."""
    return Layout(1.0, hexmap.orientation).center(hexmap.hex_numbered(hex_number))


class PictureView(QGraphicsView):
    """The picture, zoomed with the wheel; a left click says where (picture pixels)."""

    picked = Signal(QPointF)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("underlay-picture")
        self.setAccessibleName("The underlay picture: click a hex's centre to pick it")
        self.setScene(QGraphicsScene(self))
        self.pixmap_item = QGraphicsPixmapItem()
        self.scene().addItem(self.pixmap_item)
        self.marks: list[QGraphicsEllipseItem | QGraphicsSimpleTextItem] = []
        self.setMinimumSize(420, 360)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self._press: QPointF | None = None

    def show_picture(self, pixmap: QPixmap) -> None:
        self.pixmap_item.setPixmap(pixmap)
        self.scene().setSceneRect(QRectF(pixmap.rect()))
        self.fitInView(self.pixmap_item, Qt.AspectRatioMode.KeepAspectRatio)

    def show_marks(self, points: list[QPointF]) -> None:
        for item in self.marks:
            self.scene().removeItem(item)
        self.marks = []
        # Marks keep their size on screen whatever the zoom.
        radius = 6 / max(self.transform().m11(), 1e-6)
        pen = QPen(MARK, 2)
        pen.setCosmetic(True)
        for n, point in enumerate(points, 1):
            ring = self.scene().addEllipse(point.x() - radius, point.y() - radius, 2 * radius, 2 * radius, pen)
            label = self.scene().addSimpleText(str(n))
            label.setBrush(QBrush(MARK))
            label.setFlag(label.GraphicsItemFlag.ItemIgnoresTransformations, True)
            label.setPos(point.x() + radius, point.y() - 3 * radius)
            self.marks += [ring, label]

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.scale(factor, factor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        # A click, not a drag (a drag pans the picture).
        if event.button() == Qt.MouseButton.LeftButton and press is not None:
            if (event.position() - press).manhattanLength() <= 4:
                self.picked.emit(self.mapToScene(event.position().toPoint()))


class UnderlayDialog(QDialog):
    """The underlay's picture, its fit points, placement and opacity (see the module)."""

    def __init__(self, document: Any, parent: QWidget | None = None, say: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("underlay-dialog")
        self.setWindowTitle("Underlay image")
        self.document = document
        self.original: Underlay | None = document.map.underlay
        self.underlay: Underlay | None = self.original
        self._say = say or (lambda _text: None)
        self._updating = False

        self.view = PictureView(self)
        self.view.picked.connect(self.add_point)
        self.file_label = QLabel()
        self.file_label.setWordWrap(True)
        self.file_label.setTextFormat(Qt.TextFormat.PlainText)
        choose = QPushButton("&Choose picture…")
        choose.setObjectName("underlay-choose")
        choose.clicked.connect(self.choose_picture)
        self.remove_button = remove = QPushButton("&Remove underlay")
        remove.setObjectName("underlay-remove")
        remove.clicked.connect(self.remove)

        self.points = QTableWidget(0, 3)
        self.points.setObjectName("underlay-points")
        self.points.setAccessibleName("Picked points and their hex numbers")
        self.points.setHorizontalHeaderLabels(["Picture x", "Picture y", "Hex"])
        self.points.horizontalHeader().setStretchLastSection(True)
        self.points.setToolTip("Click a hex's centre on the picture, then type its number here (e.g. 0512).")
        clear = QPushButton("Clear &points")
        clear.clicked.connect(self.clear_points)
        self.shear = QCheckBox("Allow &shear (three points or more)")
        self.shear.setObjectName("underlay-shear")
        fit_button = QPushButton("&Fit")
        fit_button.setObjectName("underlay-fit")
        fit_button.clicked.connect(self.fit)
        self.message = QLabel("Click the centre of a hex on the picture, type its number; two hexes fit it.")
        self.message.setObjectName("underlay-message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)

        self.spacing = self._spin(0.01, 100000, 2, " px", "Hex spacing on the picture: pixels from one hex centre to the next.")
        self.rotation = self._spin(-360, 360, 2, "°", "The picture's turn, clockwise.")
        self.offset_x = self._spin(-100000, 100000, 3, " hexes", "Where the picture's top-left corner lies, across.")
        self.offset_y = self._spin(-100000, 100000, 3, " hexes", "Where the picture's top-left corner lies, down.")
        self.opacity = self._spin(0, 100, 0, " %", "How solid the picture is over the terrain (the grid stays on top).")
        placement_box = QGroupBox("Placement")
        form = QFormLayout(placement_box)
        form.addRow("Hex spacing:", self.spacing)
        form.addRow("Rotation:", self.rotation)
        form.addRow("Offset across:", self.offset_x)
        form.addRow("Offset down:", self.offset_y)
        form.addRow("Opacity:", self.opacity)

        side = QVBoxLayout()
        side.addWidget(self.file_label)
        row = QHBoxLayout()
        row.addWidget(choose)
        row.addWidget(remove)
        side.addLayout(row)
        side.addWidget(self.points, 1)
        row = QHBoxLayout()
        row.addWidget(clear)
        row.addWidget(fit_button)
        side.addLayout(row)
        side.addWidget(self.shear)
        side.addWidget(self.message)
        side.addWidget(placement_box)
        body = QHBoxLayout()
        body.addWidget(self.view, 2)
        body.addLayout(side, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addLayout(body, 1)
        outer.addWidget(self.buttons)
        self.resize(980, 620)
        self._picked: list[QPointF] = []
        self._show_underlay()

    # --- the picture -------------------------------------------------------------------

    def choose_picture(self) -> bool:
        folder = str(Path(self.underlay.path).parent) if self.underlay else str(self._folder())
        path, _ = QFileDialog.getOpenFileName(self, "Underlay picture", folder, PICTURE_FILTER)
        return self.set_picture(path) if path else False

    def set_picture(self, path: str | Path) -> bool:
        """Use the picture at `path` (kept placement, or a first guess that shows the
        whole picture over the map)."""
        path = str(Path(path).resolve())
        problem = picture_problem(path)
        if problem:
            self.message.setText(problem)
            return False
        if self.underlay is None:
            self.underlay = Underlay(path, self._first_guess(path), 0.5)
        else:
            self.underlay = Underlay(path, self.underlay.transform, self.underlay.opacity)
        self.clear_points()
        self._show_underlay()
        self._preview()
        return True

    def remove(self) -> None:
        self.underlay = None
        self.clear_points()
        self._show_underlay()
        self._preview()

    # --- points and the fit ------------------------------------------------------------

    def add_point(self, point: QPointF) -> None:
        """A click on the picture: a new row whose hex number is typed next."""
        if self.underlay is None:
            return
        self._picked.append(QPointF(point))
        row = self.points.rowCount()
        self.points.insertRow(row)
        for column, value in ((0, point.x()), (1, point.y())):
            item = QTableWidgetItem(f"{value:.1f}")
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.points.setItem(row, column, item)
        number = QTableWidgetItem("")
        self.points.setItem(row, 2, number)
        self.view.show_marks(self._picked)
        self.points.setCurrentCell(row, 2)
        self.points.editItem(number)
        self.message.setText(f"Point {row + 1}: type the number of the hex it shows.")

    def set_hex(self, row: int, number: str) -> None:
        """The hex number of point `row` (what typing in the list does)."""
        item = self.points.item(row, 2)
        if item is not None:
            item.setText(number)

    def clear_points(self) -> None:
        self._picked = []
        self.points.setRowCount(0)
        self.view.show_marks([])

    def fit(self) -> bool:
        """Fit the picture to the points with hex numbers; the sentence says how well."""
        if self.underlay is None:
            self.message.setText("Choose a picture first (Choose picture…).")
            return False
        picture, targets = [], []
        try:
            for row in range(self.points.rowCount()):
                cell = self.points.item(row, 2)
                number = cell.text().strip() if cell is not None else ""
                if not number:
                    raise UnderlayError(f"Point {row + 1} has no hex number; type the number of the hex it shows.")
                targets.append(map_point(self.document.map, number))
                picture.append((self._picked[row].x(), self._picked[row].y()))
            result = fit(picture, targets, shear=self.shear.isChecked())
        except (UnderlayError, MapEditError) as refusal:
            self.message.setText(str(refusal))
            return False
        self.underlay = self.underlay.with_transform(result.transform)
        how = "with shear" if self.shear.isChecked() else "scale, rotation and offset"
        self.message.setText(
            f"Fitted {how} to {len(picture)} points; the worst is {result.residual:.2f} hex off."
        )
        self._show_underlay()
        self._preview()
        return True

    # --- spin boxes ----------------------------------------------------------------------

    def _spin(self, low: float, high: float, decimals: int, suffix: str, tip: str) -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setRange(low, high)
        box.setDecimals(decimals)
        box.setSuffix(suffix)
        box.setToolTip(tip)
        box.setKeyboardTracking(False)
        box.valueChanged.connect(self._placement_changed)
        return box

    def _placement_changed(self) -> None:
        if self._updating or self.underlay is None:
            return
        parts = Placement(
            HEX_SPACING / self.spacing.value(),
            self.rotation.value(),
            self.offset_x.value() * HEX_SPACING,
            self.offset_y.value() * HEX_SPACING,
        )
        try:
            transform = placed(self.underlay.transform, parts)
        except UnderlayError as refusal:
            self.message.setText(str(refusal))
            return
        self.underlay = Underlay(self.underlay.path, transform, self.opacity.value() / 100)
        self._preview()

    def _show_underlay(self) -> None:
        """The dialog's fields from the underlay being edited."""
        self._updating = True
        try:
            u = self.underlay
            for box in (self.spacing, self.rotation, self.offset_x, self.offset_y, self.opacity, self.remove_button):
                box.setEnabled(u is not None)
            if u is None:
                self.file_label.setText("No picture under the map. Choose a scan (PNG, JPEG or TIFF) to trace.")
                self.view.show_picture(QPixmap())
                return
            self.file_label.setText(f"Picture: {u.path}")
            if self.view.pixmap_item.pixmap().isNull() or self.view.property("path") != u.path:
                picture = underlay_picture(u.path)
                self.view.show_picture(QPixmap.fromImage(picture) if picture is not None else QPixmap())
                self.view.setProperty("path", u.path)
            parts = placement(u.transform)
            self.spacing.setValue(HEX_SPACING / parts.scale)
            self.rotation.setValue(parts.rotation)
            self.offset_x.setValue(parts.x / HEX_SPACING)
            self.offset_y.setValue(parts.y / HEX_SPACING)
            self.opacity.setValue(round(u.opacity * 100))
        finally:
            self._updating = False

    # --- the map behind --------------------------------------------------------------

    def _preview(self) -> None:
        """Show the underlay being edited on the map now (no undo step until OK)."""
        self._put(self.underlay)

    def _put(self, underlay: Underlay | None) -> None:
        if self.document.map.underlay != underlay:
            self.document.map.underlay = underlay
            self.document.notify(ChangeSet(Change.META), self)

    def accept(self) -> None:
        final = self.underlay
        self._put(self.original)
        if final != self.original:
            text = "Remove the underlay" if final is None else "Fit the underlay"
            push_edit(self.document, text, [], lambda m: setattr(m, "underlay", final))
            self._say("The underlay is removed." if final is None else f"The underlay shows {Path(final.path).name}.")
        super().accept()

    def reject(self) -> None:
        self._put(self.original)
        super().reject()

    def _folder(self) -> Path:
        path = getattr(self.document, "path", None)
        return Path(path).parent if path else Path.home()

    def _first_guess(self, path: str) -> Affine:
        """The whole picture over the whole map, before any point is fitted."""
        size = QImageReader(path).size()
        m = self.document.map
        unit = Layout(1.0, m.orientation)
        (x0, y0), (x1, y1) = unit.center(m.at(0, 0)), unit.center(m.at(m.cols - 1, m.rows - 1))
        scale = max((x1 - x0) / max(size.width(), 1), (y1 - y0) / max(size.height(), 1), 1e-3)
        return Affine(scale, 0.0, x0, 0.0, scale, y0)


def run_underlay_dialog(editor: Any) -> bool:
    """Map › Underlay image…: the dialog over the editor's map; True when OK changed it."""
    if editor.document is None:
        return False
    before = editor.document.map.underlay
    dialog = UnderlayDialog(editor.document, editor.window, editor._say)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    return accepted and editor.document.map.underlay != before

