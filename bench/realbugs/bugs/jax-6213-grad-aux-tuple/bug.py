# realbug: jax-6213-grad-aux-tuple
# source: https://github.com/jax-ml/jax/issues/6213
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
import jax
import jax.numpy as jnp


def sum_squared_error(x, y):
    return jnp.sum((x - y) ** 2)


def squared_error_with_aux(x, y):
    return sum_squared_error(x, y), x - y


x = jnp.arange(4, dtype=jnp.float32)
y = x + 0.1
print(jax.grad(squared_error_with_aux)(x, y))  # BUG
