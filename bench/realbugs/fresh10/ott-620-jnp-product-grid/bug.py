# realbug: ott-620-jnp-product-grid
# source: https://github.com/ott-jax/ott/issues/620
# kind: removed-name
# raises: AttributeError: module 'jax.numpy' has no attribute 'product'
# ott's grid tutorial (100_grid.ipynb) counts the points of a grid with `jnp.product`, which
# JAX removed (NumPy's alias of `prod`); the grid's per-axis sizes are filled in.
import jax.numpy as jnp

grid_size = (5, 6, 7)
x = [jnp.linspace(0, 1, n) for n in grid_size]
num_total_points = jnp.product(jnp.array(grid_size))  # BUG
print(num_total_points)
