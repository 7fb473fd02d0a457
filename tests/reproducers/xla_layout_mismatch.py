"""A function compiled for a column-major input gets a row-major array: jit refuses it.

Only committed arrays are checked (an uncommitted one would be laid out as asked), hence the
explicit device_put.
"""

import jax
import jax.numpy as jnp
from jax.experimental.layout import Format, Layout

x = jax.device_put(jnp.ones((8, 4)), jax.devices()[0])
column_major = Format(Layout(major_to_minor=(1, 0)), x.sharding)
f = jax.jit(lambda a: a * 2, in_shardings=column_major)
f(x)
