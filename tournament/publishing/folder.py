"""The published folder: its manifest, one run at a time, files written whole and only when changed.

The manifest (``.vielseitig-publish.json`` in the folder) holds for every file
the run wrote its hash, the key it was made from and its tournament, and the
tournaments in the folder. A file is written to a temporary name beside it and
renamed over the old one, so that a web server reading the folder meanwhile
sends the old file or the new one, never half of one. A lock file keeps a
second run (the command line beside the publisher) out until the first is done.

Nothing is read, written or removed through a symbolic link inside the folder:
a link on the way to a file of the run (one of its folders, the file itself, the
manifest, the lock) is removed, its target left alone, and a real folder or file
takes its place; :attr:`Folder.replaced` names each link and where it pointed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import posixpath
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = ".vielseitig-publish.json"
LOCK = ".vielseitig-publish.lock"
#: How long a run waits for another one to finish.
LOCK_WAIT_SECONDS = 600


class FolderBusy(RuntimeError):
    """Another run holds the folder."""


@dataclass
class Entry:
    hash: str
    key: str | None
    owner: str


@dataclass
class Manifest:
    files: dict[str, Entry] = field(default_factory=dict)
    #: every tournament in the folder: slug -> its name, the state the copy shows (its standings
    #: version) and since when (ISO time)
    tournaments: dict[str, dict[str, str]] = field(default_factory=dict)


def digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


class Folder:
    def __init__(self, root: Path):
        self.root = Path(root)
        #: the symbolic links a run found on its way and removed: (their name in the folder, their target)
        self.replaced: list[tuple[str, str]] = []

    # -- no symbolic links ------------------------------------------------------------------

    def _linked(self, path: Path) -> Path | None:
        """The first symbolic link from the folder down to ``path`` (its folders, then itself), or None."""
        current = self.root
        for part in path.relative_to(self.root).parts:
            current = current / part
            if current.is_symlink():
                return current
            if not current.exists():
                return None
        return None

    def _unlinked(self, path: Path) -> Path:
        """``path`` with every symbolic link on its way removed (their targets left alone), noted."""
        while (link := self._linked(path)) is not None:
            target = os.readlink(link)
            link.unlink()
            self.replaced.append((link.relative_to(self.root).as_posix(), str(target)))
        return path

    # -- the manifest -----------------------------------------------------------------------

    def load(self) -> Manifest:
        try:
            if self._linked(self.root / MANIFEST) is not None:
                raise ValueError("the manifest is a symbolic link")  # not read: every file is written again
            data = json.loads((self.root / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return Manifest()  # none yet, or unreadable: every file is written again
        files = {
            name: Entry(hash=e.get("hash", ""), key=e.get("key"), owner=e.get("owner", ""))
            for name, e in data.get("files", {}).items()
            if isinstance(e, dict)
        }
        tournaments = {slug: t for slug, t in data.get("tournaments", {}).items() if isinstance(t, dict)}
        return Manifest(files=files, tournaments=tournaments)

    def save(self, manifest: Manifest) -> None:
        data = {
            "format": 1,
            "tournaments": manifest.tournaments,
            "files": {name: vars(e) for name, e in sorted(manifest.files.items())},
        }
        self.write(MANIFEST, json.dumps(data, ensure_ascii=False, indent=0).encode())

    # -- files ------------------------------------------------------------------------------

    def path(self, name: str) -> Path:
        """The file ``name`` (a relative path with ``/``) in the folder; never a path outside it."""
        clean = posixpath.normpath(name)
        if clean != name or clean.startswith(("/", "../")) or clean in ("..", "."):
            raise ValueError(f"{name!r} is not a file of the folder")
        return self.root / name

    def exists(self, name: str) -> bool:
        """Whether the folder holds the file ``name`` itself (a symbolic link on the way: not)."""
        path = self.path(name)
        return self._linked(path) is None and path.is_file()

    def write(self, name: str, content: bytes) -> None:
        path = self._unlinked(self.path(name))
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(content)
        os.replace(temporary, path)

    def remove(self, name: str) -> None:
        path = self._unlinked(self.path(name))
        path.unlink(missing_ok=True)
        root = self.root
        parent = path.parent
        while parent != root and parent.is_relative_to(root):
            try:
                parent.rmdir()  # only when empty
            except OSError:
                break
            parent = parent.parent

    @contextlib.contextmanager
    def locked(self, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
        """One run at a time in this folder (between processes); waits up to ``wait`` seconds."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self._unlinked(self.root / LOCK), "w") as lock:
            deadline = time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise FolderBusy(str(self.root)) from None
                    time.sleep(0.2)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
