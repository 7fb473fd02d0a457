# corpus: label=positive styles=transform batch=s32
import jax
import jax.numpy as jnp


@jax.jit  # expect: transform-generator-function
def running_totals(xs):
    total = 0.0
    for x in xs:
        total = total + x
        yield total


print(list(running_totals(jnp.arange(4.0))))
