"""A shape built from a traced value: ``jnp.zeros((n, 3))``, ``x.reshape(n, -1)``.

Shapes are static in JAX: every dimension must be a Python int while tracing, so a staged or
batched tracer in a shape raises a TypeError.  ``x.shape[0]`` is static, so it is fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Rule


class TracedShapeArgument(Rule):
    NAME = "traced-shape-argument"
    CODE = "traced-shape-argument"
    RECORD_ID = "510a81bd922956c0"

    VALID = (
        # shapes from static arguments and from other arrays' shapes
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def pad_to(x, n):
    buffer = jnp.zeros((n, x.shape[1]))
    return buffer.at[: x.shape[0]].set(x).reshape(n, -1)

pad_to(jnp.ones((2, 3)), 4)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def make(n):
    return jnp.zeros((n, 3))  # expect: traced-shape-argument

make(2)
""",
        # a batch size passed through a helper under vmap
        """
import jax
import jax.numpy as jnp

def tile_rows(row, count):
    return jnp.ones((count,)) * row.sum()  # expect: traced-shape-argument

jax.vmap(tile_rows)(jnp.ones((2, 3)), jnp.array([2, 2]))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.facts.api_calls:
            for violation in call.violations:
                if violation.kind != "shape":
                    continue
                tracer = violation.tracer
                trace = tracer.trace if isinstance(tracer, Array) else None
                node = violation.node if violation.node is not None else call.site.node
                yield finding(
                    self,
                    record,
                    program,
                    call.site,
                    f"The shape `{source(node)}` of `{call.api.short}` holds a tracer "
                    f"({how_traced(program, trace, call.frame)}): shapes must be static, "
                    "so this raises TypeError. Pass the size as a static argument "
                    "(static_argnums), or take it from an array's `.shape`.",
                    traced_here(program, trace),
                )
