# realbug: score-sde-22-tree-multimap-ema
# source: https://github.com/yang-song/score_sde/issues/22
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_multimap'
# score_sde's training step (losses.py) updated the EMA of the parameters with
# `jax.tree_multimap`, removed from JAX; the parameter trees and the rate are filled in.
import jax
import jax.numpy as jnp


def update_ema(params_ema, new_params, ema_rate):
    new_params_ema = jax.tree_multimap(  # BUG
        lambda p_ema, p: p_ema * ema_rate + p * (1.0 - ema_rate), params_ema, new_params
    )
    return new_params_ema


params = {"dense": {"kernel": jnp.ones((3, 3)), "bias": jnp.zeros(3)}}
ema = update_ema(params, params, 0.999)
print(ema["dense"]["bias"])
