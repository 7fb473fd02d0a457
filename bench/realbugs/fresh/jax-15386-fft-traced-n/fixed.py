# realbug: jax-15386-fft-traced-n (fixed)
# source: https://github.com/jax-ml/jax/issues/15386
import jax
import jax.numpy as jnp


def my_fft(a, n):
    return jnp.fft.fft(a, n)


a = jnp.ones(1000)
print(jax.jit(my_fft, static_argnums=1)(a, 1024).shape)
