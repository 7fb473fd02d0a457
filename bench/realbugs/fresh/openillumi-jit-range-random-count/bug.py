# realbug: openillumi-jit-range-random-count
# source: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix
# kind: traced-loop-bound
# raises: TracerIntegerConversionError: The __index__\(\) method was called on traced array
import jax
import jax.numpy as jnp


@jax.jit
def accumulate(key, x):
    n = jax.random.randint(key, (), 1, 5)
    total = jnp.zeros_like(x)
    for _ in range(n):  # BUG
        total = total + x
    return total


print(accumulate(jax.random.PRNGKey(0), jnp.ones(3)))
