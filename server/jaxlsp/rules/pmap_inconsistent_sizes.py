"""``jax.pmap`` over arguments whose mapped axes have different sizes: pmap(f)(xs, ys) with 8
rows in xs and 4 in ys.

pmap splits every mapped argument (in_axes, keyword arguments over axis 0) over one device
axis, of the first mapped size.  Since pmap is built on jit and shardings, another size is
refused with a ValueError: a squeeze of a per-device block that is not of size one, or the
sharding check's IndivisibleError, depending on the sizes and the device count.  Reported when
two mapped sizes are known integers that differ.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class PmapInconsistentSizes(ShapeRule):
    NAME = "pmap-inconsistent-sizes"
    CODE = "pmap-inconsistent-sizes"
    RECORD_ID = "81f9e63c07d441c3"
    KINDS = frozenset({"pmap-sizes"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give every mapped argument a leading axis of the device count "
        "(jax.local_device_count()), or share an argument with every device: in_axes=None "
        "in its place, or functools.partial."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

def apply(params, batch):
    return batch @ params

n = jax.local_device_count()
jax.pmap(apply, in_axes=(None, 0))(jnp.ones((3, 2)), jnp.ones((n, 5, 3)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def apply(params, batch):
    return batch @ params

params = jnp.ones((3, 3))
batch = jnp.ones((8, 5, 3))
jax.pmap(apply)(params, batch)  # expect: pmap-inconsistent-sizes
""",
    )
