"""A one-axis mesh of the flat device list, and a two-axis one of it reshaped."""

# corpus: label=negative styles=helper batch=s36
import jax
import numpy as np
from jax.sharding import Mesh


def meshes():
    flat = Mesh(jax.devices(), ("data",))
    grid = Mesh(np.array(jax.devices()).reshape(4, 2), ("data", "model"))
    return flat, grid


meshes()
