"""A launcher applies a dict of debug flags in a loop; one is spelled `jax_debug_nan` (the option is `jax_debug_nans`)."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax

DEBUG_FLAGS = {"jax_enable_x64": False, "jax_debug_nan": True}


def apply_flags(flags):
    for name, value in flags.items():
        jax.config.update(name, value)  # expect: config-option-unrecognized


apply_flags(DEBUG_FLAGS)
