# corpus: label=negative styles=method,attribute batch=s40
"""The loss layer's fix: each row's label logit picked with a select over a column iota and a
row sum, not a gather, over the same 1,024-column block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class LabelLogits:
    def __init__(self, vocab):
        self.vocab = vocab

    def kernel(self, logits_ref, labels_ref, o_ref):
        logits = logits_ref[...]
        cols = jax.lax.broadcasted_iota(jnp.int32, logits.shape, 1)
        picked = jnp.where(cols == labels_ref[...], logits, 0.0)
        o_ref[...] = jnp.sum(picked, axis=1, keepdims=True)

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
