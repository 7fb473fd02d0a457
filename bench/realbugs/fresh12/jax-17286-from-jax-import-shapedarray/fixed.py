# realbug: jax-17286-from-jax-import-shapedarray (fixed)
# source: https://github.com/jax-ml/jax/issues/17286
import jax
import jax.numpy as jnp

spec = jax.ShapeDtypeStruct((4, 3), jnp.float32)
print(jax.eval_shape(lambda x: x.sum(0), spec))
