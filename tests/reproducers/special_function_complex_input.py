"""Raises TypeError: jax.scipy.special.gammaln of a complex array."""

import jax.numpy as jnp
from jax.scipy.special import gammaln

gammaln(jnp.ones(3, jnp.complex64))
