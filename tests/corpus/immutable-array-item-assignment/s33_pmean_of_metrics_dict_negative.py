"""`lax.pmean` of a dict of metrics returns a dict of the same keys: adding an entry to it
is plain dict assignment."""

# corpus: label=negative styles=helper,return batch=s33
import jax
import jax.numpy as jnp
from jax import lax


def compute_metrics(logits, labels):
    metrics = {"loss": jnp.mean(logits), "accuracy": jnp.mean(labels)}
    return lax.pmean(metrics, axis_name="batch")


def train_step(logits, labels, lr):
    metrics = compute_metrics(logits, labels)
    metrics["learning_rate"] = lr
    return metrics


print(jax.pmap(train_step, axis_name="batch")(jnp.ones((1, 3)), jnp.ones((1, 3)), jnp.ones(1)))
