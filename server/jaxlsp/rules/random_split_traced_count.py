"""``jax.random.split(key, n)`` where ``n`` is traced by ``jax.jit`` (a jit argument, or a value
made from one) or by a loop body: the count is part of the keys' shape, split hands it to its
primitive as a parameter, and JAX cannot hash a tracer there, so the call raises TypeError at
trace time.  The same error for any API that hands a primitive such a value
(``Requirement.STATIC_PARAMETER``: ``jnp.tile``'s ``reps``).

The contract is in the API models (``Requirement.STATIC_COUNT`` on ``jax.random.split``'s
``num``); reported when the count surely is a staged tracer, batched by ``vmap`` or not (a
count that ``vmap`` alone batches raises ConcretizationTypeError: ``concretization-type-error``).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, related, source, traced_here, tracer_of
from jaxlsp.rules.base import Rule


class RandomSplitTracedCount(Rule):
    NAME = "random-split-traced-count"
    CODE = "random-split-traced-count"
    RECORD_ID = "a6193139dbfd0307"

    VALID = (
        """
import functools
import jax

@functools.partial(jax.jit, static_argnums=1)
def keys(key, n):
    return jax.random.split(key, n)

@jax.jit
def per_row(key, x):
    return jax.random.split(key, x.shape[0])

keys(jax.random.key(0), 3)
per_row(jax.random.key(0), jax.numpy.ones((4, 2)))
jax.random.split(jax.random.key(0), jax.numpy.array(3))
""",
        # tile's reps from a shape, or static; a batch of reps raises another error
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def repeated(x, n):
    return jnp.tile(x, (n, 1))

repeated(jnp.ones(3), 2)
jax.jit(lambda x, y: jnp.tile(x, (y.shape[0], 1)))(jnp.ones(3), jnp.ones(4))
jax.vmap(lambda n: jnp.tile(jnp.ones(3), n))
""",
    )
    INVALID = (
        # vmap inside jit: the count is staged as well as batched
        """
import jax
import jax.numpy as jnp

def draw(key, count):
    return jax.random.split(key, count)  # expect: random-split-traced-count

keys = jax.random.split(jax.random.key(0), 4)
jax.jit(jax.vmap(draw))(keys, jnp.array([2, 2, 2, 2]))
""",
        """
import jax

@jax.jit
def keys(key, n):
    return jax.random.split(key, n)  # expect: random-split-traced-count

keys(jax.random.key(0), 3)
""",
        """
import jax
import jax.numpy as jnp

def sample(key, count):
    subkeys = jax.random.split(key, (count, 2))  # expect: random-split-traced-count
    return jax.random.normal(subkeys[0, 0], (3,))

jax.jit(sample)(jax.random.key(0), 4)
""",
        """
import jax
import jax.numpy as jnp

@jax.jit
def tiled(a, reps):
    return jnp.tile(a, reps)  # expect: random-split-traced-count

tiled(jnp.ones((1, 4)), jnp.array([3, 1]))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("traced-count"):
            tracer = violation.tracer
            trace = tracer_of(tracer)
            node = violation.node if violation.node is not None else call.site.node
            how = how_traced(program, trace, call.frame)
            if call.api.name == "jax.random.split":
                said = (
                    f"The count `{source(node)}` of `{call.api.short}` is a tracer ({how}): "
                    "the number of keys is part of the result's shape, and split passes it to "
                    "its primitive as a parameter"
                )
            else:
                said = (
                    f"The `{violation.parameter}` of `{call.api.short}`, `{source(node)}`, is a "
                    f"tracer ({how}): it sets the result's shape, and `{call.api.short}` passes "
                    "it to its primitive as a parameter"
                )
            yield finding(
                self,
                record,
                program,
                call.site,
                f"{said}, which JAX must hash, so this raises TypeError. Make it static "
                "(static_argnums/static_argnames), or take it from an array's `.shape`.",
                traced_here(program, trace)
                or (related(program, call.site, "this count", violation.node),),
            )
