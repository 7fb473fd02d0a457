"""A jitted bound apply method branches in Python on its activations' mean."""

# corpus: label=positive styles=method,transform
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self, sizes):
        self.sizes = sizes

    def init(self, key):
        params = []
        for din, dout in zip(self.sizes[:-1], self.sizes[1:]):
            key, sub = jax.random.split(key)
            params.append((jax.random.normal(sub, (din, dout)) * 0.1, jnp.zeros(dout)))
        return params

    def apply(self, params, x):
        for w, b in params:
            x = x @ w + b
        if x.mean() > 0:  # expect: tracer-bool-conversion-error
            x = jax.nn.relu(x)
        return x


model = MLP([4, 8, 2])
params = model.init(jax.random.key(0))
forward = jax.jit(model.apply)
forward(params, jnp.ones((3, 4)))
