"""Keys for six replicas are made in a loop over `range(6)` from a seed offset by `i * 0.5`."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax


def replica_keys(base, n):
    keys = []
    for i in range(n):
        keys.append(jax.random.PRNGKey(base + i * 0.5))  # expect: random-seed-not-integer
    return keys


print(len(replica_keys(7, 6)))
