"""The one open/save/close flow of every kind of document (map, Kasserine game,
campaign): Open, Save, Save As, the close question, and where the dialogs start.

Opening is one function for all three kinds, `open_in(window, mode, path)`, in this
order: (1) the mode's unsaved work is asked about (`mode.maybe_close()`; Cancel stops
here, nothing read); (2) the file is loaded (`mode.load_document(path)`; a bad file is
one sentence in one message box and nothing changes); (3) the mode is put in charge and
shows the new document (`mode.show_document(document)`); (4) the file joins Recent files.
Closing is `mode.close_document()`, which asks with `may_close` before letting go.

`host` is the window (the parent of the dialogs, with `settings` and `show_message`).
A failed save says why in one sentence and leaves the document as it was (still dirty).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexcampaign.app.dialogs.save_path import ask_save_path
from hexcampaign.app.document import Document
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, file_filter, translate
from hexcampaign.app.plain_text import literal
from hexcampaign.app.settings import documents_dir
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.paths import maps_path, resources_path

if TYPE_CHECKING:  # imported where used: a document on the command line opens after the first paint
    from hexcampaign.app import autosave

LAST_FOLDER_SETTING = "last_folder"

# The questions and titles by kind of document (its KIND): a sentence for each, since
# other languages word "the map" and "the game" differently (die Karte, das Spiel).
KIND_SENTENCES = {
    ("save as", "map"): QT_TRANSLATE_NOOP("Files", "Save the map as"),
    ("save as", "game"): QT_TRANSLATE_NOOP("Files", "Save the game as"),
    ("save as", "campaign"): QT_TRANSLATE_NOOP("Files", "Save the campaign as"),
    ("save as", "orders"): QT_TRANSLATE_NOOP("Files", "Save the orders as"),
    ("not saved", "map"): QT_TRANSLATE_NOOP("Files", "Could not save the map"),
    ("not saved", "game"): QT_TRANSLATE_NOOP("Files", "Could not save the game"),
    ("not saved", "campaign"): QT_TRANSLATE_NOOP("Files", "Could not save the campaign"),
    ("not saved", "orders"): QT_TRANSLATE_NOOP("Files", "Could not save the orders"),
    ("unsaved", "map"): QT_TRANSLATE_NOOP("Files", "Unsaved map"),
    ("unsaved", "game"): QT_TRANSLATE_NOOP("Files", "Unsaved game"),
    ("unsaved", "campaign"): QT_TRANSLATE_NOOP("Files", "Unsaved campaign"),
    ("unsaved", "orders"): QT_TRANSLATE_NOOP("Files", "Unsaved orders"),
    ("not opened", "map"): QT_TRANSLATE_NOOP("Files", "Could not open the map"),
    ("not opened", "game"): QT_TRANSLATE_NOOP("Files", "Could not open the game"),
    ("not opened", "campaign"): QT_TRANSLATE_NOOP("Files", "Could not open the campaign"),
    ("not opened", "turn file"): QT_TRANSLATE_NOOP("Files", "Could not open the turn file"),
    ("not opened", "file"): QT_TRANSLATE_NOOP("Files", "Could not open the file"),
}


def _kind_words(question: str, kind: str, english: str) -> str:
    """The translated sentence of `question` for `kind`, or the English one built for a
    kind not in KIND_SENTENCES."""
    words = KIND_SENTENCES.get((question, kind))
    return translate("Files", words) if words else english


def open_in(window: Any, mode: Any, path: Path | str) -> bool:
    """Open `path` in `mode` (the editor or a play mode; see app/modes.py): ask about the
    mode's unsaved work first, then load, then show. False when not opened (Cancel at
    the question, or a bad file: its sentence shown once); the old document is then
    untouched and still shown.

    A file picked in the autosave folder (a dead program's autosave) is opened as the
    unsaved work it was: its own file name (or none) and dirty, and the mode's
    `autosaver` adopts the autosave; it is not a recent file. The flow does this once
    the document is shown, for every kind (unless the mode's show_document did it)."""
    path = Path(path)
    if not mode.maybe_close():
        return False
    try:
        document = mode.load_document(path)
    except FileFormatError as error:  # MapFormatError, GameFormatError, CampaignFormatError
        _open_failed(window, path, str(error))
        return False
    except OSError as error:
        _open_failed(window, path, describe_os_error(error, path, "open"))
        return False
    from hexcampaign.app import autosave

    orphan = autosave.orphan_at(path)  # asked before the mode's autosaver takes a session
    set_mode = getattr(window, "set_mode", None)
    if callable(set_mode) and getattr(window, "mode", None) is not mode and _is_mode(mode):
        set_mode(mode)
    mode.show_document(document)
    if orphan is not None:
        _restore(window, mode, document, orphan)
    else:
        remember(window, path)
    return True


def save(host: Any, document: Document | None) -> bool:
    """File > Save: to the document's file, or asks where the first time."""
    if document is None:
        return False
    if document.path is None:
        return save_as(host, document)
    return save_to(host, document, document.path)


def save_as(host: Any, document: Document | None) -> bool:
    if document is None:
        return False
    folder = document.path.parent if document.path else start_folder(host)
    target = ask_save_path(
        host,
        _kind_words("save as", document.KIND, f"Save the {document.KIND} as"),
        folder / document.suggested_name(),
        document.FILE_FILTER,
        document.SUFFIX,
    )
    return save_to(host, document, target) if target else False


def save_to(host: Any, document: Document, path: Path | str) -> bool:
    """Save `document` to `path`; on failure say why (a dialog) and keep it dirty."""
    path = Path(path)
    failed = _kind_words("not saved", document.KIND, f"Could not save the {document.KIND}")
    try:
        document.save(path)
    except OSError as e:
        _error(host, failed, describe_os_error(e, path, "save"))
        return False
    except (FileFormatError, ValueError) as e:
        _error(host, failed, str(e))
        return False
    remember(host, path)
    host.show_message(translate("Files", "Saved %1.").replace("%1", path.name))
    return True


def may_close(
    host: Any, document: Document | None, save: Callable[[Any, Document], bool] = save
) -> bool:
    """True when the document may be dropped: unchanged, saved now, or discarded. The
    windows pass `file_guard.save`, which asks before saving over a file another window
    or program changed (file_guard.may_close)."""
    if document is None or not document.dirty:
        return True
    from PySide6.QtWidgets import QMessageBox  # (see _error)

    answer = QMessageBox.question(
        host,
        _kind_words("unsaved", document.KIND, f"Unsaved {document.KIND}"),
        literal(
            translate("Files", "%1 has changes that are not saved. Save them first?").replace(
                "%1", document.title
            )
        ),
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Save,
    )
    if answer == QMessageBox.StandardButton.Save:
        return save(host, document)
    if answer == QMessageBox.StandardButton.Discard:
        document.discard_changes()  # so quitting does not autosave what was discarded
        return True
    return False


def ask_open_path(host: Any, title: str, english_filter: str) -> Path | None:
    return ask_open_path_in(host, title, start_folder(host), english_filter)


def ask_open_path_in(host: Any, title: str, folder: Path, english_filter: str) -> Path | None:
    """The file picked to open; `english_filter` is shown translated (i18n.file_filter)."""
    from PySide6.QtWidgets import QFileDialog  # (see _error)

    path, _ = QFileDialog.getOpenFileName(host, title, str(folder), file_filter(english_filter))
    return Path(path) if path else None


def start_folder(host: Any) -> Path:
    """Where an Open or a first Save starts: the folder the user last saved into or
    opened from, else the user's documents folder — never the program's own folders."""
    settings = getattr(host, "settings", None)
    last = settings.value(LAST_FOLDER_SETTING) if settings is not None else None
    if isinstance(last, str) and last and Path(last).is_dir():
        return Path(last)
    return documents_dir()


def remember(host: Any, path: Path) -> None:
    """A file the user saved or opened: the recent list, and its folder for the next
    dialog (unless it is one of the program's own, the shipped maps)."""
    settings = getattr(host, "settings", None)
    if settings is None:
        return
    settings.add_recent_file(path)
    folder = path.resolve().parent
    if not _inside_program(folder):
        settings.set_value(LAST_FOLDER_SETTING, str(folder))


def _inside_program(folder: Path) -> bool:
    for shipped in (maps_path(), resources_path()):
        try:
            shipped = shipped.resolve()
        except OSError:
            continue
        if folder == shipped or shipped in folder.parents:
            return True
    return False


def _restore(window: Any, mode: Any, document: Any, orphan: autosave.Orphan) -> None:
    """The document shown was read from a dead program's autosave: make it the unsaved
    work it was, protected under that autosave's session until its next autosave."""
    saver = getattr(mode, "autosaver", None)
    if saver is not None and saver.session == orphan.session:
        return  # the mode's show_document restored it already
    document.path = Path(orphan.source) if orphan.source else None
    document.path_changed.emit(document.path)
    document.set_dirty(True)
    if saver is not None:
        saver.adopt(orphan)  # its file stays until this document's autosave replaces it
    window.show_message(translate("Files", "Restored the unsaved work of %1.").replace("%1", document.title))


def _open_failed(window: Any, path: Path, sentence: str) -> None:
    from hexcampaign.app import autosave

    kind = autosave.FILE_KIND_WORDS.get(path.suffix.lower(), "file")
    _error(window, _kind_words("not opened", kind, f"Could not open the {kind}"), sentence)


def _is_mode(mode: Any) -> bool:
    """Whether `mode` can be put in charge (a window without an editor opens maps
    through its map opener, which takes charge of nothing: see app/map_files.py)."""
    return callable(getattr(mode, "activate", None))


def _error(host: Any, title: str, sentence: str) -> None:
    show_error = getattr(host, "show_error", None)
    if callable(show_error):
        show_error(title, sentence)
    else:
        # The dialogs' classes are named where they are asked: PySide makes each class's
        # Python enums on its first use (QFileDialog's and QMessageBox's: 10 of them,
        # ~2 ms before every first paint, which asks nothing).
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(host, title, literal(sentence))
