"""A jitted update closes over a Lion optimizer made at module level and leaves out params."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp
import optax

optimizer = optax.lion(1e-4)


@jax.jit
def update(params, opt_state, batch):
    grads = jax.grad(lambda p: jnp.mean((batch * p) ** 2))(params)
    updates, opt_state = optimizer.update(grads, opt_state)  # expect: optax-update-without-params
    return optax.apply_updates(params, updates), opt_state


params = jnp.ones(5)
params, opt_state = update(params, optimizer.init(params), jnp.arange(5.0))
print(params)
