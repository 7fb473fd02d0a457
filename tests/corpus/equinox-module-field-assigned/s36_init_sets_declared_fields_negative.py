"""A network whose __init__ builds layers it declares, one of them in a base class."""

# corpus: label=negative styles=method batch=s36
import equinox as eqx
import jax


class Base(eqx.Module):
    depth: int


class Network(Base):
    layers: list

    def __init__(self, sizes, key):
        keys = jax.random.split(key, len(sizes) - 1)
        self.depth = len(sizes) - 1
        self.layers = [eqx.nn.Linear(a, b, key=k) for a, b, k in zip(sizes[:-1], sizes[1:], keys)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


Network([2, 4, 1], jax.random.PRNGKey(0))
