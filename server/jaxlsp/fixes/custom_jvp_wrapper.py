"""Fix for a differentiated mesh kernel: give it a ``jax.custom_jvp`` rule.

The kernel is renamed (``double`` → ``double_mesh_kernel``) and ``double`` becomes a custom_jvp
function that calls it, so every existing use gets the rule.  The rule computes the primal with
the kernel and the tangent with ``jax.jvp`` of a differentiable reference implementation
(``double_reference``, a plain jax.numpy version, as kernels usually have for testing).  When the
module has no reference, the fix adds one that raises until it is written, and says so in its
title: it cannot invent the kernel's derivative.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
from libcst.metadata import PositionProvider

from jaxlsp.findings import Fix
from jaxlsp.fixes.cst import rewrite_statement
from jaxlsp.fixes.custom_jvp_naming import (
    jax_alias,
    kernel_binding,
    module_names,
    reference_for,
    wrapper_title,
)
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site


def _snippet(name: str, kernel_name: str, jax: str, reference: str | None) -> str:
    ref = reference or f"{name}_reference"
    lines = []
    if jax == "":
        jax = "jax"
        lines.append("import jax")
    if reference is None:
        lines += [
            f"def {ref}(*args):",
            f'    """A differentiable (jax.numpy) version of {kernel_name}, for its tangents."""',
            f'    raise NotImplementedError("write {ref} to differentiate {name}")',
            "",
            "",
        ]
    lines += [
        f"@{jax}.custom_jvp",
        f"def {name}(*args):",
        f"    return {kernel_name}(*args)",
        "",
        "",
        f"@{name}.defjvp",
        f"def _{name}_jvp(primals, tangents):",
        "    # Mesh kernels have no JVP rule: the tangent comes from the reference.",
        f"    return {kernel_name}(*primals), {jax}.jvp({ref}, primals, tangents)[1]",
    ]
    return "\n".join(lines) + "\n"


class _Wrap(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(
        self,
        target: tuple[int, int],
        name: str,
        kernel_name: str,
        snippet: str,
        *,
        space_after: bool,
    ) -> None:
        super().__init__()
        self.space_after = space_after
        self.target = target
        self.name = name
        self.kernel_name = kernel_name
        self.snippet = cst.parse_module(snippet).body
        self.done = False

    def _at(self, node: cst.CSTNode) -> tuple[int, int]:
        start = self.get_metadata(PositionProvider, node).start
        return int(start.line) - 1, int(start.column)

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        if self._at(original_node) == self.target and original_node.value == self.name:
            return updated_node.with_changes(value=self.kernel_name)
        return updated_node

    def _insert(self, body: Sequence[cst.BaseStatement], top: bool) -> list[cst.BaseStatement]:
        result: list[cst.BaseStatement] = []
        for statement in body:
            result.append(statement)
            if not self.done and _renamed(statement, self.kernel_name):
                self.done = True
                blank = [cst.EmptyLine(), cst.EmptyLine()] if top else [cst.EmptyLine()]
                for index, added in enumerate(self.snippet):
                    lines = blank if index == 0 or top else [cst.EmptyLine()]
                    result.append(added.with_changes(leading_lines=lines))
        return result

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        return updated_node.with_changes(body=self._insert(updated_node.body, top=False))

    def leave_Module(self, original_node: cst.Module, updated_node: cst.Module) -> cst.Module:
        body = self._insert(updated_node.body, top=True)
        inserted_last = self.done and _renamed(updated_node.body[-1], self.kernel_name)
        if inserted_last and self.space_after:  # the next statement follows without a blank line
            return updated_node.with_changes(body=body, footer=[cst.EmptyLine(), cst.EmptyLine()])
        return updated_node.with_changes(body=body)


def _renamed(statement: cst.BaseStatement, kernel_name: str) -> bool:
    if isinstance(statement, cst.FunctionDef):
        return statement.name.value == kernel_name
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign | cst.AnnAssign):
                targets = (
                    [t.target for t in small.targets]
                    if isinstance(small, cst.Assign)
                    else [small.target]
                )
                if any(isinstance(t, cst.Name) and t.value == kernel_name for t in targets):
                    return True
    return False


def wrap_in_custom_jvp(source: str, program: Program, site: Site) -> Fix | None:
    binding = kernel_binding(program, site)
    title = wrapper_title(program, site)
    if binding is None or title is None:
        return None
    name = binding.name
    kernel_name = f"{name}_mesh_kernel"
    taken = set(module_names(program))
    while kernel_name in taken:
        kernel_name = f"_{kernel_name}"
    snippet = _snippet(name, kernel_name, jax_alias(program) or "", reference_for(program, name))
    lines = program.module.parsed.lines
    chunk = program.chunk_of(site)
    after = chunk.end + 1
    space_after = after < len(lines) and lines[after].strip() != ""
    edits = rewrite_statement(
        source,
        chunk,
        lambda: _Wrap(binding.target, name, kernel_name, snippet, space_after=space_after),
    )
    if edits is None:
        return None
    # Unsafe: the JVP rule it writes is the user's to check (what the kernel's derivative is).
    return Fix(title, tuple(edits), preferred=True, safe=False)
