# corpus: label=positive styles=parameter batch=s32
import jax.numpy as jnp


def newton_step(hessians, gradients, damping=1e-3):
    n = hessians.shape[-1]
    return -jnp.linalg.solve(
        hessians + damping * jnp.eye(n),
        gradients,  # expect: linalg-solve-batched-vector
    )


print(newton_step(jnp.tile(jnp.eye(2), (8, 1, 1)), jnp.ones((8, 2))))
