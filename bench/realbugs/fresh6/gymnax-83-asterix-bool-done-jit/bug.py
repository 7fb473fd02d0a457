# realbug: gymnax-83-asterix-bool-done-jit
# source: https://github.com/RobertTLange/gymnax/issues/83
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# gymnax's MinAtar Asterix `step_entities` called `bool(done > 0)` on a traced value inside the
# jitted `step`; the environment state is cut down to the entities and the done flag.
import jax
import jax.numpy as jnp


def step_entities(entities, done):
    entities = entities + 1
    return entities, bool(done > 0)  # BUG


@jax.jit
def step(entities, done):
    return step_entities(entities, done)


step(jnp.zeros((8, 4)), jnp.int32(0))
