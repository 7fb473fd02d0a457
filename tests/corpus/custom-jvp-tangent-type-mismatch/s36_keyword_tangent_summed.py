"""A custom_jvp whose rule sums the keyword-passed argument's tangent: the output tangent is a scalar for a vector primal output."""
# corpus: label=positive styles=parameter,helper

import jax
import jax.numpy as jnp


@jax.custom_jvp
def scaled(x, y):
    return x * y


@scaled.defjvp
def scaled_jvp(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return scaled(x, y), (tx * y + x * ty).sum()


def apply(y):
    return scaled(jnp.ones(3), y=y)  # expect: custom-jvp-tangent-type-mismatch


print(jax.jvp(apply, (jnp.ones(3),), (jnp.ones(3),)))
