# corpus: label=negative styles=transform batch=s32
import jax
import jax.numpy as jnp


@jax.jit
def solve_all(a, b):
    return jax.vmap(jnp.linalg.solve)(a, b)


print(solve_all(jnp.tile(jnp.eye(3), (6, 1, 1)), jnp.ones((6, 3))))
