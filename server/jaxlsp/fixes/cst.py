"""Run a libcst transformer on one top-level statement and return the minimal edits.

Parsing one statement (not the module) keeps a fix fast on big files; positions inside the
statement come from libcst's cheap PositionProvider on that small tree.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

import libcst as cst
from libcst.metadata import MetadataWrapper

from jaxlsp.findings import TextEdit
from jaxlsp.fixes.edits import minimal_edits
from jaxlsp.syntax.source import Chunk


def rewrite_statement(
    source: str,
    chunk: Chunk,
    make_transformer: Callable[[], cst.CSTTransformer],
) -> list[TextEdit] | None:
    """Edits from rewriting ``chunk``; None when libcst cannot parse or rewrite it."""
    old = chunk.text
    try:
        wrapper = MetadataWrapper(cst.parse_module(old), unsafe_skip_copy=True)
        new = wrapper.visit(make_transformer()).code
    except (cst.ParserSyntaxError, RecursionError):
        return None
    if new == old:
        return None
    try:
        ast.parse(new)
    except (SyntaxError, ValueError):
        return None  # a fix must produce code that parses
    return minimal_edits(old, new, chunk.start, newline_of(source))


def newline_of(source: str) -> str:
    return "\r\n" if "\r\n" in source else "\n"
