# realbug: flax-853-jit-linen-module-argument (fixed)
# source: https://github.com/google/flax/issues/853
# The report's eval_step/eval_model with @jax.jit on; Model, compute_metrics and the data were
# not shown and are filled in. (JAX 0.12 has jax.tree.map where the report has jax.tree_map.)
from functools import partial
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class Model(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features)(x)


def compute_metrics(logits, labels):
  loss = jnp.mean(optax.softmax_cross_entropy_with_integer_labels(logits, labels))
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {'loss': loss, 'accuracy': accuracy}


model = Model(3)
test_ds = {'X': jnp.ones((4, 2)), 'y': jnp.zeros((4,), jnp.int32)}
params = model.init(jax.random.PRNGKey(0), test_ds['X'])['params']

@partial(jax.jit, static_argnums=0)
def eval_step(model, params, batch):
  logits = model.apply({'params': params}, batch['X'])
  return compute_metrics(logits, batch['y'])

def eval_model(model, params, test_ds):
  metrics = eval_step(model, params, test_ds)
  metrics = jax.device_get(metrics)
  summary = jax.tree.map(lambda x: x.item(), metrics)
  return summary['loss'], summary['accuracy']

print(eval_model(model, params, test_ds))
