"""A shape built from a traced value: ``jnp.zeros((n, 3))``, ``x.reshape(n, -1)`` (or
holding a Python float: ``jnp.zeros(n / 2)``).

Shapes are static in JAX: every dimension must be a Python int while tracing, so a staged or
batched tracer in a shape raises a TypeError, and so does a float (``/`` makes one even of two
ints).  ``x.shape[0]`` is static, so it is fine.  Which parameters are shapes is the API
models' data (``ApiSpec.shapes``).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import Violation
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, related, source, traced_here, tracer_of
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
        """
import jax.numpy as jnp

def halves(x):
    n = x.shape[0]
    return x.reshape(n // 2, -1), jnp.zeros(n // 2)

halves(jnp.ones(6))
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
        # a size computed with true division is a float
        """
import jax.numpy as jnp

def halves(x):
    n = x.shape[0]
    return jnp.zeros(n / 2)  # expect: traced-shape-argument

halves(jnp.ones(6))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("shape", "shape-float"):
            if violation.kind == "shape-float":
                yield self._float(program, record, call, violation)
                continue
            tracer = violation.tracer
            trace = tracer_of(tracer)
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

    def _float(
        self, program: Program, record: Record | None, call: ApiCall, violation: Violation
    ) -> Finding:
        node = violation.node if violation.node is not None else call.site.node
        return finding(
            self,
            record,
            program,
            call.site,
            f"The shape `{source(node)}` of `{call.api.short}` holds {violation.described}: "
            "shapes take integers, so this raises TypeError. Use integer division (`//`) or "
            "`int(...)` for a size computed by division.",
            (related(program, call.site, "this shape", violation.node),),
        )
