"""Each data worker derives its seed with a floor division, which stays an int."""
# corpus: label=negative styles=helper,parameter

import jax


def worker_key(run_id, worker):
    seed = run_id // 2 + worker
    return jax.random.key(seed)


keys = [worker_key(7, w) for w in range(2)]
