# realbug: probml-notebooks-70-at-boolean-mask-jit (fixed)
# source: https://github.com/probml/probml-notebooks/pull/70
import jax
import jax.numpy as jnp


@jax.jit
def masked_softmax(X, valid_lens):
    maxlen = X.shape[-1]
    mask = jnp.arange(maxlen)[None, :] < valid_lens[:, None]
    X = jnp.where(mask, X, -1e6)
    return jax.nn.softmax(X, axis=-1)


masked_softmax(jnp.ones((2, 4)), jnp.array([2, 3]))
