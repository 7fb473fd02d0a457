"""A ``jax.vmap`` whose ``in_axes`` map no argument (``in_axes=None``, or ``None`` for each)
and that is given no ``axis_size``: called, it has no axis to map and no size to run the
function over, so the call raises ValueError before it traces the function.

Reported at each call of the vmapped function, where ``in_axes`` is surely all ``None``.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class VmapNoMappedArguments(ShapeRule):
    NAME = "vmap-no-mapped-arguments"
    CODE = "vmap-no-mapped-arguments"
    RECORD_ID = "9621bee4902155ad"
    KINDS = frozenset({"vmap-no-mapped"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Map an argument (in_axes=0 for it), or give axis_size=... to run the function that "
        "many times on the same arguments."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

jax.vmap(lambda x: x, in_axes=None, out_axes=None, axis_size=0)(3.14)
jax.vmap(lambda x, w: x * w, in_axes=(0, None))(jnp.ones(3), 2.0)
jax.vmap(lambda x: x * 2, in_axes=None, axis_size=4)(jnp.ones(3))
# keyword arguments are mapped on axis 0 whatever in_axes says
jax.vmap(lambda x: x * 2, in_axes=None)(x=jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def affine(x, w, b):
    return x @ w + b

batched = jax.vmap(affine, in_axes=(None, None, None))
batched(jnp.ones(3), jnp.ones((3, 2)), jnp.zeros(2))  # expect: vmap-no-mapped-arguments
""",
        """
import jax

jax.vmap(lambda x: x, in_axes=None, out_axes=None)(3.14)  # expect: vmap-no-mapped-arguments
""",
    )
