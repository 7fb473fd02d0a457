# realbug: jax-5201-pmap-scalar
# source: https://github.com/jax-ml/jax/issues/5201
# kind: pmap-axis-rank
# raises: ValueError: pmap requires at least one argument with a mapped axis
import jax

print(jax.pmap(lambda x: x * 2)(3.0))  # BUG
