"""A helper takes the log-gamma of an FFT spectrum, which is complex."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp
from jax.scipy.special import gammaln


def spectral_log_gamma(signal):
    spectrum = jnp.fft.fft(signal)
    return gammaln(spectrum)  # expect: special-function-complex-input


spectral_log_gamma(jnp.ones(8))
