# realbug: genjax-670-split-missing-key
# source: https://github.com/genjax-community/genjax/issues/670
# kind: key-not-int
# raises: TypeError: JAX encountered invalid PRNG key data
# The report quotes the line of genjax's importance sampling; the class around it is filled in.
import jax


class ImportanceK:
    def __init__(self, num_particles):
        self.num_particles = num_particles

    def random_weighted(self, key):
        sub_keys = jax.random.split(self.num_particles)  # BUG
        return sub_keys


ImportanceK(5).random_weighted(jax.random.PRNGKey(0))
