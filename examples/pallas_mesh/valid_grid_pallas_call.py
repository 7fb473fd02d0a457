"""VALID: a grid ``pallas_call`` (no mesh) has a JVP rule, so jax.jvp works.

(Reverse mode is another matter: on jax 0.12.0.1 ``jax.grad`` of this kernel fails with
"Linearization failed to produce known values", a different error this rule does not predict.)
"""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_body(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


double = pl.pallas_call(
    double_body, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32), interpret=True
)
x = jnp.arange(8.0, dtype=jnp.float32)
print(jax.jvp(double, (x,), (jnp.ones_like(x),)))
