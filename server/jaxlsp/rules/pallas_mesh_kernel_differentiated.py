"""A Pallas mesh kernel (``pl.kernel(mesh=...)``, ``core_map``) reached by differentiation.

Mesh kernels have no JVP rule, and reverse mode (``jax.grad``, ``jax.vjp``...) is derived from
the JVP, so every differentiation entry point fails, jitted or not.  A ``jax.custom_jvp`` or
``jax.custom_vjp`` wrapper stops the search: JAX then uses the hand-written rule instead.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from jaxlsp.analysis.module import DiffV, Edge, KernelV, ModuleFacts, Node
from jaxlsp.findings import Finding, Fix, Position, RelatedLocation, Span
from jaxlsp.fixes.custom_jvp_naming import title_for_name
from jaxlsp.records.record import Record
from jaxlsp.rules.base import Rule, explanation


class PallasMeshKernelDifferentiated(Rule):
    NAME = "pallas-mesh-kernel-differentiated"
    CODE = "pallas-call-with-a-mesh-does-not-support-jvp"
    RECORD_ID = "893b10de5624d9e1"

    VALID = (
        # a grid pallas_call (no mesh) is differentiable
        """
import jax
from jax.experimental import pallas as pl

def body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

double = pl.pallas_call(body, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32))
jax.jvp(double, (x,), (x,))
""",
        # the mesh kernel is wrapped in custom_jvp, whose rule is used instead
        """
import jax
from jax.experimental import pallas as pl

double_kernel = pl.kernel(body, out_type=out_type, mesh=mesh)

@jax.custom_jvp
def double(x):
    return double_kernel(x)

@double.defjvp
def double_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return double_kernel(x), 2.0 * t

jax.jvp(double, (x,), (x,))
jax.grad(lambda v: double(v).sum())(x)
""",
        # a mesh kernel that is run but never differentiated
        """
from jax.experimental import pallas as pl
double = pl.kernel(body, out_type=out_type, mesh=mesh)
y = jax.jit(double)(x)
""",
    )

    INVALID = (
        # the seed reproducer's spelling
        """
import jax
from jax.experimental import pallas as pl

double = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    double_body, out_type=out_type, mesh=mesh, interpret=True
)
jax.jvp(double, (x,), (x,))
""",
        # decorator-factory form, reached from jax.grad through a helper under jit
        """
import jax
import jax.experimental.pallas as pl

@pl.kernel(mesh=mesh, out_type=out_type)  # expect: pallas-call-with-a-mesh-does-not-support-jvp
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

def loss(x):
    return double(x).sum()

jax.jit(jax.grad(loss))(x)
""",
        # alias imports, partial, lambda, value_and_grad
        """
from functools import partial
from jax import value_and_grad
from jax.experimental.pallas import kernel as mesh_kernel

make = partial(mesh_kernel, out_type=out_type, mesh=mesh)
square = make(square_body)  # expect: pallas-call-with-a-mesh-does-not-support-jvp
value_and_grad(lambda v: square(v).sum())(x)
""",
        # the deprecated core_map, run inside a function under jax.jacfwd
        """
import jax
from jax.experimental import pallas as pl

def f(x):
    @pl.core_map(mesh)  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    def _():
        pass
    return x

jax.jacfwd(f)(x)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        if not facts.kernels:
            return
        reach = {
            site: facts.reach([Edge(("d", site))], through_custom=False) for site in facts.diffs
        }
        # the kernels each differentiation reaches (reaches are small: look at them, not at
        # every kernel for every differentiation)
        reaching: dict[Span, list[DiffV]] = {}
        for key, diff in facts.diffs.items():
            for node in reach[key]:
                if node[0] == "k" and isinstance(node[1], Span):
                    reaching.setdefault(node[1], []).append(diff)
        reported: list[tuple[KernelV, list[DiffV]]] = []
        for site, kernel in facts.kernels.items():
            sites = reaching.get(site)
            if sites:
                reported.append((kernel, sites))
        starts = [chunk.start for chunk in facts.chunks]
        titles = _wrapper_titles(facts, [kernel for kernel, _ in reported], starts)
        for kernel, sites in reported:
            target: Node = ("k", kernel.site)
            first = sites[0]
            route = _route(facts, reach[first.site], target)
            maker = _text(facts, kernel.head, starts) or kernel.maker.rsplit(".", 1)[-1]
            message = (
                f"This Pallas mesh kernel, made by `{maker}(...)`, is differentiated by "
                f"{first.qualified} on line {first.head.start.line + 1}{route}: mesh kernels have "
                "no JVP rule (reverse mode needs it too), so this raises NotImplementedError "
                "('Differentiation rule for 'mpmd_map' not implemented' on jax 0.12.0.1, "
                "'pallas_call with a mesh does not support JVP' elsewhere)." + explanation(record)
            )
            related = tuple(
                RelatedLocation(d.head, f"{d.qualified} differentiates the kernel here")
                for d in sites
            )
            title = titles.get(kernel.site)
            yield Finding(
                code=self.CODE,
                record_id=self.RECORD_ID,
                rule=self.NAME,
                message=message,
                span=kernel.head,
                severity="error",
                related=related,
                fix_titles=(title,) if title else (),
            )

    def fixes(self, source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
        from jaxlsp.fixes.custom_jvp_wrapper import wrap_in_custom_jvp

        for kernel in facts.kernels.values():
            if kernel.head == finding.span:
                fix = wrap_in_custom_jvp(source, facts, kernel)
                return [fix] if fix is not None else []
        return []


def _wrapper_titles(
    facts: ModuleFacts, kernels: list[KernelV], starts: list[int]
) -> dict[Span, str]:
    """``wrapper_title`` of each kernel, from one pass over the module's bindings (it scans
    them for each kernel): the first binding, in the same order, whose value is the kernel."""
    wanted: dict[int, dict[Span, Span]] = {}
    for kernel in kernels:
        if kernel.executes:
            continue
        site = kernel.site
        chunk = bisect.bisect_right(starts, site.start.line) - 1
        if chunk < 0:
            continue
        base = starts[chunk]
        relative = Span(
            Position(site.start.line - base, site.start.column),
            Position(site.end.line - base, site.end.column),
        )
        wanted.setdefault(chunk, {})[relative] = site
    names: dict[Span, str] = {}
    remaining = sum(len(spans) for spans in wanted.values())
    for entries_by_name in facts.bindings.values() if remaining else ():
        for entries in entries_by_name.values():
            for binding, chunk in entries:
                spans = wanted.get(chunk)
                if spans is None:
                    continue
                value_span: Span | None = getattr(binding.value, "span", None)
                found = spans.get(value_span) if value_span is not None else None
                if found is not None and found not in names:
                    names[found] = binding.name
                    remaining -= 1
                    if not remaining:
                        return {site: title_for_name(facts, name) for site, name in names.items()}
    return {site: title_for_name(facts, name) for site, name in names.items()}


def _text(facts: ModuleFacts, span: Span, starts: list[int]) -> str | None:
    if span.start.line != span.end.line:
        return None
    line = _line(facts, span.start.line, starts)
    if line is None:
        return None
    return line[span.start.column : span.end.column] or None


def _line(facts: ModuleFacts, number: int, starts: list[int]) -> str | None:
    """Line ``number`` of the module, from its statement's text when it has one (so the
    module's own lines are not split for this); ``starts`` are the chunks' first lines."""
    index = bisect.bisect_right(starts, number) - 1
    if index >= 0 and number <= facts.chunks[index].end:
        chunk = facts.chunks[index]
        return chunk.text.split("\n")[number - chunk.start]
    if not 0 <= number < len(facts.lines):
        return None
    return facts.lines[number]


def _route(facts: ModuleFacts, parents: dict[Node, Node | None], target: Node) -> str:
    steps: list[str] = []
    node = parents.get(target)
    while node is not None:
        if node[0] == "f":
            described = facts.describe(node)
            if described.startswith("`"):
                steps.append(described)
        node = parents.get(node)
    return f" (through {' → '.join(reversed(steps))})" if steps else ""
