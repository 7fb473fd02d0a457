# corpus: label=positive styles=transform batch=s32
import jax
import jax.numpy as jnp


@jax.jit
def solve_all(a, b):
    return jnp.linalg.solve(a, b)  # expect: linalg-solve-batched-vector


print(solve_all(jnp.tile(jnp.eye(3), (6, 1, 1)), jnp.ones((6, 3))))
