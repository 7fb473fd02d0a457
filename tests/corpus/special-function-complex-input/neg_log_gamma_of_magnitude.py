"""A helper takes the log-gamma of an FFT spectrum's magnitude."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax.scipy.special import gammaln


def spectral_log_gamma(signal):
    spectrum = jnp.fft.fft(signal)
    return gammaln(jnp.abs(spectrum) + 1.0)


spectral_log_gamma(jnp.ones(8))
