"""The same extractor quantising the spectrum's magnitude."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


class Spectrogram:
    def __init__(self, bins):
        self.bins = bins

    def features(self, frames):
        spectrum = jnp.fft.rfft(frames, n=self.bins)
        return jnp.floor(jnp.abs(spectrum) * 10.0)


print(Spectrogram(64).features(jnp.ones((4, 64))).shape)
