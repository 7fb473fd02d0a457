"""A trainer from an older JAX turns on the removed jax.Array opt-in flag."""
# corpus: label=positive styles=method,attribute

import jax


class Trainer:
    flag = "jax_array"

    def setup(self):
        jax.config.update(self.flag, True)  # expect: config-option-unrecognized


Trainer().setup()
