"""A ``lax.scan`` body (or a ``fori_loop`` with static bounds, which is a scan) that returns its
carry with another shape or dtype than it received.

The carry must keep its type from step to step.  Reported when both shapes (or two strong
dtypes) are known; a weakly typed initial value (a Python number) takes the body's dtype,
but a weakly typed output does not excuse a strong carry (``count + 0.5`` of an int32 count).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ScanCarryTypeMismatch(ShapeRule):
    NAME = "scan-carry-type-mismatch"
    FORMER_NAMES = ("scan-carry-type",)
    CODE = "scan-carry-type-mismatch"
    RECORD_ID = "519b7ab5cb641914"
    KINDS = frozenset({"scan-carry"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Return the carry with the shape and dtype it came in with: initialise it with the "
        "final shape (`jnp.zeros_like`), cast with `.astype`, or move what grows to the "
        "stacked outputs."
    )

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

def step(total, x):
    total = total + x
    return total, total.sum()

lax.scan(step, jnp.zeros(4), jnp.ones((10, 4)))
lax.fori_loop(0, 3, lambda i, acc: acc + 0.5, 0)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def step(history, x):
    history = jnp.concatenate([history, x])
    return history, x.sum()

lax.scan(step, jnp.zeros(4), jnp.ones((10, 4)))  # expect: scan-carry-type-mismatch
""",
        """
import jax.numpy as jnp
from jax import lax

def count(i, total):
    return (total + i).astype(jnp.int32)

lax.fori_loop(0, 5, count, jnp.float32(0))  # expect: scan-carry-type-mismatch
""",
        """
import jax.numpy as jnp
from jax import lax

def tally(count, x):
    return count + 0.5, x

lax.scan(tally, jnp.zeros((), jnp.int32), jnp.ones(3))  # expect: scan-carry-type-mismatch
""",
    )
