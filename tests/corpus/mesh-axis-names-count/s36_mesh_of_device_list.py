"""A two-axis mesh built straight from the flat device list."""

# corpus: label=positive styles=helper batch=s36
import jax
from jax.sharding import Mesh


def data_model_mesh():
    return Mesh(jax.devices(), ("data", "model"))  # expect: mesh-axis-names-count


data_model_mesh()
