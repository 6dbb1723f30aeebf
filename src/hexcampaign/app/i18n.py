"""The window's language: a Qt translator installed at start-up for the language chosen.

The strings of the window are written in English in the code and go through
`QCoreApplication.translate(context, text)` (the `translate` below), so
`pyside6-lupdate` extracts them into resources/translations/hexcampaign_<lang>.ts and
`pyside6-lrelease` compiles those to .qm (`make translations`). English needs no file.

The language is, first to last: the `--lang` option, the HEXCAMPAIGN_LANG variable, the
desktop's locale (QLocale.system()). A language without a .qm leaves the window English.
Qt's own words (the Cancel and Save buttons, the file dialog) come from Qt's qtbase_<lang>.qm
where the Qt installation has it.

The sentences the engines word (a refused move, a combat result, a phase's instructions)
stay English for now: they are built outside app/, which imports no Qt, and many are
assembled from parts, so they need their own catalogue (gettext) in a later step.
"""

from __future__ import annotations

import os
import re

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from hexcampaign.paths import resources_path

LANGUAGE_VARIABLE = "HEXCAMPAIGN_LANG"
SOURCE_LANGUAGE = "en"
TRANSLATIONS = "translations"  # under resources/
CATALOGUE = "hexcampaign"  # resources/translations/hexcampaign_<lang>.qm

translate = QCoreApplication.translate  # lupdate finds every `translate("Context", "...")`


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (lupdate's name)
    """Marks `text` for pyside6-lupdate, which finds the call by this name, and gives it
    back as it is, to be translated where it is shown. Qt's own returns `object` to a
    type checker; this one says what it is."""
    return text

# The descriptions of the file dialogs' filters ("Hex maps (*.hexmap);;All files (*)"):
# the documents keep their filters in English; `file_filter` shows them translated.
FILTER_WORDS = (
    QT_TRANSLATE_NOOP("FileFilters", "Everything hexcampaign opens"),
    QT_TRANSLATE_NOOP("FileFilters", "Hex maps"),
    QT_TRANSLATE_NOOP("FileFilters", "Kasserine Pass games"),
    QT_TRANSLATE_NOOP("FileFilters", "Kasserine Pass turn files"),
    QT_TRANSLATE_NOOP("FileFilters", "CM campaigns"),
    QT_TRANSLATE_NOOP("FileFilters", "Turn packages"),
    QT_TRANSLATE_NOOP("FileFilters", "Orders files"),
    QT_TRANSLATE_NOOP("FileFilters", "PNG picture"),
    QT_TRANSLATE_NOOP("FileFilters", "SVG drawing"),
    QT_TRANSLATE_NOOP("FileFilters", "Geography"),
    QT_TRANSLATE_NOOP("FileFilters", "Unit charts"),
    QT_TRANSLATE_NOOP("FileFilters", "All files"),
)

# The translators installed, kept alive here: Qt does not own them, and a collected
# translator would silently turn the window back to English.
_installed: list[QTranslator] = []


def chosen_language(asked: str | None = None) -> str:
    """The language code the window uses: `asked` (--lang), else HEXCAMPAIGN_LANG,
    else the desktop's locale; "de_DE.UTF-8" and "de-DE" both give "de"."""
    for candidate in (asked, os.environ.get(LANGUAGE_VARIABLE), QLocale.system().name()):
        if candidate:
            code = candidate.split(".")[0].replace("-", "_").split("_")[0].lower()
            if code and code not in ("c", "posix"):
                return code
    return SOURCE_LANGUAGE


def available_languages() -> list[str]:
    """The languages shipped besides English (a .qm under resources/translations)."""
    folder = resources_path(TRANSLATIONS)
    found = {p.stem.removeprefix(f"{CATALOGUE}_") for p in folder.glob(f"{CATALOGUE}_*.qm")}
    return sorted(found | {SOURCE_LANGUAGE})


def install(app: QCoreApplication, asked: str | None = None) -> str:
    """Install the translators of the chosen language into `app`; the language the
    window shows ("en" when there is no translation of the one chosen)."""
    remove(app)
    language = chosen_language(asked)
    if language == SOURCE_LANGUAGE:
        return SOURCE_LANGUAGE
    ours = QTranslator(app)
    if not ours.load(f"{CATALOGUE}_{language}", str(resources_path(TRANSLATIONS))):
        return SOURCE_LANGUAGE
    app.installTranslator(ours)
    _installed.append(ours)
    qt_words = QTranslator(app)
    if qt_words.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_words)
        _installed.append(qt_words)
    return language


def file_filter(english: str) -> str:
    """A file dialog's filter with each description translated and its patterns kept:
    "Hex maps (*.hexmap);;All files (*)" -> "Hex-Karten (*.hexmap);;Alle Dateien (*)"."""
    parts = []
    for part in english.split(";;"):
        words, bracket, patterns = part.rpartition(" (")
        if bracket:
            parts.append(f"{translate('FileFilters', words)} ({patterns}")
        else:
            parts.append(translate("FileFilters", part))
    return ";;".join(parts)


def fill_in(template: str, *values: object) -> str:
    """`template` with %1, %2… replaced by `values` at once (as QString.arg does), so a
    value holding "%2" itself is never replaced again."""
    return re.sub(r"%(\d)", lambda m: str(values[int(m.group(1)) - 1]) if 0 < int(m.group(1)) <= len(values) else m.group(0), template)


def remove(app: QCoreApplication) -> None:
    """Back to English (the tests switch languages in one process)."""
    while _installed:
        app.removeTranslator(_installed.pop())


__all__ = ["available_languages", "chosen_language", "file_filter", "fill_in", "install", "remove", "translate"]
