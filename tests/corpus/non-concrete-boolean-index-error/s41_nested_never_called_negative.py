"""A scan step defines a helper that masks the traced particles, and never calls it."""

# corpus: label=negative styles=helper,transform batch=s41
import jax
import jax.numpy as jnp


def island_step(particles, island_of, n_islands):
    def process_island(island):
        mask = particles > island_of[island]
        return particles[mask]

    return particles * 0.5 + n_islands


def run_islands(observations):
    island_of = jnp.repeat(jnp.arange(2), 3)

    def scan_fn(particles, obs):
        particles = island_step(particles, island_of, 2) + obs
        return particles, particles.mean()

    return jax.lax.scan(scan_fn, jnp.zeros(6), observations)


print(run_islands(jnp.ones((4, 6))))
