"""A grid ``pallas_call`` that a backward pass differentiates (``jax.grad``, ``jax.vjp``,
``jax.value_and_grad``, ``jax.jacrev``, ``jax.hessian``), or ``jax.linearize`` splits.

pallas_call has a JVP rule but cannot be linearized, so reverse mode cannot run the kernel
backwards: the gradient (and ``jax.linearize``) raises (ValueError "Linearization failed
..." on jax 0.12.0.1; a tangent computed by the kernel itself inside a ``custom_jvp`` rule
raises NotImplementedError "Transpose rule ... for 'pallas_call'").  Claimed only where
every differentiation the call runs under linearizes (``jax.jvp`` runs the kernel's JVP) and an
operand surely holds a float value that pass differentiates; a ``custom_vjp`` wrapper (JAX
uses its hand-written backward pass), ``lax.stop_gradient`` on the operands, integer
operands and aliased operands (their own error, ``pallas-jvp-input-output-aliases``) are
left alone.  Mesh kernels have their own rule (no JVP at all).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.jax_api import REVERSE_MODE
from jaxlsp.apis.pallas import PALLAS_CALL
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Called
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Flavour, Kernel, Trace
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import (
    PALLAS_FACTS,
    SETUP,
    differentiated_launch,
    grid_index_reads,
    launches,
)
from jaxlsp.rules._support import finding, related, through, transform_name
from jaxlsp.rules.base import Rule

#: Transforms that linearize what they differentiate: the backward passes (``hessian`` is
#: jacfwd of jacrev) and ``jax.linearize`` (measured: the same ValueError on jax 0.12.0.1).
_LINEARIZING = REVERSE_MODE | {"jax.hessian", "jax.linearize"}


class PallasCallReverseMode(Rule):
    NAME = "pallas-call-reverse-mode"
    CODE = "pallas-call-reverse-mode"
    RECORD_ID = "6d8316a47625e918"
    READS = PALLAS_FACTS

    VALID = (
        # forward mode runs the kernel's JVP; the kernel under custom_vjp uses its bwd
        SETUP
        + """
def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

double = pl.pallas_call(double_kernel, out_shape=out, interpret=True)
jax.jvp(double, (x,), (x,))

@jax.custom_vjp
def double_diff(v):
    return double(v)

def double_fwd(v):
    return double(v), None

def double_bwd(_, g):
    return (2.0 * g,)

double_diff.defvjp(double_fwd, double_bwd)
jax.grad(lambda v: double_diff(v).sum())(x)
""",
        # differentiated only through stop_gradient; run, not differentiated
        SETUP
        + """
def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

double = pl.pallas_call(double_kernel, out_shape=out, interpret=True)
jax.grad(lambda v: (double(jax.lax.stop_gradient(v)) * v).sum())(x)
y = jax.jit(double)(x)
""",
    )

    INVALID = (
        SETUP
        + """
def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

def double(v):
    launch = pl.pallas_call(double_kernel, out_shape=out, interpret=True)
    return launch(v)  # expect: pallas-call-reverse-mode

jax.grad(lambda v: double(v).sum())(x)
""",
        SETUP
        + """
def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

add = pl.pallas_call(add_kernel, out_shape=out, interpret=True)

def loss(a, b):
    return add(a, b).sum()  # expect: pallas-call-reverse-mode

jax.jit(jax.value_and_grad(loss))(x, x)
""",
        SETUP
        + """
def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

double = pl.pallas_call(double_kernel, out_shape=out, interpret=True)
y, double_jvp = jax.linearize(double, x)  # expect: pallas-call-reverse-mode
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[object] = set()
        for at in launches(program):
            called = at.called
            kernel = called.callee if called is not None else None
            if (
                called is None
                or not isinstance(kernel, Kernel)
                or kernel.maker != PALLAS_CALL
                or kernel.executes
                or at.launch.aliases != {}
                or called.site in reported
            ):
                continue
            backward = _backward_pass(program, called)
            if backward is None:
                continue
            reported.add(called.site)
            line = ""
            if backward.site is not None:
                line = f" on {program.line_name(backward.site, called.site.module)}"
            yield finding(
                self,
                record,
                program,
                called.site,
                f"This pallas_call runs under {transform_name(backward)}{line}"
                f"{through(called.frame, backward)}, which linearizes its operands (as reverse "
                "mode does): pallas_call cannot be linearized, so this raises "
                "(ValueError 'Linearization failed to produce known values', or "
                "NotImplementedError 'Transpose rule ... pallas_call' for a tangent computed "
                "by the kernel). Wrap the kernel in jax.custom_vjp with a hand-written "
                "backward pass, or differentiate it in forward mode with jax.jvp.",
                (
                    (related(program, backward.site, f"{transform_name(backward)} is here"),)
                    if backward.site is not None
                    else ()
                ),
            )


def _backward_pass(program: Program, called: Called) -> Trace | None:
    """The innermost differentiation of a kernel call, when every differentiation it runs
    under linearizes, one of its operands is a float array it differentiates, and the kernel
    reads no grid index (differentiating that one fails earlier, with the AssertionError of
    ``pallas-program-id-outside-kernel``)."""
    backward = differentiated_launch(called)
    kinds = {t.kind for t in called.frame.context if t.flavour is Flavour.DIFFERENTIATED}
    if backward is None or not kinds <= _LINEARIZING:
        return None
    if isinstance(called.callee, Kernel) and grid_index_reads(program, called.callee):
        return None
    return backward
