# corpus: label=positive styles=attribute batch=c
"""The experiment config carries an integer seed, and the noise draw uses the field directly."""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    seed: int = 42
    batch_size: int = 8
    noise_std: float = 0.1


def make_batch(cfg: ExperimentConfig):
    clean = jnp.ones((cfg.batch_size, 3))
    noise = jax.random.normal(cfg.seed, clean.shape)  # expect: random-int-seed-as-key
    noise = noise * cfg.noise_std
    return clean + noise


print(make_batch(ExperimentConfig()).shape)
