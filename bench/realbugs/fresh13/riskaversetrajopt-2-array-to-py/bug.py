# realbug: riskaversetrajopt-2-array-to-py
# source: https://github.com/StanfordASL/RiskAverseTrajOpt/issues/2
# kind: removed-name
# raises: AttributeError: .*has no attribute 'to_py'
# The driving example converts solver outputs to NumPy with `Array.to_py()`, deprecated in
# JAX 0.3.17 and since removed. Reduced to one conversion.
import jax.numpy as jnp

p = jnp.linspace(0.0, 1.0, 4)
p_np = p.to_py()  # BUG
print(p_np)
