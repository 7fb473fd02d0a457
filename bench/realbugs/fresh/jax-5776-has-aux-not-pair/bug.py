# realbug: jax-5776-has-aux-not-pair
# source: https://github.com/jax-ml/jax/issues/5776
# kind: has-aux-output
# raises: TypeError: expected function with aux output to return a two-element tuple
import jax

print(jax.grad(lambda x: (1, 2, 3), has_aux=True)(1.0))  # BUG
