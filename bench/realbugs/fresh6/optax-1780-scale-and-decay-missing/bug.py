# realbug: optax-1780-scale-and-decay-missing
# source: https://github.com/google-deepmind/optax/pull/1780
# kind: missing-api
# raises: AttributeError: module 'optax' has no attribute 'scale_and_decay'
# optax's getting-started notebook built its AdamW example with `optax.scale_and_decay`, which
# optax does not have; the notebook only ran because the helper was never called. Here it is.
import jax.numpy as jnp
import optax


def adamw(learning_rate, weight_decay):
    return optax.chain(
        optax.scale_by_adam(),
        optax.scale_and_decay(weight_decay),  # BUG
        optax.scale(-learning_rate),
    )


opt = adamw(1e-3, 1e-4)
state = opt.init({"w": jnp.zeros(3)})
