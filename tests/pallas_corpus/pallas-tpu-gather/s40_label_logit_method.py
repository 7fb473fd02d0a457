# corpus: label=positive styles=method,attribute batch=s40
"""A loss layer's kernel method picks each row's label logit from a whole vocabulary block
with `jnp.take_along_axis`: along 1,024 columns, wider than one register's lanes."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class LabelLogits:
    def __init__(self, vocab):
        self.vocab = vocab

    def kernel(self, logits_ref, labels_ref, o_ref):
        logits, labels = logits_ref[...], labels_ref[...]
        o_ref[...] = jnp.take_along_axis(logits, labels, axis=-1)  # expect: pallas-tpu-gather

    def __call__(self, logits, labels):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((logits.shape[0], 1), jnp.float32),
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(logits, labels)


layer = LabelLogits(1024)
logits = jnp.ones((8, layer.vocab), jnp.float32)
labels = jnp.zeros((8, 1), jnp.int32)
print(layer(logits, labels).sum())
