"""A feature extractor quantises an FFT spectrum with floor, forgetting its modulus."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Spectrogram:
    def __init__(self, bins):
        self.bins = bins

    def features(self, frames):
        spectrum = jnp.fft.rfft(frames, n=self.bins)
        return jnp.floor(spectrum * 10.0)  # expect: special-function-complex-input


print(Spectrogram(64).features(jnp.ones((4, 64))).shape)
