"""An optax optimizer that makes a state of each parameter (``optax.adam``, ``adamw``,
``adabelief``, ``rmsprop``, ``lion``... or a chain holding one after transformations that read
no leaf) initialised on a tree that holds a function or a class: ``opt.init(model)`` where the
equinox model keeps ``jax.nn.relu`` as a field.

``init`` calls ``jnp.zeros_like`` (or ``full_like``) on every leaf, and JAX raises TypeError
"zeros_like requires ndarray or scalar arguments" for the function.  Reported where the tree
surely holds such a leaf (``jaxlsp.apis.contracts.not_an_array``) and the optimizer is spelled
by its alias (``optax.inject_hyperparams`` fails on another check first).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class OptaxInitNonArrayLeaf(ShapeRule):
    NAME = "optax-init-non-array-leaf"
    CODE = "optax-init-non-array-leaf"
    RECORD_ID = "b448c0af4dad6272"
    KINDS = frozenset({"optax-init-non-array"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Initialise on the arrays only: `opt.init(eqx.filter(model, eqx.is_inexact_array))`, "
        "or keep the function out of the tree (a static field, a closure)."
    )

    VALID = (
        """
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

model = eqx.nn.Sequential([eqx.nn.Linear(2, 4, key=jax.random.PRNGKey(0)), jax.nn.relu])
state = optax.adam(1e-3).init(eqx.filter(model, eqx.is_inexact_array))
plain = optax.sgd(1e-2).init(model)
tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))
state = tx.init({"w": jnp.ones(3), "b": jnp.zeros(3)})
""",
    )
    INVALID = (
        """
import equinox as eqx
import jax
import optax

model = eqx.nn.Sequential([eqx.nn.Linear(2, 4, key=jax.random.PRNGKey(0)), jax.nn.relu])
optimizer = optax.adam(1e-3)
state = optimizer.init(model)  # expect: optax-init-non-array-leaf
""",
        """
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

class Net(eqx.Module):
    weight: jax.Array
    activation: object

def make_state(net):
    optimizer = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3))
    return optimizer.init(net)  # expect: optax-init-non-array-leaf

make_state(Net(jnp.ones((2, 2)), jax.nn.gelu))
""",
    )
