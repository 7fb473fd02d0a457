# realbug: jax-toolbox-962-experimental-maps-module
# source: https://github.com/NVIDIA/JAX-Toolbox/issues/962
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.experimental.maps'
# haliax's `_get_mesh` (the report's traceback) imports `thread_resources` from
# `jax.experimental.maps`, a module JAX removed; the function is kept, its caller reduced.
def _get_mesh():
    from jax.experimental.maps import thread_resources  # BUG

    return thread_resources.env.physical_mesh


mesh = _get_mesh()
