# corpus: rule=jit-static-argnames-unknown label=positive styles=module,helper,parameter batch=c
"""The training step is compiled with the toolkit helper, naming a static flag it lacks."""

import jax.numpy as jnp
from toolkit.compile import jit_static


def train_step(params, batch, lr=0.1, clip=True):
    grads = 2 * params * batch.mean()
    if clip:
        grads = jnp.clip(grads, -1.0, 1.0)
    return params - lr * grads


step = jit_static(train_step, "clip", "lr_schedule")
print(step(jnp.ones(3), jnp.ones(4), clip=False))
