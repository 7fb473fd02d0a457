# realbug: flax-2941-apply-other-input-shape
# source: https://github.com/google/flax/issues/2941
# kind: linen-param-shape
# raises: ScopeParamShapeError: For parameter "kernel" in "/Dense_0", the given initializer is expected to generate shape \(3, 1\), but the existing parameter it received has shape \(5, 1\)
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
print(model.apply({"params": params}, jnp.ones(3)))  # BUG
