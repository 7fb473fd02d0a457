# realbug: equinox-94-submodule-weight-in-init (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/94
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jrandom


class Update(eqx.Module):
    l1: eqx.Module
    l2: eqx.Module

    def __init__(self, key):
        k1, k2 = jrandom.split(key, 2)
        self.l1 = eqx.nn.Conv2d(4, 8, kernel_size=3, padding=1, use_bias=False, key=k1)
        l2 = eqx.nn.Conv2d(8, 2, kernel_size=3, padding=1, use_bias=False, key=k2)
        self.l2 = eqx.tree_at(lambda layer: layer.weight, l2, replace_fn=jnp.zeros_like)

    def __call__(self, state_grid):
        state_grid = jax.nn.relu(self.l1(state_grid))
        return self.l2(state_grid)


update = Update(jrandom.PRNGKey(0))
print(update(jax.numpy.ones((4, 6, 6))).shape)
