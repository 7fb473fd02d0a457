"""Each data worker derives its seed by halving the run id with a true division."""
# corpus: label=positive styles=helper,parameter

import jax


def worker_key(run_id, worker):
    seed = run_id / 2 + worker
    return jax.random.key(seed)  # expect: random-seed-not-integer


keys = [worker_key(7, w) for w in range(2)]
