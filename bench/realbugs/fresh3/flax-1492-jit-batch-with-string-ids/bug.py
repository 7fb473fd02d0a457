# realbug: flax-1492-jit-batch-with-string-ids
# source: https://github.com/google/flax/issues/1492
# kind: jit-non-array
# raises: TypeError: Error interpreting argument to .* as an abstract array
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def eval_step(params, batch):
    logits = batch["image"].reshape((batch["image"].shape[0], -1)) @ params
    return jnp.mean(jnp.argmax(logits, -1) == batch["label"])


params = jnp.ones((3 * 4 * 4, 10))
test_ds = {
    "image": np.ones((8, 4, 4, 3), np.float32),
    "label": np.zeros((8,), np.int32),
    "id": np.array([b"test_%05d" % i for i in range(8)]),
}
print(eval_step(params, test_ds))  # BUG
