"""Fix for item assignment on a jax.Array: ``x[i] = v`` becomes ``x = x.at[i].set(v)``
(``x[i] += v`` becomes ``.add``, and so on)."""

from __future__ import annotations

import ast

from jaxlsp.findings import Fix
from jaxlsp.fixes.edits import replace_span
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site

#: Augmented operators with an ``.at`` method of the same meaning.
AT_METHODS: dict[type[ast.operator], str] = {
    ast.Add: "add",
    ast.Mult: "multiply",
    ast.Div: "divide",
    ast.Pow: "power",
}


def _method(statement: ast.Assign | ast.AugAssign) -> str | None:
    if isinstance(statement, ast.Assign):
        return "set" if len(statement.targets) == 1 else None
    return AT_METHODS.get(type(statement.op))


def at_update_title(name: str, statement: ast.Assign | ast.AugAssign) -> str | None:
    method = _method(statement)
    if method is None:
        return None
    return f"Use `{name} = {name}.at[...].{method}(...)`"


def at_update_fix(program: Program, site: Site) -> Fix | None:
    """The rewrite of the statement assigning to ``site``'s subscript."""
    target = site.node
    if not isinstance(target, ast.Subscript):
        return None
    statement = next(
        (
            node
            for node in ast.walk(site.tree)
            if (isinstance(node, ast.Assign) and target in node.targets)
            or (isinstance(node, ast.AugAssign) and node.target is target)
        ),
        None,
    )
    if statement is None:
        return None
    method = _method(statement)
    if method is None:
        return None
    name = program.text(site, target.value)
    index = program.text(site, target.slice)
    value = program.text(site, statement.value)
    text = f"{name} = {name}.at[{index}].{method}({value})"
    edits = replace_span(program.module.parsed.lines, program.span(site, statement), text)
    return Fix(f"Use `{name} = {name}.at[...].{method}(...)`", edits, preferred=True)
