"""A device probe that asks the old xla_bridge module for the backend named by its caller."""

# corpus: label=positive styles=parameter batch=s37

import jax


def backend_platform(name):
    from jax.lib.xla_bridge import get_backend  # expect: jax-module-missing

    return get_backend(name).platform


print(jax.device_count(), backend_platform("cpu"))
