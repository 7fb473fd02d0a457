# realbug: accurating-1-import-jax-config (fixed)
# source: https://github.com/lukaszlew/accurating/issues/1
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
elo = jnp.zeros(4)
print(elo + jnp.log(jnp.ones(4)))
