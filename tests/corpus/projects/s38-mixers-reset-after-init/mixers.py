"""Mixers whose base class offers a reset that sets a field after construction."""

import equinox as eqx
import jax
import jax.numpy as jnp


class Mixer(eqx.Module):
    weight: jax.Array
    kind: str = eqx.field(static=True)

    def _init_common(self, kind: str, size: int) -> None:
        self.weight = jnp.zeros(size)
        self.kind = kind

    def reset(self, size: int) -> None:
        self.weight = jnp.zeros(size)  # expect: equinox-module-field-assigned


class Gated(Mixer):
    def __init__(self, size: int) -> None:
        self._init_common("gated", size)
