# realbug: pzflow-96-jnp-trapz-normalize (fixed)
# source: https://github.com/jfcrenshaw/pzflow/pull/96
import jax.numpy as jnp
from jax.scipy.integrate import trapezoid

grid = jnp.linspace(0, 3, 100)
pdfs = jnp.exp(-((grid[None, :] - jnp.array([[1.0], [2.0]])) ** 2))
pdfs = pdfs / trapezoid(y=pdfs, x=grid).reshape(-1, 1)
print(pdfs.shape)
