"""``file:`` URIs to paths and back; any other scheme (``untitled:``, ``vscode-notebook-cell:``)
has no path, which the server treats as "no pyproject, default config"."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

if os.name == "nt":  # what urllib.request uses, without importing it (and email, http)
    from nturl2path import url2pathname
else:

    def url2pathname(url: str) -> str:
        return unquote(url)


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
