# realbug: qarray-1-concatenate-columns
# source: https://github.com/b-vanstraaten/QArray/pull/1
# kind: concatenate
# raises: TypeError: Cannot concatenate arrays with shapes that differ
import jax.numpy as jnp


def _batched_vmap(Vg, n_dot, batch_size):
    remainder = Vg.shape[0] % batch_size
    padding = jnp.zeros((batch_size - remainder, n_dot))
    return jnp.concatenate([Vg, padding], axis=0)  # BUG


Vg = jnp.ones((10, 3))
print(_batched_vmap(Vg, n_dot=2, batch_size=8).shape)
