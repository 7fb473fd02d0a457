"""Fix for symbolic_zeros under shard_map: register the rule without symbolic zeros.

Dropping the flag alone would break the program: with ``symbolic_zeros=True`` fwd receives
``CustomVJPPrimal`` leaves, so its ``x.value`` must become ``x`` (and ``x.perturbed`` becomes
``True``: without symbolic zeros every input counts as perturbed).  bwd needs no change: it
only ever sees real cotangents without the flag.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider

from jaxlsp.analysis.module import DefVjp, FuncV, ModuleFacts
from jaxlsp.findings import Fix, TextEdit
from jaxlsp.fixes.cst import rewrite_statement


class _Rewrite(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(
        self,
        call_line: tuple[int, int] | None,
        fwd_line: tuple[int, int] | None,
        params: frozenset[str],
    ) -> None:
        super().__init__()
        self.call_line = call_line  # (line, column) in the statement of the defvjp call
        self.fwd_line = fwd_line  # (line, column) of fwd's name / lambda keyword
        self.params = params
        self._inside_fwd = 0

    def _at(self, node: cst.CSTNode) -> tuple[int, int]:
        start = self.get_metadata(PositionProvider, node).start
        return int(start.line) - 1, int(start.column)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        if self.fwd_line is not None and self._at(node.name) == self.fwd_line:
            self._inside_fwd += 1
        return True

    def leave_FunctionDef(
        self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef
    ) -> cst.FunctionDef:
        if self.fwd_line is not None and self._at(original_node.name) == self.fwd_line:
            self._inside_fwd -= 1
        return updated_node

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        if self.fwd_line is not None and self._at(node) == self.fwd_line:
            self._inside_fwd += 1
        return True

    def leave_Lambda(self, original_node: cst.Lambda, updated_node: cst.Lambda) -> cst.Lambda:
        if self.fwd_line is not None and self._at(original_node) == self.fwd_line:
            self._inside_fwd -= 1
        return updated_node

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        if (
            self._inside_fwd
            and isinstance(updated_node.value, cst.Name)
            and updated_node.value.value in self.params
        ):
            if updated_node.attr.value == "value":
                return updated_node.value
            if updated_node.attr.value == "perturbed":
                return cst.Name("True")
        return updated_node

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        if self.call_line is None or self._at(original_node) != self.call_line:
            return updated_node
        func = updated_node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "defvjp"):
            return updated_node
        args = list(updated_node.args)
        doomed = [
            index
            for index, arg in enumerate(args)
            if (arg.keyword is not None and arg.keyword.value == "symbolic_zeros")
            or (arg.keyword is None and index == 2)
        ]
        if not doomed:
            return updated_node
        removed = args.pop(doomed[0])
        if doomed[0] == len(args) and args:
            # The last argument goes: the one before it takes over its comma (a trailing comma
            # and the closing bracket's line stay as the user formatted them).
            args[-1] = args[-1].with_changes(comma=removed.comma)
        return updated_node.with_changes(args=args)


def drop_symbolic_zeros(source: str, facts: ModuleFacts, defvjp: DefVjp, title: str) -> Fix | None:
    """Both rewrites as one fix, or None when fwd is not a function defined in this module."""
    if not isinstance(defvjp.fwd, FuncV) or defvjp.fwd.key not in facts.functions:
        return None
    fwd, fwd_chunk = facts.functions[defvjp.fwd.key]
    call_line = (defvjp.call.span.start.line, defvjp.call.span.start.column)
    fwd_line = (fwd.span.start.line, fwd.span.start.column)
    edits: list[TextEdit] = []
    if fwd_chunk == defvjp.chunk:
        found = rewrite_statement(
            facts, fwd_chunk, lambda: _Rewrite(call_line, fwd_line, fwd.params)
        )
        if found is None:
            return None
        edits.extend(found)
    else:
        for chunk, make in (
            (defvjp.chunk, lambda: _Rewrite(call_line, None, frozenset())),
            (fwd_chunk, lambda: _Rewrite(None, fwd_line, fwd.params)),
        ):
            found = rewrite_statement(facts, chunk, make)
            if found is None and chunk == defvjp.chunk:
                return None
            edits.extend(found or [])
    return Fix(title, tuple(sorted(edits, key=lambda e: e.span.start)), preferred=True)
