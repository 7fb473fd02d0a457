"""A jitted helper sizes a Python loop from int() of its index array's maximum."""

# corpus: label=positive styles=parameter,transform
import jax
import jax.numpy as jnp


def pick(table, ids):
    rows = [table[i] for i in range(int(ids.max()) + 1)]  # expect: concretization-type-error
    return jnp.stack(rows)


jax.jit(pick)(jnp.ones((5, 3)), jnp.array([0, 2]))
