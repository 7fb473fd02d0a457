# realbug: ott-620-jnp-product-grid (fixed)
# source: https://github.com/ott-jax/ott/issues/620
import jax.numpy as jnp

grid_size = (5, 6, 7)
x = [jnp.linspace(0, 1, n) for n in grid_size]
num_total_points = jnp.prod(jnp.array(grid_size))
print(num_total_points)
