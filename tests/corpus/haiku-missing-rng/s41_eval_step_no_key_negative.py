"""A Haiku classifier with dropout, evaluated by a step that passes a key."""

# corpus: label=negative styles=helper,attribute batch=s41
import haiku as hk
import jax
import jax.numpy as jnp


def classifier(x):
    h = jax.nn.relu(hk.Linear(16)(x))
    h = hk.dropout(hk.next_rng_key(), 0.1, h)
    return hk.Linear(3)(h)


model = hk.transform(classifier)


def eval_step(params, batch, key):
    logits = model.apply(params, key, batch)
    return logits.argmax(-1)


batch = jnp.ones((4, 5))
params = model.init(jax.random.PRNGKey(0), batch)
eval_step(params, batch, jax.random.PRNGKey(1))
