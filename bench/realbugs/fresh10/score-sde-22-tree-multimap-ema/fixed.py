# realbug: score-sde-22-tree-multimap-ema (fixed)
# source: https://github.com/yang-song/score_sde/issues/22
import jax
import jax.numpy as jnp


def update_ema(params_ema, new_params, ema_rate):
    new_params_ema = jax.tree_util.tree_map(
        lambda p_ema, p: p_ema * ema_rate + p * (1.0 - ema_rate), params_ema, new_params
    )
    return new_params_ema


params = {"dense": {"kernel": jnp.ones((3, 3)), "bias": jnp.zeros(3)}}
ema = update_ema(params, params, 0.999)
print(ema["dense"]["bias"])
