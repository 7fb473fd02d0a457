"""An optax optimizer that keeps a state of each parameter (``optax.adam``, ``adamw``,
``rmsprop``, ``lion``...) updated with updates of another structure than the params its
state was made for: ``opt.update(grads, opt.init(params))`` where ``grads`` is the gradient
with respect to the inputs (one array) while ``params`` is a dict.

The optimizer maps its moments over the updates: JAX raises ValueError (pytree structure
error) where the updates hold a container the moments lack, and the step's arithmetic raises
TypeError where the updates hold one array for a container of the moments.  Reported where
both structures are known as far as they differ (``jaxlsp.apis.optax_api.update_structure``)
and the state surely is what ``init`` of that optimizer made.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class OptaxUpdateStructureMismatch(ShapeRule):
    NAME = "optax-update-structure-mismatch"
    CODE = "optax-update-structure-mismatch"
    RECORD_ID = "71db19c5020dcd9f"
    KINDS = frozenset({"optax-update-structure", "optax-update-structure-leaf"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Differentiate with respect to the parameters the optimizer was initialised on "
        "(`jax.grad(loss)(params, x, y)`, or `argnums=`), so the updates have their structure."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}

def loss(params, x):
    return jnp.sum(x @ params["w"] + params["b"])

opt = optax.adam(1e-3)
state = opt.init(params)
grads = jax.grad(loss)(params, jnp.ones((4, 3)))
updates, state = opt.update(grads, state)
plain = optax.sgd(1e-2)
updates, _ = plain.update(jnp.ones(3), plain.init(params))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
import optax

params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}

def loss(x, params):
    return jnp.sum(x @ params["w"] + params["b"])

opt = optax.adam(1e-3)
state = opt.init(params)
grads = jax.grad(loss)(jnp.ones((4, 3)), params)
updates, state = opt.update(grads, state)  # expect: optax-update-structure-mismatch
""",
        """
import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
opt = optax.rmsprop(1e-3)
state = opt.init(params)
grads = {"w": jnp.ones(3), "b": jnp.ones(3)}
updates, state = opt.update(grads["w"], state)  # expect: optax-update-structure-mismatch
""",
    )
