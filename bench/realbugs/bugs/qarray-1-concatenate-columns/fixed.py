# realbug: qarray-1-concatenate-columns (fixed)
# source: https://github.com/b-vanstraaten/QArray/pull/1
import jax.numpy as jnp


def _batched_vmap(Vg, n_dot, batch_size):
    remainder = Vg.shape[0] % batch_size
    padding = jnp.zeros((batch_size - remainder, Vg.shape[1]))
    return jnp.concatenate([Vg, padding], axis=0)


Vg = jnp.ones((10, 3))
print(_batched_vmap(Vg, n_dot=2, batch_size=8).shape)
