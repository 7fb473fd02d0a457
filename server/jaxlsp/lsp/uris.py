"""``file:`` URIs to paths and back; any other scheme (``untitled:``, ``vscode-notebook-cell:``)
has no path, which the server treats as "no pyproject, default config"."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname


def uri_to_path(uri: str) -> Path | None:
    parts = urlsplit(uri)
    if parts.scheme != "file":
        return None
    path = url2pathname(parts.path)  # percent-decoding, and drive letters on Windows
    if parts.netloc and parts.netloc != "localhost":
        path = f"//{parts.netloc}{path}"  # a UNC share
    return Path(path)


def path_to_uri(path: Path) -> str:
    return path.resolve().as_uri()


def folder_of(uri: str, folders: list[str]) -> str | None:
    """The workspace folder (a URI) that holds ``uri``: the longest one that is its prefix."""
    best: str | None = None
    for folder in folders:
        prefix = folder.rstrip("/") + "/"
        if uri.startswith(prefix) and (best is None or len(folder) > len(best)):
            best = folder
    return best
