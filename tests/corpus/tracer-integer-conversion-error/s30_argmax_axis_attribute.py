# corpus: label=positive styles=attribute batch=s30
import jax
import jax.numpy as jnp


class Decoder:
    def __init__(self, vocab_axis):
        self.vocab_axis = vocab_axis

    def greedy(self, logits):
        return jnp.argmax(logits, axis=self.vocab_axis)  # expect: tracer-integer-conversion-error


@jax.jit
def decode(logits, vocab_axis):
    return Decoder(vocab_axis).greedy(logits)


decode(jnp.ones((2, 5, 11)), -1)
