"""Naming for the custom_jvp wrapper fix, without libcst.

The rule that reports a differentiated mesh kernel titles its fix during analysis; keeping these
helpers free of libcst means analysis never loads it (libcst only loads when a fix is computed).
"""

from __future__ import annotations

from jaxlsp.analysis.model import Binding
from jaxlsp.analysis.module import KernelV, ModuleFacts

_REFERENCE_NAMES = ("{name}_reference", "{name}_ref", "reference_{name}")


def _binding(facts: ModuleFacts, kernel: KernelV) -> tuple[str, Binding, int] | None:
    """The ``name = <kernel>`` assignment or ``@kernel def name`` that names the kernel."""
    if kernel.executes:
        return None
    for scope, names in facts.bindings.items():
        for entries in names.values():
            for binding, chunk in entries:
                value = binding.value
                span = getattr(value, "span", None)
                if span is not None and facts.absolute(span, chunk) == kernel.site:
                    return scope, binding, chunk
    return None


def _reference(facts: ModuleFacts, name: str) -> str | None:
    module = facts.bindings.get("", {})
    return next(
        (
            pattern.format(name=name)
            for pattern in _REFERENCE_NAMES
            if pattern.format(name=name) in module
        ),
        None,
    )


def wrapper_title(facts: ModuleFacts, kernel: KernelV) -> str | None:
    found = _binding(facts, kernel)
    if found is None:
        return None
    return title_for_name(facts, found[1].name)


def title_for_name(facts: ModuleFacts, name: str) -> str:
    """The fix's title for the kernel bound to ``name`` (the rule titles its findings' fixes
    with it, having found the names of all kernels in one pass)."""
    reference = _reference(facts, name)
    if reference is not None:
        return f"Wrap `{name}` in jax.custom_jvp (tangents from `{reference}`)"
    return (
        f"Wrap `{name}` in jax.custom_jvp (adds a `{name}_reference` stub: write its "
        "jax.numpy version to get tangents)"
    )
