"""A backend probe that guards the old xla_bridge import, but only against a missing module."""
# corpus: label=positive styles=direct

import jax

try:
    from jax.lib import xla_bridge  # expect: jax-import-name-missing
except ModuleNotFoundError:
    xla_bridge = None


def platform():
    if xla_bridge is None:
        return jax.default_backend()
    return xla_bridge.get_backend().platform


print(platform())
