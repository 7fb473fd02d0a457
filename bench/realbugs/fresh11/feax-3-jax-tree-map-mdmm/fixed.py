# realbug: feax-3-jax-tree-map-mdmm (fixed)
# source: https://github.com/Naruki-Ichihara/feax/pull/3
import jax
import jax.numpy as jnp


def mdmm_step(params, grads, lr=0.01):
  # descend on the parameters, ascend on the Lagrange multiplier
  return jax.tree.map(lambda p, g: p - lr * g, params, grads)


params = {"x": jnp.ones(3), "lmbda": jnp.zeros(())}
grads = {"x": jnp.full(3, 0.1), "lmbda": -jnp.ones(())}
print(mdmm_step(params, grads))
