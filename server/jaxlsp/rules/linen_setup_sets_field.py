"""A construction attribute (a dataclass field) of a ``flax.linen.Module`` set in ``setup``:
``self.dtype = ...`` where ``dtype`` is one of the class's fields.

``setup`` may add new attributes, but the fields the module was constructed with stay frozen:
linen raises SetAttributeInModuleSetupError.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenSetupSetsField(ShapeRule):
    NAME = "linen-setup-sets-field"
    CODE = "linen-setup-sets-field"
    RECORD_ID = "c3573b7ee7ca2670"
    KINDS = frozenset({"linen-setup-field"})
    NAMES_OPERANDS = False
    ADVICE = "Store the derived value under a new name (`self.compute_dtype = ...`)."

    VALID = (
        """
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    dtype: Any = None

    def setup(self):
        self.compute_dtype = jnp.float32 if self.dtype is None else self.dtype
        self.dense = nn.Dense(2, dtype=self.compute_dtype)

    def __call__(self, x):
        return self.dense(x)

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
        """
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

# a field declared with init=False is no construction attribute: setup may set it
class Model(nn.Module):
    features: int = 2
    dense: nn.Module = dataclasses.field(init=False)

    def setup(self):
        self.dense = nn.Dense(self.features)

    def __call__(self, x):
        return self.dense(x)

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
    INVALID = (
        """
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    dtype: Any = None

    def setup(self):
        if self.dtype is None:
            self.dtype = jnp.float32  # expect: linen-setup-sets-field
        self.dense = nn.Dense(2, dtype=self.dtype)

    def __call__(self, x):
        return self.dense(x)

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
