# realbug: riskaversetrajopt-2-array-to-py (fixed)
# source: https://github.com/StanfordASL/RiskAverseTrajOpt/issues/2
import jax.numpy as jnp
import numpy as np

p = jnp.linspace(0.0, 1.0, 4)
p_np = np.asarray(p)
print(p_np)
