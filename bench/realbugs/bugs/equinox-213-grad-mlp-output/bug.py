# realbug: equinox-213-grad-mlp-output
# source: https://github.com/patrick-kidger/equinox/issues/213
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, key, in_size, out_size):
        self.weight = jax.random.normal(key, (out_size, in_size))

    def __call__(self, x):
        return jnp.tanh(self.weight @ x)


mlp = MLP(jax.random.PRNGKey(0), 2, 1)
point = jnp.array([0.5, -0.5])
print(jax.grad(mlp)(point))  # BUG
