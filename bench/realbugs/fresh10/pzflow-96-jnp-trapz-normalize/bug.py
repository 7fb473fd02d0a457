# realbug: pzflow-96-jnp-trapz-normalize
# source: https://github.com/jfcrenshaw/pzflow/pull/96
# kind: removed-name
# raises: AttributeError: module 'jax.numpy' has no attribute 'trapz'
# pzflow normalised posteriors on a grid with `jnp.trapz`, removed from jax.numpy (the PR moved
# to `jax.scipy.integrate.trapezoid`); the grid and the densities are filled in.
import jax.numpy as jnp

grid = jnp.linspace(0, 3, 100)
pdfs = jnp.exp(-((grid[None, :] - jnp.array([[1.0], [2.0]])) ** 2))
pdfs = pdfs / jnp.trapz(y=pdfs, x=grid).reshape(-1, 1)  # BUG
print(pdfs.shape)
