# realbug: ctd-15-static-optimizer-state (fixed)
# source: https://github.com/google-research/computation-thru-dynamics/issues/15
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OptimizerState(NamedTuple):
    packed_state: list
    tree_def: object
    subtree_defs: tuple


def optimize_fp_core(batch_idx_start, num_batches, update_fun, opt_state):
    params = opt_state.packed_state[0]
    for i in range(num_batches):
        params = update_fun(batch_idx_start + i, params)
    return params


optimize_fp_core_jit = jax.jit(optimize_fp_core, static_argnums=(1, 2))


def update(i, params):
    return params - 0.1 * params


opt_state = OptimizerState([jnp.ones(3)], None, ())
print(optimize_fp_core_jit(0, 2, update, opt_state))
