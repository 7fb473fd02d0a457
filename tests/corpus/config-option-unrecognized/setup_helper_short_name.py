"""A setup helper enables 64-bit mode with the environment variable's short name."""
# corpus: label=positive styles=helper,parameter

import jax


def enable(option, value=True):
    jax.config.update(option, value)  # expect: config-option-unrecognized


enable("enable_x64")
