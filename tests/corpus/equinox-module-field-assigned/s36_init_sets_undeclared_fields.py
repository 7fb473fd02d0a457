"""A network whose __init__ builds its layers without declaring them as fields."""

# corpus: label=positive styles=method batch=s36
import equinox as eqx
import jax


class Network(eqx.Module):
    def __init__(self, sizes, key):
        keys = jax.random.split(key, len(sizes) - 1)
        self.layers = [  # expect: equinox-module-field-assigned
            eqx.nn.Linear(a, b, key=k) for a, b, k in zip(sizes[:-1], sizes[1:], keys)
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


Network([2, 4, 1], jax.random.PRNGKey(0))
