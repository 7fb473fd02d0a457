"""A training loop in `lax.scan` carries a metrics dict; the body adds a `"step"` entry the initial carry does not have."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax
import jax.numpy as jnp


def init_metrics():
    return {"loss": jnp.zeros(()), "count": jnp.zeros(())}


def body(metrics, batch):
    loss = jnp.mean(batch**2)
    new = dict(metrics, loss=metrics["loss"] + loss, count=metrics["count"] + 1.0)
    new["step"] = metrics["count"]
    return new, loss


init, batches = init_metrics(), jnp.ones((5, 3))
metrics, losses = jax.lax.scan(body, init, batches)  # expect: scan-carry-structure-mismatch
print(metrics)
