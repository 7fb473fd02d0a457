"""A setup helper enables 64-bit mode with the option's full name."""
# corpus: label=negative styles=helper,parameter

import jax


def enable(option, value=True):
    jax.config.update(option, value)


enable("jax_enable_x64")
