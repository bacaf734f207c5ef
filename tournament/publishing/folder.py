"""The published folder: its manifest, one run at a time, files written whole and only when changed.

The manifest (``.vielseitig-publish.json`` in the folder) holds for every file
the run wrote its hash, the key it was made from and its tournament, and the
tournaments in the folder. A file is written to a temporary name beside it and
renamed over the old one, so that a web server reading the folder meanwhile
sends the old file or the new one, never half of one. A lock file keeps a
second run (the command line beside the publisher) out until the first is done.
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

    # -- the manifest -----------------------------------------------------------------------

    def load(self) -> Manifest:
        try:
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
        return self.path(name).is_file()

    def write(self, name: str, content: bytes) -> None:
        path = self.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(content)
        os.replace(temporary, path)

    def remove(self, name: str) -> None:
        path = self.path(name)
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
        with open(self.root / LOCK, "w") as lock:
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
