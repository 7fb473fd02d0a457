"""Mixers whose __init__s call a helper of their base class that sets the shared fields."""

import equinox as eqx
import jax
import jax.numpy as jnp


class Mixer(eqx.Module):
    weight: jax.Array
    gate: jax.Array | None
    kind: str = eqx.field(static=True)

    def _init_common(self, kind: str, size: int, gated: bool) -> None:
        self.weight = jnp.zeros(size)
        if gated:
            self.gate = jnp.ones(size)
        else:
            self.gate = None
        self.kind = kind


class Gated(Mixer):
    def __init__(self, size: int) -> None:
        self._init_common("gated", size, True)


class Plain(Mixer):
    def __init__(self, size: int) -> None:
        self._init_common("plain", size, False)
