# realbug: scvi-tools-2433-optax-additive-weight-decay
# source: https://github.com/scverse/scvi-tools/issues/2433
# kind: removed-name
# raises: AttributeError: module 'optax' has no attribute 'additive_weight_decay'
# scvi-tools' JAX training plan chained `optax.additive_weight_decay` (renamed
# `add_decayed_weights`, the old name since removed) in front of Adam.
import jax.numpy as jnp
import optax


def get_optimizer(lr=1e-3, weight_decay=1e-6, eps=0.01):
  return optax.chain(
      optax.additive_weight_decay(weight_decay=weight_decay),  # BUG
      optax.adam(lr, eps=eps),
  )


tx = get_optimizer()
print(tx.init({"w": jnp.ones(2)}))
