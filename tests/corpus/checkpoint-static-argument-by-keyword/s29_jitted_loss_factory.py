"""A factory returns a jitted loss whose checkpointed step gets its static flag by keyword."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp


def step(x, train):
    y = jnp.cos(x) * 2.0
    return y * 0.9 if train else y


def make_loss(train):
    remat_step = jax.checkpoint(step, static_argnums=(1,))

    def loss(x):
        return jnp.sum(remat_step(x, train=train))  # expect: checkpoint-static-argument-by-keyword

    return jax.jit(loss)


loss_fn = make_loss(True)
print(loss_fn(jnp.ones(5)))
