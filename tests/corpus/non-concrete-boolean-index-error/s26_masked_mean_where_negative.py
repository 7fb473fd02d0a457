"""The jitted loss averages with `jnp.where` and a count instead of a boolean index."""
# corpus: label=negative styles=method,transform batch=s26

import functools

import jax
import jax.numpy as jnp


class MaskedLoss:
    def __init__(self, pad_id):
        self.pad_id = pad_id

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, logits, tokens):
        per_token = -jnp.take_along_axis(logits, tokens[:, None], axis=-1)[:, 0]
        valid = tokens != self.pad_id
        return jnp.where(valid, per_token, 0.0).sum() / valid.sum()


loss = MaskedLoss(0)
print(loss(jnp.ones((6, 4)), jnp.array([1, 2, 0, 3, 0, 1])))
