# corpus: label=negative styles=attribute,return batch=c
"""The factory's forward has a keyword-only 'train' flag, and jit names it correctly."""

import jax
import jax.numpy as jnp


def make_forward(residual=True):
    def forward(params, x, *, train):
        h = jnp.tanh(x @ params["w1"])
        if residual:
            h = h + x
        return h @ params["w2"] if train else jax.lax.stop_gradient(h @ params["w2"])

    return forward


forward = jax.jit(make_forward(), static_argnames="train")
params = {"w1": jnp.ones((4, 4)), "w2": jnp.ones((4, 1))}
print(forward(params, jnp.ones((2, 4)), train=True))
