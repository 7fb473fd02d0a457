"""Fix for symbolic_zeros under shard_map: register the rule without symbolic zeros.

Dropping the flag alone would break the program: with ``symbolic_zeros=True`` fwd receives
``CustomVJPPrimal`` leaves, so its ``x.value`` must become ``x`` (and ``x.perturbed`` becomes
``True``: without symbolic zeros every input counts as perturbed).  bwd needs no change: it
only ever sees real cotangents without the flag.
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.metadata import PositionProvider

from jaxlsp.findings import Fix, TextEdit
from jaxlsp.fixes.cst import rewrite_statement
from jaxlsp.infer.frames import Made
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Function, Site


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


def _in_chunk(program: Program, site: Site) -> tuple[int, int]:
    start = program.span(site).start
    return start.line - program.chunk_of(site).start, start.column


def drop_symbolic_zeros(source: str, program: Program, defvjp: Made, title: str) -> Fix | None:
    """Both rewrites as one fix, or None when fwd is not one function of this module."""
    fwd_values = defvjp.arguments.get("fwd", ())
    if len(fwd_values) != 1 or not isinstance(fwd_values[0], Function):
        return None
    fwd = fwd_values[0]
    if not program.is_here(fwd.site):
        return None
    # positions in the chunk as libcst counts them: lines from the chunk's first, columns in
    # code points (ast's are UTF-8 bytes)
    call_line = _in_chunk(program, defvjp.site)
    node = fwd.node
    if isinstance(node, ast.Lambda):
        fwd_line = _in_chunk(program, fwd.site)
    else:
        keyword = 10 if isinstance(node, ast.AsyncFunctionDef) else 4
        line, column = _in_chunk(program, fwd.site)
        fwd_line = (line, column + keyword)
    arguments = node.args
    params = frozenset(
        a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
    )
    edits: list[TextEdit] = []
    defvjp_chunk, fwd_chunk = program.chunk_of(defvjp.site), program.chunk_of(fwd.site)
    if fwd_chunk is defvjp_chunk:
        found = rewrite_statement(
            source, defvjp_chunk, lambda: _Rewrite(call_line, fwd_line, params)
        )
        if found is None:
            return None
        edits.extend(found)
    else:
        for chunk, make in (
            (defvjp_chunk, lambda: _Rewrite(call_line, None, frozenset())),
            (fwd_chunk, lambda: _Rewrite(None, fwd_line, params)),
        ):
            found = rewrite_statement(source, chunk, make)
            if found is None and chunk is defvjp_chunk:
                return None
            edits.extend(found or [])
    # Unsafe: fwd's argument changes type and bwd no longer receives SymbolicZero cotangents.
    return Fix(title, tuple(sorted(edits, key=lambda e: e.span.start)), preferred=True, safe=False)
