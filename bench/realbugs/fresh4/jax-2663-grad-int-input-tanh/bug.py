# realbug: jax-2663-grad-int-input-tanh
# source: https://github.com/jax-ml/jax/issues/2663
# kind: grad-integer-input
# raises: TypeError: grad requires real- or complex-valued inputs
import jax.numpy as np
from jax import grad
aval =2  # BUG
print("aval=" +str(aval))
print("np.tanh(aval)=" + str(np.tanh(aval)))

grad(np.tanh)(aval)  # BUG
