"""The metrics dict carries the `"step"` entry from the start."""
# corpus: label=negative styles=attribute,helper batch=s26

import jax
import jax.numpy as jnp


def init_metrics():
    return {"loss": jnp.zeros(()), "count": jnp.zeros(()), "step": jnp.zeros(())}


def body(metrics, batch):
    loss = jnp.mean(batch**2)
    new = dict(metrics, loss=metrics["loss"] + loss, count=metrics["count"] + 1.0)
    new["step"] = metrics["count"]
    return new, loss


metrics, losses = jax.lax.scan(body, init_metrics(), jnp.ones((5, 3)))
print(metrics)
