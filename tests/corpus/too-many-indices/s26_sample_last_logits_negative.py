"""The model returns per-position logits (batch, length, vocab), so the generator's indexing fits."""
# corpus: label=negative styles=method,return batch=s26

import jax.numpy as jnp


class LM:
    def __init__(self, vocab):
        self.embed = jnp.ones((vocab, vocab))

    def __call__(self, tokens):
        return self.embed[tokens]


def generate(model, tokens, steps):
    for _ in range(steps):
        logits = model(tokens)
        next_token = jnp.argmax(logits[:, -1, :], axis=-1)
        tokens = jnp.concatenate([tokens, next_token[:, None]], axis=1)
        yield next_token


print(list(generate(LM(5), jnp.zeros((2, 3), jnp.int32), 2)))
