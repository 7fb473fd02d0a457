"""Top-level statements' ``ast`` trees, shared by statement summarising and the rules.

Each statement is parsed once: summarising a module parses it piece by piece and hands the
trees of whole statements over here (``remember``), where the rules find them by the
statement's text.  The cache is an LRU bounded in entries, so trees of edited-away statements
drop out.
"""

from __future__ import annotations

import ast
import threading
from collections import OrderedDict

_TREES: OrderedDict[str, ast.Module | None] = OrderedDict()
_TREE_LIMIT = 4096
_TREES_LOCK = threading.Lock()


def remember(text: str, tree: ast.Module) -> None:
    """Cache ``tree``, which must be ``ast.parse(text)``'s (positions relative to ``text``);
    a tree already cached for ``text`` is kept, with what is memoised on it."""
    with _TREES_LOCK:
        if text in _TREES and _TREES[text] is not None:
            _TREES.move_to_end(text)
            return
        _TREES[text] = tree
        if len(_TREES) > _TREE_LIMIT:
            _TREES.popitem(last=False)


def parse(text: str) -> ast.Module | None:
    """The statement's tree, cached by its text (None when it does not parse on its own).

    Trees are shared between analyses (and threads: the server analyses off its event loop);
    nothing mutates them except idempotent ``_jaxlsp_*`` memo attributes.
    """
    with _TREES_LOCK:
        if text in _TREES:
            _TREES.move_to_end(text)
            return _TREES[text]
    try:
        parsed: ast.Module | None = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        parsed = None
    with _TREES_LOCK:
        _TREES[text] = parsed
        if len(_TREES) > _TREE_LIMIT:
            _TREES.popitem(last=False)
    return parsed


def parse_all(texts: list[str]) -> list[ast.Module | None]:
    """``parse`` of each text: the cached ones under one acquisition of the lock."""
    found: list[ast.Module | None] = []
    missing: list[int] = []
    with _TREES_LOCK:
        for text in texts:
            if text in _TREES:
                _TREES.move_to_end(text)
                found.append(_TREES[text])
            else:
                missing.append(len(found))
                found.append(None)
    for position in missing:
        found[position] = parse(texts[position])
    return found
