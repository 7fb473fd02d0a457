"""Naming for the custom_jvp wrapper fix, without libcst.

The rule that reports a differentiated mesh kernel titles its fix during analysis; keeping these
helpers free of libcst means analysis never loads it (libcst only loads when a fix is computed).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Api, Site

_REFERENCE_NAMES = ("{name}_reference", "{name}_ref", "reference_{name}")


@dataclass(frozen=True)
class KernelBinding:
    """The ``name = <kernel>`` assignment or ``@kernel def name`` that names a kernel."""

    name: str
    #: The name's position in the chunk: 0-based line, column.
    target: tuple[int, int]


def kernel_binding(program: Program, site: Site) -> KernelBinding | None:
    made = site.node
    for node in ast.walk(site.tree):
        if isinstance(node, ast.Assign) and node.value is made and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                return KernelBinding(target.id, _in_chunk(program, site, target))
        if isinstance(node, ast.FunctionDef) and made in node.decorator_list:
            line, column = _in_chunk(program, site, node)
            return KernelBinding(node.name, (line, column + 4))
    return None


def _in_chunk(program: Program, site: Site, node: ast.AST) -> tuple[int, int]:
    """``node``'s start in its chunk as libcst counts: line from the chunk's first, column in
    code points (``ast``'s are UTF-8 bytes)."""
    start = program.span(site, node).start
    return start.line - program.chunk_of(site).start, start.column


def module_names(program: Program) -> dict[str, object]:
    frame = program.module.frame
    return dict(frame.state.env) if frame is not None else {}


def jax_alias(program: Program) -> str | None:
    """The module-level name the module binds ``jax`` to."""
    for name, values in module_names(program).items():
        if len(values) == 1 and values[0] == Api("jax"):  # type: ignore[arg-type, index]
            return name
    return None


def reference_for(program: Program, name: str) -> str | None:
    names = module_names(program)
    return next(
        (
            pattern.format(name=name)
            for pattern in _REFERENCE_NAMES
            if pattern.format(name=name) in names
        ),
        None,
    )


def wrapper_title(program: Program, site: Site) -> str | None:
    binding = kernel_binding(program, site)
    if binding is None:
        return None
    reference = reference_for(program, binding.name)
    name = binding.name
    if reference is not None:
        return f"Wrap `{name}` in jax.custom_jvp (tangents from `{reference}`)"
    return (
        f"Wrap `{name}` in jax.custom_jvp (adds a `{name}_reference` stub: write its "
        "jax.numpy version to get tangents)"
    )
