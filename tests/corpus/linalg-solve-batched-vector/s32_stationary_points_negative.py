# corpus: label=negative styles=helper batch=s32
import jax.numpy as jnp


def stationary_points(weights, biases):
    eye = jnp.eye(weights.shape[-1])
    return jnp.linalg.solve(eye - weights, biases[..., None]).squeeze(-1)


weights = 0.5 * jnp.tile(jnp.eye(3), (4, 1, 1))
print(stationary_points(weights, jnp.ones((4, 3))))
