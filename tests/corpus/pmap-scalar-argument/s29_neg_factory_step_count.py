"""The factory's pmapped smoothing loop takes the number of steps as a static argument."""
# corpus: label=negative styles=transform,return batch=s29

import jax
import jax.numpy as jnp


def make_smoother():
    def smooth(x, steps):
        return jax.lax.fori_loop(0, steps, lambda i, v: 0.5 * (v + jnp.roll(v, 1)), x)

    return jax.pmap(smooth, static_broadcasted_argnums=1)


smoother = make_smoother()
signal = jnp.arange(jax.local_device_count() * 6.0).reshape(-1, 6)
print(smoother(signal, 4))
