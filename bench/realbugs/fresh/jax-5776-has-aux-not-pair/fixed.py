# realbug: jax-5776-has-aux-not-pair (fixed)
# source: https://github.com/jax-ml/jax/issues/5776
import jax

print(jax.grad(lambda x: (x * 2.0, (2, 3)), has_aux=True)(1.0))
