"""A base equinox module caches its port count on the instance, in a method called after construction: the instance is frozen."""
# corpus: label=positive styles=method batch=s35

from typing import ClassVar

import equinox as eqx
import jax.numpy as jnp


class Component(eqx.Module):
    ports: ClassVar[tuple[str, ...]] = ()
    n_ports: int = 0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)

    def count_ports(self):
        self.n_ports = len(self.ports)  # expect: equinox-module-field-assigned


class Resistor(Component):
    ports: ClassVar[tuple[str, ...]] = ("p1", "p2")
    resistance: float = 1.0

    def __call__(self, v):
        return jnp.asarray(v) / self.resistance


Resistor().count_ports()
