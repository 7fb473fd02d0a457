"""A ``lax.while_loop`` (or a ``lax.fori_loop`` with traced bounds, which is one) whose carry
starts from a float value that ``jax.grad`` (``value_and_grad``, ``vjp``, ``jacrev``,
``hessian``) differentiates: reverse mode cannot run a while loop backwards, so the gradient
raises.

The contract is on the loops in the API models (``reverse_differentiated_loop``): claimed only
where every differentiation the loop runs under is a backward pass and the carry surely holds
a float tracer of it, from the start or from what the body closes over (a loop that only
counts, or a carry cut by ``lax.stop_gradient``, has no tangent and runs).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Flavour
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Rule


class ForiLoopReverseModeDynamicBounds(Rule):
    NAME = "fori-loop-reverse-mode-dynamic-bounds"
    FORMER_NAMES = ("loop-reverse-mode",)
    CODE = "fori-loop-reverse-mode-dynamic-bounds"
    RECORD_ID = "9c82aa394f1b08b5"

    VALID = (
        # static bounds make fori_loop a scan; forward mode runs a while loop; a counter loop
        # has no tangent
        """
import jax
import jax.numpy as jnp
from jax import lax

def power(x, n):
    return lax.fori_loop(0, n, lambda i, acc: acc * x, jnp.ones_like(x))

def halvings(x):
    steps = lax.while_loop(lambda i: i < 3, lambda i: i + 1, 0)
    return jnp.sum(x / 2.0**steps)

def doubled(x):
    return lax.while_loop(lambda c: c[1] < 3, lambda c: (c[0] * 2, c[1] + 1), (x, 0))[0]

jax.grad(lambda x: power(x, 3).sum())(jnp.ones(3))
jax.grad(halvings)(jnp.ones(3))
jax.jvp(doubled, (jnp.ones(3),), (jnp.ones(3),))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def power(x, n):
    step = lambda i, acc: acc * x
    return lax.fori_loop(0, n, step, x)  # expect: fori-loop-reverse-mode-dynamic-bounds

jax.grad(lambda x: power(x, 3).sum())(jnp.ones(3))
""",
        """
import jax
import jax.numpy as jnp
from jax import lax

def refine(x, tolerance=1e-3):
    def keep_going(state):
        value, step = state
        return step > tolerance

    def halve(state):
        value, step = state
        return value - step, step / 2

    start = (x, 1.0)
    out = lax.while_loop(keep_going, halve, start)  # expect: fori-loop-reverse-mode-dynamic-bounds
    return out[0]

loss = lambda x: jnp.sum(refine(x) ** 2)
jax.value_and_grad(loss)(jnp.ones(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("loop-backward"):
            backward = next(
                trace
                for trace in reversed(call.frame.context)
                if trace.flavour is Flavour.DIFFERENTIATED
            )
            loop = call.api.short
            why = (
                "its bounds are traced, which makes it a while loop, and "
                if call.api.name == "jax.lax.fori_loop"
                else ""
            )
            carry = (
                f"its carry starts from `{source(call.nodes.get('init_val'))}`, which is "
                "differentiated"
                if violation.parameter == "init_val"
                else "its body closes over a differentiated value, which its carry takes up"
            )
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{loop}` runs under a backward pass ({how_traced(program, backward, call.frame)})"
                f": {why}{carry}. Reverse mode cannot run a while loop backwards, so the "
                "gradient raises ValueError. Loop a fixed number of steps (lax.scan, or "
                "fori_loop with static bounds), or use forward mode (jax.jvp, jax.jacfwd).",
                traced_here(program, backward),
            )
