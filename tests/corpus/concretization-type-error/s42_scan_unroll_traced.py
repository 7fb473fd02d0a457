"""A trainer passes its unroll factor through a jitted step as an ordinary argument."""
# corpus: label=positive styles=attribute batch=s42

import jax
import jax.numpy as jnp


def accumulate(carry, x):
    return carry + x, carry


class Trainer:
    def __init__(self, unroll):
        self.unroll = unroll
        self.step = jax.jit(self._step)

    def _step(self, xs, unroll):
        out = jax.lax.scan(accumulate, 0.0, xs, unroll=unroll)  # expect: concretization-type-error
        return out[0]

    def run(self, xs):
        return self.step(xs, self.unroll)


print(Trainer(2).run(jnp.ones(8)))
