# realbug: probml-notebooks-70-at-boolean-mask-jit
# source: https://github.com/probml/probml-notebooks/pull/70
# kind: tracer-shape
# raises: NonConcreteBooleanIndexError: Array boolean indices must be concrete
# The pull request fixes `x.at[mask].set(v)` under jit in the d2l multi-head attention notebook
# (its masked softmax); the function is reduced to the masking step.
import jax
import jax.numpy as jnp


@jax.jit
def masked_softmax(X, valid_lens):
    maxlen = X.shape[-1]
    mask = jnp.arange(maxlen)[None, :] < valid_lens[:, None]
    X = X.at[~mask].set(-1e6)  # BUG
    return jax.nn.softmax(X, axis=-1)


masked_softmax(jnp.ones((2, 4)), jnp.array([2, 3]))  # BUG
