# corpus: label=positive styles=return,helper
import jax.numpy as jnp


def pad_width(length, multiple):
    return (multiple - length % multiple) / 1


def pad_to_multiple(x, multiple):
    padding = jnp.zeros(pad_width(x.shape[0], multiple))  # expect: traced-shape-argument
    return jnp.concatenate([x, padding])


pad_to_multiple(jnp.ones(5), 4)
