"""An optimizer step jits the gradient of a squared-error vector."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


def residuals(params, xs, ys):
    return jnp.square(xs @ params - ys)


@jax.jit
def step(params, xs, ys):
    grads = jax.grad(residuals)(params, xs, ys)  # expect: grad-non-scalar-output
    return params - 0.01 * grads


print(step(jnp.zeros(2), jnp.ones((10, 2)), jnp.ones(10)))
