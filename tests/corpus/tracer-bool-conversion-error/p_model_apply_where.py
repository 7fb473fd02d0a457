"""A jitted bound apply method selects with jnp.where on its activations' mean."""

# corpus: label=negative styles=method,transform
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, sizes):
        self.sizes = sizes

    def apply(self, params, x):
        for w, b in params:
            x = x @ w + b
        return jnp.where(x.mean() > 0, jax.nn.relu(x), x)


model = MLP([4, 2])
params = [(jnp.ones((4, 2)), jnp.zeros(2))]
jax.jit(model.apply)(params, jnp.ones((3, 4)))
