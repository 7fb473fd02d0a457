# corpus: label=positive styles=helper,parameter batch=s30
import jax


def apply(params, extras=None):
    return params


def batched_apply(params, extras=None):
    return jax.vmap(apply)(params, extras)  # expect: vmap-no-array-arguments


batched_apply({})
