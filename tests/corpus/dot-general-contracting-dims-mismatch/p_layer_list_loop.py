"""Layers built in a loop with split keys, each weight stored (out, in), applied as (in, out)."""

# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def init_layers(key, sizes):
    layers = []
    for din, dout in zip(sizes[:-1], sizes[1:]):  # noqa: RUF007 (as users write it)
        key, sub = jax.random.split(key)
        layers.append(jax.random.normal(sub, (dout, din)))
    return layers


def run(layers, x):
    for w in layers:
        x = x @ w  # expect: dot-general-contracting-dims-mismatch
    return x


layers = init_layers(jax.random.key(0), [3, 5, 2])
run(layers, jnp.ones((4, 3)))
