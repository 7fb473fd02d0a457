"""``jax.vmap(f, out_axes=None)`` (or ``None`` at one output's place in ``out_axes``) where
``f`` computes that output from a mapped argument: the output has a batch axis vmap cannot
drop, and the call raises ValueError once ``f`` returned.

Only an output the vmap's own tracers surely made is reported (an array its mapped arguments
flowed into); an output made from unmapped arguments, constants or only the shape of a mapped
one (``jnp.zeros_like(x)``) is unbatched and runs, and a vmap with an ``axis_name`` is silent
(a collective over the mapped axis, ``lax.psum(x, "i")``, gives an unbatched result).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class VmapOutAxesNoneBatched(ShapeRule):
    NAME = "vmap-out-axes-none-batched"
    CODE = "vmap-out-axes-none-batched"
    RECORD_ID = "4b657637197919c4"
    KINDS = frozenset({"vmap-out-axes-none"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give that output a mapped axis in out_axes (0), or compute it only from unmapped "
        "arguments (in_axes=None) and constants."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(3.0)
jax.vmap(lambda x: (x, jnp.zeros_like(x)), out_axes=(0, None))(xs)
jax.vmap(lambda x, w: (x * w, w), in_axes=(0, None), out_axes=(0, None))(xs, jnp.ones(()))
jax.vmap(lambda x: lax.psum(x, "i"), axis_name="i", out_axes=None)(xs)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def scale(x):
    return x * 2

batched = jax.vmap(scale, out_axes=None)
batched(jnp.ones(3))  # expect: vmap-out-axes-none-batched
""",
        """
import jax
import jax.numpy as jnp

xs = jnp.arange(3)
jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, None))(xs)  # expect: vmap-out-axes-none-batched
""",
    )
