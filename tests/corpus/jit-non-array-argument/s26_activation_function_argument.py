"""A jitted MLP apply takes the activation function as an argument that is not static."""
# corpus: label=positive styles=parameter,transform batch=s26

import jax
import jax.numpy as jnp


@jax.jit
def apply(params, x, activation):
    for w in params:
        x = activation(x @ w)
    return x


params = [jnp.ones((3, 3)) for _ in range(5)]
print(apply(params, jnp.ones(3), jax.nn.relu))  # expect: jit-non-array-argument
