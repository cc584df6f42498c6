"""Writing a file whole or not at all: through a temporary file beside it,
renamed over its name when complete (``os.replace``), so a crash, an error
or Ctrl-C leaves the file as it was and no half file.

Record files (:mod:`harp.cli.saving`, :mod:`harp.cli.recordout`) and the
atlas (:mod:`harp.analysis.atlas`) are written this way.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import clip, shown


class WriteError(OSError):
    """Writing ``filename`` failed after it was opened (a full disk, a file
    size limit): the file is as it was.  ``verb`` is what failed, for the
    one-line message ``cannot write FILE: REASON``."""

    verb = "write"


class NameEncodingError(OSError):
    """A file name the system cannot take: it has a character its file-name
    encoding (``sys.getfilesystemencoding()``, ASCII in the C locale without
    UTF-8 mode) cannot write.  ``verb`` says what failed, as for WriteError."""

    def __init__(self, path: str, verb: str = "open") -> None:
        super().__init__(errno.EINVAL, "the name cannot be written in this system's file-name "
                         f"encoding ({sys.getfilesystemencoding()})", clip(path, 200))
        self.verb = verb


class ReadOnlyError(PermissionError):
    """A file the user may not write (its permissions, as ``os.access``
    tells them): harp refuses it rather than replace it, which its folder's
    permission alone would allow, making a new file of the user's in place
    of one that was protected.  ``verb`` says what failed, as for WriteError."""

    verb = "write"

    def __init__(self, path: str) -> None:
        super().__init__(errno.EACCES, "it is read-only", clip(path, 200))


def check_name_encoding(path: str | os.PathLike[str], verb: str = "open") -> None:
    """Refuse (:class:`NameEncodingError`, an OSError) a name the file
    system's encoding cannot write, before any use of it: Python's path
    functions (``realpath``, ``open``) raise UnicodeEncodeError there, an
    error no caller expects of a file."""
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        raise NameEncodingError(os.fspath(path), verb) from None


def file_in_the_way(path: str) -> str | None:
    """The first folder named in ``path`` that is a file instead
    (``notes.txt`` in ``notes.txt/game.txt``), as ``path`` spells it; None
    if there is none.  A file name cannot go on through a file, which the
    system says only as "Not a directory"."""
    for parent in reversed(Path(path).parents):
        if os.path.exists(parent) and not os.path.isdir(parent):
            return str(parent)
    return None


def same_file(path: str, other: str) -> bool:
    """Whether two names are one file: one that exists, however named
    (``./a.db``, a link to it), or one new name (links resolved).  A name
    the system cannot take is no other's: it is refused when opened."""
    try:
        try:
            return os.path.samefile(path, other)
        except OSError:                         # one of them is not there (yet)
            return os.path.realpath(path) == os.path.realpath(other)
    except ValueError:
        return False


def standard_stream(path: str | os.PathLike[str]) -> str | None:
    """"standard output" or "standard error" if ``path`` is the file one of
    them writes to (``/dev/stdout`` with ``> out.txt``, or ``out.txt``
    itself): a file written there would be replaced under what the
    command prints, or mixed with it.  None otherwise."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    for fd, name in ((1, "standard output"), (2, "standard error")):
        try:
            stream = os.fstat(fd)
        except OSError:
            continue
        if (stream.st_dev, stream.st_ino) == (found.st_dev, found.st_ino):
            return name
    return None


def stat_of(path: str) -> os.stat_result | None:
    """What ``path`` is, links followed; None if it cannot be told (missing)."""
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def _kernel_folder(folder: str) -> bool:
    """Whether ``folder`` is on a file system of no size (/proc, /sys): its
    files only look regular (views of the kernel, which the system calls
    "No such file" or "Permission denied" when a file is made beside them)."""
    try:
        return os.statvfs(folder).f_blocks == 0
    except (OSError, AttributeError):       # AttributeError: no statvfs (Windows)
        return False


class AtomicFile:
    """``with AtomicFile(path) as out: out.write(b"...")``: the file appears
    (or is replaced) when the block ends without an error, unless
    :meth:`discard` was called.  Only a regular file (or a new name) is
    written: a folder or a device in its place is refused, never replaced.

    A symbolic link keeps pointing where it did: the file it names is
    replaced.  A file the user may not write is refused
    (:class:`ReadOnlyError`), never replaced.  An existing file keeps its
    permissions, and its owner and group as far as the system allows; a
    new one gets ``mode`` (by default what the umask allows).  An error
    (OSError) names ``path``, never the temporary file: a
    :class:`WriteError` once the writing has begun, whether it failed in
    the block or when the file was completed."""

    def __init__(self, path: str | os.PathLike[str], mode: int | None = None) -> None:
        self.path = os.fspath(path)
        self.mode = mode
        self._temporary: str | None = None
        self._handle: BinaryIO | None = None
        self._discarded = False

    def __enter__(self) -> BinaryIO:
        check_name_encoding(self.path, "write")
        target = os.path.realpath(self.path)
        folder = os.path.dirname(target)
        with self._named(OSError):
            # The name as given, links followed by the system: /dev/stdout
            # is the pipe or terminal it stands for, which realpath cannot
            # name (/proc/self/fd/pipe:[...] exists nowhere).
            found = stat_of(self.path)
            if found is not None and stat.S_ISDIR(found.st_mode):
                raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
            if found is not None and not stat.S_ISREG(found.st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            if (stream := standard_stream(self.path)) is not None:
                raise OSError(errno.EINVAL, f"it is {stream}, where harp prints")
            if not os.path.isdir(folder):
                blocker = file_in_the_way(self.path)
                if blocker is not None:
                    raise NotADirectoryError(errno.ENOTDIR,
                                             f"{clip(blocker, 160)} is a file, not a folder")
                raise FileNotFoundError(errno.ENOENT, "no such folder")
        # A rename over it needs only its folder's permission: its own is asked here.
        if found is not None and not os.access(self.path, os.W_OK):
            raise ReadOnlyError(self.path)
        with self._named(OSError):
            try:
                fd, self._temporary = tempfile.mkstemp(prefix=".harp-", suffix=".tmp",
                                                       dir=folder)
            except OSError as err:
                if isinstance(err, PermissionError) and not _kernel_folder(folder):
                    # The file itself may be writable: harp writes a new copy
                    # beside it and renames it, which its folder must allow
                    # (the folder of the file a link leads to).
                    given = os.path.dirname(self.path) or "."
                    if os.path.realpath(given) != folder:
                        given = folder
                    raise PermissionError(errno.EACCES,
                                          f"its folder {shown(given)} is read-only") from None
                if not _kernel_folder(folder):
                    raise
                taken = f"{clip(folder, 160)} takes no new files"
                raise OSError(errno.EINVAL, f"not a regular file ({taken})" if found is not None
                              else taken) from None
        self._target = target
        self._handle = os.fdopen(fd, "w+b")     # w+: a writer may read back what it wrote
        return self._handle

    def discard(self) -> None:
        """Leave the file as it was when the block ends."""
        self._discarded = True

    def redirect(self, path: str | os.PathLike[str]) -> None:
        """Complete the file under ``path`` instead, when the block ends
        (a new name: what was written is kept there, the file is left as
        it is)."""
        self.path = os.fspath(path)
        self._target = os.path.realpath(self.path)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: object) -> None:
        assert self._handle is not None and self._temporary is not None
        try:
            with self._named(WriteError):
                if kind is None and not self._discarded:
                    self._handle.flush()
                    os.fsync(self._handle.fileno())
                    self._handle.close()
                    self._keep_owner()
                    os.chmod(self._temporary, self._final_mode())
                    os.replace(self._temporary, self._target)
                    return
        except BaseException:
            self._remove()
            raise
        self._remove()
        if isinstance(error, OSError) and error.filename is None:   # a write in the block
            raise WriteError(error.errno, error.strerror, clip(self.path, 200)) from None

    def _remove(self) -> None:
        assert self._handle is not None and self._temporary is not None
        with contextlib.suppress(OSError):
            self._handle.close()
        with contextlib.suppress(OSError):
            os.unlink(self._temporary)

    def _keep_owner(self) -> None:
        """Give the complete temporary file the owner and group of the file
        it replaces, where the system allows it (a user may give a file
        only to themselves, and only to one of their groups): else the
        file replaced would be the running user's.  Before its mode is
        set, since a change of owner clears the set-user-ID bits."""
        assert self._temporary is not None
        found = stat_of(self._target)
        if found is None or not hasattr(os, "chown"):      # a new file; Windows
            return
        for owner in (found.st_uid, -1):        # -1: the group alone
            try:
                os.chown(self._temporary, owner, found.st_gid)
                return
            except OSError:     # not allowed (EPERM), or an owner unknown here (EINVAL)
                continue

    def _final_mode(self) -> int:
        try:
            return os.stat(self._target).st_mode & 0o7777
        except FileNotFoundError:
            if self.mode is not None:
                return self.mode
            umask = os.umask(0)
            os.umask(umask)
            return 0o666 & ~umask

    @contextlib.contextmanager
    def _named(self, kind: type[OSError]) -> Iterator[None]:
        """OSErrors as ``kind`` about ``path`` (the temporary file is harp's business)."""
        try:
            yield
        except OSError as err:
            raise kind(err.errno, err.strerror, clip(self.path, 200)) from None


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse (OSError, naming ``path``) now, before any work, a place a
    file cannot be written to, as :class:`AtomicFile` would refuse it when
    the work is done; nothing is written and a file there is left as it was."""
    target = AtomicFile(path)
    with target:
        target.discard()
