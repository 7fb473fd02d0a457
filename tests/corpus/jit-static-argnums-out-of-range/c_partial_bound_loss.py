# corpus: label=positive styles=return,parameter batch=c
"""The model is bound into the loss with functools.partial; the static position is still
counted as if the model were an argument."""

from functools import partial

import jax
import jax.numpy as jnp


def loss_fn(model_cfg, params, batch, reduce="mean"):
    err = (batch @ params) ** 2
    return err.mean() if reduce == "mean" else err.sum()


MODEL_CFG = {"depth": 2}
loss = jax.jit(  # expect: jit-static-argnums-out-of-range
    partial(loss_fn, MODEL_CFG), static_argnums=3
)
print(loss(jnp.ones(3), jnp.ones((2, 3)), "sum"))
