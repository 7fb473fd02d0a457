"""A trainer sets NaN checks (off, as by default) through an option JAX has."""
# corpus: label=negative styles=method,attribute

import jax


class Trainer:
    flag = "jax_debug_nans"

    def setup(self):
        jax.config.update(self.flag, False)


Trainer().setup()
