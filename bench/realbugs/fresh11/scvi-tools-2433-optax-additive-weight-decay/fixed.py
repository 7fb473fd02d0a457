# realbug: scvi-tools-2433-optax-additive-weight-decay (fixed)
# source: https://github.com/scverse/scvi-tools/issues/2433
import jax.numpy as jnp
import optax


def get_optimizer(lr=1e-3, weight_decay=1e-6, eps=0.01):
  return optax.chain(
      optax.add_decayed_weights(weight_decay=weight_decay),
      optax.adam(lr, eps=eps),
  )


tx = get_optimizer()
print(tx.init({"w": jnp.ones(2)}))
