# realbug: feax-3-jax-tree-map-mdmm
# source: https://github.com/Naruki-Ichihara/feax/pull/3
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_map'
# feax's mdmm.py (modified differential method of multipliers) updated the parameters and the
# multipliers with `jax.tree_map`, removed in JAX 0.6.0; the constrained step is filled in.
import jax
import jax.numpy as jnp


def mdmm_step(params, grads, lr=0.01):
  # descend on the parameters, ascend on the Lagrange multiplier
  return jax.tree_map(lambda p, g: p - lr * g, params, grads)  # BUG


params = {"x": jnp.ones(3), "lmbda": jnp.zeros(())}
grads = {"x": jnp.full(3, 0.1), "lmbda": -jnp.ones(())}
print(mdmm_step(params, grads))
