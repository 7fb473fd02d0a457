# realbug: alphagenome-ft-11-device-put-replicated
# source: https://github.com/genomicsxai/alphagenome_ft/issues/11
# kind: removed-name
# raises: AttributeError: jax.device_put_replicated is deprecated; use jax.device_put instead
# The fine-tuning script's data-parallel setup: the model's parameters are copied to every
# device with `jax.device_put_replicated`, which recent JAX removed (the report's error came
# with single-device training too), before a pmapped update. A small parameter dict stands
# for the AlphaGenome head.
import jax
import jax.numpy as jnp

devices = jax.local_devices()
params = {"head": {"w": jnp.ones((16, 4)), "b": jnp.zeros((4,))}}
params = jax.device_put_replicated(params, devices)  # BUG


@jax.pmap
def predict(params, x):
    return x @ params["head"]["w"] + params["head"]["b"]


out = predict(params, jnp.ones((len(devices), 8, 16)))
