"""Safe file handling shared by maps, games and campaigns (no Qt).

Saves are atomic: the new text goes to a temporary file in the same folder, is flushed,
fsynced, read back and checked, and only then renamed over the target. The previous
file is first copied to `<name>.bak` (itself atomically), so a kill at any moment leaves
the target either old or new and the backup intact.
Loads refuse oversized and absurdly nested files before they cost memory or time.
"""

from __future__ import annotations

import errno
import gc
import glob
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from itertools import chain, compress
from operator import is_
from pathlib import Path
from typing import BinaryIO

# A 100-turn campaign saves to about 1.2 MB and a whole Kasserine game to 0.25 MB; 4 MiB
# leaves room for three times the longest campaign while keeping what any file can cost
# to parse within a second and 200 MB on a slow, busy machine (docs/reliability.md).
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 12  # our formats nest at most ~6 deep; more is damage or an attack
MAX_LIST = 10_000  # items in any one list or object of a save, unless a format allows more


class FileFormatError(ValueError):
    """A file the program cannot use; the message is one sentence for the user."""


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for a bulk job: reading or writing a big file
    allocates tens of thousands of lists and tuples that either live on (the map) or
    die by reference counting (the document). Collections in the middle find no cycles
    and cost 4-5 ms of a 200x200 map's save and load, at random moments. Nesting is
    harmless: the collector is enabled again only by whoever found it enabled."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def atomic_write_text(path: Path | str, text: str, verify: Callable[[str], object] | None = None) -> None:
    """Write `text` to `path` atomically, keeping the old file as `path.bak`.

    `verify(text_read_back)` runs on the temporary file's contents before it replaces
    the target; if it raises, the target is untouched. OSError propagates (after the
    temporary file is removed) for the caller to turn into a sentence.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    data = text.encode("utf-8")
    tmp = _write_temp(folder, path.name, data)
    try:
        if verify is not None:
            verify(Path(tmp).read_text(encoding="utf-8"))
        if path.exists():
            _keep_backup(path, folder)
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise
    _fsync_folder(folder)
    _remove_stale_temps(folder, path.name)


def atomic_export(path: Path | str, write: Callable[[BinaryIO], object]) -> None:
    """Write an export (picture, PDF, sheet, report, log) with `write(binary_file)` into a
    temporary file beside `path`, flushed and fsynced, then rename it over `path`. If
    anything fails (a full disk, an exception in `write`) the temporary file goes and an
    earlier file at `path` is left as it was; the error propagates (OSError: turn it into
    a sentence with describe_os_error)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    # The temporary name is cut short: a target name near the 255-byte limit is valid,
    # and the temporary name must be too.
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=".tmp", dir=folder)
    try:
        try:
            mode = os.stat(path).st_mode & 0o777
        except OSError:
            mode = 0o666 & ~_umask()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise
    _fsync_folder(folder)


def read_json(path: Path | str, what: str = "file") -> object:
    """Read a UTF-8 JSON file within the size and nesting limits.

    Raises FileFormatError with a sentence naming the file and the problem.
    """
    path = Path(path)
    name = path.name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise FileFormatError(f"{name} does not exist.") from None
    except OSError as e:
        raise FileFormatError(describe_os_error(e, path, "open")) from None
    if size > MAX_FILE_BYTES:
        raise FileFormatError(
            f"{name} is {size // (1024 * 1024)} MiB, larger than the {MAX_FILE_BYTES // (1024 * 1024)} MiB "
            f"a {what} may be; it is not a file this program wrote."
        )
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise FileFormatError(describe_os_error(e, path, "open")) from None
    return parse_json(raw, name, what)


def parse_json(raw: bytes | str, name: str, what: str = "file") -> object:
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileFormatError(f"{name} is not a {what}: it is not UTF-8 text.") from None
    if len(raw) > MAX_FILE_BYTES:
        raise FileFormatError(f"{name} is larger than a {what} may be.")
    depth = _bracket_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise FileFormatError(
            f"{name} is not a {what}: its data is nested {depth} levels deep, "
            f"more than the format allows."
        )
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise FileFormatError(
            f"{name} is not a {what}: it is not valid JSON (line {e.lineno}, column {e.colno})."
        ) from None
    except (RecursionError, ValueError) as e:
        raise FileFormatError(f"{name} is not a {what}: {e}.") from None


def quoted(value: object, limit: int = 40) -> str:
    """A value read from a file, quoted and cut short for a sentence: a hostile file may
    put a megabyte where a name belongs."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def oversized(
    data: object, allowed: dict[str, int] | None = None, skip: frozenset[str] = frozenset()
) -> str | None:
    """A clause naming the first list or object in `data` longer than MAX_LIST items
    (or its own bound in `allowed`, keyed by dotted path), else None. Paths in `skip`
    are left to their own loader (a map inside a save bounds its lists by its grid).

    Run before validation: pydantic reports every bad item of a list, so a million of
    them would cost seconds before a sentence could name the first.
    """
    allowed = allowed or {}
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        bound = allowed.get(path, MAX_LIST)
        if len(value) > bound:  # type: ignore[arg-type]
            where = f"under {path!r}" if path else "in it"
            return f"it holds {len(value)} items {where}, more than a save can"  # type: ignore[arg-type]
        if isinstance(value, dict):
            items = value.items()
        else:
            items = enumerate(value)  # type: ignore[arg-type]
        for key, child in items:
            if isinstance(child, dict | list) and (path or str(key)) not in skip:
                stack.append((f"{path}.{key}" if path else str(key), child))
    return None


_IS_LIST = partial(is_, list)
_IS_DICT = partial(is_, dict)
_IS_CONTAINER = frozenset((list, dict)).__contains__


def within_limits(document: object, allowed: dict[str, int], skip: frozenset[str]) -> bool:
    """Whether parsed JSON passes both guards a load runs before validating: it nests at
    most MAX_JSON_DEPTH deep (parse_json's bracket count) and no list or object holds
    more than MAX_LIST items (oversized, with `allowed` bounds for top-level keys
    and the subtrees of the top-level keys in `skip` left to their own loader).

    The same answer in one pass, level by level, with the items of a whole level
    gathered and sorted by type in C: ~1 ms on a whole game where the two take ~4.
    False says only that a guard fails; the caller then runs the guards themselves,
    whose sentences say which and where."""
    if type(document) is not dict or len(document) > MAX_LIST:
        return False
    checked: tuple[list, list] = ([], [])  # lists and objects whose lengths count
    free: tuple[list, list] = ([], [])  # and those (in `skip`) whose lengths do not
    for key, child in document.items():
        if type(child) is list or type(child) is dict:
            if key in skip:
                free[type(child) is dict].append(child)
            elif len(child) > allowed.get(key, MAX_LIST):
                return False
            else:
                checked[type(child) is dict].append(child)
    depth = 1
    while any(checked) or any(free):
        depth += 1
        if depth > MAX_JSON_DEPTH:
            return False
        checked, free = _children(*checked), _children(*free)
        if max(map(len, chain(*checked)), default=0) > MAX_LIST:
            return False
    return True


def _children(lists: list, dicts: list) -> tuple[list, list]:
    """The lists and the objects held by these lists and objects."""
    items = [*chain.from_iterable(lists), *chain.from_iterable(map(dict.values, dicts))]
    found = [*compress(items, map(_IS_CONTAINER, map(type, items)))]
    types = [*map(type, found)]
    return [*compress(found, map(_IS_LIST, types))], [*compress(found, map(_IS_DICT, types))]


def validation_problem(error: Exception) -> str:
    """The first problem a pydantic ValidationError found, as a clause for a sentence
    ("the field 'units.u3.side' is wrong: input should be 'german' or 'allied'")."""
    errors = getattr(error, "errors", None)
    if not callable(errors):
        return str(error).splitlines()[0] if str(error) else type(error).__name__
    count = error.error_count()  # type: ignore[attr-defined]
    if count > 100:  # listing a million problems would cost seconds; the count says enough
        return f"{count} of its values are of the wrong kind"
    first = errors(include_url=False)[0]
    where = quoted(".".join(str(p) for p in first.get("loc", ())) or "the file", 60)
    if first.get("type") == "missing":
        return f"the field {where} is missing"
    if first.get("type") == "extra_forbidden":
        return f"it has an unknown field {where}"
    message = (str(first.get("msg", "")).splitlines() or [""])[0][:200].lower()
    return f"the field {where} is wrong: {message}"


def describe_os_error(error: OSError, path: Path | str, action: str = "save") -> str:
    """One sentence for the user about a failed file operation."""
    name = Path(path).name
    code = error.errno
    if code == errno.ENOSPC:
        return f"The disk is full, so {name} could not {_verb(action)}; free some space and try again."
    if code in (errno.EACCES, errno.EPERM):
        return f"Permission denied: {name} could not {_verb(action)}; choose a folder you may write to."
    if code == errno.EROFS:
        return f"{name} is on a read-only disk; save it somewhere else."
    if code == errno.EXDEV:
        return f"{name} could not {_verb(action)} because the folder moved between disks; try again or save elsewhere."
    if code == errno.ENOENT:
        return f"The folder for {name} does not exist; choose another place."
    if code == errno.EISDIR:
        return f"{name} is a folder, not a file."
    reason = error.strerror or str(error)
    return f"{name} could not {_verb(action)}: {reason}."


def _verb(action: str) -> str:
    return {"save": "be saved", "open": "be opened"}.get(action, action)


def _keep_backup(path: Path, folder: Path) -> None:
    """Make the file now at `path` the backup `path.bak`, atomically. Saves replace files,
    never rewrite them, so a second name for the same file (a hard link) keeps the old
    contents without copying them; where the file system has no hard links, they are
    copied to a temporary file that is fsynced first."""
    backup = path.with_name(path.name + ".bak")
    bak_tmp = str(folder / f".{backup.name}.{os.urandom(6).hex()}.tmp")
    try:
        os.link(path, bak_tmp)
    except OSError:
        bak_tmp = _write_temp(folder, backup.name, path.read_bytes())
    try:
        os.replace(bak_tmp, backup)
    finally:
        # Gone after a rename; but if the backup already was this very file (a save
        # failed after refreshing it), rename() leaves both names and does nothing.
        _remove(bak_tmp)


def _write_temp(folder: Path, name: str, data: bytes) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes 0600 files; a saved map should get the permissions any new file
        # would (or keep those of the file it replaces).
        try:
            mode = os.stat(folder / name).st_mode & 0o777
        except OSError:
            mode = 0o666 & ~_umask()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _remove(tmp)
        raise
    return tmp


STALE_TEMP_SECONDS = 3600


def _remove_stale_temps(folder: Path, name: str) -> None:
    """Temporary files of this name left by a save that was killed. Only old ones go:
    a young one may belong to another program saving the same file right now."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    for leftover in folder.glob(f".{glob.escape(name)}.*.tmp"):
        try:
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()
        except OSError:
            pass


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _bracket_depth(text: str) -> int:
    """Deepest [ / { nesting outside strings, found before json.loads recurses.

    Strings are cut out and everything but brackets dropped (both in C, by the regex
    engine); each pass then removes the innermost empty pairs, one level per pass, so a
    4 MB file costs a dozen fast passes rather than a Python loop over every character.
    """
    outside_strings = _STRING.sub("", text).encode("utf-8", "replace")
    brackets = outside_strings.translate(None, _NOT_BRACKETS).decode("ascii")
    for level in range(MAX_JSON_DEPTH):
        if not brackets:
            return level
        brackets = _INNERMOST.sub("", brackets)
    opened = brackets.count("[") + brackets.count("{")
    if not brackets or opened * 2 != len(brackets):
        return MAX_JSON_DEPTH  # unbalanced: not JSON at all, which json.loads will say
    return MAX_JSON_DEPTH + 1  # (at least) one level too deep: the count stops there


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_INNERMOST = re.compile(r"\[\]|\{\}")
