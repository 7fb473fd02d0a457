"""A trainer turns on NaN checks through an option JAX has."""
# corpus: label=negative styles=method,attribute

import jax


class Trainer:
    flag = "jax_debug_nans"

    def setup(self):
        jax.config.update(self.flag, True)


Trainer().setup()
