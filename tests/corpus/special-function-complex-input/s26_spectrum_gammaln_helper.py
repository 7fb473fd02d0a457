"""A spectral feature helper applies `gammaln` to the raw FFT output (complex) instead of its magnitude."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp
from jax.scipy.special import gammaln


def spectrum(signal):
    return jnp.fft.rfft(signal)


def log_gamma_features(signal):
    return gammaln(spectrum(signal) + 1.0)  # expect: special-function-complex-input


print(log_gamma_features(jnp.sin(jnp.linspace(0.0, 6.0, 16))))
