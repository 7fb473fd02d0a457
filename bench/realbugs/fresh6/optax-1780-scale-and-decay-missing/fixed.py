# realbug: optax-1780-scale-and-decay-missing (fixed)
# source: https://github.com/google-deepmind/optax/pull/1780
import jax.numpy as jnp
import optax


def adamw(learning_rate, weight_decay):
    return optax.chain(
        optax.scale_by_adam(),
        optax.add_decayed_weights(weight_decay),
        optax.scale(-learning_rate),
    )


opt = adamw(1e-3, 1e-4)
state = opt.init({"w": jnp.zeros(3)})
