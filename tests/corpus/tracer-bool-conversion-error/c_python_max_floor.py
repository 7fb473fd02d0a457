# corpus: label=positive styles=return,helper batch=c
"""A learning-rate schedule uses Python's max for its floor; the step count is traced."""

import jax
import jax.numpy as jnp


def cosine_lr(step, base=1e-3, floor=1e-5, total=1000):
    lr = base * 0.5 * (1 + jnp.cos(jnp.pi * step / total))
    return max(lr, floor)  # expect: tracer-bool-conversion-error


@jax.jit
def sgd_step(params, grads, step):
    return params - cosine_lr(step) * grads


print(sgd_step(jnp.ones(3), jnp.ones(3), 10))
