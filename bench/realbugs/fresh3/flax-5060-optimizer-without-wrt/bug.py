# realbug: flax-5060-optimizer-without-wrt
# source: https://github.com/google/flax/issues/5060
# kind: call-arguments
# raises: TypeError: Missing required argument `wrt`
import optax
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3))  # BUG
