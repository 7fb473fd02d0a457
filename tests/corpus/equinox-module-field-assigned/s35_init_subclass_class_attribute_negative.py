"""A base equinox module caches each generated subclass's port count on the class itself, in __init_subclass__ (circulax's CircuitComponent): the class is not a frozen instance."""
# corpus: label=negative styles=method batch=s35

from typing import ClassVar

import equinox as eqx
import jax.numpy as jnp


class Component(eqx.Module):
    ports: ClassVar[tuple[str, ...]] = ()
    n_ports: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.n_ports = len(cls.ports)


class Resistor(Component):
    ports: ClassVar[tuple[str, ...]] = ("p1", "p2")
    resistance: float = 1.0

    def __call__(self, v):
        return jnp.asarray(v) / self.resistance


print(Resistor.n_ports, Resistor()(jnp.ones(2)))
