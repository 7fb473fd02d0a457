"""A sequence model maps over a time axis stored in its config; the input has no such axis."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class Model:
    def __init__(self, time_axis):
        self.time_axis = time_axis

    def step(self, x):
        return jnp.tanh(x)

    def run(self, xs):
        return jax.vmap(self.step, in_axes=self.time_axis)(xs)  # expect: vmap-axis-out-of-range


print(Model(time_axis=2).run(jnp.ones((4, 7))))
