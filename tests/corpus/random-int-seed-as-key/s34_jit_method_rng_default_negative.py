# corpus: label=negative styles=method,parameter batch=s34
"""An engine's jitted step takes ``rng=None`` by keyword; its public wrapper always passes a
key split from the engine's own, so the jitted method never sees the default."""

import functools

import jax
import jax.numpy as jnp


class Engine:
    def __init__(self):
        self.rng = None

    @functools.partial(jax.jit, static_argnums=(0,), static_argnames=("top_k",))
    def _sample_jit(self, *, logits, rng=None, top_k: int = 4):
        assert top_k > 0
        rng, sample_rng = jax.random.split(rng)
        noise = jax.random.gumbel(sample_rng, logits.shape)
        return jnp.argmax(logits + noise, axis=-1), rng

    def sample(self, logits, rng=None):
        if rng is None:
            if self.rng is None:
                self.rng = jax.random.key(0)
            self.rng, rng = jax.random.split(self.rng)
        return self._sample_jit(logits=logits, rng=rng)


print("engine ready:", Engine.__name__)
