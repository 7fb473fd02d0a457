# realbug: jax-2663-grad-int-input-tanh (fixed)
# source: https://github.com/jax-ml/jax/issues/2663
import jax.numpy as np
from jax import grad
aval =2.
print("aval=" +str(aval))
print("np.tanh(aval)=" + str(np.tanh(aval)))

grad(np.tanh)(aval)
