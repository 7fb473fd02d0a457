# corpus: label=negative styles=attribute batch=c
"""The config's integer seed is turned into a key before any draw."""

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
    key = jax.random.key(cfg.seed)
    noise = jax.random.normal(key, clean.shape) * cfg.noise_std
    return clean + noise


print(make_batch(ExperimentConfig()).shape)
