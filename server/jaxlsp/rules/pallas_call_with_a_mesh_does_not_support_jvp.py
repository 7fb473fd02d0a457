"""A Pallas mesh kernel (``pl.kernel(mesh=...)``, ``core_map``) reached by differentiation.

Mesh kernels have no JVP rule, and reverse mode (``jax.grad``, ``jax.vjp``...) is derived from
the JVP, so every differentiation entry point fails, jitted or not, when a differentiated
value flows into the kernel (``lax.stop_gradient`` on its input, or differentiating with
respect to an argument the kernel does not read, runs).  A ``jax.custom_jvp`` or
``jax.custom_vjp`` wrapper stops it: JAX then uses the hand-written rule instead.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding, Fix
from jaxlsp.fixes.custom_jvp_naming import wrapper_title
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Flavour, Kernel, Trace, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS
from jaxlsp.rules._support import finding, related, source, through, transform_name
from jaxlsp.rules.base import Rule

#: What each release raises, measured (the record lists each message with its versions).
_RAISES = (
    "NotImplementedError ('Differentiation rule for 'mpmd_map' not implemented' on jax "
    "0.12.0.1 and 0.11.2; AssertionError 'must override' on 0.10.2; 'Differentiation rule for "
    "'core_map' not implemented' on 0.8.3 and 0.9.2)"
)

_SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
out_type = jax.ShapeDtypeStruct((8,), jnp.float32)
x = jnp.arange(8.0, dtype=jnp.float32)

def body(x_hbm, o_hbm):
    pltpu.sync_copy(x_hbm, o_hbm)  # a mesh kernel's operands are in HBM: copy, never load
"""


class PallasCallWithAMeshDoesNotSupportJvp(Rule):
    NAME = "pallas-call-with-a-mesh-does-not-support-jvp"
    FORMER_NAMES = ("pallas-mesh-kernel-differentiated",)
    CODE = "pallas-call-with-a-mesh-does-not-support-jvp"
    RECORD_ID = "893b10de5624d9e1"
    READS = PALLAS_FACTS

    VALID = (
        # a grid pallas_call (no mesh) is differentiable in interpret mode
        _SETUP
        + """
def grid_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

double = pl.pallas_call(grid_body, out_shape=out_type, interpret=True)
jax.jvp(double, (x,), (x,))
""",
        # the mesh kernel is wrapped in custom_jvp, whose rule is used instead
        _SETUP
        + """
double_kernel = pl.kernel(body, out_type=out_type, mesh=mesh, interpret=True)

@jax.custom_jvp
def double(v):
    return double_kernel(v)

@double.defjvp
def double_jvp(primals, tangents):
    (v,), (t,) = primals, tangents
    return double_kernel(v), 2.0 * t

jax.jvp(double, (x,), (x,))
jax.grad(lambda v: double(v).sum())(x)
""",
        # run, not differentiated; differentiated only through stop_gradient
        _SETUP
        + """
double = pl.kernel(body, out_type=out_type, mesh=mesh, interpret=True)
y = jax.jit(double)(x)
jax.grad(lambda v: (double(jax.lax.stop_gradient(v)) * v).sum())(x)
""",
    )

    INVALID = (
        _SETUP
        + """
double = pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
    body, out_type=out_type, mesh=mesh, interpret=True
)
jax.jvp(double, (x,), (jnp.ones_like(x),))
""",
        # made by a factory, differentiated through a loss function
        _SETUP
        + """
def on_mesh(kernel_body):
    return pl.kernel(  # expect: pallas-call-with-a-mesh-does-not-support-jvp
        kernel_body, out_type=out_type, mesh=mesh, interpret=True
    )

square = on_mesh(body)

def loss(v):
    return square(v).sum()

jax.grad(loss)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[object] = set()
        for called in program.calls_of(Kernel):
            kernel = called.callee
            if not isinstance(kernel, Kernel) or not kernel.mesh or kernel.site in reported:
                continue
            trace = _differentiated(called.positional, called.frame, kernel)
            if trace is None:
                continue
            reported.add(kernel.site)
            maker = kernel.site.node
            made_by = source(maker.func) if isinstance(maker, ast.Call) else "pl.kernel"
            line = ""
            if trace.site is not None:
                line = f" on {program.line_name(trace.site, kernel.site.module)}"
            titles = self._titles(program, kernel)
            yield finding(
                self,
                record,
                program,
                kernel.site,
                f"This Pallas mesh kernel, made by `{made_by}(...)`, is differentiated by "
                f"{transform_name(trace)}{line}{through(called.frame, trace)}: mesh kernels have "
                f"no JVP rule (reverse mode needs it too), so this raises {_RAISES}.",
                (
                    related(program, called.site, "the kernel runs here"),
                    *(
                        (
                            related(
                                program,
                                trace.site,
                                f"{transform_name(trace)} differentiates it here",
                            ),
                        )
                        if trace.site is not None
                        else ()
                    ),
                ),
                fix_titles=titles,
            )

    def _titles(self, program: Program, kernel: Kernel) -> tuple[str, ...]:
        if kernel.executes or not program.is_here(kernel.site):
            return ()
        title = wrapper_title(program, kernel.site)
        return (title,) if title else ()

    def fixes(self, source: str, program: Program, finding: Finding) -> list[Fix]:
        from jaxlsp.fixes.custom_jvp_wrapper import wrap_in_custom_jvp

        for made in program.facts.made:
            kernel = made.value
            if not isinstance(kernel, Kernel) or not kernel.mesh or kernel.executes:
                continue
            if program.is_here(kernel.site) and program.span(kernel.site) == finding.span:
                fix = wrap_in_custom_jvp(source, program, kernel.site)
                return [fix] if fix is not None else []
        return []


def _differentiated(arguments: tuple[Values, ...], frame: Frame, kernel: Kernel) -> Trace | None:
    """The differentiating trace of a kernel call: of a differentiated argument, or (for a
    kernel that takes none: ``core_map`` mutates the refs it closes over) of the frame."""
    if kernel.executes or not arguments:
        return frame.under(Flavour.DIFFERENTIATED)
    for values in arguments:
        for value in values:
            if (
                isinstance(value, Array)
                and value.flavours
                and Flavour.DIFFERENTIATED in value.flavours
            ):
                return _innermost_differentiation(frame) or value.trace
    return None


def _innermost_differentiation(frame: Frame) -> Trace | None:
    return frame.under(Flavour.DIFFERENTIATED)
