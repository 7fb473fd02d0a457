"""A clipping helper takes its arrays as *args and updates with a traced boolean mask."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def zero_where_negative(*arrays):
    out = []
    for a in arrays:
        out.append(a.at[a < 0].set(0.0))  # expect: non-concrete-boolean-index-error
    return out


@jax.jit
def clean(a, b):
    return zero_where_negative(a, b)


print(clean(jnp.array([-1.0, 2.0]), jnp.array([3.0, -4.0])))
