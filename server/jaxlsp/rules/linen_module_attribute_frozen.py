"""An attribute of a ``flax.linen.Module`` set outside ``setup``: ``self.x = ...`` in an
``@nn.compact`` method, on a layer made there (``dense.features = 4``), or in a
``__post_init__`` after ``super().__post_init__()``.

Linen freezes a module once it is constructed (and bound, under ``init``/``apply``); only
``setup`` may add attributes, so the assignment raises SetAttributeFrozenModuleError.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinenModuleAttributeFrozen(ShapeRule):
    NAME = "linen-module-attribute-frozen"
    CODE = "linen-module-attribute-frozen"
    RECORD_ID = "a0ff4580026bcb92"
    KINDS = frozenset({"linen-frozen-attribute"})
    NAMES_OPERANDS = False
    ADVICE = "Define it in `setup`, as a field of the class, or as a local variable of the method."

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    features: int = 3

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.scale = 2.0

    def __call__(self, x):
        return self.dense(x) * self.scale

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

# a layer made outside any module is not bound yet: its attributes may still be set
layer = nn.Dense(2)
layer.features = 3

class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        hidden = nn.Dense(3)
        return hidden(x)

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
layer.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        self.hidden = nn.Dense(3)  # expect: linen-module-attribute-frozen
        return self.hidden(x)

Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
        """
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    size: int

    def __post_init__(self):
        super().__post_init__()
        self.doubled = self.size * 2  # expect: linen-module-attribute-frozen

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.doubled)(x)

Model(2).init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
