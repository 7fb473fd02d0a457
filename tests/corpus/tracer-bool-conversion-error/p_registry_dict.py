"""A layer factory looks its activation up in a dict; the chosen one branches in Python under jit."""

# corpus: label=positive styles=helper,attribute
import jax
import jax.numpy as jnp


def clipped_relu(x):
    if x.max() > 6.0:  # expect: tracer-bool-conversion-error
        return jnp.clip(x, 0.0, 6.0)
    return jax.nn.relu(x)


ACTIVATIONS = {"relu": jax.nn.relu, "relu6": clipped_relu}


def make_layer(name):
    act = ACTIVATIONS[name]

    @jax.jit
    def layer(x):
        return act(x * 2.0)

    return layer


make_layer("relu6")(jnp.ones(4))
