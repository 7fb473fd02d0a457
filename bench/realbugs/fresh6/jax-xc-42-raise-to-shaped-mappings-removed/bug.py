# realbug: jax-xc-42-raise-to-shaped-mappings-removed
# source: https://github.com/sail-sg/jax_xc/issues/42
# kind: removed-api
# raises: AttributeError: .*raise_to_shaped_mappings
# autofd (used by jax_xc) registers its abstract value class in
# `jax.core.raise_to_shaped_mappings`, which JAX removed; the class is cut down to a stub.
from jax import core


class GeneralArray:
    pass


core.raise_to_shaped_mappings[GeneralArray] = lambda aval, _: aval  # BUG
