"""A setup helper sets 64-bit mode (off, as by default) with the option's full name."""
# corpus: label=negative styles=helper,parameter

import jax


def configure(option, value=False):
    jax.config.update(option, value)


configure("jax_enable_x64")
