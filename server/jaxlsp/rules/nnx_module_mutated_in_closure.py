"""An nnx Module given to ``nnx.jit`` (or ``jax.jit``) as the function itself, whose
``__call__`` changes its own state: ``nnx.jit(model)()`` where ``__call__`` does
``self.count.value += 1`` or ``self.steps = ...``.

The module reaches the traced function by closure, not as an argument nnx lifts into the
trace, so nnx refuses to change it (or a Variable it holds) from inside: TraceContextError.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class NnxModuleMutatedInClosure(ShapeRule):
    NAME = "nnx-module-mutated-in-closure"
    CODE = "nnx-module-mutated-in-closure"
    RECORD_ID = "9e27e84b62be4cd8"
    KINDS = frozenset({"nnx-trace-context"})
    NAMES_OPERANDS = False
    ADVICE = "Pass the module as an argument: `nnx.jit(lambda m: m())(model)`."

    VALID = (
        """
import jax.numpy as jnp
from flax import nnx

class Tracker(nnx.Module):
    def __init__(self):
        self.steps = 0

    def __call__(self, x):
        self.steps = self.steps + 1
        return x * 2

tracker = Tracker()
nnx.jit(lambda model, x: model(x))(tracker, jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from flax import nnx

class Tracker(nnx.Module):
    def __init__(self):
        self.steps = 0

    def __call__(self, x):
        self.steps = self.steps + 1  # expect: nnx-module-mutated-in-closure
        return x * 2

tracker = Tracker()
nnx.jit(tracker)(jnp.ones(3))
""",
    )
