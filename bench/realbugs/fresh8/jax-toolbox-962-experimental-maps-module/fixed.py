# realbug: jax-toolbox-962-experimental-maps-module (fixed)
# source: https://github.com/NVIDIA/JAX-Toolbox/issues/962
def _get_mesh():
    from jax.sharding import get_abstract_mesh

    return get_abstract_mesh()


mesh = _get_mesh()
