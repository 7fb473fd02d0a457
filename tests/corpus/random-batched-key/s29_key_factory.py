"""A function returns the per-worker keys; the caller folds the step number into all of them."""
# corpus: label=positive styles=return,helper batch=s29

import jax


def worker_keys(seed, workers):
    return jax.random.split(jax.random.key(seed), workers)


keys = worker_keys(42, 4)
step_keys = jax.random.fold_in(keys, 7)  # expect: random-batched-key
print(step_keys.shape)
