"""A jitted function repeats rows range(n) times for a traced n."""

# corpus: label=positive styles=parameter,transform
import jax
import jax.numpy as jnp


@jax.jit
def repeat_rows(x, n):
    return jnp.stack([x for _ in range(n)])  # expect: tracer-integer-conversion-error


repeat_rows(jnp.ones(3), 4)
