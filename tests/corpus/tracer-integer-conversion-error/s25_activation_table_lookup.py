"""An activation is picked from a Python list by an index that a vmapped function receives as an array element."""
# corpus: label=positive styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp

ACTIVATIONS = [jax.nn.relu, jnp.tanh, jax.nn.gelu]


class Mixer:
    def __init__(self, table):
        self.table = table

    def apply_one(self, x, which):
        fn = self.table[which]  # expect: tracer-integer-conversion-error
        return fn(x)


mixer = Mixer(ACTIVATIONS)
xs = jnp.ones((3, 5))
choice = jnp.array([0, 1, 2])
print(jax.vmap(mixer.apply_one)(xs, choice))
