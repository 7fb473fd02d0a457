# corpus: label=negative styles=transform batch=s32
import jax
import jax.numpy as jnp


@jax.jit
def running_totals(xs):
    return jnp.cumsum(xs)


print(running_totals(jnp.arange(4.0)))
