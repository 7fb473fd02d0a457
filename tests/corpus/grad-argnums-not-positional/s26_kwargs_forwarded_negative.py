"""The batch is forwarded positionally, so argnums=1 has its argument."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def loss(params, inputs, targets):
    return jnp.mean((inputs @ params - targets) ** 2)


def input_grad(params, **batch):
    return jax.grad(loss, argnums=1)(params, batch["inputs"], batch["targets"])


print(input_grad(jnp.ones(3), inputs=jnp.ones((4, 3)), targets=jnp.zeros(4)))
