"""A helper runs a (deprecated) `pl.core_map` kernel over refs with run_state; jax.jvp of it."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)


def cube(x):
    def stateful(refs):
        x_ref, o_ref = refs

        @pl.core_map(mesh, interpret=True)  # expect: pallas-call-with-a-mesh-does-not-support-jvp
        def _():
            v = x_ref[...]
            o_ref[...] = v * v * v

    _, out = pl.run_state(stateful)((x, jnp.zeros_like(x)))
    return out


x = jnp.linspace(0.0, 1.0, 8, dtype=jnp.float32)
print(jax.jvp(cube, (x,), (jnp.ones_like(x),)))
