"""Safe file handling shared by maps, games and campaigns (no Qt).

Saves are atomic: the new text goes to a temporary file in the same folder, is flushed,
fsynced, read back and checked, and only then renamed over the target. The previous
file is first copied to `<name>.bak` (itself atomically), so a kill at any moment leaves
the target either old or new and the backup intact.
Loads read only regular files (never a device, a pipe or a socket, which have no end or
never answer), refuse oversized and absurdly nested files before they cost memory or
time, and refuse numbers that are not finite (1e999, NaN, Infinity) in every format.
"""

from __future__ import annotations

import errno
import gc
import json
import math
import os
import re
import stat
import tempfile
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from importlib import import_module
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import is_
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, Protocol, runtime_checkable

from hexcampaign.leftovers import (  # noqa: F401  (re-exported: files.remove_stale_temps, ...)
    STALE_TEMP_SECONDS,
    process_alive,
    remove_orphan_temps,
    remove_stale_temps,
)
from hexcampaign.leftovers import temp_prefix as _temp_prefix

# A 100-turn campaign saves to about 1.2 MB and a whole Kasserine game to 0.25 MB; 4 MiB
# leaves room for three times the longest campaign while keeping what any file can cost
# to parse within a second and 200 MB on a slow, busy machine (docs/reliability.md).
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 12  # our formats nest at most ~6 deep; more is damage or an attack
MAX_LIST = 10_000  # items in any one list or object of a save, unless a format allows more
SMALL_HASHED = 1024 * 1024  # files.file_identity: up to this, hashed without OpenSSL
# Lists and objects in a whole file. The most a real file can hold under the size limit
# is about 420 000 (a 500 x 500 map with a river and a bridge in every hex it can: a
# "[123,456]," each), real maps a few per cent of that; a file of "[]," has 1.4
# million, which cost json.loads 110 MB and the game loader, which parsed twice, 210 MB.
# Counted in C before parsing; docs/reliability.md has the costs under the bound.
MAX_CONTAINERS = 450_000
# O_NONBLOCK: opening a FIFO for reading waits for a writer; with it the open returns at
# once and fstat says what the file is. (Windows has no FIFOs in the file system.)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(
    os, "O_CLOEXEC", 0
)


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


class FileIdentity(NamedTuple):
    """What a file was at one moment: its size, modification time (ns) and SHA-256. A
    window remembers it for the file it opened or last saved, and asks before a save
    would replace a file that is no longer that (another window's save, another program).
    A NamedTuple: a frozen dataclass costs ~4 M instructions to make at import, before
    a window's first paint."""

    size: int
    mtime_ns: int
    sha256: str

    def same_content(self, other: FileIdentity) -> bool:
        """The same bytes (a touch that changes only the time is no change of work)."""
        return self.size == other.size and self.sha256 == other.sha256

    def to_json(self) -> dict[str, object]:
        return {"size": self.size, "mtime_ns": self.mtime_ns, "sha256": self.sha256}

    @classmethod
    def from_json(cls, data: object) -> FileIdentity | None:
        """The identity an autosave recorded; None for anything else (an older one)."""
        if not isinstance(data, dict):
            return None
        size, mtime, digest = data.get("size"), data.get("mtime_ns"), data.get("sha256")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (size, mtime)):
            return None
        if not isinstance(digest, str) or len(digest) != 64:
            return None
        return cls(int(size), int(mtime), digest)  # type: ignore[arg-type]


def file_identity(path: Path | str, limit: int = 4 * MAX_FILE_BYTES) -> FileIdentity | None:
    """The identity of the regular file at `path` now, or None when there is none (no
    file, a folder or a device, unreadable, or larger than `limit`, which no save is)."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        digest = _sha256(info.st_size)
        for chunk in _chunks(fd, limit + 1):
            digest.update(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    return FileIdentity(info.st_size, info.st_mtime_ns, digest.hexdigest())


def _sha256(size: int) -> Any:
    """A SHA-256 hasher for `size` bytes. Small files (every map) take Python's own
    one, a small module of its own: `hashlib` loads OpenSSL's library, 4-7 ms of a
    map's start-up before its first paint. OpenSSL's is faster on large files."""
    if size <= SMALL_HASHED:
        for name in ("_sha2", "_sha256"):  # CPython 3.12 and later, 3.11
            try:
                return import_module(name).sha256()
            except (ImportError, AttributeError):
                continue
    import hashlib  # here, not at the top: a game's first paint reads no identity

    return hashlib.sha256()


def atomic_write_text(path: Path | str, text: str, verify: Callable[[str], object] | None = None) -> None:
    """Write `text` to `path` atomically, keeping the old file as `path.bak`.

    `verify(text_read_back)` runs on the temporary file's contents before it replaces
    the target; if it raises, the target is untouched. OSError propagates (after the
    temporary file is removed) for the caller to turn into a sentence.
    """
    path = write_target(path)
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
    remove_orphan_temps(path)


def write_target(path: Path | str) -> Path:
    """The file a save to `path` should replace: a symbolic link's target (as editors
    do), so that saving through a link keeps the link and changes the file it names
    (renaming over the link would replace it with a file of its own). A link whose
    target is missing gets that target created."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def atomic_export(path: Path | str, write: Callable[[BinaryIO], object]) -> None:
    """Write an export (picture, PDF, sheet, report, log) with `write(binary_file)` into a
    temporary file beside `path`, flushed and fsynced, then rename it over `path`. If
    anything fails (a full disk, an exception in `write`) the temporary file goes and an
    earlier file at `path` is left as it was; the error propagates (OSError: turn it into
    a sentence with describe_os_error)."""
    path = write_target(path)
    folder = path.parent if str(path.parent) else Path(".")
    # The temporary name is cut short (a target name near the 255-byte limit is valid,
    # and the temporary name must be too) and carries this process's id, so that
    # remove_orphan_temps can clear it after a kill.
    fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(path.name)}{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        try:
            mode = os.stat(path).st_mode & 0o777
        except OSError:
            mode = 0o666 & ~_umask()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w+b") as f:  # readable too: a PDF export reads its table back
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
    return parse_json(read_limited(path, what), path.name, what)


def read_limited(path: Path | str, what: str = "file", limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileFormatError with a
    sentence for anything else.

    st_size is 0 for /dev/zero, /dev/urandom and a FIFO, so a size check before reading
    lets them through; and reading "to the end" of /dev/zero never ends. So the file is
    opened without blocking, the open descriptor is asked what it is (fstat: no race with
    a rename), and at most `limit` + 1 bytes are ever read (a file growing while read)."""
    path = Path(path)
    name = quoted_name(path)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise FileFormatError(f"{name} does not exist.") from None
    except OSError as e:
        raise FileFormatError(describe_os_error(e, path, "open")) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileFormatError(f"{name} is a folder, not a {what}.")
        if not stat.S_ISREG(info.st_mode):
            raise FileFormatError(
                f"{name} is not a {what}: it is a device, a pipe or a socket, not a file on disk."
            )
        if info.st_size > limit:
            raise FileFormatError(_too_large(name, info.st_size, limit, what))
        chunks = list(_chunks(fd, limit + 1))
    except OSError as e:
        raise FileFormatError(describe_os_error(e, path, "open")) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileFormatError(_too_large(name, len(data), limit, what))
    remove_orphan_temps(path)
    return data


def _chunks(fd: int, most: int) -> Iterator[bytes]:
    """The bytes of an open file, a megabyte at a time, `most` at most (a file growing
    while read, or a device without end, costs no more)."""
    left = most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return
        yield chunk
        left -= len(chunk)


def regular_file_bytes(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes | None:
    """read_limited for a fast path that leaves the sentence to the careful one: the
    bytes of a regular file within `limit`, else None."""
    try:
        return read_limited(path, limit=limit)
    except FileFormatError:
        return None


def _too_large(name: str, size: int, limit: int, what: str) -> str:
    return (
        f"{name} is {size:,} bytes, larger than the {_size_words(limit)} a {what} may be; "
        f"it is not a file this program wrote."
    )


def _size_words(size: int) -> str:
    mib = size / (1024 * 1024)
    return f"{mib:g} MiB" if mib >= 1 else f"{size // 1024} KiB"


def fast_parse_allowed(raw: bytes | str) -> bool:
    """Whether a loader may parse `raw` straight away, checking its limits afterwards
    (the fast path of maps and games): not when it is over the size limit, or when its
    brackets and braces, strings included (an upper bound, counted in C), exceed the
    containers a file may hold. Such a file goes to parse_json, which refuses it for its
    count before building any of it: parsed first, 4 MiB of "[]," cost 300 ms of CPU
    and 110 MB before the refusal."""
    if len(raw) > MAX_FILE_BYTES:
        return False
    if isinstance(raw, bytes):
        return raw.count(b"[") + raw.count(b"{") <= MAX_CONTAINERS
    return raw.count("[") + raw.count("{") <= MAX_CONTAINERS


def fast_document(
    raw: bytes | str, allowed: dict[str, int], skip: frozenset[str]
) -> tuple[object, bytes] | None:
    """(document, UTF-8 text) of a save read by pydantic-core's JSON reader when it passes
    the guards parse_json and oversized apply (within_limits, with `allowed` and `skip`
    as there), else None: the caller then takes parse_json's careful path and its
    sentence. The reader is a third faster than json.loads and as strict (it refuses what
    json.loads refuses; it also refuses lone surrogates and nesting past 200 where
    json.loads need not). It is imported here: a map's start-up reads no save."""
    try:
        data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
        if not fast_parse_allowed(data):
            return None
        from pydantic_core import from_json

        document = from_json(data)
        return (document, data) if within_limits(document, allowed, skip) else None
    except (ValueError, RecursionError):  # not UTF-8, not JSON, too deep for it
        return None


def parse_json(raw: bytes | str, name: str, what: str = "file") -> object:
    """Parse a file's text within the limits; FileFormatError with a sentence otherwise.
    Numbers must be finite: JSON has no infinity, but Python reads 1e999 as one and
    `NaN` / `Infinity` as words, and int(inf) or a NaN cost would crash a loader later."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileFormatError(f"{name} is not a {what}: it is not UTF-8 text.") from None
    _check_limits(raw, name, what)
    try:
        with gc_paused():  # hundreds of thousands of new lists, none in a cycle: halves the time
            return json.loads(raw, parse_constant=_not_a_number, parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise FileFormatError(
            f"{name} is not a {what}: it is not valid JSON (line {e.lineno}, column {e.colno})."
        ) from None
    except (RecursionError, ValueError) as e:
        raise FileFormatError(f"{name} is not a {what}: {e}.") from None


def parsed_json(text: str, parsed: object, name: str, what: str = "file") -> object:
    """What parse_json(text) gives, for a text plain json.loads has already parsed into
    `parsed` (a loader's fast path that then refused the document): the limits are
    checked on the text, and the document is not built a second time unless the text
    may hold a number that is not finite, which only parse_json's own pass refuses. A
    hostile map file of 450,000 small objects was parsed twice: 200 ms of CPU more."""
    if _may_hold_non_finite(text):
        return parse_json(text, name, what)
    _check_limits(text, name, what)
    return parsed


def _check_limits(text: str, name: str, what: str) -> None:
    if len(text) > MAX_FILE_BYTES:
        raise FileFormatError(f"{name} is larger than a {what} may be.")
    depth, containers = _structure(text)
    if depth > MAX_JSON_DEPTH:
        raise FileFormatError(
            f"{name} is not a {what}: its data is nested {depth} levels deep, "
            f"more than the format allows."
        )
    if containers > MAX_CONTAINERS:
        raise FileFormatError(
            f"{name} is not a {what}: it holds {containers:,} lists and objects, "
            f"more than any {what} can."
        )


def _may_hold_non_finite(text: str) -> bool:
    """Whether json.loads may have read a NaN, an infinity or a float too large (1e999)
    from `text`: a word NaN or Infinity anywhere, an exponent of three digits or more,
    or 200 digits in a row (below both, a number is under 1e299). Strings count too: a
    false alarm only costs the careful parse. All in C: a regex took 70-130 ms."""
    if "NaN" in text or "Infinity" in text:
        return True
    marks = text.encode("utf-8", "replace").translate(_DIGITS_AS_ZEROS)
    return b"e000" in marks or b"e+000" in marks or b"0" * 200 in marks


_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789E-", b"000000000e+")


def trailing_value(text: str, key: str) -> object:
    """The value of a top-level key that the program writes after an engine's own keys
    (the players' names in a game, the umpire's notes in a campaign), read from the end
    of the text alone, whatever its spacing, so a file is parsed once. In JSON text an
    unescaped quote can only open or close a string, so `"key"` followed by a colon, with
    no backslash run of odd length before it, is that key itself. None when absent."""
    quoted_key = f'"{key}"'
    at = len(text)
    while True:
        at = text.rfind(quoted_key, 0, at)
        if at < 0:
            return None
        slashes = len(text[:at]) - len(text[:at].rstrip("\\"))
        rest = at + len(quoted_key)
        while rest < len(text) and text[rest] in " \t\r\n":
            rest += 1
        if slashes % 2 == 0 and rest < len(text) and text[rest] == ":":
            break
    start = rest + 1
    while start < len(text) and text[start] in " \t\r\n":
        start += 1
    try:
        value, _end = json.JSONDecoder().raw_decode(text, start)
    except ValueError:
        return None
    return value


class _NotFinite(ValueError):
    pass


def _not_a_number(word: str) -> float:
    raise _NotFinite(f"it holds {word}, which is not a number a file may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if value - value != 0:  # inf - inf and nan - nan are nan
        raise _NotFinite(f"it holds the number {quoted(text, 20)[1:-1]}, too large to use")
    return value


def quoted_name(path: Path | str) -> str:
    """A file's name for a sentence: a name of 255 characters is cut short."""
    name = Path(path).name
    return name if len(name) <= 60 else name[:57] + "..."


def safe_filename(name: str, limit: int = 120, fallback: str = "unnamed") -> str:
    """`name` (a side, a formation, a place, a battle: text from a file or a player)
    made into one file name that stays in the folder it is joined to, on every system:
    path separators, control characters and the characters Windows forbids become "_",
    leading dots and trailing dots and spaces go (no ".." or hidden files), a device
    name of Windows (CON, NUL, COM1...) gets a "_", and the name is cut to `limit`
    bytes of UTF-8 keeping its suffix (disks allow 255). Empty: `fallback`."""
    text = unicodedata.normalize("NFC", str(name))
    text = _UNSAFE_IN_NAMES.sub("_", text).lstrip(". ").rstrip(". ")
    stem, dot, suffix = text.rpartition(".")
    if not dot or not stem or len(suffix) > 8 or not suffix.isalnum():
        stem, suffix = text, ""
    else:
        suffix = "." + suffix
    room = max(1, limit - len(suffix.encode("utf-8")))
    stem = stem.encode("utf-8")[:room].decode("utf-8", "ignore").rstrip(". ") or fallback
    if stem.split(".")[0].upper() in _WINDOWS_DEVICES:
        stem = "_" + stem
    return stem + suffix


def inside(folder: Path | str, name: str) -> Path:
    """`folder / safe_filename(name)`, checked to lie directly inside `folder` (the one
    way an export into a chosen folder names its files)."""
    folder = Path(folder)
    target = folder / safe_filename(name)
    if os.path.dirname(os.path.abspath(target)) != os.path.abspath(folder):
        raise ValueError(f"{quoted(name)} does not name a file inside {folder}")
    return target


_UNSAFE_IN_NAMES = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]')
_WINDOWS_DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{d}{i}" for d in ("COM", "LPT") for i in range(1, 10)]
)


def quoted(value: object, limit: int = 40) -> str:
    """A value read from a file, quoted and cut short for a sentence: a hostile file may
    put a megabyte where a name belongs."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def oversized(
    data: object, allowed: dict[str, int] | None = None, skip: frozenset[str] = frozenset()
) -> str | None:
    """A clause naming a list or object in `data` longer than MAX_LIST items (or its
    own bound in `allowed`, keyed by dotted path), else None. Top-level keys in `skip`
    are left to their own loader (a map inside a save bounds its lists by its grid).

    Run before validation: pydantic reports every bad item of a list, so a million of
    them would cost seconds before a sentence could name the first. The walk goes level
    by level with each level's items gathered in C (as within_limits does): a Python
    loop over the items of a 4 MiB file of small lists cost over a second. Only the
    path of a list found too long is traced back, level by level."""
    allowed = allowed or {}
    own_bounds: dict[int, int] = {}
    for path, bound in allowed.items():
        node = _at_path(data, path)
        if type(node) is list or type(node) is dict:
            if len(node) > bound:
                return _too_many(len(node), path)
            own_bounds[id(node)] = bound
    if type(data) is not list and type(data) is not dict:
        return None
    if id(data) not in own_bounds and len(data) > MAX_LIST:
        return _too_many(len(data), "")
    level: tuple[list, list] | None
    if type(data) is dict:
        kids = [v for k, v in data.items() if k not in skip and (type(v) is list or type(v) is dict)]
        level = ([*filter(_IS_LIST_VALUE, kids)], [*filter(_IS_DICT_VALUE, kids)])
    else:
        level = _children([data], [])
    levels = [level]
    while level is not None and (level[0] or level[1]):
        for container in compress(chain(*level), map(MAX_LIST.__lt__, map(len, chain(*level)))):
            if id(container) not in own_bounds:
                return _too_many(len(container), _path_of(container, data, levels))
        level = _children(*level, finite_only=False)
        levels.append(level)
    return None


def _too_many(count: int, path: str) -> str:
    where = f"under {quoted(path, 60)}" if path else "in it"
    return f"it holds {count} items {where}, more than a save can"


def _at_path(data: object, dotted: str) -> object:
    for step in dotted.split("."):
        data = data.get(step) if type(data) is dict else None
    return data


def _path_of(target: object, data: list | dict, levels: list) -> str:
    """The dotted path from `data` to `target`, found among the levels of the walk
    (levels[i] holds the containers i + 1 steps below `data`)."""
    steps: list[str] = []
    depth = next(i for i, (lists, dicts) in enumerate(levels) if any(map(partial(is_, target), chain(lists, dicts))))
    for i in range(depth - 1, -1, -1):
        parents = [*levels[i][0], *levels[i][1]]
        items = [*chain.from_iterable(levels[i][0]), *chain.from_iterable(map(dict.values, levels[i][1]))]
        at = next(compress(count(), map(partial(is_, target), items)))
        ends = [*accumulate(map(len, parents))]
        which = bisect_right(ends, at)
        parent, offset = parents[which], at - (ends[which - 1] if which else 0)
        steps.append(str(offset if type(parent) is list else next(islice(parent, offset, None))))
        target = parent
    if type(data) is dict:
        steps.append(next(str(k) for k, v in data.items() if v is target))
    else:
        steps.append(str(next(compress(count(), map(partial(is_, target), data)))))
    return ".".join(reversed(steps))


_LISTS_ONLY = {list}


def _IS_LIST_VALUE(value: object) -> bool:
    return type(value) is list


def _IS_DICT_VALUE(value: object) -> bool:
    return type(value) is dict


def within_limits(document: object, allowed: dict[str, int], skip: frozenset[str]) -> bool:
    """Whether parsed JSON passes the guards a load runs before validating: it nests at
    most MAX_JSON_DEPTH deep (parse_json's bracket count), holds no number that is not
    finite (parse_json's hooks: a reader such as pydantic-core's takes 1e999 for
    infinity) and no list or object holds more than MAX_LIST items (oversized, with
    `allowed` bounds for top-level keys and the subtrees of the top-level keys in `skip`
    left to their own loader).

    The same answer in one pass, level by level, with the items of a whole level
    gathered and sorted by type in C: ~1 ms on a whole game where the checks take ~4.
    False says only that a guard fails; the caller then runs the guards themselves,
    whose sentences say which and where."""
    if type(document) is not dict or len(document) > MAX_LIST:
        return False
    values = [*document.values()]
    types = [*map(type, values)]
    if float in types and not _finite_floats(values, types):
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
        next_checked, next_free = _children(*checked), _children(*free)
        if next_checked is None or next_free is None:
            return False
        checked, free = next_checked, next_free
        if max(map(len, chain(*checked)), default=0) > MAX_LIST:
            return False
    return True


def _children(lists: list, dicts: list, finite_only: bool = True) -> tuple[list, list] | None:
    """The lists and the objects held by these lists and objects; None when any number
    among the items is not finite (unless `finite_only` is False)."""
    items = [*chain.from_iterable(lists), *chain.from_iterable(map(dict.values, dicts))]
    types = [*map(type, items)]
    kinds = set(types)  # most levels hold only numbers and strings: nothing more to sort
    if finite_only and float in kinds and not _finite_floats(items, types):
        return None
    if kinds == _LISTS_ONLY:  # a level of lists (a big file's rows and pairs): itself
        return items, []
    # is_ mapped over two iterables is called directly; through functools.partial it
    # cost a level of 450,000 items 70 ms instead of 40.
    found_lists = [*compress(items, map(is_, types, repeat(list)))] if list in kinds else []
    found_dicts = [*compress(items, map(is_, types, repeat(dict)))] if dict in kinds else []
    return found_lists, found_dicts


def _finite_floats(items: list, types: list) -> bool:
    return all(map(math.isfinite, compress(items, map(is_, types, repeat(float)))))


@runtime_checkable
class _ValidationErrors(Protocol):
    """What validation_problem reads of a pydantic ValidationError (not imported here:
    a map opens without pydantic, which costs start-up time)."""

    def errors(self, *, include_url: bool = True) -> list[Any]: ...

    def error_count(self) -> int: ...


def validation_problem(error: Exception) -> str:
    """The first problem a pydantic ValidationError found, as a clause for a sentence
    ("the field 'units.u3.side' is wrong: input should be 'german' or 'allied'")."""
    if not isinstance(error, _ValidationErrors):
        return str(error).splitlines()[0] if str(error) else type(error).__name__
    count = error.error_count()
    if count > 100:  # listing a million problems would cost seconds; the count says enough
        return f"{count} of its values are of the wrong kind"
    first = error.errors(include_url=False)[0]
    where = quoted(".".join(str(p) for p in first.get("loc", ())) or "the file", 60)
    if first.get("type") == "missing":
        return f"the field {where} is missing"
    if first.get("type") == "extra_forbidden":
        return f"it has an unknown field {where}"
    message = (str(first.get("msg", "")).splitlines() or [""])[0][:200].lower()
    return f"the field {where} is wrong: {message}"


def describe_os_error(error: OSError, path: Path | str, action: str = "save") -> str:
    """One sentence for the user about a failed file operation."""
    name = quoted_name(path)
    code = error.errno
    if code == errno.ENAMETOOLONG:
        return (
            f"The name {name} is too long for the disk, so the file could not "
            f"{_verb(action)}; choose a shorter name."
        )
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
    bak_tmp = str(folder / f"{_temp_prefix(backup.name)}{os.getpid()}.{os.urandom(6).hex()}.tmp")
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
    # The pid in the name lets the next open or save remove the file at once if this
    # process is killed before it renames it (remove_orphan_temps).
    fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(name)}{os.getpid()}.", suffix=".tmp", dir=folder)
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


def _structure(text: str) -> tuple[int, int]:
    """(Deepest [ / { nesting outside strings, how many lists and objects), found before
    json.loads recurses or builds them.

    Strings are cut out and everything but brackets dropped, all in C: escaped
    backslashes and quotes go first (pairs taken left to right, as JSON reads them), so
    every quote left opens or closes a string; everything but quotes and brackets is
    dropped, then the strings that held no bracket (`""` now: removing two neighbouring
    quotes keeps every other character inside or outside as it was), then what is
    between the quotes of the few left. A regex cutting each string cost 160 ms on a
    file of 450,000 small objects. Each pass then removes the innermost empty pairs, one
    level per pass: objects' braces are made brackets first, so a pass is one
    str.replace (in JSON an empty pair is always of one kind).
    """
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    marks = unescaped.encode("utf-8", "replace").translate(None, _NOT_MARKS).replace(b'""', b"")
    brackets = b"".join(marks.split(b'"')[::2]).decode("ascii")
    containers = brackets.count("[") + brackets.count("{")
    if containers > MAX_CONTAINERS:
        return 0, containers  # refused for the count; no passes needed
    brackets = brackets.translate(_BRACES_AS_BRACKETS)
    for level in range(MAX_JSON_DEPTH):
        if not brackets:
            return level, containers
        brackets = brackets.replace("[]", "")
    opened = brackets.count("[")
    if not brackets or opened * 2 != len(brackets):
        return MAX_JSON_DEPTH, containers  # unbalanced: not JSON at all, which json.loads will say
    return MAX_JSON_DEPTH + 1, containers  # (at least) one level too deep: the count stops there


_NOT_MARKS = bytes(b for b in range(256) if b not in b'[]{}"')
_BRACES_AS_BRACKETS = str.maketrans("{}", "[]")
