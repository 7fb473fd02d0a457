"""The same flags loop with the option's real name."""
# corpus: label=negative styles=attribute,helper batch=s26

import jax

DEBUG_FLAGS = {"jax_enable_x64": False, "jax_debug_nans": False}


def apply_flags(flags):
    for name, value in flags.items():
        jax.config.update(name, value)


apply_flags(DEBUG_FLAGS)
