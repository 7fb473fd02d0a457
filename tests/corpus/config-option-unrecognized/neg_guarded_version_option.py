"""Library setup written for several JAX versions: an option is updated only where this JAX
has it, and a removed one's error is caught."""
# corpus: label=negative styles=module,direct

import jax

if "jax_pmap_shmap_merge" in jax.config.values:
    jax.config.update("jax_pmap_shmap_merge", False)

try:
    jax.config.update("jax_array", True)
except AttributeError:
    pass
