# realbug: gymnax-83-asterix-bool-done-jit (fixed)
# source: https://github.com/RobertTLange/gymnax/issues/83
import jax
import jax.numpy as jnp


def step_entities(entities, done):
    entities = entities + 1
    return entities, done > 0


@jax.jit
def step(entities, done):
    return step_entities(entities, done)


step(jnp.zeros((8, 4)), jnp.int32(0))
