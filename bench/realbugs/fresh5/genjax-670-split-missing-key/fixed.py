# realbug: genjax-670-split-missing-key (fixed)
# source: https://github.com/genjax-community/genjax/issues/670
import jax


class ImportanceK:
    def __init__(self, num_particles):
        self.num_particles = num_particles

    def random_weighted(self, key):
        sub_keys = jax.random.split(key, self.num_particles)
        return sub_keys


ImportanceK(5).random_weighted(jax.random.PRNGKey(0))
