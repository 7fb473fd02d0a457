# corpus: label=negative styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp


def schedule(lr, step):
    return lr * 0.5 ** (step / 100.0)


def per_device_schedule(lr, steps):
    return jax.pmap(schedule, in_axes=(None, 0))(lr, steps)


per_device_schedule(jnp.float32(0.1), jnp.arange(jax.local_device_count()))
