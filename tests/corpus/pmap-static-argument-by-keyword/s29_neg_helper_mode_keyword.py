"""The helper passes the pmapped forward pass its static mode argument by position."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def forward(x, training):
    return x * 0.5 if training else x


p_forward = jax.pmap(forward, static_broadcasted_argnums=(1,))


def run_batch(batch, training):
    return p_forward(batch, training)


print(run_batch(jnp.ones((jax.local_device_count(), 3)), True).shape)
