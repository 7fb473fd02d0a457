"""A loss module's `__call__` is jitted through a decorator stack; it averages the loss over the valid tokens with a boolean index."""
# corpus: label=positive styles=method,transform batch=s26

import functools

import jax
import jax.numpy as jnp


class MaskedLoss:
    def __init__(self, pad_id):
        self.pad_id = pad_id

    @functools.partial(jax.jit, static_argnums=0)
    def __call__(self, logits, tokens):
        per_token = -jnp.take_along_axis(logits, tokens[:, None], axis=-1)[:, 0]
        return per_token[tokens != self.pad_id].mean()  # expect: non-concrete-boolean-index-error


loss = MaskedLoss(0)
print(loss(jnp.ones((6, 4)), jnp.array([1, 2, 0, 3, 0, 1])))
