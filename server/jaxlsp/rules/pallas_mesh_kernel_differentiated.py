"""A Pallas mesh kernel (``pl.kernel(mesh=...)``, ``core_map``) reached by differentiation.

Mesh kernels have no JVP rule, and reverse mode (``jax.grad``, ``jax.vjp``...) is derived from
the JVP, so every differentiation entry point fails, jitted or not.  A ``jax.custom_jvp`` or
``jax.custom_vjp`` wrapper stops the search: JAX then uses the hand-written rule instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.analysis.module import Edge, ModuleFacts, Node
from jaxlsp.findings import Finding, Fix, RelatedLocation, Span
from jaxlsp.records.model import ErrorRecord
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

    def check(self, facts: ModuleFacts, record: ErrorRecord | None) -> Iterator[Finding]:
        reach = {
            site: facts.reach([Edge(("d", site))], through_custom=False) for site in facts.diffs
        }
        for site, kernel in facts.kernels.items():
            target: Node = ("k", site)
            sites = [diff for key, diff in facts.diffs.items() if target in reach[key]]
            if not sites:
                continue
            first = sites[0]
            route = _route(facts, reach[first.site], target)
            maker = _text(facts, kernel.head) or kernel.maker.rsplit(".", 1)[-1]
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
            from jaxlsp.fixes.custom_jvp_naming import wrapper_title

            title = wrapper_title(facts, kernel)
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


def _text(facts: ModuleFacts, span: Span) -> str | None:
    if span.start.line != span.end.line or not 0 <= span.start.line < len(facts.lines):
        return None
    return facts.lines[span.start.line][span.start.column : span.end.column] or None


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
