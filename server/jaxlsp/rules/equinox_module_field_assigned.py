"""An attribute of an ``equinox.Module`` set after its ``__init__`` returned: in a method
(``self.x = ...``), or on a layer of ``equinox.nn`` (``self.linear.weight = ...``).

Equinox modules are frozen dataclasses: the assignment raises FrozenInstanceError.  Setting
fields inside ``__init__`` (and the helpers it calls) is allowed, but only fields the class
declares: ``self.layers = ...`` in ``__init__`` with no ``layers: ...`` annotation in the class or
its bases (all known up to ``eqx.Module``) raises the same error.
"""

from __future__ import annotations

from jaxlsp.infer.frames import ShapeError
from jaxlsp.rules._shapes import ShapeRule


class EquinoxModuleFieldAssigned(ShapeRule):
    NAME = "equinox-module-field-assigned"
    CODE = "equinox-module-field-assigned"
    RECORD_ID = "ad6451377c202159"
    KINDS = frozenset({"eqx-frozen-field"})
    NAMES_OPERANDS = False
    ADVICE = "Return an updated copy instead: `eqx.tree_at(lambda m: m.x, module, new_value)`."
    #: For a field set in ``__init__`` that the class never declared.
    UNDECLARED_ADVICE = "Declare the field in the class body with an annotation (`name: type`)."

    VALID = (
        """
import equinox as eqx
import jax.numpy as jnp

class Scale(eqx.Module):
    factor: jnp.ndarray

    def __init__(self, factor):
        self.factor = jnp.asarray(factor)

    def doubled(self):
        return eqx.tree_at(lambda m: m.factor, self, self.factor * 2)

print(Scale(2.0).doubled().factor)
""",
        """
import equinox as eqx
import jax
import jax.numpy as jnp

# a helper that __init__ calls may set fields: the module is still being initialised
class Affine(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def _initialise(self, size, key):
        self.weight = jax.random.normal(key, (size, size))
        self.bias = jnp.zeros(size)

    def __init__(self, size, key):
        self._initialise(size, key)

print(Affine(2, jax.random.PRNGKey(0)).bias)
""",
        """
import equinox as eqx

# a field declared by a base class may be set in a subclass's __init__
class Base(eqx.Module):
    scale: float

class Child(Base):
    def __init__(self):
        self.scale = 2.0

print(Child().scale)
""",
    )
    INVALID = (
        """
import equinox as eqx
import jax.numpy as jnp

class Scale(eqx.Module):
    factor: jnp.ndarray

    def __init__(self, factor):
        self.factor = jnp.asarray(factor)

    def double(self):
        self.factor = self.factor * 2  # expect: equinox-module-field-assigned

Scale(2.0).double()
""",
        """
import equinox as eqx
import jax

linear = eqx.nn.Linear(2, 3, key=jax.random.PRNGKey(0))
linear.weight = linear.weight * 0.0  # expect: equinox-module-field-assigned
""",
        """
import equinox as eqx

class Stack(eqx.Module):
    def __init__(self, sizes):
        self.sizes = list(sizes)  # expect: equinox-module-field-assigned

Stack([1, 2])
""",
    )

    def message(self, error: ShapeError) -> str:
        if "declares no field" in error.mismatch.summary:
            summary = error.mismatch.summary.rstrip(".")
            return f"`{error.api}` raises: {summary}. {self.UNDECLARED_ADVICE}"
        return super().message(error)
