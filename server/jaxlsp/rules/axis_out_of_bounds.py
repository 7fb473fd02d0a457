"""An axis argument the array does not have: ``jnp.sum(x, axis=2)`` on a matrix,
``x.max(axis=-3)``, ``jnp.concatenate([a, b], axis=1)`` of vectors, ``jax.nn.softmax(v,
axis=1)`` on a vector inside a vmapped function, ``lax.reduce_sum(x, axes=(-1,))`` (lax's
reductions take no negative axis).

Which parameters name axes of which argument is data in the API models
(``ApiSpec.axis_parameters``); reported when the axis is a known int (or ints) and the
array's rank is known on every path here. An unknown rank is silent.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.spec import spec_of
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class AxisOutOfBounds(Rule):
    NAME = "axis-out-of-bounds"
    FORMER_NAMES = ("axis-out-of-range",)
    CODE = "axis-out-of-bounds"
    RECORD_ID = "c91a819eb9d9263f"

    VALID = (
        """
import jax
import jax.numpy as jnp

def normalise(scores):
    return scores / jnp.sum(scores, axis=-1, keepdims=True)

normalise(jnp.ones((4, 3)))
jnp.stack([jnp.ones(3), jnp.ones(3)], axis=1)
jnp.expand_dims(jnp.ones((2, 3)), 2)
jax.nn.one_hot(jnp.arange(3), 5, axis=1)
jax.vmap(lambda row: jax.nn.softmax(row, axis=0))(jnp.ones((4, 3)))
jax.lax.reduce_sum(jnp.ones((4, 3)), axes=(1,))
jax.lax.sort(jnp.ones((4, 3)), dimension=-1)
""",
        # the rank is not known: silent
        """
import jax.numpy as jnp

def total(x):
    return jnp.sum(x, axis=3)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

scores = jnp.ones((4, 3))
jnp.sum(scores, axis=2)  # expect: axis-out-of-bounds
""",
        # per example inside vmap: the batch axis is gone
        """
import jax
import jax.numpy as jnp

def probabilities(logits):
    return jax.nn.softmax(logits, axis=1)  # expect: axis-out-of-bounds

jax.vmap(probabilities)(jnp.ones((8, 10)))
""",
        """
import jax.numpy as jnp

class Pool:
    def __call__(self, x):
        return x.max(axis=(1, -3))  # expect: axis-out-of-bounds

Pool()(jnp.ones((2, 5)))
""",
        """
import jax.numpy as jnp

a, b = jnp.ones(3), jnp.zeros(3)
jnp.concatenate([a, b], axis=1)  # expect: axis-out-of-bounds
""",
        # lax counts axes from 0 only
        """
import jax.numpy as jnp
from jax import lax

def row_totals(x):
    return lax.reduce_sum(x, axes=(-1,))  # expect: axis-out-of-bounds

row_totals(jnp.ones((4, 3)))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("axis-range"):
            axis, _, counted = violation.described.partition(":")
            rank = int(counted)
            array = violation.array
            described = array.describe() if array is not None else f"rank {rank}"
            where: tuple[RelatedLocation, ...] = ()
            if array is not None and array.origin is not None and array.origin != call.site:
                where += (related(program, array.origin, f"{described} made here"),)
            frame = call.frame
            if frame.function is not None and frame.call_site is not None:
                where += (
                    related(
                        program, frame.call_site, f"{frame.function.describe()} is called here"
                    ),
                )
            spelled = source(violation.node) if violation.node is not None else axis
            given = "" if spelled == axis else f" (from `{spelled}`)"
            if array is None or array.rank == rank:
                subject = f"the array ({described})"
            else:  # the axes the call adds count too (expand_dims, stack, one_hot)
                subject = f"the result ({rank} axes: {described} and the new ones)"
            negative = all(
                axes.negative
                for axes in spec_of(call).axis_parameters
                if axes.parameter == violation.parameter
            )
            if not negative and int(axis) < 0 and -rank <= int(axis):
                message = (
                    f"`{call.api.short}`: `{violation.parameter}={axis}`{given} is a negative "
                    f"axis, which `{call.api.short}` refuses whatever the rank (XLA counts axes "
                    f"from 0 only), so JAX raises. Write it as {rank + int(axis)} for "
                    f"{subject} ({described})."
                )
            else:
                axes = f"0..{rank - 1}" if rank else "none"
                if negative and rank:
                    axes += f" or -{rank}..-1"
                message = (
                    f"`{call.api.short}`: `{violation.parameter}={axis}`{given} names an axis "
                    f"{subject} does not have (its axes: {axes}), so JAX raises. Count the "
                    "axes the array has at this line" + (" (-1 is the last)." if negative else ".")
                )
            yield finding(self, record, program, call.site, message, where, node=violation.node)
