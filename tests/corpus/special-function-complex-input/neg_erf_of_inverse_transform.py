"""A filter goes to the frequency domain and back with irfft (real) before erf."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax.scipy.special import erf


def low_pass(signal, keep):
    spectrum = jnp.fft.rfft(signal)
    mask = jnp.arange(spectrum.shape[-1]) < keep
    return erf(jnp.fft.irfft(spectrum * mask, n=signal.shape[-1]))


print(low_pass(jnp.ones(32), 4).shape)
