"""An MLP's activation parameter defaults to `np.tanh`; under jit it is applied to a tracer."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp
import numpy as np


def mlp(params, x, act=np.tanh):
    for w, b in params[:-1]:
        x = act(x @ w + b)  # expect: tracer-array-conversion-error
    w, b = params[-1]
    return x @ w + b


params = [(jnp.eye(3), jnp.zeros(3)), (jnp.ones((3, 1)), jnp.zeros(1))]
forward = jax.jit(mlp)
forward(params, jnp.ones((2, 3)))
