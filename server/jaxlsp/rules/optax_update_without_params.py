"""An optax optimizer that reads the current parameters (``optax.adamw`` and the others with
weight decay, ``lamb``, ``lars``, ``lion``..., or a chain holding ``add_decayed_weights``)
updated without them: ``opt.update(grads, opt_state)``.

optax raises ValueError inside ``update``: the decayed-weights step needs ``params``.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class OptaxUpdateWithoutParams(ShapeRule):
    NAME = "optax-update-without-params"
    CODE = "optax-update-without-params"
    RECORD_ID = "05fb5339338412b4"
    KINDS = frozenset({"optax-update-params"})
    NAMES_OPERANDS = False
    ADVICE = "Pass the current parameters: `opt.update(grads, opt_state, params)`."

    VALID = (
        """
import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3)}
grads = {"w": jnp.ones(3)}
opt = optax.adamw(1e-3)
state = opt.init(params)
updates, state = opt.update(grads, state, params)
sgd = optax.adam(1e-3)
updates, _ = sgd.update(grads, sgd.init(params))
""",
        """
import jax.numpy as jnp
import optax

# a chain of transformations that never read the parameters needs none
params = jnp.ones(3)
tx = optax.chain(optax.clip(1.0), optax.scale_by_adam(), optax.scale(-1e-3))
updates, state = tx.update(jnp.ones(3), tx.init(params))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
import optax

params = {"w": jnp.ones(3)}
grads = {"w": jnp.ones(3)}
opt = optax.adamw(1e-3)
state = opt.init(params)
updates, state = opt.update(grads, state)  # expect: optax-update-without-params
""",
        """
import jax
import jax.numpy as jnp
import optax

def train_step(optimizer, params, state, x):
    grads = jax.grad(lambda p: jnp.sum(p * x))(params)
    updates, state = optimizer.update(grads, state)  # expect: optax-update-without-params
    return optax.apply_updates(params, updates), state

optimizer = optax.chain(optax.clip_by_global_norm(1.0), optax.add_decayed_weights(1e-4))
params = jnp.ones(3)
train_step(optimizer, params, optimizer.init(params), jnp.ones(3))
""",
        """
import jax.numpy as jnp
import optax

params = jnp.ones(3)
opt = optax.inject_hyperparams(optax.adamw)(learning_rate=1e-3, weight_decay=1e-4)
updates, state = opt.update(params, opt.init(params))  # expect: optax-update-without-params
""",
    )
