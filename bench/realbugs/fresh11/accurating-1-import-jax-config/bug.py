# realbug: accurating-1-import-jax-config
# source: https://github.com/lukaszlew/accurating/issues/1
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.config'
# accurating imported the `jax.config` submodule (`import jax.config`, deprecated in February
# 2024 and since removed) to switch on 64-bit floats; the rating update is filled in.
import jax
import jax.config  # BUG
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
elo = jnp.zeros(4)
print(elo + jnp.log(jnp.ones(4)))
