"""Every file a user names is read and written here, and nowhere else.

Reading: a regular file only (a FIFO, a device or a folder is refused before it is opened, so nothing waits
or reads forever), never more than its limit, and text only in UTF-8, the encoding found named otherwise.
Writing: to a temporary file beside the target, renamed over it once whole, so a failed save leaves the old
file as it was; a target that is not a regular file (a FIFO, a device, a folder) is refused and left as it
is, and a symbolic link is never followed or replaced unless asked.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from rules.core import limits
from rules.core.errors import CannotWrite, MalformedFile

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def escape(text: str, limit: int = 200) -> str:
    """Text from a file or a user, safe to echo to a terminal or a page: control characters (terminal
    escape codes among them) and lone surrogates shown as \\x.. or \\u.... codes, at most `limit` characters."""
    shown = _CONTROL.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def _kind(mode: int) -> str:
    """Why a node is not a file to read or replace, in words: 'a folder', 'not a regular file: a FIFO ...'."""
    if stat.S_ISDIR(mode):
        return "a folder"
    kinds = (
        (stat.S_ISFIFO, "a FIFO (a named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    )
    found = next((words for test, words in kinds if test(mode)), "")
    return f"not a regular file: {found}" if found else "not a regular file"


def reason(exc: BaseException) -> str:
    """An operating-system error in words (its strerror: 'No such file or directory', 'Permission denied')."""
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return "No space left on device (the disk is full)"
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def read_file_bytes(path: str | Path, *, what: str = "a position file", limit: int = limits.MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; MalformedFile naming `what` and the file
    otherwise. The file is checked before it is opened and again once open (it may have been swapped)."""
    if not str(path).strip():  # Path("") is the current folder: say what is missing instead
        raise MalformedFile(f"no file named: give the path of {what}")
    p = Path(path)
    shown = escape(str(p))
    try:
        info = p.stat()
    except (OSError, ValueError) as exc:
        raise MalformedFile(f"cannot read {shown}: {reason(exc)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise MalformedFile(f"cannot read {shown}: it is {_kind(info.st_mode)}")
    if info.st_size > limit:
        raise MalformedFile(f"{shown} holds {info.st_size:,} bytes; {what} is at most {limit:,} bytes, the limit")
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except (OSError, ValueError) as exc:
        raise MalformedFile(f"cannot read {shown}: {reason(exc)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise MalformedFile(f"cannot read {shown}: it is {_kind(mode)}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise MalformedFile(f"cannot read {shown}: {reason(exc)}") from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise MalformedFile(f"{shown} is larger than {limit:,} bytes, the limit for {what}")
    return raw


_LATIN = re.compile(rb"[\x80-\xff]")
_BINARY = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")


def decode_text(raw: bytes, source: str) -> str:
    """Bytes of a file as text: UTF-8 only (a byte-order mark is allowed); any other encoding is refused
    with the one it looks like (UTF-16 or UTF-32, Latin-1 or Windows-1252, binary data)."""
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise MalformedFile(f"{source} is UTF-32 text; save it as UTF-8")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or _utf16_without_mark(raw):
        raise MalformedFile(f"{source} is UTF-16 text; save it as UTF-8")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if _BINARY.search(raw[:4096]):
            found = "it holds binary data, not text"
        elif _LATIN.search(raw):
            found = "it looks like Latin-1 (ISO-8859-1) or Windows-1252 text"
        else:
            found = "it is not text"
        raise MalformedFile(
            f"{source} is not UTF-8 text (byte {exc.start + 1} cannot be read): {found}; save it as UTF-8"
        ) from None


def _utf16_without_mark(raw: bytes) -> bool:
    """Whether the bytes read as UTF-16 text with no byte-order mark: in its first characters (plain letters, as
    JSON and TOML begin) every other byte is zero and the others are not. A zero byte elsewhere (a compressed or
    other binary file) is not taken for it."""
    head = raw[: min(len(raw), 16) // 2 * 2]  # the first eight characters' bytes, whole pairs
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return (not any(odd) and all(even)) or (not any(even) and all(odd))


def read_text_file(path: str | Path, *, what: str = "a position file", limit: int = limits.MAX_FILE_BYTES) -> str:
    """A file's text: a regular file of at most `limit` bytes, in UTF-8; MalformedFile otherwise."""
    return decode_text(read_file_bytes(path, what=what, limit=limit), escape(str(path)))


def write_file(path: str | Path, content: str | bytes, *, follow_symlinks: bool = False) -> Path:
    """Write `content` (text as UTF-8) to `path` atomically and return the path written.

    Refused with CannotWrite, and the node left as it was, when the target exists and is not a regular file
    (a folder, a FIFO, a device, a socket) or is a symbolic link and `follow_symlinks` is not set (when it is,
    the file the link names is replaced and the link kept). A full disk, a missing folder or a permission
    refused is reported in words, and an old file at the target stays whole."""
    target = Path(path)
    shown = escape(str(target))
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        if follow_symlinks and target.is_symlink():
            target = target.resolve(strict=False)
        mode = _writable_mode(target, shown)
        temporary: str | None = None
        try:
            handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, mode)
            _writable_mode(target, shown)  # checked again: the node may have changed while writing
            os.replace(temporary, target)
            temporary = None
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
    except (OSError, ValueError) as exc:
        raise CannotWrite(f"cannot write {shown}: {reason(exc)}") from None
    return target


def _writable_mode(target: Path, shown: str) -> int:
    """The permissions the written file gets (the old file's, else the usual ones for a new file); CannotWrite
    when the target is a node a save must not replace."""
    try:
        info = target.lstat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    if stat.S_ISLNK(info.st_mode):
        raise CannotWrite(
            f"cannot write {shown}: it is a symbolic link; a save does not follow or replace one (nothing was written)"
        )
    if not stat.S_ISREG(info.st_mode):
        raise CannotWrite(f"cannot write {shown}: it is {_kind(info.st_mode)} (nothing was written)")
    return stat.S_IMODE(info.st_mode)


def check_new_file(path: str | Path, what: str) -> Path:
    """`path`, once it is known that a new file can be written there: CannotWrite naming `what` (e.g. 'the rows')
    when something already stands at `path` (an earlier file is not replaced), or its folder is missing or cannot
    be written in. Asked before a long run, so that its results are not lost at the end."""
    target = Path(path)
    shown = escape(str(target))
    if target.is_symlink() or target.exists():
        raise CannotWrite(
            f"cannot write {what} to {shown}: something is already there; name a new file (nothing was replaced)"
        )
    folder = target.parent
    if not folder.is_dir():
        raise CannotWrite(f"cannot write {what} to {shown}: there is no folder {escape(str(folder))}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CannotWrite(f"cannot write {what} to {shown}: the folder {escape(str(folder))} cannot be written in")
    return target


def make_folder(path: str | Path, what: str) -> Path:
    """The folder at `path`, created with its parents when missing; CannotWrite naming `what` (e.g. 'the sweep
    cache') when a file or something else stands in its way, or it cannot be created."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        where = "it is a file" if folder.exists() else "a folder above it is a file"
        raise CannotWrite(f"cannot write {what} in {escape(str(folder))}: {where}, not a folder") from None
    except OSError as exc:
        raise CannotWrite(f"cannot write {what} in {escape(str(folder))}: {reason(exc)}") from None
    return folder
