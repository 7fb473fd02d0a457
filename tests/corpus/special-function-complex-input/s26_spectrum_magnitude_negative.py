"""The helper applies `gammaln` to the spectrum's magnitude."""
# corpus: label=negative styles=helper,return batch=s26

import jax.numpy as jnp
from jax.scipy.special import gammaln


def spectrum(signal):
    return jnp.abs(jnp.fft.rfft(signal))


def log_gamma_features(signal):
    return gammaln(spectrum(signal) + 1.0)


print(log_gamma_features(jnp.sin(jnp.linspace(0.0, 6.0, 16))))
