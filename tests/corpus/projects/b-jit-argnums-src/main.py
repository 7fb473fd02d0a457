"""main asks the engine to donate a third argument that trainkit.updates.sgd does not take."""
# corpus: rule=jit-static-argnums-out-of-range label=positive styles=module,attribute,parameter

import jax.numpy as jnp
from trainkit.engine import Engine
from trainkit.updates import sgd

engine = Engine(sgd, donate_argnums=(0, 2))
params = {"w": jnp.ones(3)}
print(engine.step(params, {"w": jnp.ones(3)}))
