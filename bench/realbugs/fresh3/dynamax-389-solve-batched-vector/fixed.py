# realbug: dynamax-389-solve-batched-vector (fixed)
# source: https://github.com/probml/dynamax/issues/389
import jax.numpy as jnp
import jax.random as jr

num_states = 5
emission_dim = 2
key = jr.PRNGKey(0)

weights = 0.9 * jnp.tile(jnp.eye(emission_dim), (num_states, 1, 1))
biases = jr.normal(key, (num_states, emission_dim))
covariances = jnp.tile(0.001 * jnp.eye(emission_dim), (num_states, 1, 1))

stationary_points = jnp.linalg.solve(
    jnp.eye(emission_dim) - weights, biases[..., None]
).squeeze(-1)
print(stationary_points)
