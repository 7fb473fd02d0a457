# corpus: label=negative styles=method,attribute
import jax
import jax.numpy as jnp


class Filter:
    def __init__(self):
        self.state = (jnp.zeros(3), jnp.ones(3))

    def step(self, state, obs):
        mean, var = state
        return mean + var * obs

    def run(self, observations):
        step = jax.vmap(self.step, in_axes=((None, None), 0))
        return step(self.state, observations)


Filter().run(jnp.ones((4, 3)))
