"""A partitioning helper that asks xmap's thread resources for the current mesh."""

# corpus: label=positive styles=helper batch=s37

import jax


def current_mesh():
    from jax.experimental.maps import thread_resources  # expect: jax-module-missing

    return thread_resources.env.physical_mesh


def axis_size(name):
    return current_mesh().shape[name]


print(jax.device_count(), axis_size("data"))
