# corpus: label=positive styles=transform batch=s32
import jax
import jax.numpy as jnp


@jax.jit
def relu_or_negate(x):
    return jax.lax.cond(x > 0, jax.nn.relu, lambda v: -v, x)  # expect: cond-predicate-not-scalar


print(relu_or_negate(jnp.arange(-2.0, 3.0)))
